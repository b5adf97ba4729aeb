#pragma once
/// @file
/// Netlists written from JSON values in tests, and the distance of a result column from a closed form.

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "acausal/testing.hpp"

namespace acausal::testing {

/// A netlist named `name` of `components` and `connections` from 0 to `stop` on a grid of `interval`.
inline std::string netlist_text(const std::string& name, const nlohmann::json& components,
                                const std::vector<std::vector<std::string>>& connections, double stop, double interval,
                                const std::vector<std::string>& outputs, double tolerance) {
  return nlohmann::json{{"format", "acausal/1"},
                        {"name", name},
                        {"components", components},
                        {"connections", connections},
                        {"experiment", {{"start", 0.0}, {"stop", stop}, {"interval", interval}, {"tolerance", tolerance}}},
                        {"outputs", outputs}}
      .dump();
}

/// max over every row of |column − expected(t)|.
inline double max_error(const SimulationRun& run, const std::string& column, const std::function<double(double)>& expected) {
  const std::vector<double>& t = run.times();
  const std::vector<double> y = run.column(column);
  double worst = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) worst = std::max(worst, std::fabs(y[k] - expected(t[k])));
  return worst;
}

}  // namespace acausal::testing
