#pragma once
/// @file
/// What a result file says about its columns besides their values: each output's description and
/// unit, and the model's parameters with their values (a Modelica result file's `description` and
/// `data_1`; solver/mat_writer.hpp writes them).

#include <string>
#include <vector>

namespace acausal {

struct Model;

struct ResultParameter {
  std::string name;         ///< `instance.param`
  double value = 0.0;       ///< SI
  std::string description;  ///< `Spring constant [N/m]`
};

struct ResultMetadata {
  /// Per output (Model::outputs), `Absolute rotation angle [rad]`: the component's description and
  /// the SI unit in brackets (none for a dimensionless one).
  std::vector<std::string> output_descriptions;
  /// The instances' real parameters (those given as numbers), in instance order.
  std::vector<ResultParameter> parameters;
};

ResultMetadata result_metadata(const Model& model);

}  // namespace acausal
