#include "solver/ida_session.hpp"

#include <idas/idas.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <sstream>

#include "solver/fast_nvector.hpp"
#include "solver/klu_linear_solver.hpp"
#include "solver/newton_solver.hpp"
#include "solver/nonfinite.hpp"
#include "solver/solver_error.hpp"

namespace acausal {

std::string SolverError::format_time(double t) {
  std::ostringstream os;
  os.precision(10);
  os << t;
  return os.str();
}

struct IdaSession::Handles {
  SUNContext context = nullptr;
  void* ida = nullptr;
  N_Vector y = nullptr, yp = nullptr, id = nullptr, atol = nullptr, q = nullptr, q_atol = nullptr;
  N_Vector stepping_id = nullptr;  ///< id with the controlled algebraic unknowns set (the error test's)
  N_Vector view = nullptr;  ///< interpolation's: over the caller's array (made once: a row of output each)
  SUNMatrix matrix = nullptr;
  SUNLinearSolver solver = nullptr;
  SUNNonlinearSolver newton = nullptr;  ///< ours (solver/newton_solver.hpp), when the matrix varies
  ~Handles() {
    if (ida) IDAFree(&ida);
    if (newton) SUNNonlinSolFree(newton);
    if (solver) SUNLinSolFree(solver);
    if (matrix) SUNMatDestroy(matrix);
    for (N_Vector v : {y, yp, id, atol, q, q_atol, stepping_id, view})
      if (v) N_VDestroy(v);
    if (context) SUNContext_Free(&context);
  }
};

namespace {

IdaSession* self(void* user) { return static_cast<IdaSession*>(user); }

}  // namespace

// The trampolines are friends in spirit: they reach the session through IDA's user data.
struct IdaCallbacks {
  static int residual(realtype t, N_Vector y, N_Vector yp, N_Vector r, void* user) {
    IdaSession* s = self(user);
    try {
      const double* y_ = N_VGetArrayPointer(y);
      const double* yp_ = N_VGetArrayPointer(yp);
      double* r_ = N_VGetArrayPointer(r);
      s->state_.residual(t, y_, yp_, r_);
      const std::size_t n = s->program_.size(), size = s->size_;
      if (size > n) {
        s->integrals_.rate(t, y_, yp_, s->rates_.data());
        for (std::size_t j = n; j < size; ++j) r_[j] = yp_[j] - s->rates_[j - n];
      }
      if (const std::size_t i = first_nonfinite(r_, size); i != size) {
        s->nonfinite_residual_ = i;
        return 1;  // recoverable: IDA retries with a smaller step
      }
      return 0;
    } catch (...) {
      s->pending_ = std::current_exception();
      return -1;
    }
  }

