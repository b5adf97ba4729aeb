#include "solver/simulation.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>

#include "solver/solver_error.hpp"
#include "solver/state_selection_check.hpp"

namespace acausal {

SimulationOptions options_from(const Experiment& e) {
  SimulationOptions o;
  o.start = e.start;
  o.stop = e.stop;
  o.interval = e.interval ? *e.interval : (e.stop - e.start) / 500.0;
  o.tolerance = e.tolerance;
  return o;
}

namespace {

/// The output grid start, start + dt, ..., ending exactly at stop.
class Grid {
 public:
  Grid(double start, double stop, double dt) : start_(start), stop_(stop), dt_(dt) {
    count_ = static_cast<std::size_t>(std::ceil((stop - start) / dt - 1e-9));
  }
  bool done() const { return next_ > count_; }
  double time() const { return next_ == count_ ? stop_ : start_ + static_cast<double>(next_) * dt_; }
  void advance() { ++next_; }

 private:
  double start_, stop_, dt_;
  std::size_t count_ = 0;
  std::size_t next_ = 0;
};

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

}  // namespace

SimulationResult simulate(Program& program, const SimulationOptions& options, ResultWriter& writer) {
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  if (options.energy && !program.has_energy())
    throw std::invalid_argument("simulate: energy accounting asks for a program compiled with ProgramOptions::energy");
  SimulationResult result;
  const auto t_init = Clock::now();
  result.initial = initialize(program, options.start);
  result.initialize_seconds = seconds_since(t_init);
  const auto t_integrate = Clock::now();
  std::vector<double> branch = result.initial.branch;
  std::vector<double> out(program.outputs().output_count());
  auto emit = [&](double t, const double* y, const double* yp) {
    program.outputs().evaluate(program.inputs(t, y, yp), out.data(), branch.data());
    writer.row(t, out);
    ++result.rows;
  };
  writer.begin(program.output_names());
  Grid grid(options.start, options.stop, options.interval);
  emit(options.start, result.initial.y.data(), result.initial.yp.data());
  grid.advance();
  if (program.size() == 0) {
    // Nothing to integrate (signals only, or everything fixed): the outputs are functions of time,
    // evaluated with live branches at each grid point.
    for (; !grid.done(); grid.advance()) {
      program.outputs().evaluate(program.inputs(grid.time(), nullptr, nullptr), out.data());
      writer.row(grid.time(), out);
      ++result.rows;
    }
    writer.end();
    result.integrate_seconds = seconds_since(t_integrate);
    if (options.energy) {
      EnergyLedger ledger(program, branch);
      ledger.start(options.start, nullptr, nullptr);
      result.energy = ledger.report();
    }
    return result;
  }

  IdaSession ida(program, options.start, result.initial.y, result.initial.yp, branch, options.tolerance, options.stop);
  std::optional<EnergyLedger> ledger;
  if (options.energy) {
    ledger.emplace(program, branch);
    ledger->start(options.start, result.initial.y.data(), result.initial.yp.data());
  }
  std::vector<double> y, yp, indicator(program.indicator_count());
  // The unknowns the outputs read: a large model's outputs are a few of them, and only those are
  // interpolated at the output rows.
  const std::vector<std::uint32_t> output_y = program.outputs().columns_read(InputKind::Y);
  const std::vector<std::uint32_t> output_yp = program.outputs().columns_read(InputKind::YP);
  auto sample = [&](double t, std::vector<double>& ys, std::vector<double>& yps) {
    ida.interpolate(t, 0, ys);
    ida.interpolate(t, 1, yps);
  };
  const double eps = 1e-12 * std::max(1.0, std::fabs(options.stop));
  StateSelectionCheck selection(program);
  selection.check(options.start, result.initial.y.data(), result.initial.yp.data());
  auto step = [&] {
    try {
      return ida.step(options.stop);
    } catch (const SolverError& e) {
      // A failure near a singular state selection is that selection's fault: say so.
      if (auto trouble = selection.diagnose(ida.time(), ida.y(), ida.yp()))
        throw SolverError(e.time(), e.message() + "; " + *trouble);
      throw;
    }
  };
  // The components' assertions, after every step (and at the start).
  const std::size_t assertion_count = program.assertion_messages().size();
  std::vector<double> assertion(assertion_count);
  const auto check_assertions = [&](double t, const double* yy, const double* yyp) {
    if (assertion_count == 0) return;
    program.assertions().evaluate(program.inputs(t, yy, yyp), assertion.data(), branch.data());
    for (std::size_t k = 0; k < assertion_count; ++k)
      if (!(assertion[k] > 0.0)) throw SolverError(t, program.assertion_messages()[k]);
  };
  check_assertions(options.start, ida.y(), ida.yp());
  double t_prev = options.start;
  std::size_t steps = 0;
  for (;;) {
    IdaSession::Step s = step();
    const double t = ida.time();
    if (options.on_step) options.on_step(t, ++steps);
    selection.check(t, ida.y(), ida.yp());
    if (ledger) ledger->step(t_prev, t, sample);
    // Grid points up to the step's end; one that falls on an event is written after the event,
    // with the branch it switched to (the right limit, as Modelica tools report the event time).
    const bool event = s == IdaSession::Step::Root;
    while (!grid.done() && grid.time() <= t + eps && !(event && grid.time() >= t - eps)) {
      const double tg = std::min(grid.time(), t);
      ida.interpolate(tg, 0, output_y, y);
      if (!output_yp.empty()) ida.interpolate(tg, 1, output_yp, yp);  // outputs usually read y alone
      emit(grid.time(), y.data(), yp.data());
      grid.advance();
    }
    if (ledger) ledger->check_balance(t, ida.y(), ida.yp());
    check_assertions(t, ida.y(), ida.yp());  // after the rows up to here are written
    t_prev = t;
    if (s == IdaSession::Step::Stop || t >= options.stop - eps) break;
    bool restart = false;
    if (event) {
      std::vector<int> dir = ida.roots();
      for (std::size_t k = 0; k < dir.size(); ++k)
        if (dir[k] != 0) branch[k] = dir[k] > 0 ? 1.0 : -1.0;
      restart = true;
    }
    // An indicator that was exactly zero (at the start or at an event) takes the side the solution
    // has moved to; IDA reports no crossing for it.
    program.indicators().evaluate(program.inputs(t, ida.y(), ida.yp()), indicator.data());
    for (std::size_t k = 0; k < branch.size(); ++k)
      if (branch[k] == 0.0 && indicator[k] != 0.0) {
        branch[k] = sign_of(indicator[k]);
        restart = true;
      }
    if (restart) ida.restart();
    while (!grid.done() && std::fabs(grid.time() - t) <= eps) {
      emit(grid.time(), ida.y(), ida.yp());
      grid.advance();
    }
  }
  writer.end();
  result.integrate_seconds = seconds_since(t_integrate);
  result.statistics = ida.statistics();
  result.statistics.initialization_iterations = result.initial.newton_iterations;
  if (ledger) result.energy = ledger->report();
  return result;
}

}  // namespace acausal
