#include "solver/simulation.hpp"

#include "core/analysis/program.hpp"
#include "solver/compiled_model.hpp"

#include <chrono>
#include <cmath>
#include <stdexcept>

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

}  // namespace

SimulationResult simulate(const Program& program, const SimulationOptions& options, ResultWriter& writer) {
  using Clock = std::chrono::steady_clock;
  auto seconds_since = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  if (auto problem = time_grid_problem(options.start, options.stop, options.interval))
    throw std::invalid_argument("simulate: " + *problem);
  SimulationResult result;
  Simulator sim(program, options);
  // Only the unknowns the outputs read are interpolated at the rows: a large model's outputs read a few.
  sim.set_sampled(program.outputs().columns_read(InputKind::Y), program.outputs().columns_read(InputKind::YP));
  const auto t_init = Clock::now();
  result.initial = sim.take_initial_state();
  result.initialize_seconds = seconds_since(t_init);
  const auto t_integrate = Clock::now();
  std::vector<double> out(program.outputs().output_count());
  const double eps = 1e-12 * std::max(1.0, std::fabs(options.stop));
  double last_event = -INFINITY;
  Grid grid(options.start, options.stop, options.interval);
  sim.on_event = [&](const SimulatorEvent& e) {
    writer.event(e.time, {e.outputs_before.begin(), e.outputs_before.end()},
                 {e.outputs_after.begin(), e.outputs_after.end()}, std::fabs(e.time - grid.time()) <= eps);
    result.rows += 2;
    last_event = e.time;
  };
  auto rows_written = [&] {
    if (options.on_row) options.on_row(sim);
  };
  writer.begin(program.output_names());
  sim.outputs(out.data());
  writer.row(options.start, out);
  ++result.rows;
  rows_written();
  for (grid.advance(); !grid.done(); grid.advance()) {
    sim.step_to(grid.time());
    if (std::fabs(grid.time() - last_event) > eps) {  // else the event's rows are this point's
      sim.outputs(out.data());
      writer.row(grid.time(), out);
      ++result.rows;
    }
    rows_written();
  }
  writer.end();
  result.integrate_seconds = seconds_since(t_integrate);
  result.statistics = sim.statistics();
  result.energy = sim.energy();
  return result;
}

SimulationResult simulate(const CompiledModel& model, const SimulationOptions& options, ResultWriter& writer) {
  return simulate(model.program(), options, writer);
}

}  // namespace acausal
