#include "cli/common.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include <sys/resource.h>
#include <unistd.h>
#if defined(ACAUSAL_WITH_TCMALLOC)
#include <gperftools/malloc_extension_c.h>
#elif defined(__GLIBC__)
#include <malloc.h>
#endif

#include "components/registry.hpp"
#include "core/model/component_library.hpp"
#include "core/model/errors.hpp"
#include "solver/result_writer.hpp"
#include "solver/solver_error.hpp"

namespace acausal::cli {

void add_netlist_arguments(CLI::App& app, NetlistArguments& args) {
  app.add_option("NETLIST", args.path, "Netlist file (JSON, format acausal/1)")->required();
  app.add_option("--set", args.overrides,
                 "Override a parameter: instance.param=value (a JSON value, or a string such as \"30 deg\"); "
                 "repeatable")
      ->type_name("INSTANCE.PARAM=VALUE")
      ->allow_extra_args(false);
  add_library_option(app, args.libraries);
  app.add_option("--subsystem-path", args.subsystem_path,
                 "A directory whose files (and those of its subdirectories) subsystems and data files may be read "
                 "from, besides the netlist's own directory; repeatable")
      ->type_name("DIR")
      ->check(CLI::ExistingDirectory)
      ->allow_extra_args(false);
}

void add_library_option(CLI::App& app, std::vector<std::string>& libraries) {
  app.add_option("--library", libraries,
                 "Load the component types of a component library (a shared library built with "
                 "acausal_add_component_library); repeatable. ACAUSAL_LIBRARIES names more, separated by ':'")
      ->type_name("FILE")
      ->allow_extra_args(false);
}

const Registry& command_registry(const std::vector<std::string>& libraries) {
  Registry& registry = keep_until_exit(std::make_unique<Registry>());
  register_builtin(registry);
  load_component_libraries(registry, libraries);
  return registry;
}

Netlist load(const NetlistArguments& args) {
  Netlist n = load_netlist(args.path, args.subsystem_path);
  for (const std::string& o : args.overrides) apply_override(n, o);
  return n;
}

int guarded(const std::string& source, const std::function<int()>& body) {
  try {
    return body();
  } catch (const ComponentLibraryError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kModelError;
  } catch (const ModelError& e) {
    // A FileError names its file already, and so does a location in a subsystem file.
    const std::string what = e.what();
    if (source.empty() || dynamic_cast<const FileError*>(&e) != nullptr || in_subsystem_file(e.pointer()))
      std::cerr << "error: " << what << "\n";
    else
      std::cerr << "error: " << source << ": " << what << "\n";
    return kModelError;
  } catch (const OutputError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kModelError;
  } catch (const UsageError& e) {
    std::cerr << e.what() << "\n";
    return kUsageError;
  } catch (const SolverError& e) {
    std::cerr << "solver failure: " << e.what() << "\n";
    return kSolverFailure;
  } catch (const std::bad_alloc&) {
    std::cerr << "error: " << (source.empty() ? "" : source + ": ")
              << "not enough memory for this model (std::bad_alloc); a process memory limit (ulimit -v) may be "
                 "too low\n";
    return kModelError;
  } catch (const std::exception& e) {
    std::cerr << "internal error: " << e.what() << "\n";
    return kInternalError;
  }
}

std::string number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, end);
}

std::string general(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

std::string pad(std::string_view s, std::size_t width) {
  std::size_t length = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++length;
  return std::string(s) + std::string(length >= width ? 0 : width - length, ' ');
}

std::vector<std::shared_ptr<void>>& kept_objects() {
  static auto* kept = new std::vector<std::shared_ptr<void>>;
  return *kept;
}

void finish(int code) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(code);
}

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

std::size_t peak_resident_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  // Kilobytes on Linux. The kernel updates its high-water mark lazily: it can lag the resident set now.
  return std::max(static_cast<std::size_t>(usage.ru_maxrss) * 1024, resident_bytes());
}

void release_free_memory() {
#if defined(ACAUSAL_WITH_TCMALLOC)
  MallocExtension_ReleaseFreeMemory();
#elif defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace acausal::cli
