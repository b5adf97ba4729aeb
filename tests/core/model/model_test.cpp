// The flat model (core/model/model.hpp): copied instances share their type's definition and its
// split equations; connection equations are rows; both are written out as expressions on demand.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"

using namespace acausal;

namespace {

/// wall — spring s1 — mass m1 — spring s2 — mass m2 (m2's right flange-side open).
const char* kTwoMasses = R"({
  "format": "acausal/1",
  "components": {
    "wall": { "type": "translational.Fixed" },
    "s1": { "type": "translational.Spring", "params": { "c": 100 } },
    "m1": { "type": "translational.Mass", "params": { "m": 2 } },
    "s2": { "type": "translational.Spring", "params": { "c": 100 } },
    "m2": { "type": "translational.Mass", "params": { "m": 2 } }
  },
  "connections": [
    ["wall.flange", "s1.C"], ["s1.R", "m1.flange", "s2.C"], ["s2.R", "m2.flange"]
  ]
})";

std::size_t instance(const Model& m, const std::string& name) {
  for (std::size_t i = 0; i < m.instances.size(); ++i)
    if (m.instances[i].name() == name) return i;
  FAIL("no instance " << name);
  return 0;
}

/// The printed equations of an instance (or of "connection"), in model order.
std::vector<std::string> printed(const Model& m, const std::string& origin) {
  std::vector<std::string> out;
  for (std::size_t e = 0; e < m.equation_count(); ++e)
    if (m.origin(e) == origin) out.push_back(to_string(m.residual(e)));
  return out;
}

}  // namespace

TEST_CASE("model: a copy shares its type's definition and reads its equations in its own variables") {
  const Model m = build_model(parse_netlist(kTwoMasses), builtin_registry());
  const ModelInstance& m1 = m.instances[instance(m, "m1")];
  const ModelInstance& m2 = m.instances[instance(m, "m2")];
  CHECK_FALSE(m1.copy);
  CHECK(m2.copy);
  CHECK(m1.definition == m2.definition);  // one definition, in m1's variables
  CHECK(m2.name() == "m2");
  CHECK(m2.pointer() == "/components/m2");
  CHECK(printed(m, "m2") == std::vector<std::string>{"m2.flange.s - m2.s", "m2.v - der(m2.s)", "m2.a - der(m2.v)",
                                                      "2*m2.a - m2.flange.f"});
  // The split: v − der(s) is +1·v and −1·der(s), in m2's own variables.
  std::size_t e = 0;
  while (!(m.origin(e) == "m2" && m.description(e) == "velocity")) ++e;
  const EquationView terms = m.equation(e);
  REQUIRE(terms.size() == 2);
  CHECK(m.variable_name(terms[0].slot().column) == "m2.v");
  CHECK(terms[0].slot().order == 0);
  CHECK(terms[0].coefficient().value == 1.0);
  CHECK(m.variable_name(terms[1].slot().column) == "m2.s");
  CHECK(terms[1].slot().order == 1);
  CHECK(terms[1].coefficient().value == -1.0);
  CHECK(*terms.rest == Expr(0.0));
  // What a copy declares is read from the shared definition.
  const std::size_t v = m.find_variable("m2.v");
  CHECK(m.declared(v).unit == "m/s");
  CHECK(m.definition(instance(m, "m2")).variables[m.variables[v].local].symbol.name() == "m2.v");
}

TEST_CASE("model: connection equations are rows, written out as the connection states them") {
  const Model m = build_model(parse_netlist(kTwoMasses), builtin_registry());
  const std::vector<std::string> connection = printed(m, "connection");
  const auto has = [&](const std::string& text) {
    return std::find(connection.begin(), connection.end(), text) != connection.end();
  };
  CHECK(has("s1.C.s - wall.flange.s"));
  CHECK(has("m1.flange.s - s1.R.s"));
  CHECK(has("s2.C.s - s1.R.s"));
  CHECK(has("s1.R.f + m1.flange.f + s2.C.f"));
  for (std::size_t e = 0; e < m.equation_count(); ++e) {
    if (m.origin(e) != "connection") continue;
    const EquationView eq = m.equation(e);
    CHECK(*eq.rest == Expr(0.0));
    CHECK(eq.constant.value == 0.0);
    for (const LinearRow::Term t : eq) CHECK(std::abs(t.coefficient().value) == 1.0);
  }
}
