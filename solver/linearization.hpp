#pragma once
/// @file
/// The linear model of a run at its current time: δx' = A δx + B δu, δh = C δx + D δu, where x are
/// the states the analysis chose (the index-1 reduced system's differential unknowns), u the
/// external inputs (the netlist's `inputs`) and h the outputs.
///
/// From F(t, y, y', u) = 0 with y = (x, z): [∂F/∂x' ∂F/∂z]·(δx', δz) = −∂F/∂x·δx − ∂F/∂u·δu,
/// one sparse LU of the compiled Jacobian's parts (∂F/∂y, ∂F/∂y' exact; ∂F/∂u by central
/// differences), then the outputs' derivatives along each column's (δy, δy', δu) by central
/// differences of the output tape.

#include <string>
#include <vector>

#include <Eigen/Core>

namespace acausal {

class Simulator;

struct Linearization {
  double time = 0.0;
  std::vector<std::string> states, inputs, outputs;
  Eigen::MatrixXd A, B, C, D;
};

/// Linearizes `sim` where it is (initialized first if it is not), for the inputs and outputs named
/// (empty: all of the program's, in its order).
/// @throws std::invalid_argument naming an input or output the program does not have, or when the
///         matrix [∂F/∂x' ∂F/∂z] is singular there.
Linearization linearize(Simulator& sim, const std::vector<std::string>& inputs = {},
                        const std::vector<std::string>& outputs = {});

}  // namespace acausal
