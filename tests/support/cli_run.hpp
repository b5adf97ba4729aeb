#pragma once
/// @file
/// The `acausal` executable of this build, run as a user would in a scratch directory: exit code,
/// standard output and error, and the files it writes. For the tests of tests/cli (which define
/// ACAUSAL_BINARY_DIR).

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/scratch_directory.hpp"

namespace cli_run {

namespace fs = std::filesystem;

inline const std::string kAcausal = ACAUSAL_BINARY_DIR "/cli/acausal";

/// A scratch directory per test process, removed at exit.
inline const fs::path& scratch() { return test_support::scratch_directory(); }

inline std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Run {
  int code = -1;
  std::string out, err;
};

/// Runs `acausal <arguments>` in the scratch directory; `environment` is put before the command
/// (`NAME=value …`). `program`: another program to run instead (with the same capture).
inline Run acausal(const std::string& arguments, const std::string& environment = "", const std::string& program = kAcausal) {
  const fs::path out = scratch() / "stdout.txt", err = scratch() / "stderr.txt";
  const std::string command = "cd '" + scratch().string() + "' && " + environment + " '" + program + "' " +
                              arguments + " >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  Run r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read(out);
  r.err = read(err);
  return r;
}

/// Writes a netlist into the scratch directory and returns its path.
inline std::string netlist(const std::string& name, const std::string& text) {
  const fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return p.string();
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

struct Csv {
  std::string header;
  std::vector<std::vector<double>> rows;
};

inline Csv read_csv(const fs::path& p) {
  Csv csv;
  std::ifstream in(p);
  std::getline(in, csv.header);
  for (std::string line; std::getline(in, line);) {
    std::vector<double> row;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) row.push_back(std::stod(cell));
    csv.rows.push_back(row);
  }
  return csv;
}

}  // namespace cli_run