  static int jacobian(realtype t, realtype cj, N_Vector y, N_Vector yp, N_Vector, SUNMatrix J, void* user, N_Vector,
                      N_Vector, N_Vector) {
    IdaSession* s = self(user);
    try {
      const double shift = s->diagonal_shift_;
      const IdaSession::IterationPattern& pattern = shift > 0.0 ? s->shifted_pattern_ : s->pattern_;
      std::copy(pattern.col_start.begin(), pattern.col_start.end(), SUNSparseMatrix_IndexPointers(J));
      std::copy(pattern.row_index.begin(), pattern.row_index.end(), SUNSparseMatrix_IndexValues(J));
      double* data = SUNSparseMatrix_Data(J);
      if (pattern.program_only) {  // the program's own pattern: its values as they are
        s->state_.jacobian(t, cj, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), data);
        s->update_term_scales(pattern, data, N_VGetArrayPointer(y));
        return 0;
      }
      std::vector<double>& values = s->program_jacobian_;
      s->state_.jacobian(t, cj, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), values.data());
      std::fill(data, data + pattern.row_index.size(), 0.0);
      for (std::size_t e = 0; e < values.size(); ++e) data[pattern.program_entry[e]] += values[e];
      // The diagonal: an integral's ∂/∂w'; for the program's unknowns the shift of a singular
      // configuration, if any (see IterationPattern).
      const std::size_t n = s->program_.size();
      for (std::size_t j = 0; j < s->size_; ++j) {
        if (j >= n) {
          data[pattern.diagonal[j]] = cj;
          continue;
        }
        if (shift == 0.0) continue;
        double largest = 0.0;
        for (auto e = static_cast<std::size_t>(pattern.col_start[j]); e < static_cast<std::size_t>(pattern.col_start[j + 1]); ++e)
          largest = std::max(largest, std::fabs(data[e]));
        data[pattern.diagonal[j]] += shift * largest;
      }
      s->update_term_scales(pattern, data, N_VGetArrayPointer(y));
      if (!s->rate_jacobian_.empty()) {
        std::vector<double>& rates = s->rate_jacobian_;
        s->integrals_.rate_jacobian(t, cj, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), rates.data());
        for (std::size_t e = 0; e < rates.size(); ++e) data[pattern.rate_entry[e]] = -rates[e];
      }
      return 0;
    } catch (...) {
      s->pending_ = std::current_exception();
      return -1;
    }
  }

  static int quadrature(realtype t, N_Vector y, N_Vector yp, N_Vector rate, void* user) {
    IdaSession* s = self(user);
    try {
      s->quadrature_rhs_(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), N_VGetArrayPointer(rate));
      return 0;
    } catch (...) {
      s->pending_ = std::current_exception();
      return -1;
    }
  }

  /// IDA's error weights 1/(rtol·|y_i| + atol_i), as IDASVtolerances would set them, but from atol
  /// as it is at each step (set_integrals_magnitude changes it during the run; IDASVtolerances may
  /// be called only before IDA's first step), the integrals' times their weight.
  static int error_weights(N_Vector y, N_Vector ewt, void* user) {
    IdaSession* s = self(user);
    const double* y_ = N_VGetArrayPointer(y);
    const double* atol = N_VGetArrayPointer(s->h_->atol);
    double* w = N_VGetArrayPointer(ewt);
    const std::size_t n = s->program_.size();
    for (std::size_t i = 0; i < s->size_; ++i) {
      const double tolerance = s->rtol_ * std::fabs(y_[i]) + atol[i];
      if (!(tolerance > 0.0)) return -1;
      w[i] = (i < n ? 1.0 : s->integrals_.weight) / tolerance;
    }
    for (const IdaSession::OutputOnly& o : s->output_only_)
      w[o.column] = 1.0 / (s->rtol_ * std::max(std::fabs(y_[o.column]), o.term_scale) + atol[o.column]);
    return 0;
  }

  /// IDA's own message goes into the SolverError instead of to stderr.
  static void error(int, const char*, const char*, char* message, void* user) { self(user)->ida_message_ = message; }

  static int roots(realtype t, N_Vector y, N_Vector yp, realtype* g, void* user) {
    IdaSession* s = self(user);
    try {
      s->state_.indicators(t, N_VGetArrayPointer(y), N_VGetArrayPointer(yp), g);
      // An indicator whose crossing can change nothing now (ProgramState::indicator_active) is
      // held away from zero: no root, no event.
      for (std::size_t k = 0; k < s->band_.size(); ++k)
        g[k] = s->state_.indicator_active[k] != 0.0 ? g[k] + s->state_.branch[k] * s->band_[k] : 1.0;
      return 0;
    } catch (...) {
      s->pending_ = std::current_exception();
      return -1;
    }
  }
};

