#pragma once
/// @file
/// A planar N-link pendulum netlist for tests: revolute joints about z, boxes 0.1 m long hanging
/// from the World, each joint started at `phi` (optionally with a rotational damper on its axis).

#include <string>

namespace acausal::testing {

struct PendulumChain {
  int links = 10;
  bool dampers = false;  ///< a rotational.Damper d = 0.01 N·m·s/rad on every joint's axis flange
  double phi = 0.0;      ///< every joint's start angle [rad]
  double stop = 1.0;     ///< the experiment's stop time [s]
  double tolerance = 1e-6;
};

std::string pendulum_chain_netlist(const PendulumChain& chain);

}  // namespace acausal::testing
