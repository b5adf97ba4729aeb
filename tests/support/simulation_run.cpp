#include "tests/support/simulation_run.hpp"

#include <stdexcept>

#include <cstdio>

namespace acausal::testing {

std::string json_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

std::vector<std::pair<double, double>> switches(const SimulationRun& run, const std::string& column) {
  const std::vector<double> v = run.column(column);
  std::vector<std::pair<double, double>> out;
  for (std::size_t k = 1; k < v.size(); ++k)
    if (v[k] != v[k - 1]) out.emplace_back(run.times()[k], v[k]);
  return out;
}

double work_lost(const SimulationRun& run, const std::string& instance) {
  for (const ComponentEnergy& e : run.energy().components)
    if (e.instance == instance) return e.work_lost;
  throw std::out_of_range("no energy account of " + instance);
}

}  // namespace acausal::testing
