#include "tests/support/simulation_run.hpp"

#include <stdexcept>

#include <cstdio>

namespace acausal::testing {

std::string json_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

std::string vector_outputs(const std::string& name) {
  return "\"" + name + "[1]\", \"" + name + "[2]\", \"" + name + "[3]\"";
}

std::string rotation_outputs(const std::string& frame) {
  std::string out;
  for (int i = 1; i <= 3; ++i)
    for (int j = 1; j <= 3; ++j)
      out += (out.empty() ? "\"" : ", \"") + frame + ".R[" + std::to_string(i) + "," + std::to_string(j) + "]\"";
  return out;
}

std::string constants(const std::string& name, const Eigen::Vector3d& x) {
  std::string out;
  for (int i = 0; i < 3; ++i)
    out += ", \"" + name + std::to_string(i + 1) + "\": { \"type\": \"signal.Constant\", \"params\": { \"k\": " +
           json_number(x(i)) + " } }";
  return out;
}

std::string constant_links(const std::string& name, const std::string& port) {
  std::string out;
  for (int i = 1; i <= 3; ++i)
    out += ", [\"" + name + std::to_string(i) + ".y\", \"" + port + "[" + std::to_string(i) + "]\"]";
  return out;
}

Eigen::Matrix3d rotation(const SimulationRun& run, const std::string& frame, std::size_t k) {
  Eigen::Matrix3d R;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      R(i, j) = run.column(frame + ".R[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]")[k];
  return R;
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
