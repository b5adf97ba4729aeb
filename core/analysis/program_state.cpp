#include "core/analysis/program_state.hpp"

#include <algorithm>
#include <limits>

namespace acausal {

ProgramState::ProgramState(const Program& program)
    : parameters(program.initial_parameters().names.size(), 0.0),
      branch(program.indicator_count(), 0.0),
      input_values(program.input_names().size(), std::numeric_limits<double>::quiet_NaN()),
      discrete(program.discretes().input_size(), 0.0),
      indicator_active(program.indicator_count(), 1.0),
      program_(&program),
      input_functions_(program.input_names().size()),
      tunable_values_(program.tunable_build_values().begin(), program.tunable_build_values().end()),
      residual_(program.residual().workspace()),
      indicators_(program.indicators().workspace()),
      outputs_(program.outputs().workspace()),
      assertions_(program.assertions().workspace()),
      selection_(program.selection().workspace()),
      discrete_update_(program.discrete_update().workspace()),
      indicator_activity_(program.indicator_activity().workspace()),
      jump_values_(program.jump_values().workspace()),
      jacobian_(program.jacobian().workspace()) {
  reset_discretes();
  if (program.has_energy()) {
    energy_flows_ = program.energy_flows().workspace();
    energy_stored_ = program.energy_stored().workspace();
    energy_totals_ = program.energy_totals().workspace();
    energy_totals_jacobian_ = program.energy_totals_jacobian().workspace();
  }
  if (program.has_power_audit()) {
    energy_ = program.energy().workspace();
    time_partials_ = program.time_partials().workspace();
  }
}

void ProgramState::set_tunable_values(std::vector<double> values) {
  const CompiledTrace& trace = program_->trace();
  if (values.size() != trace.parameter_names().size())
    throw std::invalid_argument("set_tunable_values: " + std::to_string(values.size()) + " values for " +
                                std::to_string(trace.parameter_names().size()) + " tunable parameters");
  if (std::optional<std::string> failed = trace.failed_check(values)) throw std::invalid_argument(*failed);
  std::vector<double> steps = trace.replay(values);
  if (std::optional<std::string> broken = trace.broken_guard(steps, values)) throw std::invalid_argument(*broken);
  tunable_values_ = std::move(values);
  trace_values_ = std::move(steps);
  const auto value = [this](std::uint32_t step) { return step_value(step); };
  const Program& p = *program_;
  p.residual().parameterize(residual_, value);
  p.indicators().parameterize(indicators_, value);
  p.outputs().parameterize(outputs_, value);
  p.assertions().parameterize(assertions_, value);
  p.selection().parameterize(selection_, value);
  p.discrete_update().parameterize(discrete_update_, value);
  p.indicator_activity().parameterize(indicator_activity_, value);
  p.jump_values().parameterize(jump_values_, value);
  p.jacobian().parameterize(jacobian_, value);
  if (p.has_energy()) {
    p.energy_flows().parameterize(energy_flows_, value);
    p.energy_stored().parameterize(energy_stored_, value);
    p.energy_totals().parameterize(energy_totals_, value);
    p.energy_totals_jacobian().parameterize(energy_totals_jacobian_, value);
  }
  if (p.has_power_audit()) {
    p.energy().parameterize(energy_, value);
    p.time_partials().parameterize(time_partials_, value);
  }
}

void ProgramState::reset_discretes() {
  const std::vector<double>& starts = program_->discretes().starts;
  std::copy(starts.begin(), starts.end(), discrete.begin());
  std::copy(starts.begin(), starts.end(), discrete.begin() + static_cast<std::ptrdiff_t>(starts.size()));
  discrete.back() = 0.0;
  id = program_->id();
}

void ProgramState::update_indicator_activity(double t, const double* y, const double* yp, const std::vector<double>& bands) {
  if (program_->discretes().names.empty()) return;
  std::vector<double> active(indicator_active.size()), value(indicator_active.size());
  program_->indicator_activity().evaluate(inputs(t, y, yp), active.data(), nullptr, indicator_activity_);
  bool woke = false;
  for (std::size_t k = 0; k < active.size(); ++k) woke = woke || (active[k] != 0.0 && indicator_active[k] == 0.0);
  if (woke) indicators(t, y, yp, value.data());
  for (std::size_t k = 0; k < active.size(); ++k) {
    if (active[k] != 0.0 && indicator_active[k] == 0.0) branch[k] = value[k] > bands[k] ? 1.0 : (value[k] < -bands[k] ? -1.0 : 0.0);
    indicator_active[k] = active[k];
  }
}

void ProgramState::discrete_update(double t, const double* y, const double* yp, const double* sides, double* out) {
  program_->discrete_update().evaluate(inputs(t, y, yp), out, sides, discrete_update_);
}

void ProgramState::jump_values(double t, const double* y, const double* yp, double* out) {
  program_->jump_values().evaluate(inputs(t, y, yp), out, nullptr, jump_values_);
}

Tape::Workspace ProgramState::workspace(const Tape& tape) const {
  Tape::Workspace work = tape.workspace();
  if (!trace_values_.empty()) tape.parameterize(work, [this](std::uint32_t step) { return step_value(step); });
  return work;
}

JacobianTape::Workspace ProgramState::workspace(const JacobianTape& tape) const {
  JacobianTape::Workspace work = tape.workspace();
  if (!trace_values_.empty()) tape.parameterize(work, [this](std::uint32_t step) { return step_value(step); });
  return work;
}

std::vector<double> ProgramState::indicator_scales(double t, const double* y, const double* yp) {
  const Tape& tape = program_->indicator_scales_tape();
  std::vector<double> scales(tape.output_count());
  Tape::Workspace work = workspace(tape);
  tape.evaluate(inputs(t, y, yp), scales.data(), nullptr, work);
  return scales;
}

void ProgramState::set_input_function(std::size_t k, std::function<double(double t)> f) {
  input_functions_.at(k) = std::move(f);
  has_input_functions_ =
      std::any_of(input_functions_.begin(), input_functions_.end(), [](const auto& g) { return bool(g); });
}

void ProgramState::evaluate_input_functions(double t) {
  for (std::size_t k = 0; k < input_functions_.size(); ++k)
    if (input_functions_[k]) input_values[k] = input_functions_[k](t);
}

void ProgramState::residual(double t, const double* y, const double* yp, double* out) {
  program_->residual().evaluate(inputs(t, y, yp), out, branch.data(), residual_);
}

void ProgramState::jacobian(double t, double cj, const double* y, const double* yp, double* values) {
  program_->jacobian().evaluate(inputs(t, y, yp), cj, values, branch.data(), jacobian_);
}

std::span<const double> ProgramState::jacobian_partials(double t, const double* y, const double* yp) {
  return program_->jacobian().partials(inputs(t, y, yp), branch.data(), jacobian_);
}

void ProgramState::indicators(double t, const double* y, const double* yp, double* out) {
  program_->indicators().evaluate(inputs(t, y, yp), out, nullptr, indicators_);
}

void ProgramState::outputs(double t, const double* y, const double* yp, double* out, bool live) {
  program_->outputs().evaluate(inputs(t, y, yp), out, live ? nullptr : branch.data(), outputs_);
}

void ProgramState::assertions(double t, const double* y, const double* yp, double* out) {
  program_->assertions().evaluate(inputs(t, y, yp), out, branch.data(), assertions_);
}

void ProgramState::selection(double t, const double* y, const double* yp, double* out) {
  program_->selection().evaluate(inputs(t, y, yp), out, nullptr, selection_);
}

void ProgramState::energy(double t, const double* y, const double* yp, double* out) {
  program_->energy().evaluate(inputs(t, y, yp), out, branch.data(), energy_);
}

void ProgramState::energy_flows(double t, const double* y, const double* yp, double* out) {
  program_->energy_flows().evaluate(inputs(t, y, yp), out, branch.data(), energy_flows_);
}

void ProgramState::energy_totals(double t, const double* y, const double* yp, double* out) {
  program_->energy_totals().evaluate(inputs(t, y, yp), out, branch.data(), energy_totals_);
}

void ProgramState::energy_totals_jacobian(double t, double cj, const double* y, const double* yp, double* values) {
  program_->energy_totals_jacobian().evaluate(inputs(t, y, yp), cj, values, branch.data(), energy_totals_jacobian_);
}

void ProgramState::energy_stored(double t, const double* y, const double* yp, double* out) {
  program_->energy_stored().evaluate(inputs(t, y, yp), out, branch.data(), energy_stored_);
}

void ProgramState::time_partials(double t, const double* y, const double* yp, double* out) {
  program_->time_partials().evaluate(inputs(t, y, yp), out, branch.data(), time_partials_);
}

}  // namespace acausal
