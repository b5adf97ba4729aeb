#pragma once
// The N-link pendulum chain of pendulum_chain_bench (see bench/README.md): its physical parameters
// and experiment, and the netlist that describes it to acausal.
//
//   world — joint1 — link1 — joint2 — link2 — … — jointN — linkN   (free end)
//             |
//          damper1 (on joint1's axis and support flanges; likewise every joint)
//
// Every joint a multibody.Revolute about the world z-axis (n = [0, 0, 1], use_axis_flange) with a
// rotational.Damper d between its axis and support flanges; every link a multibody.BodyBox from
// frame_a to frame_b = [L, 0, 0] (steel, default width L/20). The next joint hangs at the previous
// link's frame_b. All links start horizontal (along +x) at rest (every joint phi = 0, w = 0) and
// fall under the World's gravity (−y). The outputs are the angles of a handful of joints and the
// position of the free end.

#include <cstddef>
#include <string>
#include <vector>

namespace acausal_bench {

struct PendulumChainSpec {
  std::size_t n = 10;        // links
  double length = 0.1;       // m, L of every link (BodyBox r = [L, 0, 0])
  double d = 0.01;           // N·m·s/rad, every joint's damper
  double start = 0.0;
  double stop = 3.0;         // s
  double interval = 0.01;    // s, output grid
  double tolerance = 1e-6;   // relative (acausal's experiment.tolerance)
};

/// The (1-based) joints whose angles are written: 1, 2, N/4, N/2, N (distinct, ascending).
std::vector<std::size_t> output_joints(std::size_t n);

/// The netlist JSON (format acausal/1).
std::string pendulum_chain_netlist(const PendulumChainSpec& spec);

/// Writes pendulum_chain_netlist(spec) to `path`. @throws std::runtime_error if it cannot be written.
void write_pendulum_chain_netlist(const PendulumChainSpec& spec, const std::string& path);

}  // namespace acausal_bench
