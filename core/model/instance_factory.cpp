#include "core/model/instance_factory.hpp"

#include <algorithm>

#include "core/model/errors.hpp"
#include "core/model/tunable_names.hpp"
#include "core/expr/expr_walk.hpp"

namespace acausal {

namespace {

/// True when every variable in `d`'s equations and energy terms is one it declares (its ports' are, by
/// construction): a copy renames exactly those.
bool uses_only_own_variables(const Definition& d) {
  auto own = [&](const Expr& e) {
    for (const Expr& leaf : leaves(e)) {
      const Expr& v = leaf.op() == Op::Derivative ? leaf.args()[0] : leaf;
      if (v.op() == Op::Variable &&
          std::none_of(d.variables.begin(), d.variables.end(), [&](const auto& x) { return x.symbol == v; }))
        return false;
    }
    return true;
  };
  for (const Definition::Equation& e : d.equations)
    if (!own(e.residual)) return false;
  return own(d.stored_energy) && own(d.loss_power) && own(d.injected_power);
}

/// @throws ModelError at the first parameter of `c` that its type does not declare.
void check_parameter_names(const Component& type, const NetlistComponent& c) {
  Definition all = describe_type(type);
  std::vector<std::string_view> names;
  for (const Definition::Parameter& p : all.parameters) names.push_back(p.name);
  for (auto it = c.params.begin(); it != c.params.end(); ++it)
    if (std::find(names.begin(), names.end(), it.key()) == names.end())
      throw ModelError(c.pointer + "/params/" + json_pointer_token(it.key()),
                       "unknown parameter \"" + it.key() + "\" of " + c.type + "; valid: " + join(names, 40));
}

}  // namespace

Expr renamed(const Definition& first, std::span<const Expr> symbols, const Expr& e) {
  // A component declares tens of variables at most: a linear search beats a map.
  return rename_variables(e, [&](const Expr& x) -> const Expr* {
    for (std::size_t i = 0; i < first.variables.size(); ++i)
      if (first.variables[i].symbol == x) return &symbols[i];
    return nullptr;
  });
}

Definition copied_definition(const Definition& first, std::string instance, std::string pointer,
                             std::span<const Expr> symbols) {
  Definition d = first;
  d.instance = std::move(instance);
  d.pointer = std::move(pointer);
  auto copy = [&](const Expr& e) { return renamed(first, symbols, e); };
  for (std::size_t i = 0; i < symbols.size(); ++i) d.variables[i].symbol = symbols[i];
  for (Definition::PortInfo& p : d.ports) {
    for (Expr& x : p.port.across) x = copy(x);
    for (Expr& x : p.port.through) x = copy(x);
  }
  for (Definition::Equation& e : d.equations) e.residual = copy(e.residual);
  d.stored_energy = copy(first.stored_energy);
  d.loss_power = copy(first.loss_power);
  d.injected_power = copy(first.injected_power);
  for (Definition::Assertion& a : d.assertions) a.condition = copy(a.condition);
  return d;
}

BuiltInstance InstanceFactory::build(const Component& type, const NetlistComponent& c, const FrameRoles* roles) {
  std::vector<Template>& known = templates_[&type];
  const std::string role_key = roles == nullptr ? std::string() : roles->key();
  // An instance with tunable parameters is built on its own: a copy would share another's numbers.
  const bool may_copy = tunable_ == nullptr || !tunable_->of_instance(c.name);
  for (const Template& t : known)
    if (may_copy && t.roles == role_key && t.params == c.params) return {t.first, true};
  ComponentBuilder b(ComponentBuilder::Mode::Instance, c.name, c.type, c.pointer, &c.params);
  b.set_environment(environment_);
  b.set_param_pointers(&c.param_pointers);
  b.set_frame_roles(roles);
  b.set_tunable(tunable_);
  try {
    type.define(b);
  } catch (const ModelError&) {
    // A misspelled parameter often causes the failure ("needs a table" for "tabel"): report it.
    check_parameter_names(type, c);
    throw;
  }
  // A definition with tunable numbers holds this instance's own parameters: no copy shares them.
  const bool copyable = !b.depends_on_name() && !b.has_tunable();
  Definition finished = b.finish();
  finished.frame_parts_without_root = frame_parts_without_root(type, finished, &c.params, roles);
  auto d = std::make_shared<const Definition>(std::move(finished));
  if (copyable && uses_only_own_variables(*d)) {
    if (known.size() == kTemplatesPerType) known.erase(known.begin());
    known.push_back({c.params, role_key, d});
  }
  return {d, false};
}

std::vector<Expr> copy_symbols(const Definition& first, std::string_view instance) {
  // The qualified names side by side, looked up as one batch.
  std::string names;
  std::vector<std::size_t> ends;
  ends.reserve(first.variables.size());
  for (const Definition::Variable& v : first.variables) {
    names.append(instance).append(".").append(v.local_name);
    ends.push_back(names.size());
  }
  std::vector<Expr> symbols;
  Expr::variables(names, ends, symbols);
  return symbols;
}

}  // namespace acausal
