// A parameter sweep of netlists/rotational_chain.json (coupling1's spring constant c and damping d)
// two ways, back to back:
//   processes: `acausal simulate NETLIST --set coupling1.c=… --set coupling1.d=… -o run_k.csv`, one
//              after the other, as a shell loop would;
//   API:       the netlist compiled once with c and d tunable, then one Simulator run per value
//              pair (ProgramState::set_tunable_values, no rebuild), in a few threads, each writing
//              its CSV.
// Every API CSV is then compared with a model built afresh with that pair written into the netlist
// (folded into the equations, not tunable), to 1e-12 of each column's range.
//
//   sweep_bench [--runs 1000] [--threads N] [--keep] [--api-only]
// --api-only: the API runs alone, without the processes and the comparison (for a profiler).

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "bench/bench_process.hpp"
#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/expr/expr_context.hpp"
#include "core/model/model.hpp"
#include "solver/result_writer.hpp"
#include "solver/simulation.hpp"

using namespace acausal;

namespace {

const std::string kNetlist = ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json";

struct Pair {
  double c, d;
};

/// runs value pairs over c ∈ [250, 1420] N·m/rad and d ∈ [0.1, 2.5] N·m·s/rad, a grid of 40 c values.
std::vector<Pair> sweep_values(std::size_t runs) {
  std::vector<Pair> out;
  for (std::size_t k = 0; k < runs; ++k)
    out.push_back({250.0 + 30.0 * static_cast<double>(k % 40), 0.1 + 0.1 * static_cast<double>(k / 40)});
  return out;
}

std::string number(double v) {
  std::ostringstream os;
  os.precision(17);
  os << v;
  return os.str();
}

double cpu_seconds() {
  rusage r{};
  getrusage(RUSAGE_SELF, &r);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec); };
  return s(r.ru_utime) + s(r.ru_stime);
}

