// The `acausal` command-line tool: parses the command line and dispatches to one subcommand
// (one file each: simulate_command.cpp, check_command.cpp, ...).

#include <CLI/CLI.hpp>
#include <csignal>
#include <iostream>

#include "cli/common.hpp"
#include "acausal/version.hpp"

int main(int argc, char** argv) {
  using namespace acausal::cli;
  // A write past the file size limit (ulimit -f) fails with EFBIG, as on a full disk, and is
  // reported as the error it is, instead of the signal ending the process.
  std::signal(SIGXFSZ, SIG_IGN);
  CLI::App app{"acausal: acausal component-based modeling and simulation of mechanical systems"};
  app.set_version_flag("--version", std::string("acausal ") + acausal::version());
  app.footer(
      "Exit codes: 0 ok, 1 model or input error, 2 usage error, 3 solver failure, 4 internal error.\n"
      "Run `acausal <command> --help` for the options of a command.");
  app.require_subcommand(1);
  const Command commands[] = {add_simulate_command(app), add_check_command(app), add_equations_command(app),
                              add_components_command(app), add_describe_command(app), add_plot_command(app),
                              add_linearize_command(app), add_test_component_command(app)};
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, version or the error message
    return code == 0 ? kOk : kUsageError;
  }
  for (const Command& c : commands)
    if (c.app->parsed()) finish(c.run());
  std::cout << app.help();
  return kUsageError;
}
