#pragma once
/// @file
/// What the `acausal` subcommands share: exit codes, loading a netlist with `--set` overrides,
/// turning exceptions into messages and exit codes, and number formatting.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/model/netlist.hpp"
#include "core/model/registry.hpp"

namespace acausal::cli {

/// The documented exit codes (docs/cli.md).
enum ExitCode : int {
  kOk = 0,              ///< success
  kModelError = 1,      ///< bad model or input (netlist, --set, unknown type, structure, initial values)
  kUsageError = 2,      ///< bad command line
  kSolverFailure = 3,   ///< initialization or integration failed
  kInternalError = 4,   ///< any other exception: a bug
};

/// A registered subcommand: its CLI11 app and what to run when it was given.
struct Command {
  CLI::App* app = nullptr;
  std::function<int()> run;
};

Command add_simulate_command(CLI::App& app);
Command add_check_command(CLI::App& app);
Command add_equations_command(CLI::App& app);
Command add_components_command(CLI::App& app);
Command add_describe_command(CLI::App& app);
Command add_plot_command(CLI::App& app);
Command add_linearize_command(CLI::App& app);
Command add_test_component_command(CLI::App& app);

/// A NETLIST positional argument plus repeatable `--set instance.param=value`, `--library FILE`
/// and `--subsystem-path DIR`.
struct NetlistArguments {
  std::string path;
  std::vector<std::string> overrides;
  std::vector<std::string> libraries;
  std::vector<std::string> subsystem_path;  ///< directories besides the netlist's that may hold subsystem files
};
void add_netlist_arguments(CLI::App& app, NetlistArguments& args);

/// The repeatable option `--library FILE`: a component library to load.
void add_library_option(CLI::App& app, std::vector<std::string>& libraries);

/// The registry of a command: the built-in components, then the component libraries named in
/// ACAUSAL_LIBRARIES, then those given with `--library`, in order, each file once. Kept until the
/// process ends. @throws ComponentLibraryError.
const Registry& command_registry(const std::vector<std::string>& libraries);

/// Loads the netlist and applies the overrides in order. @throws ModelError.
Netlist load(const NetlistArguments& args);

/// A usage error found after parsing (inconsistent option values): printed, exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Runs `body`, turning exceptions into a message on stderr and an exit code: ModelError → 1
/// ("error: <source>: <message>", or "error: file:<file>#<pointer>: <message>" for a place in a
/// subsystem file; a ComponentLibraryError, which is not about the netlist: "error: <message>"),
/// OutputError (a result file that cannot be written) → 1 ("error: <message>"), UsageError → 2,
/// SolverError → 3 ("solver failure: <message>"),
/// std::bad_alloc → 1 ("error: <source>: not enough memory …"), anything else → 4 ("internal
/// error: <what>"). `source` names the input in messages.
int guarded(const std::string& source, const std::function<int()>& body);

/// Shortest round-trip text of a number (`0.1`, `6.283185307179586`, `1e-08`).
std::string number(double v);
/// `printf("%.*g")`.
std::string general(double v, int digits = 6);
/// Left-aligned in a field of `width` characters (UTF-8 aware: counts code points).
std::string pad(std::string_view s, std::size_t width);

/// The process's resident memory now, and its peak so far [bytes] (Linux: /proc/self/statm, getrusage).
std::size_t resident_bytes();
std::size_t peak_resident_bytes();
/// Gives the memory the allocator holds free back to the system (tcmalloc's free pages, or the C
/// library's malloc_trim): for a phase that frees much and whose successor allocates in its own
/// large blocks (the solver's), which would otherwise land beside the freed memory.
void release_free_memory();

/// The objects keep_until_exit() holds.
std::vector<std::shared_ptr<void>>& kept_objects();

/// Keeps `object` alive until the process ends and returns it. The process ends through finish(),
/// which does not run destructors: a large model is a DAG of up to millions of expression nodes, and
/// freeing them one by one can take a tenth of a run (compilers skip freeing their ASTs for the same
/// reason). Output files are closed before finish().
template <typename T>
T& keep_until_exit(std::unique_ptr<T> object) {
  T& ref = *object;
  kept_objects().push_back(std::shared_ptr<void>(std::move(object)));
  return ref;
}
/// Flushes standard output and error and ends the process with `code`, skipping destructors.
[[noreturn]] void finish(int code);

}  // namespace acausal::cli