/// max |a − b| / range of b's column, over every column but time (which must match exactly).
double relative_difference(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  if (a.size() != b.size()) return INFINITY;
  double worst = 0.0;
  for (std::size_t j = 0; j < b[0].size(); ++j) {
    double low = b[0][j], high = b[0][j];
    for (const auto& row : b) low = std::min(low, row[j]), high = std::max(high, row[j]);
    const double range = std::max(high - low, 1e-300);
    for (std::size_t k = 0; k < b.size(); ++k) {
      if (a[k].size() != b[k].size()) return INFINITY;
      worst = std::max(worst, std::fabs(a[k][j] - b[k][j]) / (j == 0 ? 1.0 : range));
    }
  }
  return worst;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t runs = 1000;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool keep = false, api_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--runs" && i + 1 < argc) runs = std::stoul(argv[++i]);
    else if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::stoul(argv[++i]));
    else if (a == "--keep") keep = true;
    else if (a == "--api-only") api_only = true;
    else {
      std::cerr << "usage: sweep_bench [--runs 1000] [--threads N] [--keep] [--api-only]\n";
      return 2;
    }
  }
  const std::filesystem::path dir = "/tmp/sweep_bench." + std::to_string(getpid());
  std::filesystem::create_directories(dir / "api");
  std::filesystem::create_directories(dir / "processes");
  const std::vector<Pair> values = sweep_values(runs);
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };

  // Processes, one after the other.
  double process_cpu = 0.0;
  auto t0 = Clock::now();
  for (std::size_t k = 0; k < runs && !api_only; ++k) {
    const std::string csv = (dir / "processes" / ("run_" + std::to_string(k) + ".csv")).string();
    const acausal_bench::Process p =
        acausal_bench::run({ACAUSAL_BINARY, "simulate", kNetlist, "--set", "coupling1.c=" + number(values[k].c), "--set",
                            "coupling1.d=" + number(values[k].d), "-o", csv, "--quiet"},
                           (dir / "processes" / "stdout").string());
    if (p.status != 0) {
      std::cerr << "run " << k << " failed: " << p.errors << "\n";
      return 1;
    }
    process_cpu += p.cpu;
  }
  const double process_wall = since(t0);

  // The API: one compile, then the runs in threads.
  const double cpu0 = cpu_seconds();
  t0 = Clock::now();
  Netlist netlist = load_netlist(kNetlist);
  netlist.tunable = {"coupling1.c", "coupling1.d"};
  const Model model = build_model(netlist, builtin_registry());
  const std::unique_ptr<Program> program = compile(model);
  const std::size_t ic = *program->tunable_index("coupling1.c"), id = *program->tunable_index("coupling1.d");
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t k = next++; k < runs; k = next++) {
      SimulationOptions options = options_from(netlist.experiment);
      options.tunable_values.assign(program->tunable_build_values().begin(), program->tunable_build_values().end());
      options.tunable_values[ic] = values[k].c;
      options.tunable_values[id] = values[k].d;
      CsvWriter csv((dir / "api" / ("run_" + std::to_string(k) + ".csv")).string());
      simulate(*program, options, csv);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (std::thread& t : pool) t.join();
  const double api_wall = since(t0);
  const double api_cpu = cpu_seconds() - cpu0;
  if (api_only) {
    std::printf("API (one compile, %u threads): %.3f s wall, %.3f s CPU, %.2f ms per run\n", threads, api_wall, api_cpu,
                1e3 * api_wall / static_cast<double>(runs));
    if (!keep) std::filesystem::remove_all(dir);
    return 0;
  }

  // Each API run against a model built afresh with its values in the netlist.
  double worst = 0.0, worst_process = 0.0;
  std::size_t worst_run = 0;
  for (std::size_t k = 0; k < runs; ++k) {
    ExprContext context;
    Netlist fresh = load_netlist(kNetlist);
    fresh.find("coupling1")->params["c"] = values[k].c;
    fresh.find("coupling1")->params["d"] = values[k].d;
    const Model fresh_model = build_model(fresh, builtin_registry());
    const std::unique_ptr<Program> fresh_program = compile(fresh_model);
    const std::string reference = (dir / "fresh.csv").string();
    {
      CsvWriter csv(reference);
      simulate(*fresh_program, options_from(fresh.experiment), csv);
    }
    const auto api = acausal_bench::read_csv((dir / "api" / ("run_" + std::to_string(k) + ".csv")).string());
    const double difference = relative_difference(api, acausal_bench::read_csv(reference));
    if (difference > worst) worst = difference, worst_run = k;
    worst_process = std::max(worst_process, relative_difference(
                                                api, acausal_bench::read_csv((dir / "processes" / ("run_" + std::to_string(k) + ".csv")).string())));
  }

  std::printf("sweep_bench: %zu runs of %s, coupling1.c in [250, 1420] N*m/rad, coupling1.d in [0.1, %.1f] N*m*s/rad\n",
              runs, kNetlist.c_str(), values.back().d);
  std::printf("  processes (acausal simulate --set, one after another): %8.3f s wall, %8.3f s CPU, %6.2f ms per run\n",
              process_wall, process_cpu, 1e3 * process_wall / static_cast<double>(runs));
  std::printf("  API (one compile, %u threads):                        %8.3f s wall, %8.3f s CPU, %6.2f ms per run\n",
              threads, api_wall, api_cpu, 1e3 * api_wall / static_cast<double>(runs));
  std::printf("  ratio processes / API: %.1f wall, %.1f CPU\n", process_wall / api_wall, process_cpu / api_cpu);
  std::printf("  largest difference of an API run from a fresh build with its values: %.3g of a column's range "
              "(run %zu); from its process's CSV: %.3g\n",
              worst, worst_run, worst_process);
  const bool met = process_wall / api_wall >= 20.0 && worst <= 1e-12;
  std::printf("target: >= 20x faster, every run within 1e-12 of a fresh build: %s\n", met ? "met" : "NOT met");
  if (!keep) std::filesystem::remove_all(dir);
  return worst <= 1e-12 ? 0 : 1;
}
