#pragma once
/// @file
/// Pictures through the Python package's plotter (python/acausal/plot.py, matplotlib): the
/// interpreter the package was built for, with the package found beside this program (the build
/// tree's <build>/python, or an installation's <prefix>/lib/python3.X/dist-packages).

#include <string>
#include <vector>

namespace acausal::cli {

/// Runs `python3 -m acausal.plot ARGS…` and waits for it; its exit code (127: no interpreter or no
/// package, with a message on stderr).
int run_python_plotter(const std::vector<std::string>& args);

}  // namespace acausal::cli
