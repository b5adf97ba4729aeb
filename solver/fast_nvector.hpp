#pragma once
/// @file
/// Our own loops for the operations of SUNDIALS' serial N_Vector.
///
/// Debian's SUNDIALS is built without optimization, and IDA spends most of a large run in the
/// serial N_Vector's operations (linear sums and combinations, weighted RMS norms). These replace
/// the function pointers of a serial vector's ops table with loops compiled with -O3 that GCC
/// vectorizes; the vector stays a serial one (same content struct, N_VGetArrayPointer and KLU work
/// unchanged, N_VClone copies the ops table, so the vectors IDA clones from it use them too).
///
/// Results are those of the stock serial vector as IDA uses it (the fused and vector-array
/// operations disabled, so that SUNDIALS' generic fallbacks run them through N_VScale and
/// N_VLinearSum), element for element, with one difference: the sums (weighted RMS and L2 norms,
/// dot products, L1 norm) add in eight interleaved partial sums, not left to right, so they may
/// differ from the stock ones in the last bits (a few ulps for sums of squares). Minima and maxima
/// are exact. Vectors passed to one operation are either the same vector or disjoint, as SUNDIALS
/// assumes.

#include <cstdint>
#include <span>

#include <sundials/sundials_nvector.h>

namespace acausal {

/// Replaces every computational operation of the serial vector `v` (its standard operations, the
/// fused ones, the vector-array ones and the local reductions) with ours; the constructors,
/// destructor and accessors stay. Also sets the fused and vector-array operations that the stock
/// vector leaves unset, so IDA calls them directly instead of composing them.
/// @throws std::invalid_argument if `v` is not a serial vector.
void use_fast_vector_ops(N_Vector v);

/// Whether `v`'s ops table holds our operations (for tests).
bool has_fast_vector_ops(N_Vector v);

/// While it lives, our linear combinations into `v` (a vector with our operations) compute only
/// the given components (each as the whole operation would, to the bit) and leave the others as
/// they are. IDAGetDky fills its vector with one linear combination of IDA's history: the outputs
/// of a large model read a few of its unknowns, and interpolating the rest at every output row
/// would cost as much as the row's share of a step. One selection at a time per thread.
/// @throws std::logic_error if another is alive on this thread, std::out_of_range for a component
///         beyond v's length.
class OnlyComponents {
 public:
  OnlyComponents(N_Vector v, std::span<const std::uint32_t> components);
  ~OnlyComponents();
  OnlyComponents(const OnlyComponents&) = delete;
  OnlyComponents& operator=(const OnlyComponents&) = delete;
};

}  // namespace acausal
