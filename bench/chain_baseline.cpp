#include "bench/chain_baseline.hpp"

#include <ida/ida.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "solver/fast_nvector.hpp"

namespace acausal_bench {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Chain {
  std::size_t n;
  double m, c, d;
};

// F(t, y, y') of the header, in one pass. Force of spring-damper i on its right mass: f_i.
int residual(sunrealtype, N_Vector yv, N_Vector ypv, N_Vector rv, void* user) {
  const Chain& ch = *static_cast<const Chain*>(user);
  const double* y = N_VGetArrayPointer(yv);
  const double* yp = N_VGetArrayPointer(ypv);
  double* r = N_VGetArrayPointer(rv);
  const std::size_t n = ch.n;
  double f_left = ch.c * y[0] + ch.d * yp[0];  // spring-damper 1, against the wall
  for (std::size_t i = 0; i < n; ++i) {
    const double s = y[2 * i], sp = yp[2 * i];
    const double f_right = i + 1 < n ? ch.c * (y[2 * i + 2] - s) + ch.d * (yp[2 * i + 2] - sp) : 0.0;
    r[2 * i] = y[2 * i + 1] - sp;
    r[2 * i + 1] = f_right - f_left - ch.m * yp[2 * i + 1];
    f_left = f_right;
  }
  return 0;
}

// dF/dy + cj·dF/dy' in CSC, the pattern acausal builds (rows ascending in each column):
//   column s_i: row of mass i−1 (c + cj·d), v_i − s'_i (−cj), mass i (−(2c + 2cj·d), or −(c + cj·d) for
//               the last mass), mass i+1 (c + cj·d)
//   column v_i: v_i − s'_i (1), mass i (−cj·m)
int jacobian(sunrealtype, sunrealtype cj, N_Vector, N_Vector, N_Vector, SUNMatrix J, void* user, N_Vector, N_Vector,
             N_Vector) {
  const Chain& ch = *static_cast<const Chain*>(user);
  sunindextype* colptr = SUNSparseMatrix_IndexPointers(J);
  sunindextype* row = SUNSparseMatrix_IndexValues(J);
  double* val = SUNSparseMatrix_Data(J);
  const auto n = static_cast<sunindextype>(ch.n);
  const double coupling = ch.c + cj * ch.d;
  sunindextype k = 0;
  auto put = [&](sunindextype r, double v) {
    row[k] = r;
    val[k] = v;
    ++k;
  };
  for (sunindextype i = 0; i < n; ++i) {
    const bool last = i + 1 == n;
    colptr[2 * i] = k;  // s_i
    if (i > 0) put(2 * i - 1, coupling);
    put(2 * i, -cj);
    put(2 * i + 1, last ? -coupling : -2.0 * coupling);
    if (!last) put(2 * i + 3, coupling);
    colptr[2 * i + 1] = k;  // v_i
    put(2 * i, 1.0);
    put(2 * i + 1, -cj * ch.m);
  }
  colptr[2 * n] = k;
  return 0;
}

/// Like acausal's CsvWriter: shortest round-trip numbers, one flush per row.
class Csv {
 public:
  explicit Csv(const std::string& path) : out_(path) {
    if (!out_) throw std::runtime_error("cannot write " + path);
  }
  void header(const std::vector<std::size_t>& masses) {
    out_ << "time";
    for (std::size_t k : masses) out_ << ",mass" << k << ".s";
    out_ << '\n';
    out_.flush();
  }
  void row(double t, const double* y, const std::vector<std::size_t>& masses) {
    put(t);
    for (std::size_t k : masses) {
      out_ << ',';
      put(y[2 * (k - 1)]);
    }
    out_ << '\n';
    out_.flush();
    if (!out_) throw std::runtime_error("writing the CSV failed");
  }

 private:
  void put(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    out_.write(buf, end - buf);
  }
  std::ofstream out_;
};

void check(int flag, const char* call) {
  if (flag < 0) throw std::runtime_error(std::string(call) + " returned " + IDAGetReturnFlagName(flag));
}

}  // namespace