IdaSession::IterationPattern::IterationPattern(const SparsityPattern& program, const SparsityPattern& rates,
                                               std::size_t size, bool every_diagonal) {
  col_start.assign(size + 1, 0);
  program_entry.resize(program.row_index.size());
  rate_entry.resize(rates.row_index.size());
  diagonal.resize(size);
  const auto push = [this](std::size_t row) {
    row_index.push_back(static_cast<std::int64_t>(row));
    return row_index.size() - 1;
  };
  for (std::size_t j = 0; j < size; ++j) {
    col_start[j] = static_cast<std::int64_t>(row_index.size());
    bool has_diagonal = false;  // placed in row order among the column's (ascending) entries
    if (j < program.cols)
      for (auto e = static_cast<std::size_t>(program.col_start[j]); e < static_cast<std::size_t>(program.col_start[j + 1]); ++e) {
        const auto row = static_cast<std::size_t>(program.row_index[e]);
        if (!has_diagonal && row > j && every_diagonal) {
          diagonal[j] = push(j);
          has_diagonal = true;
        }
        program_entry[e] = push(row);
        if (row == j) {
          diagonal[j] = program_entry[e];
          has_diagonal = true;
        }
      }
    if (!has_diagonal) diagonal[j] = every_diagonal || j >= program.cols ? push(j) : kNoEntry;
    // The integrals' rows (after all of the program's).
    if (j < rates.cols)
      for (auto e = static_cast<std::size_t>(rates.col_start[j]); e < static_cast<std::size_t>(rates.col_start[j + 1]); ++e)
        rate_entry[e] = push(program.rows + static_cast<std::size_t>(rates.row_index[e]));
  }
  col_start[size] = static_cast<std::int64_t>(row_index.size());
  program_only = !every_diagonal && size == program.cols && rates.row_index.empty();
}

