// Scaling benchmark of the 3D multibody front end and integration: `acausal simulate` on an N-link
// pendulum chain (damped revolute joints, steel boxes; see bench/README.md and
// pendulum_chain_netlist.hpp) for a range of N, printing the phases, the steps, the cost per link
// and the growth from one N to the next, with the energy balance as a correctness guard.
//
//   pendulum_chain_bench [--sizes 1,2,5,10,20,40] [--repeat 3] [--stop T] [--timeout 600] [--no-energy]
//                        [--front-only] [--keep]
//       the tables: per N, `--repeat` timed runs of `acausal simulate --stats` (medians), then one
//       run with `--energy` for the balance (its time is not in the medians). If the integration
//       fails (exit code 3), the time of the failure is shown and the phases come from runs that
//       stop at once (`--stop start+1e-3`); `--front-only` does only such runs. A run that exceeds
//       `--timeout` seconds (0: no limit) is killed and the larger sizes are skipped.
//   pendulum_chain_bench netlist N PATH [--stop T]
//       writes the netlist of the chain of N links (to run or profile `acausal` by hand).
//   pendulum_chain_bench structure N...
//       in a child process per N: the front end phase by phase and the size of what it builds
//       (the reduced residuals as expression DAGs, their leaves, the work of their symbolic
//       Jacobian, its nonzeros), to see why a phase grows as it does.

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "bench/bench_process.hpp"
#include "bench/pendulum_chain_netlist.hpp"
#include "bench/pendulum_peers.hpp"
#include "components/registry.hpp"
#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"

