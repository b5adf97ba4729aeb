#include "cli/python_plotter.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

extern char** environ;

namespace acausal::cli {
namespace {

/// Where the package `acausal` is: beside this program in the build tree or in its installation.
std::string package_directory() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const std::filesystem::path bin = self.parent_path();
  for (const std::filesystem::path& candidate :
       {bin.parent_path() / "python", bin.parent_path() / ACAUSAL_PYTHON_PACKAGE_DIR})
    if (std::filesystem::exists(candidate / "acausal" / "plot.py", ec)) return candidate.string();
  return {};
}

}  // namespace

int run_python_plotter(const std::vector<std::string>& args) {
  const std::string package = package_directory();
  if (package.empty()) {
    std::cerr << "error: the Python package acausal is not found beside this program (build it: Debian's "
                 "python3-dev, pybind11-dev and python3-matplotlib)\n";
    return 127;
  }
  std::string pythonpath = package;
  if (const char* given = std::getenv("PYTHONPATH"); given != nullptr && *given != '\0') pythonpath += ":" + std::string(given);
  setenv("PYTHONPATH", pythonpath.c_str(), 1);
  std::vector<std::string> argv_strings{ACAUSAL_PYTHON_EXECUTABLE, "-m", "acausal.plot"};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_strings) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, ACAUSAL_PYTHON_EXECUTABLE, nullptr, nullptr, argv.data(), environ) != 0) {
    std::cerr << "error: cannot run " << ACAUSAL_PYTHON_EXECUTABLE << "\n";
    return 127;
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status)) return 127;
  return WEXITSTATUS(status);
}

}  // namespace acausal::cli
