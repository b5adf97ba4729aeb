#pragma once
// pendulum_chain_bench's `peers` mode: acausal against Simbody 3.7 on the N-link pendulum chain,
// whole processes at equal joint-angle accuracy (bench/README.md).

#include <cstddef>
#include <string>
#include <vector>

namespace acausal_bench {

/// For each N: the error of acausal at the chain's tolerance against a reference (Simbody CPodes
/// at accuracy 1e-10, cross-checked by acausal at tolerance 1e-10), then each Simbody integrator
/// (CPodes BDF, Runge–Kutta–Merson) at the loosest accuracy of 1e-2, 1e-3, … whose error is no
/// larger; CPU times are medians of `repeat` whole processes. Prints a table; returns 0, or 1 when
/// a run fails. `integrators`: "cpodes", "rkm" or both.
int compare_with_simbody(const std::string& acausal, const std::string& simbody, const std::vector<std::size_t>& sizes,
                         int repeat, double stop, const std::vector<std::string>& integrators);

}  // namespace acausal_bench