IdaSession::IdaSession(ProgramState& state, double t0, const std::vector<double>& y, const std::vector<double>& yp,
                       double tolerance, double t_stop, Integrals integrals)
    : state_(state),
      program_(state.program()),
      integrals_(std::move(integrals)),
      size_(program_.size() + integrals_.names.size()),
      rates_(integrals_.names.size()),
      h_(std::make_unique<Handles>()),
      t_(t0),
      t_stop_(t_stop) {
  const Program& program = program_;
  const auto n = static_cast<sunindextype>(size_);
  const double rtol = rtol_ = 0.01 * tolerance;
  band_ = state.indicator_scales(t0, y.data(), yp.data());
  for (double& e : band_) e *= rtol;
  if (SUNContext_Create(nullptr, &h_->context) != 0) throw SolverError(t0, "SUNContext_Create failed");
  h_->y = N_VNew_Serial(n, h_->context);
  h_->yp = N_VNew_Serial(n, h_->context);
  h_->id = N_VNew_Serial(n, h_->context);
  h_->atol = N_VNew_Serial(n, h_->context);
  // Our vector operations instead of Debian's unoptimized ones; IDA's work vectors are clones of
  // y, yp, id and atol and inherit them.
  for (N_Vector v : {h_->y, h_->yp, h_->id, h_->atol}) {
    if (!v) throw SolverError(t0, "N_VNew_Serial failed");
    use_fast_vector_ops(v);
  }
  std::copy(y.begin(), y.end(), N_VGetArrayPointer(h_->y));
  std::copy(yp.begin(), yp.end(), N_VGetArrayPointer(h_->yp));
  std::copy(state.id.begin(), state.id.end(), N_VGetArrayPointer(h_->id));
  for (std::size_t i = 0; i < program.size(); ++i) N_VGetArrayPointer(h_->atol)[i] = rtol * program.nominal()[i];
  if (!rates_.empty()) {
    // The integrals start at 0 with their rates: differential unknowns of magnitude `magnitude`.
    integrals_.rate(t0, y.data(), yp.data(), rates_.data());
    for (std::size_t j = 0, i = program.size(); j < rates_.size(); ++j, ++i) {
      N_VGetArrayPointer(h_->y)[i] = 0.0;
      N_VGetArrayPointer(h_->yp)[i] = rates_[j];
      N_VGetArrayPointer(h_->id)[i] = 1.0;
      N_VGetArrayPointer(h_->atol)[i] = rtol * integrals_.magnitude;
    }
  }

  {
    // The output-only unknowns (see OutputOnly) and their rows' other entries.
    const SparsityPattern& jacobian = program.jacobian().pattern();
    std::vector<std::size_t> of_row(jacobian.rows, kNone);
    for (std::size_t j = 0; j < program.size(); ++j) {
      const auto first = static_cast<std::size_t>(jacobian.col_start[j]);
      if (state.id[j] != 0.0 || jacobian.col_start[j + 1] != jacobian.col_start[j] + 1 ||
          !program.jacobian().constant_entry(first))
        continue;
      of_row[static_cast<std::size_t>(jacobian.row_index[first])] = output_only_.size();
      output_only_.push_back({j, first, {}});
    }
    for (std::size_t c = 0; c < program.size(); ++c)
      for (auto e = static_cast<std::size_t>(jacobian.col_start[c]); e < static_cast<std::size_t>(jacobian.col_start[c + 1]); ++e)
        if (const std::size_t k = of_row[static_cast<std::size_t>(jacobian.row_index[e])]; k != kNone && output_only_[k].column != c)
          output_only_[k].others.emplace_back(e, c);
  }
  h_->ida = IDACreate(h_->context);
  if (!h_->ida) throw SolverError(t0, "IDACreate failed");
  auto check = [&](int flag, const char* call) {
    if (flag < 0) fail(flag, call);
  };
  check(IDAInit(h_->ida, IdaCallbacks::residual, t0, h_->y, h_->yp), "IDAInit");
  check(IDASetUserData(h_->ida, this), "IDASetUserData");
  if (!program.jacobian().constant()) {
    h_->newton = make_newton_solver(h_->y, h_->context);
    if (!h_->newton) throw SolverError(t0, "creating the Newton solver failed");
    check(IDASetNonlinearSolver(h_->ida, h_->newton), "IDASetNonlinearSolver");
  }
  check(IDASetErrHandlerFn(h_->ida, IdaCallbacks::error, this), "IDASetErrHandlerFn");
  check(IDAWFtolerances(h_->ida, IdaCallbacks::error_weights), "IDAWFtolerances");
  check(IDASetId(h_->ida, h_->id), "IDASetId");
  check(IDASetSuppressAlg(h_->ida, SUNTRUE), "IDASetSuppressAlg");
  check(IDASetStopTime(h_->ida, t_stop), "IDASetStopTime");
  check(IDASetMaxNumSteps(h_->ida, 1000000), "IDASetMaxNumSteps");
  // Without a floor IDA can creep toward a singularity with steps below the resolution of t and
  // never return; below this step it reports failure instead.
  check(IDASetMinStep(h_->ida, 1e-13 * std::max({1.0, std::fabs(t0), std::fabs(t_stop)})), "IDASetMinStep");
  pattern_ = IterationPattern(program.jacobian().pattern(), integrals_.rate_pattern, size_, false);
  shifted_pattern_ = IterationPattern(program.jacobian().pattern(), integrals_.rate_pattern, size_, true);
  program_jacobian_.resize(program.jacobian().pattern().nonzeros());
  rate_jacobian_.resize(integrals_.rate_pattern.nonzeros());
  const auto nnz = static_cast<sunindextype>(std::max<std::size_t>(1, shifted_pattern_.row_index.size()));
  h_->matrix = SUNSparseMatrix(n, n, nnz, CSC_MAT, h_->context);
  h_->solver = make_klu_linear_solver(h_->matrix, h_->context);
  if (!h_->matrix || !h_->solver) throw SolverError(t0, "creating the KLU sparse solver failed");
  check(IDASetLinearSolver(h_->ida, h_->solver, h_->matrix), "IDASetLinearSolver");
  check(IDASetJacFn(h_->ida, IdaCallbacks::jacobian), "IDASetJacFn");
  // IDA keeps an iteration matrix until Newton fails with it or c_j = α/h moves by more than a
  // quarter; a multibody matrix follows the configuration (the rotations). Up to 10 Newton
  // iterations, not IDA's 4: with IDA's own rules the 100-link pendulum chain failed Newton at 21 %
  // of its steps with 4, 9 % with 10. With newton_solver.hpp's rules the limit hardly matters (4 or
  // 10: the same steps, 2026-11-27). A linear model's Newton converges at once.
  check(IDASetMaxNonlinIters(h_->ida, 10), "IDASetMaxNonlinIters");
  if (program.indicator_count() > 0)
    check(IDARootInit(h_->ida, static_cast<int>(program.indicator_count()), IdaCallbacks::roots), "IDARootInit");
}

