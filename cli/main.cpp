// The `acausal` command-line tool.

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"acausal: acausal component-based modeling and simulation of mechanical systems"};
  app.set_version_flag("--version", std::string("acausal ") + acausal::version());
  app.footer("Exit codes: 0 ok, 1 model or input error, 2 usage error, 3 solver failure.");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  std::cout << app.help();
  return 0;
}