BaselineResult run_baseline(const ChainSpec& spec, const std::string& csv_path, bool fast_ops) {
  BaselineResult result;
  const Clock::time_point t_setup = Clock::now();
  Chain ch{spec.n, spec.m, spec.c, spec.d};
  const std::size_t n = spec.n;
  const auto size = static_cast<sunindextype>(2 * n);
  const std::vector<std::size_t> masses = output_masses(n);

  SUNContext context = nullptr;
  if (SUNContext_Create(nullptr, &context) != 0) throw std::runtime_error("SUNContext_Create failed");
  N_Vector y = N_VNew_Serial(size, context), yp = N_VNew_Serial(size, context);
  N_Vector id = N_VNew_Serial(size, context), out = N_VNew_Serial(size, context);
  if (fast_ops)
    for (N_Vector v : {y, yp, id, out}) acausal::use_fast_vector_ops(v);
  // Consistent initial values: at rest, mass1 displaced; s' = v = 0, m·v' = f_{i+1} − f_i.
  double* y0 = N_VGetArrayPointer(y);
  double* yp0 = N_VGetArrayPointer(yp);
  std::fill(y0, y0 + size, 0.0);
  std::fill(yp0, yp0 + size, 0.0);
  y0[0] = spec.s1_0;
  yp0[1] = -2.0 * spec.c * spec.s1_0 / spec.m;
  if (n == 1)
    yp0[1] = -spec.c * spec.s1_0 / spec.m;
  else
    yp0[3] = spec.c * spec.s1_0 / spec.m;
  N_VConst(1.0, id);
  Csv csv(csv_path);  // acausal opens its CSV before the simulation too
  result.setup_seconds = seconds_since(t_setup);

  const Clock::time_point t_integrate = Clock::now();
  csv.header(masses);
  csv.row(spec.start, y0, masses);
  ++result.rows;

  const double rtol = 0.01 * spec.tolerance;
  void* ida = IDACreate(context);
  if (!ida) throw std::runtime_error("IDACreate failed");
  check(IDAInit(ida, residual, spec.start, y, yp), "IDAInit");
  check(IDASetUserData(ida, &ch), "IDASetUserData");
  check(IDASStolerances(ida, rtol, rtol), "IDASStolerances");  // atol_i = rtol · nominal_i, nominal 1
  check(IDASetId(ida, id), "IDASetId");
  check(IDASetSuppressAlg(ida, SUNTRUE), "IDASetSuppressAlg");
  check(IDASetStopTime(ida, spec.stop), "IDASetStopTime");
  check(IDASetMaxNumSteps(ida, 1000000), "IDASetMaxNumSteps");
  const auto nnz = static_cast<sunindextype>(6 * n - 2);
  SUNMatrix J = SUNSparseMatrix(size, size, nnz, CSC_MAT, context);
  SUNLinearSolver ls = SUNLinSol_KLU(y, J, context);
  if (!J || !ls) throw std::runtime_error("creating the KLU solver failed");
  check(IDASetLinearSolver(ida, ls, J), "IDASetLinearSolver");
  check(IDASetJacFn(ida, jacobian), "IDASetJacFn");

  // The output grid start, start + dt, …, ending exactly at stop (as acausal's).
  const auto count = static_cast<std::size_t>(std::ceil((spec.stop - spec.start) / spec.interval - 1e-9));
  auto grid_time = [&](std::size_t k) {
    return k == count ? spec.stop : spec.start + static_cast<double>(k) * spec.interval;
  };
  std::size_t next = 1;
  const double eps = 1e-12 * std::max(1.0, std::fabs(spec.stop));
  const double* yo = N_VGetArrayPointer(out);
  for (;;) {
    sunrealtype t = 0.0;
    const int flag = IDASolve(ida, spec.stop, &t, y, yp, IDA_ONE_STEP);
    check(flag, "IDASolve");
    for (; next <= count && grid_time(next) <= t + eps; ++next) {
      check(IDAGetDky(ida, std::min(grid_time(next), t), 0, out), "IDAGetDky");
      csv.row(grid_time(next), yo, masses);
      ++result.rows;
    }
    if (flag == IDA_TSTOP_RETURN || t >= spec.stop - eps) break;
  }
  result.integrate_seconds = seconds_since(t_integrate);

  IDAGetNumSteps(ida, &result.steps);
  IDAGetNumResEvals(ida, &result.residual_evaluations);
  IDAGetNumJacEvals(ida, &result.jacobian_evaluations);
  IDAGetNumNonlinSolvIters(ida, &result.newton_iterations);
  IDAGetNumNonlinSolvConvFails(ida, &result.newton_failures);
  IDAGetNumErrTestFails(ida, &result.error_test_failures);
  IDAFree(&ida);
  SUNLinSolFree(ls);
  SUNMatDestroy(J);
  for (N_Vector v : {y, yp, id, out}) N_VDestroy(v);
  SUNContext_Free(&context);
  return result;
}

}  // namespace acausal_bench
