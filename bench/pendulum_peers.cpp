#include "bench/pendulum_peers.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <stdexcept>

#include "bench/bench_process.hpp"
#include "bench/pendulum_chain_netlist.hpp"

namespace acausal_bench {
namespace {

namespace fs = std::filesystem;
constexpr double kReferenceAccuracy = 1e-10;

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? std::numeric_limits<double>::quiet_NaN() : v[v.size() / 2];
}

/// The largest difference of the columns `b` shares with `a` (joint angles), row by row.
double largest_difference(const std::string& a_path, const std::string& b_path) {
  const auto a = read_csv(a_path), b = read_csv(b_path);
  if (a.size() != b.size() || a.empty()) throw std::runtime_error("the outputs " + a_path + " and " + b_path + " differ in rows");
  const std::size_t columns = std::min(a.front().size(), b.front().size());
  double worst = 0.0;
  for (std::size_t r = 0; r < a.size(); ++r)
    for (std::size_t c = 1; c < columns; ++c) worst = std::max(worst, std::fabs(a[r][c] - b[r][c]));
  return worst;
}

struct Timed {
  double cpu = 0.0;
  std::map<std::string, double> stats;
};

/// `repeat` runs of `args` (median CPU time), the output of the last kept at `out`.
Timed timed(const std::vector<std::string>& args, const fs::path& dir, int repeat) {
  std::vector<double> cpu;
  Process p;
  for (int k = 0; k < repeat; ++k) {
    p = run(args, (dir / "stdout.txt").string());
    if (p.status != 0) throw std::runtime_error(args[0] + " failed (exit " + std::to_string(p.status) + "): " + p.errors);
    cpu.push_back(p.cpu);
  }
  Timed t{median(cpu), {}};
  // acausal's --stats block, or the peer's "name value" lines.
  t.stats = parse_stats(p.output + p.errors);
  std::size_t at = 0;
  while (at < p.output.size()) {
    const std::size_t end = std::min(p.output.find('\n', at), p.output.size());
    const std::string line = p.output.substr(at, end - at);
    if (const auto space = line.find(' '); space != std::string::npos && line.front() != ' ')
      t.stats["peer/" + line.substr(0, space)] = std::atof(line.c_str() + space + 1);
    at = end + 1;
  }
  return t;
}

}  // namespace

int compare_with_simbody(const std::string& acausal, const std::string& simbody, const std::vector<std::size_t>& sizes,
                         int repeat, double stop, const std::vector<std::string>& integrators) {
  const fs::path dir = fs::temp_directory_path() / ("pendulum_peers." + std::to_string(getpid()));
  fs::create_directories(dir);
  std::printf("%6s %10s %7s %7s %9s %10s | %-7s %8s %10s %7s %9s %7s\n", "N", "acausal s", "steps", "newton", "fail %",
              "error", "peer", "accuracy", "peer s", "steps", "error", "ratio");
  int status = 0;
  for (std::size_t n : sizes) {
    try {
      PendulumChainSpec spec;
      spec.n = n;
      spec.stop = stop;
      const std::string netlist = (dir / "chain.json").string();
      write_pendulum_chain_netlist(spec, netlist);
      const std::string stop_text = std::to_string(stop);
      const std::string reference = (dir / "reference.csv").string(), tight = (dir / "tight.csv").string(),
                        ours = (dir / "acausal.csv").string(), peer = (dir / "peer.csv").string();
      const auto simbody_args = [&](const std::string& method, double accuracy, const std::string& out) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", accuracy);
        return std::vector<std::string>{simbody, std::to_string(n), method, text, out, "--stop", stop_text};
      };
      timed(simbody_args("cpodes", kReferenceAccuracy, reference), dir, 1);
      timed({acausal, "simulate", netlist, "-o", tight, "--tolerance", "1e-10", "--quiet"}, dir, 1);
      const double models_agree = largest_difference(reference, tight);
      const Timed a = timed({acausal, "simulate", netlist, "-o", ours, "--stats", "--quiet"}, dir, repeat);
      const double error = largest_difference(reference, ours);
      const double steps = a.stats.at("statistics/steps"), failures = a.stats.at("statistics/newton failures");
      for (const std::string& method : integrators) {
        // The loosest accuracy, in half decades, whose error is no larger than acausal's.
        double accuracy = 1e-2, peer_error = 0.0;
        Timed p;
        for (; accuracy >= 1e-11; accuracy /= std::sqrt(10.0)) {
          p = timed(simbody_args(method, accuracy, peer), dir, 1);
          peer_error = largest_difference(reference, peer);
          if (peer_error <= error) break;
        }
        p = timed(simbody_args(method, accuracy, peer), dir, repeat);
        std::printf("%6zu %10.3f %7.0f %7.0f %9.1f %10.2e | %-7s %8.1e %10.3f %7.0f %9.2e %7.2f\n", n, a.cpu, steps,
                    failures, 100.0 * failures / steps, error, method.c_str(), accuracy, p.cpu,
                    p.stats.count("peer/steps") ? p.stats.at("peer/steps") : 0.0, peer_error, a.cpu / p.cpu);
      }
      std::printf("%6s models agree to %.1e rad (acausal at tolerance 1e-10 against the reference)\n", "", models_agree);
    } catch (const std::exception& e) {
      std::printf("%6zu failed: %s\n", n, e.what());
      status = 1;
    }
    std::fflush(stdout);
  }
  fs::remove_all(dir);
  return status;
}

}  // namespace acausal_bench
