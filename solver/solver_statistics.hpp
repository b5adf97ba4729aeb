#pragma once
/// @file
/// What the integrator did in a run.

namespace acausal {

struct SolverStatistics {
  long steps = 0;
  long residual_evaluations = 0;
  long jacobian_evaluations = 0;
  long newton_iterations = 0;
  long newton_failures = 0;
  long error_test_failures = 0;
  long factorizations = 0;    ///< of the iteration matrix, from scratch (pivoting)
  long refactorizations = 0;  ///< with the pivot order of the last factorization
  long events = 0;
  long state_choices = 0;     ///< where the run chose its states anew (dynamic state selection)
  int initialization_iterations = 0;
};

}  // namespace acausal
