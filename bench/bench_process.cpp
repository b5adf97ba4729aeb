#include "bench/bench_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace acausal_bench {

using Clock = std::chrono::steady_clock;

Process run(const std::vector<std::string>& args, const std::string& stdout_path, double timeout) {
  const std::string stderr_path = stdout_path + ".err";
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdout_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  Process p;
  pid_t pid = 0;
  const Clock::time_point t0 = Clock::now();
  const int err = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0) throw std::runtime_error("cannot start " + args[0]);
  int status = 0;
  rusage usage{};
  for (;;) {
    const pid_t done = wait4(pid, &status, timeout > 0.0 ? WNOHANG : 0, &usage);
    if (done == pid) break;
    if (done < 0) throw std::runtime_error("cannot wait for " + args[0]);
    if (std::chrono::duration<double>(Clock::now() - t0).count() > timeout && !p.timed_out) {
      kill(pid, SIGKILL);
      p.timed_out = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  p.wall = std::chrono::duration<double>(Clock::now() - t0).count();
  auto seconds = [](const timeval& tv) {
    return static_cast<double>(tv.tv_sec) + 1e-6 * static_cast<double>(tv.tv_usec);
  };
  p.cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  p.peak_bytes = 1024.0 * static_cast<double>(usage.ru_maxrss);  // kilobytes on Linux
  p.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  p.output = read(stdout_path);
  p.errors = read(stderr_path);
  return p;
}

std::map<std::string, double> parse_stats(const std::string& text) {
  std::map<std::string, double> stats;
  std::istringstream in(text);
  std::string line, section;
  while (std::getline(in, line)) {
    if (line == "statistics:")
      section = "statistics";
    else if (line == "timing [s]:")
      section = "timing";
    else if (line.rfind("  ", 0) == 0 && !section.empty()) {
      const std::size_t end = line.find_last_not_of(' ');
      const std::size_t gap = line.find_last_of(' ', end);
      if (end == std::string::npos || gap == std::string::npos || gap < 2) continue;
      const std::size_t name_end = line.find_last_not_of(' ', gap);
      const std::string name = line.substr(2, name_end - 1);
      stats[section + "/" + name] = std::strtod(line.c_str() + gap + 1, nullptr);
    } else {
      section.clear();
    }
  }
  return stats;
}

double stat(const std::map<std::string, double>& stats, const std::string& key) {
  auto it = stats.find(key);
  if (it == stats.end()) throw std::runtime_error("no \"" + key + "\" in the statistics");
  return it->second;
}

/// The numbers of a CSV file, row by row (the header row skipped).
std::vector<std::vector<double>> read_csv(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<std::vector<double>> rows;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<double>& values = rows.emplace_back();
    std::istringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) values.push_back(std::strtod(cell.c_str(), nullptr));
  }
  return rows;
}

}  // namespace acausal_bench
