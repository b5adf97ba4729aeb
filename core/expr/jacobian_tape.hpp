#pragma once
/// @file
/// The iteration matrix of an implicit DAE F(t, y, y', p) = 0 as IDA needs it:
/// J = ∂F/∂y + cj·∂F/∂y', symbolic partials compiled into one tape, values in a fixed CSC pattern.

#include <cstdint>
#include <span>
#include <vector>

#include "core/expr/tape.hpp"

namespace acausal {

/// Compressed sparse column pattern: the rows of column j are row_index[col_start[j] .. col_start[j+1]),
/// increasing.
struct SparsityPattern {
  std::size_t rows = 0;
  std::size_t cols = 0;
  std::vector<std::int64_t> col_start;
  std::vector<std::int64_t> row_index;
  std::size_t nonzeros() const { return row_index.size(); }
};

class JacobianTape {
 public:
  /// Residual i depends on unknown j through every leaf the InputMap sends to y[j] or y'[j]
  /// (several leaves may share an index; their partials add). An entry is in the pattern when
  /// one of its two partials is not identically zero.
  /// `indicators` and `unindexed`: as for Tape.
  /// @throws std::invalid_argument if a leaf has no input slot or an index is ≥ `unknowns`.
  JacobianTape(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns,
               const IndicatorIndex* indicators = nullptr, Tape::Unindexed unindexed = Tape::Unindexed::Reject);
  /// The same for residual rows (linear_row.hpp, read as Tape reads them): a linear term's partial
  /// is its coefficient, and only the remainders are differentiated.
  JacobianTape(const RowStore& rows, const InputMap& inputs, std::size_t unknowns,
               const IndicatorIndex* indicators = nullptr, Tape::Unindexed unindexed = Tape::Unindexed::Reject);

  const SparsityPattern& pattern() const { return pattern_; }
  /// Whether every partial is a constant during a run (the residuals are affine in y and y'; the
  /// tunable parameters' partials are constants of a run): Newton's first correction is then exact.
  bool constant() const { return tape_.output_count() == 0; }

  /// Drops the partials' expressions (dy() and dyp() then throw): the compiled tape holds none.
  void release_expressions();
  /// ∂F_i/∂y_j and ∂F_i/∂y'_j of entry k (in CSC order), as expressions (written on each call).
  /// @throws std::logic_error after release_expressions().
  Expr dy(std::size_t k) const { return partial(k); }
  Expr dyp(std::size_t k) const { return partial(pattern_.nonzeros() + k); }
  /// Whether ∂F_i/∂y_j (∂F_i/∂y'_j) of entry k is not identically zero.
  bool has_dy(std::size_t k) const { return nonzero(k); }
  bool has_dyp(std::size_t k) const { return nonzero(pattern_.nonzeros() + k); }
  /// Whether entry k is ∂F_i/∂y_j alone, and a constant during a run.
  bool constant_entry(std::size_t k) const { return varying_of_[k] == kNone && !has_dyp(k); }

  /// The scratch of one evaluation at a time (as Tape::Workspace): one per run or thread.
  struct Workspace {
    Tape::Workspace tape;
    std::vector<double> partials;  ///< partials(): the constant parts plus the tape's values (on first use)
    std::vector<double> varying;   ///< the tape's outputs
    std::vector<double> constant;  ///< a run's own constant parts (parameterize()); empty: the tape's
  };
  Workspace workspace() const;

  /// As Tape::parameterize: the partials computed from tunable parameters become value(step).
  void parameterize(Workspace& work, const std::function<double(std::uint32_t step)>& value) const;
  /// The trace steps of the numbers parameterize() sets.
  std::vector<std::uint32_t> traced_steps() const;

  /// Writes the nonzeros of ∂F/∂y + cj·∂F/∂y' in CSC order into values[0 .. nonzeros).
  /// `branch`: as Tape::evaluate.
  void evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch, Workspace& work) const;
  /// The same with a workspace made for this one call (an allocation: for one-off evaluations).
  void evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch = nullptr) const;

  /// ∂F/∂y and ∂F/∂y' separately: the first nonzeros() values are ∂F/∂y, the next ∂F/∂y', both in
  /// CSC order. Valid until the workspace's next evaluation.
  std::span<const double> partials(const TapeInputs& inputs, const double* branch, Workspace& work) const;
  /// The same, copied out (a workspace made for this one call).
  std::vector<double> partials(const TapeInputs& inputs, const double* branch = nullptr) const;

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  /// A constant part computed from tunable parameters: its place and trace step.
  struct TracedPlace {
    std::uint32_t place;
    std::uint32_t step;
  };
  /// Partials are stored by place: entry k's ∂F/∂y at k, its ∂F/∂y' at nonzeros() + k.
  struct Structure {
    SparsityPattern pattern;
    std::vector<double> constant;
    std::vector<TracedPlace> traced;  ///< the constant parts from tunable parameters, by place
    std::vector<Expr> varying;                 ///< the parts that vary: the tape's outputs
    std::vector<std::uint32_t> varying_of;     ///< per place: its index in varying, or kNone
    std::vector<std::uint32_t> varying_place;  ///< per tape output: its place
  };
  /// One partial while the structure is built: a constant, plus expressions[varying] where it varies.
  struct Partial {
    Coef constant = 0.0;
    std::uint32_t varying = kNone;
  };
  /// A place (column, row) of the Jacobian and its two partials.
  struct Entry {
    std::uint32_t column, row;
    Partial dy, dyp;
  };
  /// The entries and the varying parts they index.
  struct Entries {
    std::vector<Entry> entries;
    std::vector<Expr> expressions;
  };
  static void add_symbolic_entries(Entries& out, const Expr& residual, std::size_t row, const InputMap& inputs,
                                   std::size_t unknowns);
  /// The entries of rows: their linear terms' and their remainders' partials.
  static Entries entries_of(const RowStore& rows, const InputMap& inputs, std::size_t unknowns);
  static Structure structure(Entries entries, std::size_t rows, std::size_t unknowns);
  /// The structure of rows that are linear alone (no remainder, no zero coefficient), counted into
  /// CSC order directly: no entries to sort (a large model's would be its largest transient).
  static Structure linear_structure(const RowStore& rows, std::size_t unknowns);
  /// Whether linear_structure() applies.
  static bool linear_alone(const RowStore& rows);
  JacobianTape(Structure s, const InputMap& inputs, const IndicatorIndex* indicators, Tape::Unindexed unindexed);
  Expr partial(std::size_t place) const;
  /// A place whose constant part comes from tunable parameters counts as nonzero at any value: the
  /// structure may not depend on a value a run can change.
  bool nonzero(std::size_t place) const {
    return constant_[place] != 0.0 || varying_of_[place] != kNone || traced(place) != nullptr;
  }
  const TracedPlace* traced(std::size_t place) const;

  SparsityPattern pattern_;
  std::vector<double> constant_;
  std::vector<Expr> varying_;
  std::vector<std::uint32_t> varying_of_;
  std::vector<std::uint32_t> varying_place_;
  Tape tape_;  // outputs: varying_
  std::vector<TracedPlace> traced_places_;  ///< by place
};

}  // namespace acausal
