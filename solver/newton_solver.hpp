#pragma once
/// @file
/// IDA's Newton iteration (SUNDIALS' SUNNonlinSol_Newton) with two rules of our own for models
/// whose iteration matrix changes with the solution. IDA keeps an iteration matrix over several
/// steps, and takes a step's first Newton correction as converged when the convergence rate it
/// measured in an earlier step says the rest is below the tolerance. A multibody model's matrix
/// follows its configuration, so that rate goes stale while the steps are accepted on it: the
/// accepted solutions then carry errors up to the Newton tolerance, IDA's error estimates see
/// them, and its order selection keeps the order low (the 100-link pendulum chain took 3018 steps,
/// mostly at orders 3–4, 200 of them failing the error test; with these rules 1861 steps, nearly all
/// at order 5, and 1 error test failure: bench/README.md).
///
/// 1. The first correction is checked by a second iteration, which measures the rate of this step.
///    Where the second does not contract (IDA's limit, a rate above 0.9: a direction the matrix does
///    not resolve, or one whose corrections are rounding above its tolerance), the step is taken as
///    IDA would have taken it.
/// 2. After a step whose measured rate exceeded kRefreshRate, the next step starts with a new
///    iteration matrix: the one it has is losing its grip on the configuration, and the next step
///    would likely fail Newton with it (each such failure is a new matrix and the step again). At
///    0.5 the pendulum chains fail Newton on under 1 % of their steps and take the least time; at
///    0.2 they take half again as many matrices, without the rule 15 % of the steps fail (N = 300,
///    2026-11-27).

#include <sundials/sundials_context.h>
#include <sundials/sundials_nonlinearsolver.h>
#include <sundials/sundials_nvector.h>

namespace acausal {

/// The rate above which the next step takes a new iteration matrix.
inline constexpr double kRefreshRate = 0.5;

/// The Newton solver for IDASetNonlinearSolver (the caller frees it after IDAFree). Null when
/// SUNDIALS cannot allocate it.
SUNNonlinearSolver make_newton_solver(N_Vector y, SUNContext context);

}  // namespace acausal
