#include "solver/sparse_lu.hpp"

#include <algorithm>
#include <stdexcept>

#include <klu.h>

namespace acausal {

struct SparseLu::Klu {
  klu_common common{};
  klu_symbolic* symbolic = nullptr;
  klu_numeric* numeric = nullptr;
  std::vector<int> col_start, row_index;
  std::vector<double> values;
  std::vector<int> analyzed_col_start, analyzed_row_index;  ///< the pattern `symbolic` was made for

  void release() {
    if (numeric != nullptr) klu_free_numeric(&numeric, &common);
    if (symbolic != nullptr) klu_free_symbolic(&symbolic, &common);
  }
};

SparseLu::SparseLu() : klu_(new Klu) {
  klu_defaults(&klu_->common);
  // No block triangular form: its maximum transversal took most of a second on the initialization
  // system of a 10 000-mass chain (y and y' unknowns, many rows with the same few columns), where
  // the fill-reducing ordering alone factors in milliseconds.
  klu_->common.btf = 0;
}

SparseLu::~SparseLu() {
  klu_->release();
  delete klu_;
}

bool SparseLu::factor(std::size_t n, const std::vector<SparseEntry>& entries) {
  Klu& k = *klu_;
  if (k.numeric != nullptr) klu_free_numeric(&k.numeric, &k.common);
  // Compressed columns (a counting sort by column), rows sorted within a column and duplicates
  // summed (KLU takes none).
  std::vector<int> start(n + 1, 0);
  for (const SparseEntry& e : entries) ++start[static_cast<std::size_t>(e.col) + 1];
  for (std::size_t c = 0; c < n; ++c) start[c + 1] += start[c];
  std::vector<std::pair<int, double>> by_column(entries.size());
  std::vector<int> next(start.begin(), start.end() - 1);
  for (const SparseEntry& e : entries) {
    int& place = next[static_cast<std::size_t>(e.col)];
    by_column[static_cast<std::size_t>(place++)] = {e.row, e.value};
  }
  k.col_start.assign(n + 1, 0);
  k.row_index.clear();
  k.values.clear();
  for (std::size_t c = 0; c < n; ++c) {
    const auto first = by_column.begin() + start[c], last = by_column.begin() + start[c + 1];
    std::sort(first, last, [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto it = first; it != last; ++it) {
      if (it != first && it->first == (it - 1)->first) {
        k.values.back() += it->second;
        continue;
      }
      k.row_index.push_back(it->first);
      k.values.push_back(it->second);
    }
    k.col_start[c + 1] = static_cast<int>(k.row_index.size());
  }
  if (n == 0) return true;
  const int size = static_cast<int>(n);
  // The ordering depends on the pattern only: a matrix with the pattern of the last one (the
  // energy ledger's consistency solves, every step) reuses it. AMD was as costly as the factorization.
  if (k.symbolic != nullptr && (k.col_start != k.analyzed_col_start || k.row_index != k.analyzed_row_index))
    klu_free_symbolic(&k.symbolic, &k.common);
  if (k.symbolic == nullptr) {
    k.symbolic = klu_analyze(size, k.col_start.data(), k.row_index.data(), &k.common);
    if (k.symbolic == nullptr) return false;
    k.analyzed_col_start = k.col_start;
    k.analyzed_row_index = k.row_index;
  }
  k.numeric = klu_factor(k.col_start.data(), k.row_index.data(), k.values.data(), k.symbolic, &k.common);
  return k.numeric != nullptr && k.common.status == KLU_OK;
}

void SparseLu::solve(std::span<double> b) {
  Klu& k = *klu_;
  if (b.empty()) return;
  if (k.numeric == nullptr) throw std::logic_error("SparseLu::solve without a factorization");
  klu_solve(k.symbolic, k.numeric, static_cast<int>(b.size()), 1, b.data(), &k.common);
}

}  // namespace acausal