namespace {

using acausal_bench::PendulumChainSpec;
using acausal_bench::Process;
using acausal_bench::parse_stats;
using acausal_bench::run;
using acausal_bench::stat;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

PendulumChainSpec spec_for(std::size_t n, double stop) {
  PendulumChainSpec s;
  s.n = n;
  s.stop = stop;
  return s;
}


constexpr int kSolverFailure = 3;  // acausal's exit code for a failed simulation

/// The time of "solver failure: at t = <t>: …" on standard error.
double failure_time(const std::string& errors) {
  const std::string key = "solver failure: at t = ";
  const std::size_t at = errors.find(key);
  return at == std::string::npos ? kNaN : std::strtod(errors.c_str() + at + key.size(), nullptr);
}

struct Energy {
  double relative_balance = kNaN;  // worst |E + W_loss − W_in − E(t0)| over the energy scale
  double worst_audit = 0.0;       // largest relative per-component audit
  std::string worst_component;
};

/// The `--energy` block of `acausal simulate`: the component rows ("  name  … worst (relative)")
/// between its header and the "total" row, and "  relative (worst/scale)   x".
Energy parse_energy(const std::string& text) {
  Energy e;
  std::istringstream in(text);
  std::string line;
  bool components = false;
  while (std::getline(in, line)) {
    if (line.rfind("energy [J]", 0) == 0) {
      std::getline(in, line);  // the column header
      components = true;
      continue;
    }
    if (components) {
      std::istringstream cells(line);
      std::string name;
      cells >> name;
      if (name == "total" || name.empty()) {
        components = false;
        continue;
      }
      const std::size_t open = line.rfind('(');
      if (open == std::string::npos) continue;
      const double audit = std::strtod(line.c_str() + open + 1, nullptr);
      if (audit > e.worst_audit || e.worst_component.empty()) {
        e.worst_audit = std::max(audit, e.worst_audit);
        e.worst_component = name;
      }
      continue;
    }
    const std::string key = "  relative (worst/scale)";
    if (line.rfind(key, 0) == 0) e.relative_balance = std::strtod(line.c_str() + key.size(), nullptr);
  }
  return e;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

struct Sample {
  double load, assemble, analyze, compile, front;  // front = load + assemble + analyze + compile
  double initialize, integrate, wall, cpu;
  double steps, residuals, jacobians;
};

struct Row {
  std::size_t n = 0;
  double unknowns = 0, differential = 0;
  Sample med{};
  bool integrated = false;        // med's integration columns are from complete runs
  double failed_at = kNaN;         // time of the solver failure, if the integration failed
  std::optional<Energy> energy;
  double energy_integrate = kNaN;  // integrate time of the run with --energy
};

/// log(b/a)/log(m/n): the exponent p of t ∝ N^p between two sizes.
double exponent(double a, double b, std::size_t n, std::size_t m) {
  if (!(a > 0.0) || !(b > 0.0) || n == m) return kNaN;
  return std::log(b / a) / std::log(static_cast<double>(m) / static_cast<double>(n));
}

/// The integration cell of a row: `text` (its value), or where the integration failed, or "-"
/// (front-end runs only).
std::string integration_cell(const Row& r, const std::string& text) {
  if (r.integrated) return text;
  if (std::isnan(r.failed_at)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "fail@%.3g", r.failed_at);
  return buf;
}

std::string fixed(double v, int digits, const char* suffix = "") {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*f%s", digits, v, suffix);
  return buf;
}

void print_tables(const std::vector<Row>& rows) {
  std::printf("\nphases [s] (medians)\n");
  std::printf("%6s %8s %6s | %8s %8s %8s %8s %8s | %8s %10s %7s | %9s %9s\n", "N", "unknowns", "states", "load",
              "assemble", "analyze", "compile", "front", "init", "integrate", "steps", "wall", "cpu");
  for (const Row& r : rows)
    std::printf("%6zu %8.0f %6.0f | %8.4f %8.4f %8.4f %8.4f %8.4f | %8.4f %10s %7s | %9.3f %9.3f\n", r.n, r.unknowns,
                r.differential, r.med.load, r.med.assemble, r.med.analyze, r.med.compile, r.med.front, r.med.initialize,
                integration_cell(r, fixed(r.med.integrate, 3)).c_str(), integration_cell(r, fixed(r.med.steps, 0)).c_str(),
                r.med.wall, r.med.cpu);
  std::printf(
      "front = load + assemble + analyze + compile; unknowns, states = the integrated DAE's unknowns and "
      "differential unknowns; wall, cpu: the whole acausal process (CSV included); fail@t: the integration "
      "failed at t (exit code 3), the phases are then from runs stopped at once\n");

  std::printf("\nper link, and the energy guard\n");
  std::printf("%6s | %12s %12s %14s | %9s %9s | %10s %10s  %s\n", "N", "front/N [ms]", "integ/N [ms]",
              "integ/(N*step)", "res.evals", "jac.evals", "energy rel", "audit rel", "(worst audit)");
  for (const Row& r : rows) {
    const double n = static_cast<double>(r.n);
    std::printf("%6zu | %12.4f %12s %14s | %9s %9s |", r.n, 1e3 * r.med.front / n,
                integration_cell(r, fixed(1e3 * r.med.integrate / n, 4)).c_str(),
                integration_cell(r, fixed(1e6 * r.med.integrate / (n * r.med.steps), 3, " us")).c_str(),
                integration_cell(r, fixed(r.med.residuals, 0)).c_str(), integration_cell(r, fixed(r.med.jacobians, 0)).c_str());
    if (r.energy)
      std::printf(" %10.2e %10.2e  (%s)\n", r.energy->relative_balance, r.energy->worst_audit,
                  r.energy->worst_component.c_str());
    else
      std::printf(" %10s %10s\n", "-", "-");
  }
  std::printf(
      "energy rel = max over time |E + W_loss - W_in - E(t0)| / energy scale (the global balance); audit rel = "
      "the largest per-component audit relative to its power scale; both from one extra run with --energy\n");

  if (rows.size() < 2) return;
  std::printf("\ngrowth from the previous size: time ratio (exponent p of t ~ N^p; p = 1 is linear)\n");
  std::printf("%11s | %13s %13s %13s %13s | %13s | %13s %13s %13s %13s\n", "N", "load", "assemble", "analyze",
              "compile", "front", "initialize", "integrate", "steps", "integ/step");
  auto cell = [](double a, double b, std::size_t n, std::size_t m, bool valid = true) {
    char buf[32];
    if (valid)
      std::snprintf(buf, sizeof buf, "%6.1f (%4.2f)", b / a, exponent(a, b, n, m));
    else
      std::snprintf(buf, sizeof buf, "%13s", "-");
    return std::string(buf);
  };
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const Row& a = rows[i - 1];
    const Row& b = rows[i];
    const std::size_t n = a.n, m = b.n;
    const bool integrated = a.integrated && b.integrated;
    char label[32];
    std::snprintf(label, sizeof label, "%zu->%zu", n, m);
    std::printf("%11s | %s %s %s %s | %s | %s %s %s %s\n", label, cell(a.med.load, b.med.load, n, m).c_str(),
                cell(a.med.assemble, b.med.assemble, n, m).c_str(), cell(a.med.analyze, b.med.analyze, n, m).c_str(),
                cell(a.med.compile, b.med.compile, n, m).c_str(), cell(a.med.front, b.med.front, n, m).c_str(),
                cell(a.med.initialize, b.med.initialize, n, m).c_str(),
                cell(a.med.integrate, b.med.integrate, n, m, integrated).c_str(),
                cell(a.med.steps, b.med.steps, n, m, integrated).c_str(),
                cell(a.med.integrate / a.med.steps, b.med.integrate / b.med.steps, n, m, integrated).c_str());
  }
  std::printf("(the smallest sizes are dominated by fixed costs: process start, tables, IDA setup)\n");
}

int table(const std::vector<std::size_t>& sizes, int repeat, double stop, double timeout, bool energy, bool front_only,
          bool keep) {
  const std::string acausal = ACAUSAL_BINARY;
  const fs::path dir = fs::temp_directory_path() / ("pendulum_chain_bench." + std::to_string(getpid()));
  fs::create_directories(dir);
  const PendulumChainSpec defaults = spec_for(1, stop);
  std::printf("pendulum_chain_bench: `%s simulate --stats`\n", acausal.c_str());
  std::printf(
      "chain: N links, multibody.Revolute n = [0,0,1] with a rotational.Damper d = %g N*m*s/rad on its axis flange, "
      "multibody.BodyBox r = [%g,0,0] (steel, width L/20), released horizontal at rest, gravity -y; "
      "t = %g..%g s, interval %g s, tolerance %g; %d timed runs per N (medians)%s\n",
      defaults.d, defaults.length, defaults.start, defaults.stop, defaults.interval, defaults.tolerance, repeat,
      front_only ? ", front end only (--stop start+1e-3)" : energy ? " + 1 run with --energy" : "");
  std::printf("work files in %s\n\n", dir.c_str());

  // A run that ends at once: the front end and the initialization, one short step of integration.
  const std::string front_stop = std::to_string(defaults.start + 1e-3);
  std::vector<Row> rows;
  for (std::size_t n : sizes) {
    const PendulumChainSpec spec = spec_for(n, stop);
    const std::string tag = "pendulum_chain" + std::to_string(n);
    const std::string netlist = (dir / (tag + ".json")).string();
    const std::string csv = (dir / (tag + ".csv")).string();
    const std::string out = (dir / (tag + ".out")).string();
    const std::string energy_out = (dir / (tag + ".energy.out")).string();
    acausal_bench::write_pendulum_chain_netlist(spec, netlist);
    Row row;
    row.n = n;
    row.integrated = !front_only;
    // Stops the table at a run that was killed or failed in another way than the integration.
    auto broken = [&](const Process& p, const std::string& path) {
      if (p.timed_out)
        std::printf("N = %zu: killed after %.0f s (--timeout); larger sizes skipped\n", n, p.wall);
      else if (p.status != 0 && p.status != kSolverFailure)
        std::printf("N = %zu: acausal exited with %d; see %s and %s.err\n", n, p.status, path.c_str(), path.c_str());
      return p.timed_out || (p.status != 0 && p.status != kSolverFailure);
    };
    std::vector<Sample> samples;
    bool stop_here = false;
    for (int rep = 0; rep < repeat; ++rep) {
      std::vector<std::string> args{acausal, "simulate", netlist, "-o", csv, "--stats"};
      if (!row.integrated) args.insert(args.end(), {"--stop", front_stop, "--interval", "1e-3"});
      Process p = run(args, out, timeout);
      if (broken(p, out)) {
        stop_here = true;
        break;
      }
      if (p.status == kSolverFailure) {
        if (!row.integrated) {  // even a run that stops at once fails
          std::printf("N = %zu: the integration failed at t = %.6g s; see %s.err\n", n, failure_time(p.errors),
                      out.c_str());
          stop_here = true;
          break;
        }
        // The integration fails at the same place every time: note where, and time the phases
        // with runs that stop at once.
        row.integrated = false;
        row.failed_at = failure_time(p.errors);
        fs::copy_file(out + ".err", out + ".failure", fs::copy_options::overwrite_existing);
        std::printf("N = %zu: the integration failed at t = %.6g s (exit code 3; see %s.failure)\n", n, row.failed_at,
                    out.c_str());
        std::fflush(stdout);
        --rep;
        continue;
      }
      const auto st = parse_stats(p.output);
      Sample s{};
      s.load = stat(st, "timing/load");
      s.assemble = stat(st, "timing/assemble");
      s.analyze = stat(st, "timing/analyze");
      s.compile = stat(st, "timing/compile");
      s.front = s.load + s.assemble + s.analyze + s.compile;
      s.initialize = stat(st, "timing/initialize");
      s.integrate = stat(st, "timing/integrate");
      s.wall = p.wall;
      s.cpu = p.cpu;
      s.steps = stat(st, "statistics/steps");
      s.residuals = stat(st, "statistics/residual evaluations");
      s.jacobians = stat(st, "statistics/jacobian evaluations");
      row.unknowns = stat(st, "statistics/unknowns");
      row.differential = stat(st, "statistics/differential");
      samples.push_back(s);
    }
    if (stop_here) break;
    for (double Sample::*f : {&Sample::load, &Sample::assemble, &Sample::analyze, &Sample::compile, &Sample::front,
                              &Sample::initialize, &Sample::integrate, &Sample::wall, &Sample::cpu, &Sample::steps,
                              &Sample::residuals, &Sample::jacobians}) {
      std::vector<double> v;
      for (const Sample& s : samples) v.push_back(s.*f);
      row.med.*f = median(v);
    }
    std::printf("N = %zu: front end %.4f s, initialize %.4f s", n, row.med.front, row.med.initialize);
    if (row.integrated)
      std::printf(", integrate %.3f s, %.0f steps", row.med.integrate, row.med.steps);
    std::printf(" (%.0f unknowns)", row.unknowns);
    if (energy && row.integrated) {
      const Process p = run({acausal, "simulate", netlist, "-o", csv, "--stats", "--energy"}, energy_out, timeout);
      if (broken(p, energy_out) || p.status != 0) {
        std::printf("\n");
        if (p.status == kSolverFailure) std::printf("N = %zu: the run with --energy failed\n", n);
        rows.push_back(row);
        break;
      }
      row.energy = parse_energy(p.output);
      row.energy_integrate = stat(parse_stats(p.output), "timing/integrate");
      std::printf("; energy balance %.2e relative (the run with --energy integrates in %.3f s)",
                  row.energy->relative_balance, row.energy_integrate);
    }
    std::printf("\n");
    std::fflush(stdout);
    rows.push_back(row);
  }
  print_tables(rows);
  if (!keep) fs::remove_all(dir);
  return 0;
}

/// Distinct nodes of `e` not yet in `seen` (adds them): the DAG size, each shared node once.
std::size_t dag_size(const acausal::Expr& e, std::unordered_set<std::uint64_t>& seen) {
  std::size_t count = 0;
  std::vector<acausal::Expr> stack{e};
  while (!stack.empty()) {
    const acausal::Expr x = stack.back();
    stack.pop_back();
    if (!seen.insert(x.id()).second) continue;
    ++count;
    for (const acausal::Expr& a : x.args()) stack.push_back(a);
  }
  return count;
}

std::size_t dag_size(const acausal::Expr& e) {
  std::unordered_set<std::uint64_t> seen;
  return dag_size(e, seen);
}

/// The front end of the chain of n links in this process, phase by phase, and the size of the
/// reduced residuals: what makes analyze and compile grow.
void structure(std::size_t n) {
  using namespace acausal;
  // CPU time of this (single-threaded) process: a busy machine stretches wall time, not this.
  auto now = [] {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  };
  auto since = [&](double t0) { return now() - t0; };
  const std::string text = acausal_bench::pendulum_chain_netlist(spec_for(n, PendulumChainSpec{}.stop));
  double t0 = now();
  const Netlist netlist = parse_netlist(text, "pendulum_chain" + std::to_string(n));
  const double t_load = since(t0);
  t0 = now();
  const Model model = build_model(netlist, builtin_registry());
  const double t_assemble = since(t0);
  t0 = now();
  ReducedDae dae = analyze(model);
  const double t_analyze = since(t0);

  // The residuals IDA integrates: their DAG sizes (alone and all together), their leaves, and the
  // work of the symbolic Jacobian as JacobianTape::structure does it: diff(term, leaf) for every
  // leaf of every term of a non-linear residual, each pass over the term's DAG.
  std::unordered_set<std::uint64_t> all;
  double sum_dag = 0, max_dag = 0, sum_leaves = 0, max_leaves = 0, diff_work = 0;
  std::size_t nonlinear = 0;
  for (const Expr& r : dae.residual_expressions()) {
    const auto size = static_cast<double>(dag_size(r));
    const auto leaf_count = static_cast<double>(leaves(r).size());
    dag_size(r, all);
    sum_dag += size;
    max_dag = std::max(max_dag, size);
    sum_leaves += leaf_count;
    max_leaves = std::max(max_leaves, leaf_count);
    if (is_linear_combination(r)) continue;
    ++nonlinear;
    if (r.op() != Op::Add) {
      diff_work += size * leaf_count;
      continue;
    }
    for (const Expr& term : r.args())
      if (!term.is_constant() && !term.is_leaf())
        diff_work += static_cast<double>(dag_size(term)) * static_cast<double>(leaves(term).size());
  }
  const std::size_t residual_count = dae.residual_count();
  // The blocks the run-time state-selection check takes two dense SVDs of at every step
  // (solver/state_selection_check.cpp): their number, the largest, and Σ rows²·cols.
  std::size_t max_rows = 0, max_cols = 0;
  double svd_work = 0;
  for (const PivotBlock& b : dae.reduction.pivots) {
    if (b.rows * b.cols > max_rows * max_cols) max_rows = b.rows, max_cols = b.cols;
    svd_work += static_cast<double>(b.rows) * static_cast<double>(b.rows) * static_cast<double>(b.cols);
  }
  const std::size_t blocks = dae.reduction.pivots.size();
  t0 = now();
  Program program(model, std::move(dae));
  const double t_compile = since(t0);
  const double m = static_cast<double>(residual_count);
  std::printf(
      "%6zu | %7.4f %8.4f %8.3f %9.3f | %7zu %7zu %6zu %5zu | %9zu %9.0f %9.0f | %7.1f %6.0f | %10.3g | %8zu %9zu | %6zu "
      "%9s %10.3g\n",
      n, t_load, t_assemble, t_analyze, t_compile, model.variables.size(), model.equation_count(), residual_count,
      nonlinear, all.size(), sum_dag / m, max_dag, sum_leaves / m, max_leaves, diff_work,
      program.jacobian().pattern().nonzeros(), program.residual().instruction_count(), blocks,
      (std::to_string(max_rows) + "x" + std::to_string(max_cols)).c_str(), svd_work);
  std::fflush(stdout);
}

void structure_header() {
  std::printf("%6s | %7s %8s %8s %9s | %7s %7s %6s %5s | %9s %9s %9s | %7s %6s | %10s | %8s %9s | %6s %9s %10s\n",
              "N", "load", "assemble", "analyze", "compile", "vars", "eqs", "resid", "nonl", "dag all", "dag mean",
              "dag max", "leaves", "max", "diff work", "jac nnz", "res instr", "blocks", "largest", "svd work");
}

void structure_footer() {
  std::printf(
      "times: CPU seconds of the front end in-process, one child process per N; vars, eqs: the flattened model; resid, nonl: the residuals IDA integrates and "
      "how many are not linear combinations; dag all: distinct expression nodes of all residuals together; dag "
      "mean/max: nodes of one residual; leaves: distinct unknowns and derivatives of one residual (mean, max); "
      "diff work: sum over non-linear residuals of (nodes x leaves) of each term, the passes "
      "JacobianTape::structure makes (one diff per term and leaf); jac nnz: the Jacobian's nonzeros; res instr: "
      "the residual tape's instructions; blocks, largest, svd work: the state-selection check's pivot blocks "
      "(rows x cols) and sum of rows^2 x cols, the size of its two dense SVDs per block at every step\n");
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
               "usage: pendulum_chain_bench [--sizes 1,2,5,10,20,40] [--repeat 3] [--stop T] [--timeout 600] "
               "[--no-energy] [--front-only] [--keep]\n"
               "       pendulum_chain_bench netlist N PATH [--stop T]\n"
               "       pendulum_chain_bench structure N...\n"
               "       pendulum_chain_bench peers N... [--repeat 3] [--stop T] [--integrators cpodes,rkm]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    // The default sizes run in a few minutes; larger chains (100, 1000) are given on the command line.
    std::vector<std::size_t> sizes{1, 2, 5, 10, 20, 40};
    int repeat = 3;
    double stop = PendulumChainSpec{}.stop;
    double timeout = 600.0;
    bool energy = true;
    bool front_only = false;
    bool keep = false;
    std::vector<std::string> integrators{"cpodes", "rkm"};
    std::vector<std::string> positional;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const bool has_value = i + 1 < args.size();
      if (args[i] == "--sizes" && has_value)
        sizes = parse_sizes(args[++i]);
      else if (args[i] == "--repeat" && has_value)
        repeat = std::max(1, std::stoi(args[++i]));
      else if (args[i] == "--stop" && has_value)
        stop = std::stod(args[++i]);
      else if (args[i] == "--timeout" && has_value)
        timeout = std::stod(args[++i]);
      else if (args[i] == "--no-energy")
        energy = false;
      else if (args[i] == "--front-only")
        front_only = true;
      else if (args[i] == "--keep")
        keep = true;
      else if (args[i] == "--integrators" && has_value) {
        integrators.clear();
        std::stringstream list(args[++i]);
        for (std::string name; std::getline(list, name, ',');) integrators.push_back(name);
      }
      else if (args[i].rfind("--", 0) == 0)
        return usage();
      else
        positional.push_back(args[i]);
    }
    if (positional.empty()) return table(sizes, repeat, stop, timeout, energy, front_only, keep);
    if (positional.size() >= 2 && positional[0] == "peers") {
#ifdef SIMBODY_PEER
      std::vector<std::size_t> peer_sizes;
      for (std::size_t i = 1; i < positional.size(); ++i) peer_sizes.push_back(std::stoul(positional[i]));
      return acausal_bench::compare_with_simbody(ACAUSAL_BINARY, SIMBODY_PEER, peer_sizes, repeat, stop, integrators);
#else
      std::fprintf(stderr, "pendulum_chain_bench: built without Simbody (install libsimbody-dev and configure again)\n");
      return 2;
#endif
    }
    if (positional.size() >= 2 && positional[0] == "structure") {
      structure_header();
      // Each N in a child process of its own: the expression store is process-wide, and a chain
      // measured after a shorter one would find the shorter one's nodes already there.
      for (std::size_t i = 1; i < positional.size(); ++i) {
        const std::size_t n = std::stoul(positional[i]);
        std::fflush(stdout);
        const pid_t child = fork();
        if (child < 0) throw std::runtime_error("cannot fork");
        if (child == 0) {
          try {
            structure(n);
          } catch (const std::exception& e) {
            std::fprintf(stderr, "pendulum_chain_bench: N = %zu: %s\n", n, e.what());
            std::_Exit(1);
          }
          std::fflush(stdout);
          std::_Exit(0);
        }
        int status = 0;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return 1;
      }
      structure_footer();
      return 0;
    }
    if (positional.size() == 3 && positional[0] == "netlist") {
      acausal_bench::write_pendulum_chain_netlist(spec_for(std::stoul(positional[1]), stop), positional[2]);
      return 0;
    }
    return usage();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pendulum_chain_bench: %s\n", e.what());
    return 1;
  }
}
