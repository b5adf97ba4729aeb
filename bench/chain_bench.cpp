// End-to-end benchmark: `acausal simulate` on an N-mass translational spring-damper chain against a
// hand-written residual and Jacobian driven by IDA + KLU with the same settings (see
// bench/README.md, chain_netlist.hpp and chain_baseline.hpp), twice: with the stock serial N_Vector
// (Debian's SUNDIALS, built without optimization) and with acausal's N_Vector operations
// (solver/fast_nvector.hpp, what acausal itself uses): the optimized baseline.
//
//   chain_bench [--sizes 10,100,1000,10000,100000] [--repeat 3] [--million] [--stop T] [--keep]
//       the table: the three programs run as separate processes, back to back, rotating which one
//       goes first, `--repeat` times per N; medians. --million adds N = 10^6, run once (it takes
//       minutes and some 15 GB).
//   chain_bench baseline N CSV [--stop T] [--fast-ops]
//       runs the baseline alone (what the table runs as its child process; also for profiling),
//       printing a `--stats`-like block; with --fast-ops the optimized one.
//   chain_bench netlist N PATH [--stop T]
//       writes the netlist of the chain of N masses (to run or profile `acausal` by hand).

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench_process.hpp"
#include "bench/chain_baseline.hpp"
#include "bench/chain_netlist.hpp"

