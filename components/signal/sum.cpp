#include "components/signal/sum.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

namespace acausal::signal_components {

std::string_view Sum::details() const {
  return R"(MSL 4.0.0's Math.Sum block: the weighted sum of nin signals,

    y = k[1]·u[1] + … + k[nin]·u[nin]

with the inputs `u[1]` … `u[nin]` and the gains k (default all 1; given, exactly nin of them).
A signal block: no energy terms.)";
}

void Sum::define(ComponentBuilder& b) const {
  const ParameterCheck count = [](double v) -> std::optional<std::string> {
    if (v >= 1.0 && v == std::floor(v) && v <= 1000.0) return std::nullopt;
    return "must be an integer from 1 to 1000";
  };
  const auto nin = static_cast<std::size_t>(b.parameter_value("nin", "1", 1.0, "Number of inputs", count));
  const std::vector<double> k = b.vector_parameter("k", "1", std::vector<double>(nin, 1.0), "Gains of the inputs", nin);
  const Expr y = b.output("y", "1", "Output signal");
  Expr sum = 0.0;
  for (std::size_t i = 0; i < nin; ++i)
    sum = sum + k[i] * b.input("u[" + std::to_string(i + 1) + "]", "1", "Input signal " + std::to_string(i + 1));
  b.equation(y - sum, "weighted sum");
}

}  // namespace acausal::signal_components
