#include "core/analysis/matching.hpp"

#include <algorithm>
#include <numeric>

namespace acausal {

IncrementalMatching::IncrementalMatching(std::size_t cols) {
  g_.cols = cols;
  m_.row_of_col.assign(cols, kUnmatched);
  visited_.assign(cols, 0);
}

bool IncrementalMatching::add_row(std::span<const std::uint32_t> cols) {
  const std::size_t row = g_.rows();
  g_.adjacency.push_back(cols);
  m_.col_of_row.push_back(kUnmatched);
  if (augment(row)) return true;
  g_.adjacency.pop_back();
  m_.col_of_row.pop_back();
  return false;
}

/// Depth-first search for an augmenting path from an unmatched row, with an explicit stack.
bool IncrementalMatching::augment(std::size_t root) {
  ++stamp_;
  for (std::uint32_t c : g_.adjacency[root])  // cheap first try: a free column
    if (m_.row_of_col[c] == kUnmatched) {
      m_.col_of_row[root] = c;
      m_.row_of_col[c] = root;
      ++m_.size;
      return true;
    }
  std::vector<Frame>& stack = stack_;
  std::vector<std::size_t>& via = via_;  // the column each frame descended through
  stack.assign(1, {root, 0});
  via.clear();
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == g_.adjacency[f.row].size()) {
      stack.pop_back();
      if (!via.empty()) via.pop_back();
      continue;
    }
    std::uint32_t c = g_.adjacency[f.row][f.next++];
    if (visited_[c] == stamp_) continue;
    visited_[c] = stamp_;
    via.push_back(c);
    if (m_.row_of_col[c] != kUnmatched) {
      stack.push_back({m_.row_of_col[c], 0});
      continue;
    }
    for (std::size_t k = 0; k < stack.size(); ++k) {  // flip the path
      m_.col_of_row[stack[k].row] = via[k];
      m_.row_of_col[via[k]] = stack[k].row;
    }
    ++m_.size;
    return true;
  }
  return false;
}

Matching maximum_matching(const Bipartite& g, const std::vector<int>& prefer) {
  IncrementalMatching im(g.cols);
  im.reserve_rows(g.rows());
  Matching m;
  // Rows that cannot be matched are kept as unmatched rows (not dropped) for the caller.
  std::vector<std::size_t> kept;
  std::vector<std::uint32_t> cols;  // row r's columns, in preference order
  for (std::size_t r = 0; r < g.rows(); ++r) {
    const std::span<const std::uint32_t> adjacent = g.adjacency[r];
    cols.assign(adjacent.begin(), adjacent.end());
    if (!prefer.empty())
      std::stable_sort(cols.begin(), cols.end(), [&](std::uint32_t a, std::uint32_t b) { return prefer[a] < prefer[b]; });
    if (im.add_row(cols)) kept.push_back(r);
  }
  if (kept.size() == g.rows()) return std::move(im).take_matching();  // every row: numbered as in g
  m.col_of_row.assign(g.rows(), kUnmatched);
  m.row_of_col.assign(g.cols, kUnmatched);
  const Matching& inner = im.matching();
  for (std::size_t k = 0; k < kept.size(); ++k) {
    std::size_t c = inner.col_of_row[k];
    m.col_of_row[kept[k]] = c;
    m.row_of_col[c] = kept[k];
  }
  m.size = inner.size;
  return m;
}

DulmageMendelsohn dulmage_mendelsohn(const Bipartite& g, const Matching& m) {
  DulmageMendelsohn dm;
  std::vector<std::vector<std::uint32_t>> rows_of_col(g.cols);
  for (std::size_t r = 0; r < g.rows(); ++r)
    for (std::uint32_t c : g.adjacency[r]) rows_of_col[c].push_back(static_cast<std::uint32_t>(r));
  // Over-determined: alternating paths from unmatched rows (row → any column → its matched row).
  std::vector<bool> row_seen(g.rows(), false);
  std::vector<bool> col_seen(g.cols, false);
  std::vector<std::size_t> work;
  for (std::size_t r = 0; r < g.rows(); ++r)
    if (m.col_of_row[r] == kUnmatched) row_seen[r] = true, work.push_back(r);
  while (!work.empty()) {
    std::size_t r = work.back();
    work.pop_back();
    dm.over_rows.push_back(r);
    for (std::uint32_t c : g.adjacency[r]) {
      if (col_seen[c]) continue;
      col_seen[c] = true;
      dm.over_cols.push_back(c);
      std::size_t next = m.row_of_col[c];
      if (next != kUnmatched && !row_seen[next]) row_seen[next] = true, work.push_back(next);
    }
  }
  // Under-determined: alternating paths from unmatched columns (column → any row → its matched column).
  std::fill(row_seen.begin(), row_seen.end(), false);
  std::fill(col_seen.begin(), col_seen.end(), false);
  for (std::size_t c = 0; c < g.cols; ++c)
    if (m.row_of_col[c] == kUnmatched) col_seen[c] = true, work.push_back(c);
  while (!work.empty()) {
    std::size_t c = work.back();
    work.pop_back();
    dm.under_cols.push_back(c);
    for (std::uint32_t r : rows_of_col[c]) {
      if (row_seen[r]) continue;
      row_seen[r] = true;
      dm.under_rows.push_back(r);
      std::size_t next = m.col_of_row[r];
      if (next != kUnmatched && !col_seen[next]) col_seen[next] = true, work.push_back(next);
    }
  }
  for (auto* v : {&dm.over_rows, &dm.over_cols, &dm.under_rows, &dm.under_cols}) std::sort(v->begin(), v->end());
  return dm;
}

}  // namespace acausal