namespace {

using acausal_bench::ChainSpec;
using acausal_bench::Process;
using acausal_bench::parse_stats;
using acausal_bench::read_csv;
using acausal_bench::run;
using acausal_bench::stat;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

/// The benchmark's chain of n masses (physics and experiment as in ChainSpec's defaults).
ChainSpec spec_for(std::size_t n, double stop) {
  ChainSpec s;
  s.n = n;
  s.stop = stop;
  return s;
}

/// Text that reads back to the same double.
std::string exact(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

void print_baseline_stats(const acausal_bench::BaselineResult& r) {
  auto count = [](const char* name, long v) { std::printf("  %-25s%ld\n", name, v); };
  auto seconds = [](const char* name, double v) { std::printf("  %-25s%.6f\n", name, v); };
  std::printf("statistics:\n");
  count("steps", r.steps);
  count("residual evaluations", r.residual_evaluations);
  count("jacobian evaluations", r.jacobian_evaluations);
  count("newton iterations", r.newton_iterations);
  count("newton failures", r.newton_failures);
  count("error test failures", r.error_test_failures);
  std::printf("timing [s]:\n");
  seconds("setup", r.setup_seconds);
  seconds("integrate", r.integrate_seconds);
  seconds("total", r.setup_seconds + r.integrate_seconds);
}

struct Sample {
  double a_wall, a_assembly, a_init, a_integrate, a_total;
  double a_load, a_assemble, a_analyze, a_compile;  // the parts of a_assembly
  double b_wall, b_integrate;  // the stock baseline
  double o_wall, o_integrate;  // the optimized baseline
  double a_cpu, b_cpu, o_cpu;  // CPU time of the whole processes
  double a_peak, b_peak, o_peak;  // peak resident memory of the whole processes [bytes]
  double steps, b_steps, o_steps;
  double max_diff, last_diff, scale;  // max |acausal − baseline| over all rows, in the last; max |s|
  double o_diff;                      // max |optimized baseline − stock baseline| over all rows
};

int table(const std::vector<std::size_t>& sizes, int repeat, double stop, bool keep, std::size_t once_from) {
  const std::string self = fs::read_symlink("/proc/self/exe").string();
  const std::string acausal = ACAUSAL_BINARY;
  const fs::path dir = fs::temp_directory_path() / ("chain_bench." + std::to_string(getpid()));
  fs::create_directories(dir);
  std::printf(
      "chain_bench: `%s simulate` against the hand-written IDA+KLU baseline, with the stock serial N_Vector "
      "and with acausal's N_Vector operations (opt)\n",
      acausal.c_str());
  const ChainSpec defaults = spec_for(1, stop);
  std::printf(
      "chain: m = %g kg, c = %g N/m, d = %g N*s/m, mass1 at %g m; t = %g..%g s, interval %g s, "
      "tolerance %g (IDA rtol = atol = %g); %d runs of each per N, rotating the order, medians\n",
      defaults.m, defaults.c, defaults.d, defaults.s1_0, defaults.start, defaults.stop, defaults.interval,
      defaults.tolerance, defaults.tolerance / 100, repeat);
  std::printf("work files in %s\n\n", dir.c_str());

  struct Row {
    std::size_t n;
    Sample med;
    double e2e_ratio, cpu_ratio, int_ratio;           // against the stock baseline
    double e2e_opt_ratio, cpu_opt_ratio, int_opt_ratio;  // against the optimized one
  };
  std::vector<Row> rows;
  for (std::size_t n : sizes) {
    const ChainSpec spec = spec_for(n, stop);
    const std::string tag = "chain" + std::to_string(n);
    const std::string netlist = (dir / (tag + ".json")).string();
    const std::string a_csv = (dir / (tag + ".acausal.csv")).string();
    const std::string b_csv = (dir / (tag + ".baseline.csv")).string();
    const std::string a_out = (dir / (tag + ".acausal.out")).string();
    const std::string b_out = (dir / (tag + ".baseline.out")).string();
    const std::string o_csv = (dir / (tag + ".baseline-opt.csv")).string();
    const std::string o_out = (dir / (tag + ".baseline-opt.out")).string();
    acausal_bench::write_chain_netlist(spec, netlist);
    std::vector<Sample> samples;
    std::vector<double> e2e, e2e_cpu, integ, e2e_opt, e2e_cpu_opt, integ_opt;
    std::size_t rows_written = 0;
    const int runs = n >= once_from ? 1 : repeat;
    for (int rep = 0; rep < runs; ++rep) {
      Process a, b, o;
      auto run_a = [&] { a = run({acausal, "simulate", netlist, "-o", a_csv, "--stats"}, a_out); };
      auto run_b = [&] { b = run({self, "baseline", std::to_string(n), b_csv, "--stop", exact(stop)}, b_out); };
      auto run_o = [&] {
        o = run({self, "baseline", std::to_string(n), o_csv, "--stop", exact(stop), "--fast-ops"}, o_out);
      };
      switch (rep % 3) {
        case 0: run_a(), run_b(), run_o(); break;
        case 1: run_b(), run_o(), run_a(); break;
        default: run_o(), run_a(), run_b(); break;
      }
      if (a.status != 0 || b.status != 0 || o.status != 0) {
        std::fprintf(stderr,
                     "N = %zu: acausal exited with %d, the baseline with %d, the optimized one with %d; see %s, %s "
                     "and %s\n",
                     n, a.status, b.status, o.status, a_out.c_str(), b_out.c_str(), o_out.c_str());
        return 1;
      }
      const auto as = parse_stats(a.output);
      const auto bs = parse_stats(b.output);
      const auto os = parse_stats(o.output);
      Sample s{};
      s.a_wall = a.wall;
      s.a_load = stat(as, "timing/load");
      s.a_assemble = stat(as, "timing/assemble");
      s.a_analyze = stat(as, "timing/analyze");
      s.a_compile = stat(as, "timing/compile");
      s.a_assembly = s.a_load + s.a_assemble + s.a_analyze + s.a_compile;
      s.a_init = stat(as, "timing/initialize");
      s.a_integrate = stat(as, "timing/integrate");
      s.a_total = stat(as, "timing/total");
      s.steps = stat(as, "statistics/steps");
      s.b_wall = b.wall;
      s.a_cpu = a.cpu;
      s.b_cpu = b.cpu;
      s.b_integrate = stat(bs, "timing/integrate");
      s.b_steps = stat(bs, "statistics/steps");
      s.o_wall = o.wall;
      s.o_cpu = o.cpu;
      s.o_integrate = stat(os, "timing/integrate");
      s.o_steps = stat(os, "statistics/steps");
      s.a_peak = a.peak_bytes;
      s.b_peak = b.peak_bytes;
      s.o_peak = o.peak_bytes;
      const auto ra = read_csv(a_csv), rb = read_csv(b_csv), ro = read_csv(o_csv);
      if (ra.size() != rb.size() || ra.empty() || ro.size() != rb.size()) {
        std::fprintf(stderr, "N = %zu: %s, %s and %s differ in length\n", n, a_csv.c_str(), b_csv.c_str(),
                     o_csv.c_str());
        return 1;
      }
      for (std::size_t i = 0; i < ro.size(); ++i) {
        if (ro[i].size() != rb[i].size() || ro[i][0] != rb[i][0]) {
          std::fprintf(stderr, "N = %zu: row %zu of %s and %s differ in shape or time\n", n, i + 1, o_csv.c_str(),
                       b_csv.c_str());
          return 1;
        }
        for (std::size_t k = 1; k < ro[i].size(); ++k) s.o_diff = std::max(s.o_diff, std::fabs(ro[i][k] - rb[i][k]));
      }
      for (std::size_t i = 0; i < ra.size(); ++i) {
        if (ra[i].size() != rb[i].size() || ra[i][0] != rb[i][0]) {
          std::fprintf(stderr, "N = %zu: row %zu of %s and %s differ in shape or time\n", n, i + 1, a_csv.c_str(),
                       b_csv.c_str());
          return 1;
        }
        const bool last = i + 1 == ra.size();
        for (std::size_t k = 1; k < ra[i].size(); ++k) {
          const double diff = std::fabs(ra[i][k] - rb[i][k]);
          s.max_diff = std::max(s.max_diff, diff);
          s.scale = std::max(s.scale, std::fabs(rb[i][k]));
          if (last) s.last_diff = std::max(s.last_diff, diff);
        }
      }
      rows_written = ra.size();
      samples.push_back(s);
      e2e.push_back(a.wall / b.wall);
      e2e_cpu.push_back(a.cpu / b.cpu);
      integ.push_back(s.a_integrate / s.b_integrate);
      e2e_opt.push_back(a.wall / o.wall);
      e2e_cpu_opt.push_back(a.cpu / o.cpu);
      integ_opt.push_back(s.a_integrate / s.o_integrate);
    }
    auto med = [&](double Sample::*field) {
      std::vector<double> v;
      for (const Sample& s : samples) v.push_back(s.*field);
      return median(v);
    };
    Row r{n,          {},           median(e2e),     median(e2e_cpu),
          median(integ), median(e2e_opt), median(e2e_cpu_opt), median(integ_opt)};
    for (double Sample::*f : {&Sample::a_wall, &Sample::a_assembly, &Sample::a_load, &Sample::a_assemble,
                              &Sample::a_analyze, &Sample::a_compile, &Sample::a_init, &Sample::a_integrate,
                              &Sample::a_total, &Sample::b_wall, &Sample::b_integrate, &Sample::o_wall, &Sample::o_integrate,
                              &Sample::a_cpu, &Sample::b_cpu, &Sample::o_cpu, &Sample::steps, &Sample::b_steps,
                              &Sample::o_steps, &Sample::a_peak, &Sample::b_peak, &Sample::o_peak, &Sample::max_diff, &Sample::last_diff, &Sample::scale,
                              &Sample::o_diff})
      r.med.*f = med(f);
    rows.push_back(r);
    // Same formulation, same settings: the runs should agree far below the tolerance.
    const bool agree = r.med.max_diff <= spec.tolerance * std::max(r.med.scale, 1e-300);
    if (!agree) std::printf("WARNING: N = %zu: acausal and the baseline differ by more than the tolerance\n", n);
    if (r.med.o_diff > spec.tolerance * std::max(r.med.scale, 1e-300))
      std::printf("WARNING: N = %zu: the optimized and the stock baseline differ by more than the tolerance\n", n);
    std::printf(
        "N = %zu: acausal %.3f s, baseline %.3f s, optimized baseline %.3f s wall; max |acausal - baseline| %.2e "
        "in the last row, %.2e over all %zu rows (max |s| %.2g); max |opt - baseline| %.2e\n",
        n, r.med.a_wall, r.med.b_wall, r.med.o_wall, r.med.last_diff, r.med.max_diff, rows_written, r.med.scale,
        r.med.o_diff);
    std::fflush(stdout);
  }

  std::printf("\n%7s | %10s %10s %10s %7s %10s | %10s %10s %7s | %10s %10s %7s\n", "", "acausal", "", "", "",
              "", "baseline", "", "", "opt", "baseline", "");
  std::printf("%7s | %10s %10s %10s %7s %10s | %10s %10s %7s | %10s %10s %7s\n", "N", "assembly", "initialize",
              "integrate", "steps", "wall", "integrate", "wall", "steps", "integrate", "wall", "steps");
  for (const Row& r : rows)
    std::printf("%7zu | %10.4f %10.4f %10.4f %7.0f %10.4f | %10.4f %10.4f %7.0f | %10.4f %10.4f %7.0f\n", r.n,
                r.med.a_assembly, r.med.a_init, r.med.a_integrate, r.med.steps, r.med.a_wall, r.med.b_integrate,
                r.med.b_wall, r.med.b_steps, r.med.o_integrate, r.med.o_wall, r.med.o_steps);
  std::printf("\n%7s | %7s %7s %7s | %7s %7s %7s | %9s\n", "", "ratio", "ratio", "ratio", "ratio", "ratio", "ratio",
              "baseline");
  std::printf("%7s | %7s %7s %7s | %7s %7s %7s | %9s\n", "N", "e2e", "e2e cpu", "integ", "e2e opt", "cpu opt",
              "int opt", "/ opt");
  for (const Row& r : rows)
    std::printf("%7zu | %7.2f %7.2f %7.2f | %7.2f %7.2f %7.2f | %9.2f\n", r.n, r.e2e_ratio, r.cpu_ratio, r.int_ratio,
                r.e2e_opt_ratio, r.cpu_opt_ratio, r.int_opt_ratio, r.med.b_wall / r.med.o_wall);
  std::printf(
      "times in s (medians); assembly = load + assemble + analyze + compile; wall = the whole process, "
      "CSV included; e2e = acausal wall / baseline wall, e2e cpu = the same with the processes' CPU time "
      "(user + system; less sensitive to a busy machine), integ = integrate / integrate (medians of the "
      "per-run ratios); the opt columns against the optimized baseline; baseline / opt = the stock "
      "baseline's wall over the optimized one's\n");
  std::printf("\nacausal phases (medians, s); other = wall - total: process start, CSV open, printing, teardown\n");
  std::printf("%7s | %9s %9s %9s %9s %9s %9s %9s | %9s\n", "N", "load", "assemble", "analyze", "compile", "initialize",
              "integrate", "other", "wall");
  for (const Row& r : rows)
    std::printf("%7zu | %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f | %9.4f\n", r.n, r.med.a_load, r.med.a_assemble,
                r.med.a_analyze, r.med.a_compile, r.med.a_init, r.med.a_integrate, r.med.a_wall - r.med.a_total,
                r.med.a_wall);
  std::printf("\nmemory and the front end per element (medians); extra = acausal's peak - the stock baseline's, per "
              "unknown (2N); front = assembly / N\n");
  std::printf("%7s | %12s %12s %12s | %14s | %14s\n", "N", "acausal [MB]", "base [MB]", "opt [MB]",
              "extra [KB/unk]", "front [us/el]");
  for (const Row& r : rows)
    std::printf("%7zu | %12.1f %12.1f %12.1f | %14.2f | %14.2f\n", r.n, r.med.a_peak / 1e6, r.med.b_peak / 1e6,
                r.med.o_peak / 1e6, (r.med.a_peak - r.med.b_peak) / (2.0 * static_cast<double>(r.n)) / 1e3,
                1e6 * r.med.a_assembly / static_cast<double>(r.n));
  std::printf("\n");
  for (const Row& r : rows) {
    const double bar = r.n == 1000 ? 2.0 : r.n == 10000 ? 1.5 : 0.0;
    if (bar > 0.0)
      std::printf("target N = %zu: e2e %.2f <= %.1f  %s  (cpu %.2f)\n", r.n, r.e2e_ratio, bar,
                  r.e2e_ratio <= bar ? "met" : "NOT met", r.cpu_ratio);
  }
  for (const Row& r : rows)
    if (r.n == 10000 || r.n == 100000) {
      const bool met = r.e2e_ratio <= 0.6 && r.e2e_opt_ratio <= 1.5;
      std::printf("target N = %zu: e2e %.2f <= 0.6, e2e opt %.2f <= 1.5  %s  (cpu %.2f, %.2f)\n", r.n,
                  r.e2e_ratio, r.e2e_opt_ratio, met ? "met" : "NOT met", r.cpu_ratio, r.cpu_opt_ratio);
      if (r.n == 100000) {
        const double extra = (r.med.a_peak - r.med.b_peak) / (2.0 * static_cast<double>(r.n)) / 1e3;
        std::printf("target N = %zu: memory %.2f KB per unknown <= 1  %s\n", r.n, extra,
                    extra <= 1.0 ? "met" : "NOT met");
      }
    }
  for (const Row& r : rows)
    if (r.n == 1000000) std::printf("N = 1000000: completed\n");
  if (!keep) fs::remove_all(dir);
  return 0;
}

std::vector<std::size_t> parse_sizes(const std::string& text) {
  std::vector<std::size_t> sizes;
  std::istringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) sizes.push_back(std::stoul(item));
  return sizes;
}

int usage() {
  std::fprintf(stderr,
               "usage: chain_bench [--sizes 10,100,1000,10000,100000] [--repeat 3] [--million] [--stop T] [--keep]\n"
               "       chain_bench baseline N CSV [--stop T] [--fast-ops]\n"
               "       chain_bench netlist N PATH [--stop T]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::vector<std::size_t> sizes{10, 100, 1000, 10000, 100000};
    constexpr std::size_t kMillion = 1000000;
    bool million = false;
    int repeat = 3;
    double stop = ChainSpec{}.stop;
    bool keep = false;
    bool fast_ops = false;
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const bool has_value = i + 1 < args.size();
      if (args[i] == "--sizes" && has_value)
        sizes = parse_sizes(args[++i]);
      else if (args[i] == "--repeat" && has_value)
        repeat = std::max(1, std::stoi(args[++i]));
      else if (args[i] == "--stop" && has_value)
        stop = std::stod(args[++i]);
      else if (args[i] == "--keep")
        keep = true;
      else if (args[i] == "--million")
        million = true;
      else if (args[i] == "--fast-ops")
        fast_ops = true;
      else if (args[i].rfind("--", 0) == 0)
        return usage();
      else
        positional.push_back(args[i]);
    }
    if (million && std::find(sizes.begin(), sizes.end(), kMillion) == sizes.end()) sizes.push_back(kMillion);
    if (positional.empty()) return table(sizes, repeat, stop, keep, kMillion);
    if (positional.size() == 3 && positional[0] == "baseline") {
      const ChainSpec spec = spec_for(std::stoul(positional[1]), stop);
      print_baseline_stats(acausal_bench::run_baseline(spec, positional[2], fast_ops));
      return 0;
    }
    if (positional.size() == 3 && positional[0] == "netlist") {
      acausal_bench::write_chain_netlist(spec_for(std::stoul(positional[1]), stop), positional[2]);
      return 0;
    }
    return usage();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "chain_bench: %s\n", e.what());
    return 1;
  }
}
