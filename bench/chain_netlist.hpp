#pragma once
// The N-mass translational spring-damper chain of chain_bench (see bench/README.md): its physical
// parameters and experiment, and the netlist that describes it to acausal.
//
//   wall (translational.Fixed) — sd1 — mass1 — sd2 — mass2 — … — sdN — massN   (free end)
//
// Every mass m, every SpringDamper c, d (s_rel0 = 0); mass1 starts displaced by s1_0, all other
// masses at rest at 0. The outputs are the positions s of a handful of masses. The baseline
// integrates every unknown with nominal 1, so the spring-dampers declare none (s_nominal = 0; by
// default sd1's would scale mass1's tolerances): both runs have the same absolute tolerances.

#include <cstddef>
#include <string>
#include <vector>

namespace acausal_bench {

struct ChainSpec {
  std::size_t n = 1000;  // masses
  double m = 1.0;        // kg
  double c = 1e4;        // N/m
  double d = 10.0;       // N·s/m
  double s1_0 = 0.01;    // m, initial displacement of mass1
  double start = 0.0;
  double stop = 1.0;        // s
  double interval = 0.002;  // s, output grid
  double tolerance = 1e-5;  // relative (acausal's experiment.tolerance; IDA gets tolerance/100)
};

/// The (1-based) masses whose positions are written: 1, 2, N/4, N/2, N (distinct, ascending).
std::vector<std::size_t> output_masses(std::size_t n);

/// The netlist JSON (format acausal/1).
std::string chain_netlist(const ChainSpec& spec);

/// Writes chain_netlist(spec) to `path`. @throws std::runtime_error if it cannot be written.
void write_chain_netlist(const ChainSpec& spec, const std::string& path);

}  // namespace acausal_bench
