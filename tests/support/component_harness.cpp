#include "tests/support/component_harness.hpp"

#include <stdexcept>

#include <doctest/doctest.h>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"

namespace acausal::testing {

Definition instantiate(const std::string& type, const nlohmann::json& params, const std::string& instance) {
  const Component* c = builtin_registry().find(type);
  if (c == nullptr) throw std::invalid_argument("no component type " + type);
  return instantiate(*c, params, instance);
}

Definition instantiate(const Component& component, const nlohmann::json& params, const std::string& instance) {
  static const Environment earth{Gravity{}, "world"};  // the World's default gravity, for bodies
  ComponentBuilder b(ComponentBuilder::Mode::Instance, instance, std::string(component.type()),
                     "/components/" + instance, &params);
  b.set_environment(&earth);
  component.define(b);
  return b.finish();
}

Definition described_catalog_entry(const std::string& type) {
  const Component* c = builtin_registry().find(type);
  REQUIRE(c != nullptr);
  CHECK(c->type() == type);
  CHECK(!c->summary().empty());
  CHECK(c->summary().find('\n') == std::string_view::npos);
  return describe_type(*c);
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

std::ptrdiff_t balance_surplus(const Definition& d) {
  std::size_t inputs = 0, through = 0;
  for (const auto& p : d.ports) {
    if (p.port.direction == SignalDirection::Input) ++inputs;
    through += p.port.through.size();
  }
  return static_cast<std::ptrdiff_t>(d.equations.size() + inputs + through) -
         static_cast<std::ptrdiff_t>(d.variables.size());
}

double energy_audit(const Definition& d, const Values& values) {
  Expr balance = d.injected_power - time_derivative(d.stored_energy) - d.loss_power;
  for (const auto& p : d.ports) balance += p.port.domain->power(p.port);
  return value(balance, values);
}

}  // namespace acausal::testing