IdaSession::~IdaSession() = default;

void IdaSession::update_term_scales(const IterationPattern& pattern, const double* data, const double* y) {
  const auto value = [&](std::size_t e) { return data[pattern.program_only ? e : pattern.program_entry[e]]; };
  for (OutputOnly& o : output_only_) {
    double sum = 0.0;
    for (const auto& [e, c] : o.others) sum += std::fabs(value(e) * y[c]);
    o.term_scale = sum / std::fabs(value(o.own_entry));
  }
}

void IdaSession::fail(int flag, const char* call) {
  if (pending_) std::rethrow_exception(std::exchange(pending_, nullptr));
  char* flag_name = IDAGetReturnFlagName(flag);
  std::string text = std::string(call) + " returned " + flag_name;
  std::free(flag_name);  // IDA allocates the name
  if (!ida_message_.empty()) text += " (" + ida_message_ + ")";
  if (nonfinite_residual_ != kNone) {
    text += "; the residual of " + program_.residual_provenance(nonfinite_residual_);
    text += ", was not finite";
  }
  // The variables with the largest weighted local error estimates point at the trouble.
  const std::size_t n = size_;
  if (h_->ida && n > 0) {
    N_Vector w = N_VClone(h_->y), e = N_VClone(h_->y);
    if (IDAGetErrWeights(h_->ida, w) == IDA_SUCCESS && IDAGetEstLocalErrors(h_->ida, e) == IDA_SUCCESS) {
      std::vector<std::pair<double, std::size_t>> ranked;
      for (std::size_t i = 0; i < n; ++i)
        ranked.emplace_back(std::fabs(N_VGetArrayPointer(w)[i] * N_VGetArrayPointer(e)[i]), i);
      std::sort(ranked.rbegin(), ranked.rend());
      if (ranked[0].first > 0.0) text += "; largest weighted local errors:";
      for (std::size_t k = 0; k < std::min<std::size_t>(5, ranked.size()) && ranked[k].first > 0.0; ++k) {
        std::ostringstream os;
        const std::size_t i = ranked[k].second;
        const std::size_t program_size = program_.size();
        os << " " << (i < program_size ? program_.name(i) : integrals_.names[i - program_size]) << " ("
           << ranked[k].first << ")";
        text += os.str();
      }
    }
    N_VDestroy(w);
    N_VDestroy(e);
  }
  throw SolverError(t_, text);
}

IdaSession::Step IdaSession::step(double tout) {
  realtype tret = t_;
  int flag = IDASolve(h_->ida, tout, &tret, h_->y, h_->yp, IDA_ONE_STEP);
  if (flag < 0 && singular_failure(flag) && diagonal_shift_ == 0.0) {
    // The iteration matrix became singular within a configuration (see IterationPattern): from the
    // last step on with the shift.
    set_diagonal_shift(kDiagonalShift);
    before_restarts_ = statistics();  // IDAReInit resets IDA's counters
    int restarted = reinitialize();
    if (restarted < 0) fail(restarted, "IDACalcIC");
    if ((restarted = IDAGetConsistentIC(h_->ida, h_->y, h_->yp)) < 0) fail(restarted, "IDAGetConsistentIC");
    tret = t_;
    flag = IDASolve(h_->ida, tout, &tret, h_->y, h_->yp, IDA_ONE_STEP);
  }
  t_ = tret;
  if (flag < 0) fail(flag, "IDASolve");
  if (stepping_id_pending_) {
    stepping_id_pending_ = false;
    if (IDASetId(h_->ida, h_->stepping_id) < 0) fail(-1, "IDASetId");
  }
  if (flag == IDA_ROOT_RETURN) return Step::Root;
  if (flag == IDA_TSTOP_RETURN) return Step::Stop;
  return Step::Normal;
}

