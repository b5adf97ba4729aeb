#pragma once
/// @file
/// Internal (solver/ida_session.cpp): IDA's linear solver over KLU for the sparse iteration matrix
/// ∂F/∂y + c_j·∂F/∂y'.
///
/// SUNDIALS' own KLU module refactors a new matrix with the previous pivot order and then, whenever
/// KLU's condition estimate of the matrix exceeds 1/ε^(2/3) ≈ 2.7e10, factors it again from scratch.
/// A multibody model's iteration matrix mixes rows of masses, lengths and c_j = 1/h and is that
/// ill-conditioned at any motion: the 100-link pendulum chain factored from scratch at 1 081 of
/// 1 135 setups, and the factorization kernel took a quarter of the run. This solver keeps the
/// pivot order while the refactored pivots stay within kPivotDecay of their spread at the last
/// factorization from scratch (KLU's cheap reciprocal pivot ratio, klu_rcond), and factors from
/// scratch only then, or when refactoring finds a zero pivot.

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

namespace acausal {

/// A new solver for CSC matrices like `matrix` (sunindextype indices). Free with SUNLinSolFree.
SUNLinearSolver make_klu_linear_solver(SUNMatrix matrix, SUNContext context);

/// The matrix's pattern will change (the next setup analyses it anew).
void klu_linear_solver_new_pattern(SUNLinearSolver solver);

/// The next setup factors from scratch, choosing its pivots anew (the pattern's analysis is kept).
void klu_linear_solver_pivot_anew(SUNLinearSolver solver);

/// How often the solver factored from scratch and refactored, since it was made.
struct KluFactorizations {
  long from_scratch = 0;
  long refactored = 0;
};
KluFactorizations klu_linear_solver_factorizations(SUNLinearSolver solver);

}  // namespace acausal
