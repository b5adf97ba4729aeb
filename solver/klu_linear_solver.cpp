#include "solver/klu_linear_solver.hpp"

#include <klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <new>

namespace acausal {
namespace {

/// Refactored pivots whose spread (klu_rcond) fell below this fraction of the spread after the last
/// factorization from scratch have drifted from the pivot order: factor anew.
constexpr double kPivotDecay = 1e-3;

struct Content {
  klu_l_common common{};
  klu_l_symbolic* symbolic = nullptr;
  klu_l_numeric* numeric = nullptr;
  double rcond_at_factor = 0.0;
  KluFactorizations count;
  int last_flag = 0;

  int flag(int f) {
    last_flag = f;
    return f;
  }

  void free_numeric() {
    if (numeric != nullptr) klu_l_free_numeric(&numeric, &common);
  }
  void free_all() {
    free_numeric();
    if (symbolic != nullptr) klu_l_free_symbolic(&symbolic, &common);
  }
};

Content& content(SUNLinearSolver s) { return *static_cast<Content*>(s->content); }

SUNLinearSolver_Type type(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID id(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int initialize(SUNLinearSolver s) {
  content(s).last_flag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}

/// Factors from scratch (analysing the pattern first when there is no analysis).
int factor(Content& c, sunindextype n, sunindextype* start, sunindextype* rows, double* values) {
  c.free_numeric();
  if (c.symbolic == nullptr) {
    c.symbolic = klu_l_analyze(n, start, rows, &c.common);
    if (c.symbolic == nullptr) return SUNLS_PACKAGE_FAIL_UNREC;
  }
  c.numeric = klu_l_factor(start, rows, values, c.symbolic, &c.common);
  if (c.numeric == nullptr || c.common.status != KLU_OK) return SUNLS_LUFACT_FAIL;
  ++c.count.from_scratch;
  if (!klu_l_rcond(c.symbolic, c.numeric, &c.common)) return SUNLS_PACKAGE_FAIL_UNREC;
  c.rcond_at_factor = c.common.rcond;
  return SUNLS_SUCCESS;
}

int setup(SUNLinearSolver s, SUNMatrix a) {
  Content& c = content(s);
  const sunindextype n = SUNSparseMatrix_Columns(a);
  sunindextype* start = SUNSparseMatrix_IndexPointers(a);
  sunindextype* rows = SUNSparseMatrix_IndexValues(a);
  double* values = SUNSparseMatrix_Data(a);
  if (c.numeric != nullptr && klu_l_refactor(start, rows, values, c.symbolic, c.numeric, &c.common) &&
      c.common.status == KLU_OK && klu_l_rcond(c.symbolic, c.numeric, &c.common) &&
      c.common.rcond >= kPivotDecay * c.rcond_at_factor) {
    ++c.count.refactored;
    return c.flag(SUNLS_SUCCESS);
  }
  return c.flag(factor(c, n, start, rows, values));
}

int solve(SUNLinearSolver s, SUNMatrix, N_Vector x, N_Vector b, double) {
  Content& c = content(s);
  N_VScale(1.0, b, x);
  double* data = N_VGetArrayPointer(x);
  if (c.numeric == nullptr || data == nullptr) return c.flag(SUNLS_MEM_NULL);
  if (!klu_l_solve(c.symbolic, c.numeric, c.symbolic->n, 1, data, &c.common)) return c.flag(SUNLS_PACKAGE_FAIL_REC);
  return c.flag(SUNLS_SUCCESS);
}

sunindextype last_flag(SUNLinearSolver s) { return content(s).last_flag; }

int free_solver(SUNLinearSolver s) {
  if (s == nullptr) return SUNLS_SUCCESS;
  if (s->content != nullptr) {
    content(s).free_all();
    delete &content(s);
    s->content = nullptr;
  }
  SUNLinSolFreeEmpty(s);
  return SUNLS_SUCCESS;
}

}  // namespace

SUNLinearSolver make_klu_linear_solver(SUNMatrix matrix, SUNContext context) {
  if (SUNMatGetID(matrix) != SUNMATRIX_SPARSE || SUNSparseMatrix_SparseType(matrix) != CSC_MAT) return nullptr;
  SUNLinearSolver s = SUNLinSolNewEmpty(context);
  if (s == nullptr) return nullptr;
  s->ops->gettype = type;
  s->ops->getid = id;
  s->ops->initialize = initialize;
  s->ops->setup = setup;
  s->ops->solve = solve;
  s->ops->lastflag = last_flag;
  s->ops->free = free_solver;
  auto* c = new (std::nothrow) Content;
  if (c == nullptr) {
    SUNLinSolFreeEmpty(s);
    return nullptr;
  }
  klu_l_defaults(&c->common);
  // COLAMD, as SUNDIALS' KLU module orders: with KLU's default AMD, MSL's PreLoad example (a spool
  // sticking and sliding for 100 s) closed its energy balance 10× less tightly.
  c->common.ordering = 1;
  s->content = c;
  return s;
}

void klu_linear_solver_new_pattern(SUNLinearSolver solver) { content(solver).free_all(); }

void klu_linear_solver_pivot_anew(SUNLinearSolver solver) { content(solver).free_numeric(); }

KluFactorizations klu_linear_solver_factorizations(SUNLinearSolver solver) { return content(solver).count; }

}  // namespace acausal