void IdaSession::interpolate(double t, int order, std::vector<double>& out) { interpolate_into(t, order, nullptr, out); }

void IdaSession::interpolate(double t, int order, std::span<const std::uint32_t> only, std::vector<double>& out) {
  interpolate_into(t, order, &only, out);
}

void IdaSession::interpolate_into(double t, int order, const std::span<const std::uint32_t>* only,
                                  std::vector<double>& out) {
  out.resize(program_.size());
  // Into out itself, or with integrals (which IDAGetDky computes too) into a buffer of them all.
  double* into = out.data();
  if (size_ > out.size()) {
    interpolated_.resize(size_);
    into = interpolated_.data();
  }
  if (h_->view == nullptr) {
    h_->view = N_VMake_Serial(static_cast<sunindextype>(size_), into, h_->context);
    use_fast_vector_ops(h_->view);  // IDAGetDky combines the history into it with N_VLinearCombination
  }
  N_Vector v = h_->view;
  N_VSetArrayPointer_Serial(into, v);
  int flag = 0;
  {
    std::optional<OnlyComponents> selected;
    if (only != nullptr) selected.emplace(v, *only);
    flag = IDAGetDky(h_->ida, t, order, v);
  }
  if (flag < 0) fail(flag, "IDAGetDky");
  if (into == out.data()) return;
  if (only == nullptr)
    std::copy(interpolated_.begin(), interpolated_.begin() + static_cast<std::ptrdiff_t>(out.size()), out.begin());
  else
    for (std::uint32_t c : *only) out[c] = interpolated_[c];
}

std::vector<int> IdaSession::roots() {
  std::vector<int> r(program_.indicator_count());
  if (!r.empty()) IDAGetRootInfo(h_->ida, r.data());
  return r;
}

void IdaSession::control_algebraic(const std::vector<std::uint32_t>& columns) {
  if (columns == controlled_algebraic_) return;
  controlled_algebraic_ = columns;
  // An indicator reads these: their own accuracy counts.
  std::erase_if(output_only_, [&](const OutputOnly& o) { return std::find(columns.begin(), columns.end(), o.column) != columns.end(); });
  if (!h_->stepping_id) {
    h_->stepping_id = N_VClone(h_->id);
    if (!h_->stepping_id) throw SolverError(t_, "N_VClone failed");
  }
  N_VScale(1.0, h_->id, h_->stepping_id);
  for (std::uint32_t c : columns) N_VGetArrayPointer(h_->stepping_id)[c] = 1.0;
  stepping_id_pending_ = true;
}

void IdaSession::set_differential() {
  std::copy(state_.id.begin(), state_.id.end(), N_VGetArrayPointer(h_->id));
  if (IDASetId(h_->ida, h_->id) < 0) fail(-1, "IDASetId");
  if (h_->stepping_id) {
    N_VScale(1.0, h_->id, h_->stepping_id);
    for (std::uint32_t c : controlled_algebraic_) N_VGetArrayPointer(h_->stepping_id)[c] = 1.0;
    stepping_id_pending_ = true;
  }
}

