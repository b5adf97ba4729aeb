#pragma once
/// @file
/// What one run of a compiled Program changes, kept apart from the program: the values its tapes
/// read as parameters, the branch signs of its event indicators, and a workspace for each tape.

#include <span>
#include <vector>

#include "core/analysis/program.hpp"

namespace acausal {

/// One run's view of a Program. The program stays untouched: any number of states evaluate it at
/// once, one per run or thread. A state itself is for one thread at a time.
class ProgramState {
 public:
  /// Parameters zero (until the initialization fixes them) and every branch sign 0.
  explicit ProgramState(const Program& program);

  const Program& program() const { return *program_; }

  /// The values the tapes read as p: the initial parameters (Program::initial_parameters), fixed by
  /// the initialization.
  std::vector<double> parameters;
  /// The branch sign (−1, 0, +1) of each event indicator, as the last event left it: the residual,
  /// Jacobian, outputs, assertions and energy terms hold the branches these select.
  std::vector<double> branch;

  /// What the tapes read at (t, y, y'): these arrays and the parameters.
  TapeInputs inputs(double t, const double* y, const double* yp) const { return {t, y, yp, parameters.data()}; }

  /// F(t, y, y') into out[0 .. size).
  void residual(double t, const double* y, const double* yp, double* out);
  /// ∂F/∂y + cj·∂F/∂y' in the Jacobian's CSC pattern.
  void jacobian(double t, double cj, const double* y, const double* yp, double* values);
  /// ∂F/∂y then ∂F/∂y' (JacobianTape::partials), valid until the next call.
  std::span<const double> jacobian_partials(double t, const double* y, const double* yp);
  /// The indicators' values (they compare live: they are what decides the branches).
  void indicators(double t, const double* y, const double* yp, double* out);
  /// The outputs with the branches held; with `live`, every switch compares its operands instead (a
  /// model without unknowns has no events that would set the branches).
  void outputs(double t, const double* y, const double* yp, double* out, bool live = false);
  /// The assertions (each valid while > 0).
  void assertions(double t, const double* y, const double* yp, double* out);
  /// The state selection's pivot block entries (Program::selection).
  void selection(double t, const double* y, const double* yp, double* out);
  /// The energy terms and ∂F/∂t (ProgramOptions::energy). @throws std::logic_error without them.
  void energy(double t, const double* y, const double* yp, double* out);
  void energy_flows(double t, const double* y, const double* yp, double* out);
  void energy_stored(double t, const double* y, const double* yp, double* out);
  void time_partials(double t, const double* y, const double* yp, double* out);

 private:
  const Program* program_;
  Tape::Workspace residual_, indicators_, outputs_, assertions_, selection_, energy_, energy_flows_, energy_stored_,
      time_partials_;
  JacobianTape::Workspace jacobian_;
};

}  // namespace acausal
