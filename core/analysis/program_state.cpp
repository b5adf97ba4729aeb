#include "core/analysis/program_state.hpp"

#include <algorithm>
#include <limits>

namespace acausal {

ProgramState::ProgramState(const Program& program)
    : parameters(program.initial_parameters().symbols.size(), 0.0),
      branch(program.indicator_count(), 0.0),
      input_values(program.input_names().size(), std::numeric_limits<double>::quiet_NaN()),
      program_(&program),
      input_functions_(program.input_names().size()),
      residual_(program.residual().workspace()),
      indicators_(program.indicators().workspace()),
      outputs_(program.outputs().workspace()),
      assertions_(program.assertions().workspace()),
      selection_(program.selection().workspace()),
      jacobian_(program.jacobian().workspace()) {
  if (program.has_energy()) {
    energy_flows_ = program.energy_flows().workspace();
    energy_stored_ = program.energy_stored().workspace();
  }
  if (program.has_power_audit()) {
    energy_ = program.energy().workspace();
    time_partials_ = program.time_partials().workspace();
  }
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

void ProgramState::energy_stored(double t, const double* y, const double* yp, double* out) {
  program_->energy_stored().evaluate(inputs(t, y, yp), out, branch.data(), energy_stored_);
}

void ProgramState::time_partials(double t, const double* y, const double* yp, double* out) {
  program_->time_partials().evaluate(inputs(t, y, yp), out, branch.data(), time_partials_);
}

}  // namespace acausal
