#pragma once
/// @file
/// IDA with the KLU sparse direct solver over a Program: RAII around every SUNDIALS handle, and
/// trampolines that catch everything and hand errors back as exceptions naming the call.

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <span>
#include <vector>

#include "core/analysis/program_state.hpp"
#include "solver/solver_statistics.hpp"

namespace acausal {

class IdaSession {
 public:
  /// What the integrator integrates as unknowns of its own, after the program's: w' = rate(t, y, y')
  /// from w = 0, in the error test with the states (absolute tolerance rtol · their magnitude, the
  /// weight times IDA's). Unlike quadratures (integrate_quadratures), they take part in the order
  /// decisions the states make: IDAS lets an order reduction the states alone decide stand, however
  /// large a quadrature's error at the lower order, and states that are exactly polynomials in time
  /// (a body stuck to a moving belt) decide it on rounding, again and again, holding a power that
  /// needs order 2 at order 1. With a small weight they decide the order where the states' estimates
  /// are rounding, and constrain neither the step (the quadratures' error test does) nor Newton. Their
  /// rows of the iteration matrix hold −(∂rate/∂y + cj·∂rate/∂y') and cj.
  struct Integrals {
    std::vector<std::string> names;  ///< none: the program's unknowns alone
    std::function<void(double t, const double* y, const double* yp, double* rate)> rate;
    double magnitude = 1.0;  ///< > 0; set_integrals_magnitude() changes it during the run
    double weight = 1.0;     ///< of their error weights
    /// The pattern of ∂rate/∂y + cj·∂rate/∂y' (a row per integral, a column per program unknown) and
    /// its values in CSC order.
    SparsityPattern rate_pattern;
    std::function<void(double t, double cj, const double* y, const double* yp, double* values)> rate_jacobian;
  };

  /// Takes y, y' consistent at t0 and the run's state: its parameters and the branch signs of the
  /// event indicators (state.branch, which the caller updates at events). `tolerance` is the relative accuracy asked of the
  /// trajectory. IDA controls the local error of each step, and BDF's local errors add up over a
  /// long run (an oscillator over ten periods loses about a thousand times its local tolerance in
  /// phase), so IDA gets a hundredth of it: rtol = tolerance/100, atol_i = rtol · nominal_i.
  ///
  /// Events have hysteresis: after an indicator switched to one side it must cross a band of
  /// half-width ε_k = rtol·Program::indicator_scales (its noise level at this accuracy) on the
  /// other side to switch back. IDA finds the roots of g_k + branch_k·ε_k. A relative speed that
  /// sits at zero, or a signal that hovers at a threshold, then does not chatter; an indicator of
  /// time alone has ε = 0 and switches exactly.
  IdaSession(ProgramState& state, double t0, const std::vector<double>& y, const std::vector<double>& yp,
             double tolerance, double t_stop, Integrals integrals);
  ~IdaSession();
  IdaSession(const IdaSession&) = delete;
  IdaSession& operator=(const IdaSession&) = delete;

  enum class Step { Normal, Root, Stop };
  /// One internal step toward `tout` (never past the stop time).
  /// @throws SolverError with the time, IDA's return code in words and the variables with the
  ///         largest weighted local errors.
  Step step(double tout);

  double time() const { return t_; }
  /// The interpolated solution (order 0) or its derivative (order 1) at t within the last step.
  void interpolate(double t, int order, std::vector<double>& out);
  /// The same at the components `only` (ascending) alone; out's others keep their values.
  void interpolate(double t, int order, std::span<const std::uint32_t> only, std::vector<double>& out);
  /// The hysteresis half-width ε_k of each indicator.
  const std::vector<double>& bands() const { return band_; }
  /// Directions (+1 rising, −1 falling, 0 none) of the indicators that crossed zero at a Root step.
  std::vector<int> roots();
  /// Restarts after an event: new consistent y' (and algebraic y) at the current time. The
  /// quadratures go on from their values there. `event`: counted as an event (not for the repeated
  /// restarts of one event's iteration).
  void restart(bool event = true);
  /// Restarts at t from y and y' given from outside (the differential unknowns held, the algebraic
  /// ones and the derivatives made consistent), as restart() does.
  void reset(double t, const std::vector<double>& y, const std::vector<double>& yp);
  /// The run's ids (ProgramState::id) again, where it has chosen its states anew
  /// (StateSelectionCheck); the next restart makes the values consistent under them.
  void set_differential();
  SolverStatistics statistics() const;
  /// These algebraic unknowns (besides the differential ones) take part in the error test from the
  /// step after the next restart's first on (their derivatives from a restart are not consistent):
  /// those event indicators read, whose crossings are located on their interpolation.
  void control_algebraic(const std::vector<std::uint32_t>& columns);

  /// What quadratures integrate: q' = rhs(t, y, y'), into q'[0 .. count).
  using QuadratureRhs = std::function<void(double t, const double* y, const double* yp, double* rate)>;
  /// Integrates `count` quadratures q' = rhs(t, y, y') from 0 along the solution (IDAS). IDA
  /// evaluates rhs once per step, at the converged solution, and integrates q with the states' own
  /// BDF formula: a quadrature of what a linear state integrates (a heat flow into a capacitor)
  /// follows that state exactly. The last `controlled` of them take part in the error test, as the
  /// root mean square of their errors against `share` of the states' relative tolerance times (|q| +
  /// `magnitude`): the states alone may allow steps their functions cannot be integrated over (a
  /// state linear or quadratic in time is exact at any step, the power it carries is not). The others
  /// are as accurate as the steps these allow.
  void integrate_quadratures(std::size_t count, QuadratureRhs rhs, std::size_t controlled, double magnitude,
                             double share);
  /// The quadratures at time() (the last step's end, or the root it stopped at).
  const std::vector<double>& quadratures();
  /// The integrals' absolute tolerance becomes rtol · magnitude (> 0) from the next step on.
  void set_integrals_magnitude(double magnitude);
  /// The current y and y' (the program's unknowns, then the Integrals).
  const double* y() const;
  const double* yp() const;

