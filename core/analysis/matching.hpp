#pragma once
/// @file
/// Maximum bipartite matching of equations (rows) to unknowns (columns), and the
/// Dulmage–Mendelsohn split of what cannot be matched into over- and under-determined parts.

#include <cstdint>
#include <span>
#include <vector>

#include "core/analysis/index_lists.hpp"

namespace acausal {

/// Row i is incident to the columns adjacency[i] (one array for all rows: a large model has
/// hundreds of thousands of short ones).
struct Bipartite {
  std::size_t cols = 0;
  IndexLists adjacency;
  std::size_t rows() const { return adjacency.size(); }
};

inline constexpr std::size_t kUnmatched = static_cast<std::size_t>(-1);

struct Matching {
  std::vector<std::size_t> col_of_row;  ///< kUnmatched where a row is unmatched
  std::vector<std::size_t> row_of_col;
  std::size_t size = 0;
  bool perfect() const { return size == col_of_row.size() && size == row_of_col.size(); }
};

/// A matching grown one row at a time: add_row() keeps a row only if it can be matched (by an
/// augmenting path), so the kept rows are always structurally independent.
class IncrementalMatching {
 public:
  explicit IncrementalMatching(std::size_t cols);
  /// Room for `rows` rows (a large model's matching is megabytes: growing would leave half empty).
  void reserve_rows(std::size_t rows) {
    g_.adjacency.start.reserve(rows + 1);
    m_.col_of_row.reserve(rows);
  }
  /// Adds a row with these columns; returns false (and forgets the row) if no augmenting path exists.
  bool add_row(std::span<const std::uint32_t> cols);
  const Matching& matching() const { return m_; }
  const Bipartite& graph() const { return g_; }
  /// The graph, moved out: the last use of the object.
  Bipartite take_graph() && { return std::move(g_); }
  /// The matching, moved out: the last use of the object.
  Matching take_matching() && { return std::move(m_); }

 private:
  bool augment(std::size_t root);
  /// A row of the depth-first search and the next of its columns to try.
  struct Frame {
    std::size_t row;
    std::size_t next;
  };
  Bipartite g_;
  Matching m_;
  std::vector<std::size_t> visited_;
  std::size_t stamp_ = 0;
  std::vector<Frame> stack_;       ///< augment()'s, kept for its buffer
  std::vector<std::size_t> via_;   ///< augment()'s, kept for its buffer
};

/// Maximum matching by augmenting paths (greedy start, then iterative depth-first search, so
/// long chains cannot overflow the stack). `prefer` orders the columns tried first for each row
/// (optional, by column: lower is preferred).
Matching maximum_matching(const Bipartite& g, const std::vector<int>& prefer = {});

/// The parts of a non-perfect matching (Dulmage–Mendelsohn coarse decomposition).
struct DulmageMendelsohn {
  std::vector<std::size_t> over_rows, over_cols;    ///< reachable from unmatched rows: more equations than unknowns
  std::vector<std::size_t> under_rows, under_cols;  ///< reachable from unmatched columns: more unknowns than equations
};
DulmageMendelsohn dulmage_mendelsohn(const Bipartite& g, const Matching& m);

}  // namespace acausal
