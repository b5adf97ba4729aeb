#pragma once
/// @file
/// What the end-to-end benchmarks share: running a program as a child process with its wall and
/// CPU time, and reading the `--stats` block `acausal simulate` prints.

#include <map>
#include <string>
#include <vector>

namespace acausal_bench {

struct Process {
  double wall = 0.0;       // seconds, spawn to exit
  double cpu = 0.0;        // seconds of user + system CPU time of the process
  int status = 0;          // exit code (or 128 + signal)
  double peak_bytes = 0.0;  // peak resident memory of the process
  bool timed_out = false;  // killed after the timeout
  std::string output;      // its standard output
  std::string errors;      // its standard error
};

/// Runs argv[0] with standard output to `stdout_path` (standard error to `stdout_path`.err) and
/// waits for it, at most `timeout` seconds (0: no limit); past the limit the process is killed.
Process run(const std::vector<std::string>& args, const std::string& stdout_path, double timeout = 0.0);

/// The `--stats` block: "statistics:" / "timing [s]:" headers, then "  <name>  <value>" lines;
/// keys "statistics/<name>" and "timing/<name>".
std::map<std::string, double> parse_stats(const std::string& text);

/// stats[key]. @throws std::runtime_error naming a missing key.
double stat(const std::map<std::string, double>& stats, const std::string& key);

/// The numbers of a CSV file, row by row (the header row skipped).
std::vector<std::vector<double>> read_csv(const std::string& path);

}  // namespace acausal_bench
