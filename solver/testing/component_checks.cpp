// The testing API for one component: instantiate it, evaluate its law, Jacobian and energy audit at
// chosen values.

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "acausal/testing.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "solver/testing/number_text.hpp"

namespace acausal::testing {
namespace {

/// `|a| ≤ limit`, false for NaN.
bool within(double a, double limit) { return std::fabs(a) <= limit; }

std::string equation_name(const Definition& d, std::size_t k) {
  const std::string_view description = d.equations[k].description;
  return "equation " + std::to_string(k + 1) + (description.empty() ? "" : " (" + std::string(description) + ")");
}

std::string title(const std::string& check, const Definition& d) { return check + " of " + d.instance + " (" + d.type + ")"; }

}  // namespace

Registry registry_with_libraries(const std::vector<std::string>& libraries) {
  Registry registry;
  register_builtin(registry);
  for (const std::string& path : libraries) load_component_library(registry, path);
  return registry;
}

Definition instantiate(const Component& component, const nlohmann::json& params, const std::string& instance) {
  static const Environment earth{Gravity{}, "world"};  // the World's default gravity, for bodies
  ComponentBuilder b(ComponentBuilder::Mode::Instance, instance, std::string(component.type()),
                     "/components/" + instance, &params);
  b.set_environment(&earth);
  component.define(b);
  Definition d = b.finish();
  d.frame_parts_without_root = frame_parts_without_root(component, d, &params, nullptr);
  return d;
}

Definition instantiate(const Registry& registry, const std::string& type, const nlohmann::json& params,
                       const std::string& instance) {
  const Component* c = registry.find(type);
  if (c == nullptr) throw std::invalid_argument("no component type " + type);
  return instantiate(*c, params, instance);
}

Definition instantiate(const std::string& type, const nlohmann::json& params, const std::string& instance) {
  return instantiate(builtin_registry(), type, params, instance);
}

double value(const Expr& e, const Values& values) {
  return evaluate(e, [&](const Expr& leaf) {
    std::string key = to_string(leaf);
    auto it = values.find(key);
    if (it == values.end()) throw std::out_of_range("no value for " + key);
    return it->second;
  });
}

std::vector<double> residuals(const Definition& d, const Values& values) {
  std::vector<double> out;
  for (const auto& eq : d.equations) out.push_back(value(eq.residual, values));
  return out;
}

CheckResult check_residuals(const Definition& d, const Values& values, double tolerance) {
  CheckResult result(title("equations", d) + ", tolerance " + number_text(tolerance));
  for (std::size_t k = 0; k < d.equations.size(); ++k) {
    const double r = value(d.equations[k].residual, values);
    if (!within(r, tolerance))
      result.add(equation_name(d, k), "0 = " + to_string(d.equations[k].residual) + " has the residual " + number_text(r));
  }
  return result;
}

std::ptrdiff_t balance_surplus(const Definition& d) { return local_balance(d); }

double energy_audit(const Definition& d, const Values& values) {
  Expr balance = d.injected_power - time_derivative(d.stored_energy) - d.loss_power;
  for (const auto& p : d.ports) balance += p.port.domain->power(p.port);
  return value(balance, values);
}

CheckResult check_energy_audit(const Definition& d, const Values& values, double tolerance) {
  CheckResult result(title("energy audit", d) + ", relative tolerance " + number_text(tolerance));
  double ports = 0.0, throughput = 0.0;
  for (const auto& p : d.ports) {
    const double power = value(p.port.domain->power(p.port), values);
    ports += power;
    throughput += std::fabs(power);
  }
  const double injected = value(d.injected_power, values);
  const double rate = value(time_derivative(d.stored_energy), values);
  const double loss = value(d.loss_power, values);
  const double audit = ports + injected - rate - loss;
  const double scale = std::max({throughput, std::fabs(injected), std::fabs(rate), std::fabs(loss)});
  if (!within(audit, tolerance * scale))
    result.add(d.instance, "Σ port power + injected − dE/dt − loss = " + number_text(audit) + " W (port power " +
                               number_text(ports) + " W, injected " + number_text(injected) + " W, dE/dt " +
                               number_text(rate) + " W, loss " + number_text(loss) + " W): " +
                               number_text(scale > 0.0 ? std::fabs(audit) / scale : std::numeric_limits<double>::infinity()) +
                               " of the power scale " + number_text(scale) + " W");
  return result;
}

Partial partial(const Expr& residual, const std::string& name, const Values& at, double h) {
  Values plus = at, minus = at;
  plus.at(name) += h;
  minus.at(name) -= h;
  const Expr leaf = name.starts_with("der(") && name.ends_with(")")
                        ? der(Expr::variable(name.substr(4, name.size() - 5)))
                        : Expr::variable(name);
  return {value(diff(residual, leaf), at), (value(residual, plus) - value(residual, minus)) / (2.0 * h)};
}

CheckResult check_jacobian(const Definition& d, const Values& values, const JacobianOptions& options) {
  CheckResult result(title("Jacobian", d) + " against central differences, relative tolerance " +
                     number_text(options.tolerance));
  for (std::size_t k = 0; k < d.equations.size(); ++k) {
    const Expr& r = d.equations[k].residual;
    struct Entry {
      std::string name;
      Partial p;
    };
    std::vector<Entry> row;
    double row_scale = 0.0;
    for (const Expr& leaf : leaves(r)) {
      if (leaf.op() != Op::Variable && leaf.op() != Op::Derivative) continue;
      const std::string name = to_string(leaf);
      const auto at = values.find(name);
      if (at == values.end()) throw std::out_of_range("no value for " + name);
      const double h = options.step * std::max(std::fabs(at->second), 1.0);
      row.push_back({name, partial(r, name, values, h)});
      row_scale = std::max(row_scale, std::fabs(row.back().p.symbolic));
    }
    for (const Entry& e : row) {
      const double scale = std::max({std::fabs(e.p.symbolic), std::fabs(e.p.central), row_scale});
      if (!within(e.p.symbolic - e.p.central, options.tolerance * scale))
        result.add(equation_name(d, k), "∂/∂" + e.name + ": symbolic " + number_text(e.p.symbolic) +
                                            ", central difference " + number_text(e.p.central));
    }
  }
  return result;
}

}  // namespace acausal::testing
