#pragma once
/// @file
/// LU factorization of a square sparse matrix with KLU, the solver IDA uses (a chain of 10 000
/// masses factors in milliseconds).

#include <cstddef>
#include <span>
#include <vector>

namespace acausal {

/// One entry of a matrix given by coordinates; entries at the same place add up.
struct SparseEntry {
  int row;
  int col;
  double value;
};

class SparseLu {
 public:
  SparseLu();
  ~SparseLu();
  SparseLu(const SparseLu&) = delete;
  SparseLu& operator=(const SparseLu&) = delete;

  /// Factors the n×n matrix of `entries`. Returns false when it is singular.
  bool factor(std::size_t n, const std::vector<SparseEntry>& entries);
  /// Overwrites b with the solution of A·x = b (after a successful factor()).
  void solve(std::span<double> b);

 private:
  struct Klu;
  Klu* klu_;
};

}  // namespace acausal
