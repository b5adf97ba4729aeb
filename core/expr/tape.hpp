#pragma once
/// @file
/// Compiled evaluation of many expressions in one pass over their shared subexpressions.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/expr/expr.hpp"
#include "core/expr/row_store.hpp"
#include "core/expr/strided_rows.hpp"

namespace acausal {

class Table1D;

/// Where a tape reads a leaf: the time, the unknowns y, their derivatives y', the parameters p, the
/// external inputs u (the netlist's `inputs`, set by the run from outside), or the discrete values d
/// (modes and their pre() values, constant between events; set by the run's event iteration).
enum class InputKind : std::uint8_t { Time, Y, YP, P, U, D };

struct InputSlot {
  InputKind kind = InputKind::Time;
  std::uint32_t index = 0;  ///< position in y, y', p, u or d (unused for Time)
};

/// Tells a tape where each leaf comes from; nullopt for a leaf that has no input (the tape then
/// throws std::invalid_argument naming it).
using InputMap = std::function<std::optional<InputSlot>(const Expr& leaf)>;

/// Input arrays of one evaluation (pointers to the caller's storage, long enough for every index
/// the InputMap produced).
struct TapeInputs {
  double t = 0.0;
  const double* y = nullptr;
  const double* yp = nullptr;
  const double* p = nullptr;
  const double* u = nullptr;
  const double* d = nullptr;
};

/// Event indicators of a model by expression: the position of each in the caller's array of branch
/// signs (see Tape::evaluate).
using IndicatorIndex = std::unordered_map<Expr, std::uint32_t, ExprHash>;
/// An IndicatorIndex entry for a switching node that compares its operands live whatever the branch
/// signs (a relation of discrete variables, which change only at events).
inline constexpr std::uint32_t kLiveIndicator = 0xFFFFFFFFu;

/// A flat instruction list computing all outputs; each distinct node is computed once.
class Tape {
  struct LinearRows;  // below

 public:
  /// What a switching node whose indicator is not in the index does.
  enum class Unindexed {
    Reject,   ///< compiling throws: every switch of the outputs must be an event
    Compare,  ///< the node compares its operands at every evaluation, branch signs or not
  };

  /// Compiles `outputs`. With `indicators`, every switching node (relation, sign, abs, min, max,
  /// table) is tied to its indicators (switch_indicators() of the node), so that evaluate() can
  /// hold its branch; a node whose indicator is not in the index is rejected or compares live.
  /// @throws std::invalid_argument if a leaf has no input slot, or an indicator is not in the index
  ///         and `unindexed` is Reject.
  Tape(std::span<const Expr> outputs, const InputMap& inputs, const IndicatorIndex* indicators = nullptr,
       Unindexed unindexed = Unindexed::Reject);

  /// Compiles residual rows (linear_row.hpp): output i is Σ c·slot + constant + rest of rows[i],
  /// a slot of order 0 read from y[column], of order 1 from y'[column], rest's leaves through
  /// `inputs`. A linear row is compiled from its numbers, without an expression.
  /// @throws std::invalid_argument for a slot of higher order, and as above for the remainders.
  Tape(const RowStore& rows, const InputMap& inputs, const IndicatorIndex* indicators = nullptr,
       Unindexed unindexed = Unindexed::Reject);

  /// The scratch of one evaluation at a time: the tape's constants and room for its temporaries.
  /// A tape is immutable once compiled; whoever evaluates it (a run, a thread) brings a workspace
  /// of its own (Tape::workspace()), so one tape serves any number of runs and threads at once.
  class Workspace {
   public:
    Workspace() = default;

   private:
    friend class Tape;
    std::uint64_t tape_ = 0;  ///< the id of the tape it was made for
    std::vector<double> slots_;
    /// A run's own linear coefficients and rows, once parameterize() gave it numbers of its own
    /// (empty: the tape's).
    std::vector<double> coefficients_;
    std::shared_ptr<const LinearRows> rows_;
  };
  /// A workspace for this tape (its constants loaded).
  Workspace workspace() const;

  /// Gives `work` the numbers of a run with its own tunable parameter values: each number the
  /// tape compiled from a trace step (coef.hpp) becomes value(step), once per run. Rows of linear
  /// sums are regrouped by their new coefficients.
  void parameterize(Workspace& work, const std::function<double(std::uint32_t step)>& value) const;
  /// The trace steps of the numbers parameterize() sets (empty: the tape has none).
  std::vector<std::uint32_t> traced_steps() const;

  /// Writes output k to out[k]. With `branch` (one value per indicator: the sign −1, 0 or +1 it had
  /// at the last event), every switching node takes the branch that sign selects instead of
  /// comparing its operands, so a Newton iteration never sees a switch (except the unindexed
  /// nodes of a tape compiled with Unindexed::Compare).
  /// @throws std::logic_error if `branch` is given to a tape compiled without indicators, or `work`
  ///         was made for another tape.
  void evaluate(const TapeInputs& inputs, double* out, const double* branch, Workspace& work) const;
  /// The same with a workspace made for this one call (an allocation: for one-off evaluations).
  void evaluate(const TapeInputs& inputs, double* out, const double* branch = nullptr) const;

