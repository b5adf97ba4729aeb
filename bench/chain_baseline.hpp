#pragma once
// The hand-written baseline of chain_bench: the chain of chain_netlist.hpp in exactly the
// formulation acausal integrates after its analysis (what `acausal equations` prints), as a plain
// C++ residual and CSC iteration matrix, driven by IDA + KLU with acausal's settings.
//
// Unknowns y = [s_1, v_1, …, s_N, v_N] (all differential), s_0 = s'_0 = 0 at the wall, and with
// f_i = c·(s_i − s_{i−1}) + d·(s'_i − s'_{i−1}) the force of spring-damper i (f_{N+1} = 0):
//   F_{2i−2} = v_i − s'_i
//   F_{2i−1} = f_{i+1} − f_i − m·v'_i
// (acausal eliminates the port variables, the relative positions and speeds, the forces and the
// accelerations, and keeps der(s) in the damper term rather than substituting v.)

#include <string>

#include "bench/chain_netlist.hpp"

namespace acausal_bench {

struct BaselineResult {
  long steps = 0;
  long residual_evaluations = 0;
  long jacobian_evaluations = 0;
  long newton_iterations = 0;
  long newton_failures = 0;
  long error_test_failures = 0;
  std::size_t rows = 0;
  double setup_seconds = 0.0;      // allocation and consistent initial values
  double integrate_seconds = 0.0;  // as acausal's "integrate": IDA setup, stepping, output rows
};

/// Simulates the chain with IDA + KLU as acausal does — rtol = tolerance/100, atol_i = rtol (nominal
/// 1), id = 1, suppressAlg, stop time, max 10^6 steps, IDA_ONE_STEP with the outputs interpolated on
/// the same grid — and writes the same CSV (time, then mass<k>.s of output_masses()) row by row.
/// With `fast_ops` its vectors use acausal's N_Vector operations (solver/fast_nvector.hpp, as
/// acausal's IdaSession does) instead of the stock serial ones: the optimized baseline.
/// @throws std::runtime_error on a SUNDIALS failure or if the CSV cannot be written.
BaselineResult run_baseline(const ChainSpec& spec, const std::string& csv_path, bool fast_ops = false);

}  // namespace acausal_bench
