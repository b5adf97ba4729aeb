#include "core/expr/strided_rows.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace acausal::detail {
namespace {

/// The rows of a run with NY y terms, NYP y' terms and stride S known when compiled: a loop the
/// compiler vectorizes across rows (this file is built at -O3), each lane adding its row's products
/// in the terms' order (no reassociation: the same sums as one row at a time).
template <std::size_t NY, std::size_t NYP, std::int64_t S>
void strided_kernel(const RowTerm* terms, const StridedRows& run, const double* __restrict y,
                    const double* __restrict yp, double* __restrict out) {
  std::array<double, NY + NYP> c{};
  std::array<std::int64_t, NY + NYP> at{};
  for (std::size_t k = 0; k < NY + NYP; ++k) {
    c[k] = terms[k].coefficient;
    at[k] = terms[k].offset;
  }
  const double* const ys = y + run.base;
  const double* const yps = yp + run.base;
  double* const o = out + run.output;
  const auto count = static_cast<std::int64_t>(run.count);
  for (std::int64_t r = 0; r < count; ++r) {
    double acc = 0.0;
    for (std::size_t k = 0; k < NY; ++k) acc += c[k] * ys[S * r + at[k]];
    for (std::size_t k = NY; k < NY + NYP; ++k) acc += c[k] * yps[S * r + at[k]];
    o[S * r] = acc;
  }
}

using Kernel = void (*)(const RowTerm*, const StridedRows&, const double*, const double*, double*);
constexpr std::size_t kTerms = kStridedTerms;

template <std::size_t I>
constexpr Kernel kernel_at() {
  constexpr std::size_t ny = I / (kTerms * kMaxStride);
  constexpr std::size_t nyp = I / kMaxStride % kTerms;
  constexpr std::int64_t stride = I % kMaxStride + 1;
  return &strided_kernel<ny, nyp, stride>;
}

constexpr auto kKernels = []<std::size_t... I>(std::index_sequence<I...>) {
  return std::array<Kernel, kTerms * kTerms * kMaxStride>{kernel_at<I>()...};
}(std::make_index_sequence<kTerms * kTerms * kMaxStride>{});

}  // namespace

void sum_strided_rows(const RowTerm* terms, std::uint32_t y_terms, std::uint32_t yp_terms, const StridedRows& run,
                      const double* y, const double* yp, double* out) {
  if (!has_strided_kernel(y_terms, yp_terms, run.stride)) throw std::logic_error("sum_strided_rows: no kernel for this shape");
  kKernels[(y_terms * kTerms + yp_terms) * kMaxStride + (run.stride - 1)](terms, run, y, yp, out);
}

}  // namespace acausal::detail