 private:
  friend struct IdaCallbacks;
  struct Handles;
  [[noreturn]] void fail(int flag, const char* call);
  /// IDAGetDky into `out`, at the components `only` alone when given.
  void interpolate_into(double t, int order, const std::span<const std::uint32_t>* only, std::vector<double>& out);
  /// The pattern of IDA's iteration matrix: the program's Jacobian, the integrals' rows and columns,
  /// and with `every_diagonal` every diagonal entry. Where the equations leave unknowns undetermined
  /// though consistent — two friction elements stuck on one rigid shaft, each equation a = 0, the
  /// split of their holding torques free — the matrix is singular (Modelica tools report a singular
  /// system and go on with a minimum-norm solution). Then, and until the next event, the diagonal
  /// of each of the program's columns carries a shift of kDiagonalShift times the column's largest
  /// entry: Newton leaves the undetermined part where it was and solves the rest; the residuals
  /// themselves are not changed.
  struct IterationPattern {
    IterationPattern() = default;
    static constexpr std::size_t kNoEntry = ~std::size_t{0};
    IterationPattern(const SparsityPattern& program, const SparsityPattern& rates, std::size_t size,
                     bool every_diagonal);
    std::vector<std::int64_t> col_start, row_index;
    std::vector<std::size_t> program_entry;  ///< where each entry of the program's pattern goes
    std::vector<std::size_t> rate_entry;     ///< where each entry of the integrals' rates' pattern goes
    std::vector<std::size_t> diagonal;       ///< where each column's diagonal entry is (kNoEntry: none)
    bool program_only = false;               ///< the program's pattern unchanged (program_entry is e ↦ e)
  };
  static constexpr double kDiagonalShift = 1e-13;
  /// IDAReInit and IDACalcIC at the current time and y, y'; IDACalcIC's flag.
  int reinitialize();
  /// IDA's own coefficient of IDACalcIC's Newton test (0.01 of the steps' 0.33), where reinitialize() starts.
  static constexpr double kConsistencyCoefficient = 0.0033;
  /// The shift of the iteration matrix's diagonal (0 or kDiagonalShift), and its pattern with it.
  void set_diagonal_shift(double shift);
  /// Whether IDA's failure `flag` is one a singular iteration matrix gives.
  static bool singular_failure(int flag);

  ProgramState& state_;
  const Program& program_;
  Integrals integrals_;
  std::size_t size_ = 0;  // the program's unknowns and the integrals
  std::vector<double> rates_;  // of the integrals, in the residual
  IterationPattern pattern_, shifted_pattern_;  // without and with every diagonal entry
  double diagonal_shift_ = 0.0;  // kDiagonalShift while the configuration is singular
  std::vector<double> program_jacobian_;  // the program's Jacobian values, before the diagonal
  std::vector<double> rate_jacobian_;     // the integrals' rates' Jacobian values
  std::vector<double> interpolated_;  // IDAGetDky's, of all size_ unknowns
  /// An algebraic unknown that one residual gives, linearly with a constant coefficient, and that
  /// no other residual reads (a reaction force at a fixed frame), unless an indicator reads it
  /// (control_algebraic): its entry in that row, and the row's other entries (program pattern
  /// positions and columns). Such an unknown is a sum of the row's other terms, and can be no more
  /// accurate than they are: its Newton tolerance is scaled by their size (error_weights), not by
  /// its own, which may be zero where they cancel (six cylinders' bearing forces along the crank
  /// axis, rounding at 1e-12 of their 10⁴ N).
  struct OutputOnly {
    std::size_t column, own_entry;
    std::vector<std::pair<std::size_t, std::size_t>> others;  ///< (entry, column)
    double term_scale = 0.0;  ///< Σ |J_ik·y_k| / |J_ij| of its row at the last iteration matrix
  };
  std::vector<OutputOnly> output_only_;
  /// Each OutputOnly's term_scale from the iteration matrix's values (`data` in `pattern`'s order) at y.
  void update_term_scales(const IterationPattern& pattern, const double* data, const double* y);
  std::vector<double> band_;  // ε_k of each indicator
  double rtol_ = 0.0;  // IDA's relative tolerance
  std::vector<std::uint32_t> controlled_algebraic_;  // control_algebraic()'s
  bool stepping_id_pending_ = false;  // the id with them is to be set after the next successful step
  std::unique_ptr<Handles> h_;
  double t_;
  double t_stop_;
  SolverStatistics before_restarts_;  // IDAReInit resets IDA's counters
  QuadratureRhs quadrature_rhs_;
  std::vector<double> quadratures_;
  std::exception_ptr pending_;  // an exception thrown inside a callback
  std::string ida_message_;     // IDA's last error message
  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::size_t nonfinite_residual_ = kNone;  // the last residual that came out NaN or infinite
};

}  // namespace acausal