void IdaSession::restart(bool event) {
  before_restarts_ = statistics();
  if (event) ++before_restarts_.events;
  auto check = [&](int flag, const char* call) {
    if (flag < 0) fail(flag, call);
  };
  // The consistent initialization classifies the unknowns by id: the true one for it, the
  // error test's again after the first step.
  if (!controlled_algebraic_.empty()) {
    check(IDASetId(h_->ida, h_->id), "IDASetId");
    stepping_id_pending_ = true;
  }
  realtype reached = t_;
  if (h_->q) check(IDAGetQuad(h_->ida, &reached, h_->q), "IDAGetQuad");  // before the history is gone
  // The new configuration without the shift, unless it is singular (or nearly: Newton fails) too.
  set_diagonal_shift(0.0);
  if (const int flag = reinitialize(); flag < 0 && singular_failure(flag)) {
    set_diagonal_shift(kDiagonalShift);
    before_restarts_ = statistics();
    check(reinitialize(), "IDACalcIC");
  } else {
    check(flag, "IDACalcIC");
  }
  check(IDAGetConsistentIC(h_->ida, h_->y, h_->yp), "IDAGetConsistentIC");
}

void IdaSession::set_diagonal_shift(double shift) {
  if (shift == diagonal_shift_) return;
  diagonal_shift_ = shift;
  // The matrix's pattern changes (every diagonal entry, or the program's own): KLU analyses it anew.
  klu_linear_solver_new_pattern(h_->solver);
}

bool IdaSession::singular_failure(int flag) {
  // A factorization that failed, or Newton that could not converge on a (nearly) singular matrix.
  return flag == IDA_LSETUP_FAIL || flag == IDA_NO_RECOVERY || flag == IDA_CONV_FAIL || flag == IDA_LINESEARCH_FAIL;
}

int IdaSession::reinitialize() {
  // A restart follows an event, after which the matrix may differ in kind (a clutch that locked):
  // the first factorization after it pivots anew.
  klu_linear_solver_pivot_anew(h_->solver);
  // A small look-ahead for IDACalcIC's step size: one part in 10^6 of what is left.
  const double dt = std::max((t_stop_ - t_) * 1e-6, 1e-12 * std::max(1.0, std::fabs(t_)));
  // IDACalcIC's Newton stops when its weighted correction is below IDA's coefficient, a hundredth
  // of the steps' own: at tolerance 1e-8 that asks a loop's constraint forces for 3e-11 of their size,
  // below what rounding in their ill-conditioned rows allows (MSL's EngineV6 at its dead centres,
  // where two cylinders' gas forces switch at once). Where Newton cannot get there it is asked for
  // a tenth, then all, of the steps' accuracy, from the same values.
  int flag = 0;
  for (const double coefficient : {kConsistencyCoefficient, 10.0 * kConsistencyCoefficient, 100.0 * kConsistencyCoefficient}) {
    if ((flag = IDAReInit(h_->ida, t_, h_->y, h_->yp)) < 0) fail(flag, "IDAReInit");
    if (h_->q && (flag = IDAQuadReInit(h_->ida, h_->q)) < 0) fail(flag, "IDAQuadReInit");
    if ((flag = IDASetNonlinConvCoefIC(h_->ida, coefficient)) < 0) fail(flag, "IDASetNonlinConvCoefIC");
    flag = IDACalcIC(h_->ida, IDA_YA_YDP_INIT, t_ + dt);
    if (flag != IDA_CONV_FAIL && flag != IDA_LINESEARCH_FAIL) break;
  }
  return flag;
}

void IdaSession::reset(double t, const std::vector<double>& y, const std::vector<double>& yp) {
  std::copy(y.begin(), y.end(), N_VGetArrayPointer(h_->y));
  std::copy(yp.begin(), yp.end(), N_VGetArrayPointer(h_->yp));
  t_ = t;
  restart(false);  // not an event of the model
}

