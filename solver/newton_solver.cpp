#include "solver/newton_solver.hpp"

#include <algorithm>
#include <cmath>
#include <new>

#include <sunnonlinsol/sunnonlinsol_newton.h>

namespace acausal {
namespace {

/// IDA's limit on the rate (RATEMAX in ida_nls.c): above it, IDA counts the iteration as diverging.
constexpr double kRateLimit = 0.9;

struct Content {
  SUNNonlinearSolver newton = nullptr;  ///< SUNDIALS' own, which does the iterations
  SUNNonlinSolConvTestFn ida_test = nullptr;
  void* ida_data = nullptr;
  double first_norm = 0.0;   ///< of this step's first correction
  double rate = 0.0;         ///< the largest rate measured in this step
  bool provisional = false;  ///< IDA's test took the first correction; the second checks it
  bool refresh = false;      ///< the next step starts with a new matrix
};

Content& content(SUNNonlinearSolver s) { return *static_cast<Content*>(s->content); }
SUNNonlinearSolver newton(SUNNonlinearSolver s) { return content(s).newton; }

/// IDA's test, then the first rule of the file comment.
int convergence_test(SUNNonlinearSolver nls, N_Vector correction, N_Vector delta, realtype tolerance, N_Vector weights,
                     void* data) {
  Content& c = *static_cast<Content*>(data);
  const int flag = c.ida_test(nls, correction, delta, tolerance, weights, c.ida_data);
  int m = 0;
  SUNNonlinSolGetCurIter(nls, &m);
  const double norm = N_VWrmsNorm(delta, weights);
  if (m == 0) {
    c.first_norm = norm;
    c.rate = 0.0;
    // A first correction below a thousandth of the tolerance is taken at once: what remains of it
    // cannot matter, and a second would measure only rounding.
    c.provisional = flag == SUN_NLS_SUCCESS && norm > 1e-3 * tolerance;
    return c.provisional ? SUN_NLS_CONTINUE : flag;
  }
  if (c.first_norm > 0.0) c.rate = std::max(c.rate, std::pow(norm / c.first_norm, 1.0 / m));
  if (m == 1 && c.provisional && c.rate > kRateLimit) return SUN_NLS_SUCCESS;
  return flag;
}

SUNNonlinearSolver_Type type(SUNNonlinearSolver) { return SUNNONLINEARSOLVER_ROOTFIND; }
int initialize(SUNNonlinearSolver s) { return SUNNonlinSolInitialize(newton(s)); }
int setup(SUNNonlinearSolver s, N_Vector y, void* mem) { return SUNNonlinSolSetup(newton(s), y, mem); }

int solve(SUNNonlinearSolver s, N_Vector y0, N_Vector correction, N_Vector weights, realtype tolerance,
          booleantype new_matrix, void* mem) {
  Content& c = content(s);
  const int flag = SUNNonlinSolSolve(c.newton, y0, correction, weights, tolerance, new_matrix || c.refresh, mem);
  c.refresh = flag == SUN_NLS_SUCCESS && c.rate > kRefreshRate;
  return flag;
}

int free_solver(SUNNonlinearSolver s) {
  if (s == nullptr) return SUN_NLS_SUCCESS;
  if (s->content != nullptr) {
    SUNNonlinSolFree(newton(s));
    delete &content(s);
    s->content = nullptr;
  }
  SUNNonlinSolFreeEmpty(s);
  return SUN_NLS_SUCCESS;
}

int set_system(SUNNonlinearSolver s, SUNNonlinSolSysFn f) { return SUNNonlinSolSetSysFn(newton(s), f); }
int set_setup(SUNNonlinearSolver s, SUNNonlinSolLSetupFn f) { return SUNNonlinSolSetLSetupFn(newton(s), f); }
int set_solve(SUNNonlinearSolver s, SUNNonlinSolLSolveFn f) { return SUNNonlinSolSetLSolveFn(newton(s), f); }
int set_test(SUNNonlinearSolver s, SUNNonlinSolConvTestFn f, void* data) {
  Content& c = content(s);
  c.ida_test = f;
  c.ida_data = data;
  return SUNNonlinSolSetConvTestFn(c.newton, convergence_test, &c);
}
int set_max_iterations(SUNNonlinearSolver s, int m) { return SUNNonlinSolSetMaxIters(newton(s), m); }
int iterations(SUNNonlinearSolver s, long* n) { return SUNNonlinSolGetNumIters(newton(s), n); }
int current_iteration(SUNNonlinearSolver s, int* m) { return SUNNonlinSolGetCurIter(newton(s), m); }
int failures(SUNNonlinearSolver s, long* n) { return SUNNonlinSolGetNumConvFails(newton(s), n); }

}  // namespace

SUNNonlinearSolver make_newton_solver(N_Vector y, SUNContext context) {
  SUNNonlinearSolver inner = SUNNonlinSol_Newton(y, context);
  if (inner == nullptr) return nullptr;
  SUNNonlinearSolver s = SUNNonlinSolNewEmpty(context);
  auto* c = s == nullptr ? nullptr : new (std::nothrow) Content;
  if (c == nullptr) {
    if (s != nullptr) SUNNonlinSolFreeEmpty(s);
    SUNNonlinSolFree(inner);
    return nullptr;
  }
  c->newton = inner;
  s->content = c;
  s->ops->gettype = type;
  s->ops->initialize = initialize;
  s->ops->setup = setup;
  s->ops->solve = solve;
  s->ops->free = free_solver;
  s->ops->setsysfn = set_system;
  s->ops->setlsetupfn = set_setup;
  s->ops->setlsolvefn = set_solve;
  s->ops->setctestfn = set_test;
  s->ops->setmaxiters = set_max_iterations;
  s->ops->getnumiters = iterations;
  s->ops->getcuriter = current_iteration;
  s->ops->getnumconvfails = failures;
  return s;
}

}  // namespace acausal
