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

  const SparsityPattern& pattern() const { return pattern_; }

  /// ∂F_i/∂y_j and ∂F_i/∂y'_j of entry k (in CSC order), as expressions.
  const Expr& dy(std::size_t k) const { return dy_[k]; }
  const Expr& dyp(std::size_t k) const { return dyp_[k]; }

  /// Writes the nonzeros of ∂F/∂y + cj·∂F/∂y' in CSC order into values[0 .. nonzeros).
  /// `branch`: as Tape::evaluate.
  void evaluate(const TapeInputs& inputs, double cj, double* values, const double* branch = nullptr);

  /// ∂F/∂y and ∂F/∂y' separately: the first nonzeros() values are ∂F/∂y, the next ∂F/∂y', both in
  /// CSC order. Valid until the next evaluation.
  std::span<const double> partials(const TapeInputs& inputs, const double* branch = nullptr);

 private:
  struct Structure {
    SparsityPattern pattern;
    std::vector<Expr> dy, dyp;
    std::vector<Expr> partials;  // dy then dyp: the tape's outputs
  };
  static Structure structure(std::span<const Expr> residuals, const InputMap& inputs, std::size_t unknowns);
  JacobianTape(Structure s, const InputMap& inputs, const IndicatorIndex* indicators, Tape::Unindexed unindexed);

  SparsityPattern pattern_;
  std::vector<Expr> dy_;
  std::vector<Expr> dyp_;
  Tape tape_;                     // outputs: dy_ then dyp_
  std::vector<double> partials_;  // the tape's output buffer
};

}  // namespace acausal
