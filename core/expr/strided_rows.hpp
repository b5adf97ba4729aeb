#pragma once
/// @file
/// Internal (core/expr/tape.cpp): sums of many rows of one shape whose reads and outputs move on
/// by the same stride from one row to the next. A model built of many copies of an element (a
/// chain of masses and spring–dampers) numbers each element's unknowns and residual rows together,
/// so its rows of one shape read y at base, base + s, base + 2s, ... and write every s-th output.
/// With s known when compiled, the compiler loads the reads of several rows with a few vector
/// loads and shuffles instead of one load each (the N = 10⁵ chain's residual 0.6× the time).

#include <cstddef>
#include <cstdint>

namespace acausal::detail {

/// One term c·x of a row shape: x read at `offset` from the row's first read.
struct RowTerm {
  double coefficient;
  std::int64_t offset;
};

/// `count` rows whose first reads are base, base + stride, ... and whose outputs are output,
/// output + stride, ...
struct StridedRows {
  std::uint32_t base = 0;
  std::uint32_t output = 0;
  std::uint32_t count = 0;
  std::uint32_t stride = 0;
};

/// Strides and term counts with a kernel compiled for them: y and y' terms each fewer than
/// kStridedTerms, stride 1 to kMaxStride, no constant terms.
inline constexpr std::uint32_t kStridedTerms = 5;
inline constexpr std::uint32_t kMaxStride = 4;
inline bool has_strided_kernel(std::uint32_t y_terms, std::uint32_t yp_terms, std::uint32_t stride) {
  return y_terms < kStridedTerms && yp_terms < kStridedTerms && stride >= 1 && stride <= kMaxStride;
}

/// out[run.output + run.stride·r] = Σ terms[k].coefficient · y[run.base + run.stride·r + terms[k].offset]
/// over the y terms, then the y' terms (`terms` holds the y terms first), added in that order: each
/// row's value is what a loop over its terms would give, to the bit. Requires has_strided_kernel.
void sum_strided_rows(const RowTerm* terms, std::uint32_t y_terms, std::uint32_t yp_terms, const StridedRows& run,
                      const double* y, const double* yp, double* out);

}  // namespace acausal::detail
