// check_component(): the checks a component author gets in one call — balance, units, and at random
// operating points where its equations hold, its energy audit, its passivity and its Jacobian.

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <stdexcept>

#include "acausal/testing.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "solver/testing/dimensions.hpp"
#include "solver/testing/number_text.hpp"
#include "solver/testing/operating_point.hpp"

namespace acausal::testing {
namespace {

/// The component's power terms at a point.
struct PowerTerms {
  double ports = 0.0, throughput = 0.0, injected = 0.0, rate = 0.0, loss = 0.0;
  double audit() const { return ports + injected - rate - loss; }
  /// The largest term; at least 1e-9 W, below which a power is the rounding of terms that cancel
  /// (a damper with d = 0; the variables are of the order of their nominal values, 1 by default).
  double scale() const { return std::max({throughput, std::fabs(injected), std::fabs(rate), std::fabs(loss), 1e-9}); }
};

PowerTerms power_terms(const Definition& d, const ComponentTerms& terms, const Values& at) {
  PowerTerms p;
  for (const Expr& e : terms.port_powers) {
    const double power = value(e, at);
    p.ports += power;
    p.throughput += std::fabs(power);
  }
  p.injected = value(d.injected_power, at);
  p.rate = value(terms.stored_rate, at);
  p.loss = value(d.loss_power, at);
  return p;
}

std::string point_text(std::size_t k) { return "at operating point " + std::to_string(k + 1); }

void check_balance(const Definition& d, CheckResult& result) {
  const std::ptrdiff_t surplus = balance_surplus(d);
  if (surplus == 0) return;
  result.add("balance", std::to_string(d.equations.size()) + " equations, " +
                            std::to_string(std::llabs(surplus)) + (surplus < 0 ? " too few" : " too many") +
                            " for its variables less its ports' through variables and its signal inputs");
}

void check_power(const Definition& d, const ComponentTerms& terms, const Values& at, std::size_t k, double tolerance,
                 CheckResult& result) {
  const PowerTerms p = power_terms(d, terms, at);
  const double scale = p.scale();
  const std::string terms_text = "(port power " + number_text(p.ports) + " W, injected " + number_text(p.injected) +
                                 " W, dE/dt " + number_text(p.rate) + " W, loss " + number_text(p.loss) + " W)";
  if (!(std::fabs(p.audit()) <= tolerance * scale))
    result.add("energy audit", point_text(k) + ": Σ port power + injected − dE/dt − loss = " + number_text(p.audit()) +
                                   " W " + terms_text + ", " +
                                   number_text(std::fabs(p.audit()) / scale) +
                                   " of the power scale");
  if (!(p.loss >= -tolerance * scale))
    result.add("passivity", point_text(k) + ": the loss power is " + number_text(p.loss) +
                                " W, negative: the component puts energy in that it books as lost " + terms_text);
}

/// Symbolic ∂residual/∂x against central differences of steps h and h/10: a difference across a
/// switch (a kink within a step) is off at one step and not the other; a wrong derivative at both.
void check_slopes(const Definition& d, const Values& at, std::size_t k, double tolerance, CheckResult& result) {
  for (std::size_t e = 0; e < d.equations.size(); ++e) {
    const Expr& r = d.equations[e].residual;
    std::vector<std::pair<std::string, double>> entries;  // name, step
    for (const Expr& leaf : leaves(r))
      if (leaf.op() == Op::Variable || leaf.op() == Op::Derivative) {
        const std::string name = to_string(leaf);
        entries.emplace_back(name, 1e-6 * std::max(std::fabs(at.at(name)), 1.0));
      }
    // A slope is measured by what it contributes to the residual: times the size of its
    // variable (at least one unit), against the sum of all contributions. A slope that nearly
    // vanishes (a pressure curve at its minimum) is then not held to a relative tolerance that
    // the differences' truncation error cannot meet.
    const auto size = [&](const std::string& name) { return std::max(std::fabs(at.at(name)), 1.0); };
    double row_scale = 0.0;
    std::vector<Partial> coarse;
    for (const auto& [name, h] : entries) {
      coarse.push_back(partial(r, name, at, h));
      row_scale += std::fabs(coarse.back().symbolic) * size(name);
    }
    for (std::size_t j = 0; j < entries.size(); ++j) {
      const Partial& p = coarse[j];
      const double x_size = size(entries[j].first);
      const auto agrees = [&](double central) {
        return std::fabs(p.symbolic - central) * x_size <= tolerance * std::max(std::fabs(central) * x_size, row_scale);
      };
      if (agrees(p.central) || agrees(partial(r, entries[j].first, at, entries[j].second / 10.0).central)) continue;
      result.add("Jacobian", point_text(k) + ", equation " + std::to_string(e + 1) + " (" +
                                 std::string(d.equations[e].description) + "): ∂/∂" + entries[j].first + " is " +
                                 number_text(p.symbolic) + ", its central difference " + number_text(p.central));
    }
  }
}

}  // namespace

CheckResult check_component(const Component& component, const ComponentCheckOptions& options) {
  const Definition d = instantiate(component, options.params);
  CheckResult result("component check of " + d.type + " (balance, units, energy audit, passivity, Jacobian at " +
                     std::to_string(options.points) + " operating points), relative tolerance " +
                     number_text(options.tolerance));
  check_balance(d, result);
  const Definition described = describe_type(component);
  const bool units_parse = check_declared_units(described, result);
  const ComponentTerms terms = component_terms(d);
  const std::vector<Expr> range = options.operating_range ? options.operating_range(d) : std::vector<Expr>{};
  std::mt19937 random(options.seed);
  for (std::size_t k = 0; k < options.points; ++k) {
    const OperatingPoint point = operating_point(d, terms, random, range);
    if (!point.values) {
      result.add("operating point", "no point where its equations hold from 20 random starts; the closest: " +
                                        point.worst_equation + " (relative residual " +
                                        number_text(point.worst_residual) + ")");
      break;
    }
    if (k == 0 && units_parse) check_unit_conversion(component, options.params, d, described, *point.values, result);
    check_power(d, terms, *point.values, k, options.tolerance, result);
    check_slopes(d, *point.values, k, options.tolerance, result);
  }
  return result;
}

CheckResult check_component(const Registry& registry, const std::string& type, const ComponentCheckOptions& options) {
  const Component* c = registry.find(type);
  if (c == nullptr) throw std::invalid_argument("no component type " + type);
  return check_component(*c, options);
}

CheckResult check_component(const std::string& type, const ComponentCheckOptions& options) {
  return check_component(builtin_registry(), type, options);
}

}  // namespace acausal::testing
