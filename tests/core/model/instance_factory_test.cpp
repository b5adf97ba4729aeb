// Instance definitions copied from an earlier instance of the same type and parameters
// (core/model/instance_factory.hpp) are the definitions the component itself would have built.
#include <doctest/doctest.h>

#include "components/registry.hpp"
#include "core/model/instance_factory.hpp"
#include "core/model/errors.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

NetlistComponent instance(std::string name, const Component& type, nlohmann::json params = nlohmann::json::object()) {
  NetlistComponent c;
  c.name = std::move(name);
  c.type = std::string(type.type());
  c.pointer = "/components/" + c.name;
  c.params = std::move(params);
  return c;
}

/// The World's default gravity, for the bodies.
const Environment kEarth{Gravity{}, "world"};

Definition define_directly(const Component& type, const NetlistComponent& c) {
  ComponentBuilder b(ComponentBuilder::Mode::Instance, c.name, c.type, c.pointer, &c.params);
  b.set_environment(&kEarth);
  type.define(b);
  return b.finish();
}

/// The words joined by spaces.
std::string words(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) out.append(out.empty() ? "" : " ").append(p);
  return out;
}

/// Everything a definition says, in its own words: names, units, descriptions, the printed
/// equations and energy terms.
std::vector<std::string> contents(const Definition& d) {
  std::vector<std::string> out{d.instance, d.type, d.pointer};
  for (const auto& p : d.parameters) out.push_back(words({p.name, p.unit, p.default_text, p.description}));
  for (const auto& v : d.variables) out.push_back(words({v.local_name, v.symbol.name(), v.unit, v.description}));
  for (const auto& p : d.ports) {
    out.push_back(words({p.port.name, p.description}));
    for (const Expr& x : p.port.across) out.push_back(to_string(x));
    for (const Expr& x : p.port.through) out.push_back(to_string(x));
  }
  for (const auto& e : d.equations) out.push_back(words({to_string(e.residual), "//", e.description}));
  out.push_back(to_string(d.stored_energy));
  out.push_back(to_string(d.loss_power));
  out.push_back(to_string(d.injected_power));
  return out;
}

/// The definition `factory` gives `c`, in c's variables (a copy's built as the model builds it).
Definition built(InstanceFactory& factory, const Component& type, const NetlistComponent& c, bool* copy = nullptr) {
  const BuiltInstance b = factory.build(type, c);
  if (copy != nullptr) *copy = b.copy;
  if (!b.copy) return *b.definition;
  return copied_definition(*b.definition, c.name, c.pointer, copy_symbols(*b.definition, c.name));
}

}  // namespace

TEST_CASE("a copied instance of every built-in type is the instance its component defines") {
  std::size_t copies = 0, with_modes = 0, own_names = 0, needs_table = 0;
  for (const Component* type : builtin_registry().all()) {
    CAPTURE(type->type());
    // These need a table parameter (signal.Table is tested below).
    if (type->type() == "signal.Table" || type->type() == "signal.Table1D" || type->type() == "signal.TimeTable" ||
        type->type() == "signal.CombiTimeTable" || type->type() == "signal.CombiTable1Ds") {
      ++needs_table;
      continue;
    }
    InstanceFactory factory;
    factory.set_environment(&kEarth);
    const NetlistComponent first = instance("first", *type);
    const NetlistComponent second = instance("second", *type);
    CHECK(contents(built(factory, *type, first)) == contents(define_directly(*type, first)));
    bool copy = false;
    const Definition copied = built(factory, *type, second, &copy);
    copies += copy ? 1 : 0;
    if (!copied.discretes.empty()) ++with_modes;
    if (!copied.discretes.empty() || !copied.initial_parameters.empty()) ++own_names;
    CHECK(contents(copied) == contents(define_directly(*type, second)));
    // the copy has variables of its own
    for (const Definition::Variable& v : copied.variables) CHECK(v.symbol.name().rfind("second.", 0) == 0);
    for (const Definition::Equation& e : copied.equations)
      for (const Expr& leaf : leaves(e.residual))
        if (leaf.op() == Op::Variable) CHECK(leaf.name().rfind("second.", 0) == 0);
  }
  // Only the types that read their instance's name (tables, initial parameters, discrete
  // variables: the tables, those with an initial parameter or with modes) are built anew.
  MESSAGE(copies << " of " << builtin_registry().all().size() << " types copied, " << with_modes << " with modes");
  CHECK(copies + needs_table + own_names >= builtin_registry().all().size());
}

TEST_CASE("instances with other parameters get their own values") {
  const Component& spring = *builtin_registry().find("translational.Spring");
  InstanceFactory factory;
  factory.build(spring, instance("a", spring, {{"c", 100.0}}));
  const NetlistComponent b = instance("b", spring, {{"c", 250.0}});
  const NetlistComponent c = instance("c", spring, {{"c", 100.0}});
  bool copy = true;
  CHECK(contents(built(factory, spring, b, &copy)) == contents(define_directly(spring, b)));
  CHECK_FALSE(copy);
  CHECK(contents(built(factory, spring, c, &copy)) == contents(define_directly(spring, c)));
  CHECK(copy);
  CHECK(to_string(built(factory, spring, b, &copy).equations.back().residual).find("250") != std::string::npos);
  CHECK(copy);
}

TEST_CASE("a table, named after its instance, is never shared") {
  const Component& table = *builtin_registry().find("signal.Table");
  const nlohmann::json params = {{"table", {{"time", {0.0, 1.0}}, {"y", {0.0, 2.0}}}}};
  InstanceFactory factory;
  const NetlistComponent a = instance("a", table, params);
  const NetlistComponent b = instance("b", table, params);
  factory.build(table, a);
  bool copied = true;
  const Definition copy = built(factory, table, b, &copied);
  CHECK_FALSE(copied);
  CHECK(contents(copy) == contents(define_directly(table, b)));
  // b's own table object, labelled with b's name
  const Expr& lookup = copy.equations.back().residual.args()[1].args()[1];
  REQUIRE(lookup.op() == Op::Table);
  CHECK(lookup.table()->label() == "b.table");
}

TEST_CASE("an unknown parameter is reported for a copy as for the first instance") {
  const Component& mass = *builtin_registry().find("translational.Mass");
  InstanceFactory factory;
  factory.build(mass, instance("a", mass, {{"m", 2.0}}));
  CHECK_THROWS_WITH_AS(factory.build(mass, instance("b", mass, {{"m", 2.0}, {"mm", 1.0}})),
                       doctest::Contains("/components/b/params/mm: unknown parameter \"mm\" of translational.Mass"),
                       ModelError);
}