void IdaSession::integrate_quadratures(std::size_t count, QuadratureRhs rhs, std::size_t controlled, double magnitude,
                                       double share) {
  if (h_->q || count == 0) throw std::logic_error("integrate_quadratures: once, and of at least one quadrature");
  quadrature_rhs_ = std::move(rhs);
  h_->q = N_VNew_Serial(static_cast<sunindextype>(count), h_->context);
  if (!h_->q) throw SolverError(t_, "N_VNew_Serial failed");
  use_fast_vector_ops(h_->q);  // IDA's quadrature work vectors are its clones
  N_VConst(0.0, h_->q);
  auto check = [&](int flag, const char* call) {
    if (flag < 0) fail(flag, call);
  };
  check(IDAQuadInit(h_->ida, IdaCallbacks::quadrature, h_->q), "IDAQuadInit");
  if (controlled > 0) {
    // IDAS takes the root mean square over all `count`: the controlled ones' weights are raised by
    // √(count / controlled) so that theirs alone meets the tolerance (times `share`), the others' are ~0.
    h_->q_atol = N_VNew_Serial(static_cast<sunindextype>(count), h_->context);
    if (!h_->q_atol) throw SolverError(t_, "N_VNew_Serial failed");
    const double dilution = std::sqrt(static_cast<double>(count) / static_cast<double>(controlled)) / share;
    double* atol = N_VGetArrayPointer(h_->q_atol);
    std::fill(atol, atol + count - controlled, 1e300);
    std::fill(atol + count - controlled, atol + count, rtol_ * magnitude / dilution);
    check(IDASetQuadErrCon(h_->ida, SUNTRUE), "IDASetQuadErrCon");
    check(IDAQuadSVtolerances(h_->ida, rtol_ / dilution, h_->q_atol), "IDAQuadSVtolerances");
    // IDAS sets the quadratures' error weights up in its initial setup, which the consistent
    // initialization (IDACalcIC) has done already: start over from the same point so that the first
    // step does it again with them (IDAReInit resets IDA's counters: those so far are kept).
    before_restarts_ = statistics();
    check(IDAReInit(h_->ida, t_, h_->y, h_->yp), "IDAReInit");
    check(IDAQuadReInit(h_->ida, h_->q), "IDAQuadReInit");
  }
  quadratures_.assign(count, 0.0);
}

void IdaSession::set_integrals_magnitude(double magnitude) {
  if (!(magnitude > 0.0)) throw std::invalid_argument("set_integrals_magnitude: the magnitude must be positive");
  integrals_.magnitude = magnitude;
  double* atol = N_VGetArrayPointer(h_->atol);
  std::fill(atol + program_.size(), atol + size_, rtol_ * magnitude);
}

const std::vector<double>& IdaSession::quadratures() {
  if (!h_->q) throw std::logic_error("quadratures: none are integrated");
  realtype t = t_;
  const int flag = IDAGetQuad(h_->ida, &t, h_->q);
  if (flag < 0) fail(flag, "IDAGetQuad");
  const double* q = N_VGetArrayPointer(h_->q);
  std::copy(q, q + quadratures_.size(), quadratures_.begin());
  return quadratures_;
}

SolverStatistics IdaSession::statistics() const {
  SolverStatistics s = before_restarts_;
  long v = 0;
  IDAGetNumSteps(h_->ida, &v), s.steps += v;
  IDAGetNumResEvals(h_->ida, &v), s.residual_evaluations += v;
  IDAGetNumJacEvals(h_->ida, &v), s.jacobian_evaluations += v;
  IDAGetNumNonlinSolvIters(h_->ida, &v), s.newton_iterations += v;
  IDAGetNumNonlinSolvConvFails(h_->ida, &v), s.newton_failures += v;
  IDAGetNumErrTestFails(h_->ida, &v), s.error_test_failures += v;
  const KluFactorizations f = klu_linear_solver_factorizations(h_->solver);  // counted over restarts
  s.factorizations = f.from_scratch;
  s.refactorizations = f.refactored;
  return s;
}

const double* IdaSession::y() const { return N_VGetArrayPointer(h_->y); }
const double* IdaSession::yp() const { return N_VGetArrayPointer(h_->yp); }

}  // namespace acausal