  std::size_t output_count() const { return output_slots_.size(); }
  /// Whether any output depends on y' (callers may skip computing y' otherwise).
  bool reads_yp() const { return reads_yp_; }
  std::size_t instruction_count() const { return code_.size(); }
  /// The positions in y (kind Y) or y' (kind YP) that evaluate() reads, ascending: a caller that
  /// fills its input arrays at those alone gets the same outputs.
  std::vector<std::uint32_t> columns_read(InputKind kind) const;

 private:
  enum class Code : std::uint8_t;
  /// 20 bytes: what an instruction reads and where it writes. Scale factors live in constant
  /// slots (c), an integer exponent is c itself, a table step's c indexes table_steps_, and a
  /// switching node's c is its indicator.
  struct Instruction {
    Code code;
    std::uint32_t dst, a, b, c;
  };
  /// One term c·x of a Linear instruction: x read from y, y' or the workspace.
  struct LinearTerm {
    double coefficient;
    std::uint32_t index;
    enum class Source : std::uint8_t { Y = 0, YP = 1, Work = 2 } source;  // the order evaluate() indexes by
  };
  /// A term's read as evaluate() finds it: the source in the top two bits, the index below (12
  /// bytes a term with the coefficient, in two arrays, instead of a padded 16: a large model's
  /// residual is mostly these terms, and evaluating it mostly reading them).
  static constexpr unsigned kSourceShift = 30;
  static constexpr std::uint32_t kIndexMask = (std::uint32_t{1} << kSourceShift) - 1;
  struct TableStep {
    std::shared_ptr<const Table1D> table;
    int order;
    std::uint32_t first_indicator;  ///< into table_indicators_
  };
  class Compiler;
  /// After the outputs are compiled: workspace slots, packed terms, the sums-only form.
  void finish();
  /// The indicator of a switching node that compares live (Unindexed::Compare).
  static constexpr std::uint32_t kLive = kLiveIndicator;
  std::ptrdiff_t frozen_piece(const TableStep& step, double x, const double* branch) const;
  template <typename Visit>
  void for_each_read(Instruction& i, Visit&& visit);
  /// Reuses workspace slots once their last reader has run (values in a long residual live briefly).
  void allocate_slots(std::size_t first_free);

  std::vector<Instruction> code_;
  std::vector<std::uint32_t> output_slots_;
  /// Once the slots are final: the Linear terms packed into the two arrays below.
  void pack_linear_terms();
  std::vector<LinearTerm> linear_terms_;  ///< of Linear instructions while compiling: a = first, b = count
  // The same terms packed, for evaluate(): coefficients and reads.
  std::vector<double> linear_coefficients_;
  std::vector<std::uint32_t> linear_reads_;
  std::vector<TableStep> table_steps_;
  std::vector<std::uint32_t> table_indicators_;
  bool has_indicators_ = false;
  bool reads_yp_ = false;
  /// A tape of sums alone, each output a row of terms c·x read from y, y' or the constants: rows
  /// with the same shape (coefficients, sources, and the reads' offsets from the row's first read)
  /// are evaluated together. A large model's rows come from a few component types, so its rows
  /// have a few shapes: each row costs its output position and first read (8 bytes) instead of its
  /// terms, and the loops over a shape's terms run the same length row after row.
  struct LinearRows {
    /// A term: its offset from the row's first read (a constant: its workspace slot).
    using Term = detail::RowTerm;
    struct Shape {
      std::uint32_t first_term;            ///< into terms: the y terms, the y' terms, the constants
      std::uint32_t y_terms, yp_terms, constant_terms;
      std::uint32_t first_row, row_count;  ///< into rows: those in no run
      std::uint32_t first_run, run_count;  ///< into runs
    };
    struct Row {
      std::uint32_t output;  ///< its position among the outputs
      std::uint32_t base;    ///< the index its offsets add to
    };
    std::vector<Shape> shapes;
    std::vector<Term> terms;
    std::vector<Row> rows;  ///< by shape
    /// By shape: rows whose reads and outputs move on by a stride (strided_rows.hpp), at least
    /// kMinRun of them in a row.
    std::vector<detail::StridedRows> runs;
    static constexpr std::uint32_t kMinRun = 8;
  };
  void build_linear_rows();
  /// The rows of a tape of sums alone, with these coefficients (linear_coefficients_' order); nullopt
  /// for any other tape.
  std::optional<LinearRows> make_linear_rows(std::span<const double> coefficients) const;
  /// A number computed from tunable parameters: where it goes (a workspace slot, or a coefficient's
  /// index) and its trace step.
  struct TracedNumber {
    std::uint32_t index;
    std::uint32_t step;
  };
  std::vector<TracedNumber> traced_slots_;
  std::vector<TracedNumber> traced_coefficients_;
  /// out[row's output] for every row of `shape` (the sums of its terms).
  static void evaluate_shape(const LinearRows& rows, const LinearRows::Shape& shape, const double* y, const double* yp,
                             const double* w, double* out);
  std::optional<LinearRows> linear_rows_;  ///< when every instruction is a sum of inputs and constants
  /// A fresh workspace's slots: constants first (never written), then zeros for the temporaries.
  std::vector<double> initial_work_;
  std::uint64_t id_ = 0;  ///< process-unique (Workspace checks against it; kept by moves)
};

}  // namespace acausal
