// The worked example of docs/extending.md: a component class written outside the library, registered
// in its own Registry next to the built-ins, checked at hand-picked points with the component harness,
// and simulated with the energy ledger. The class below is copied verbatim into the guide; keep the two
// identical.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <string>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

// ---- the component (docs/extending.md, "The class") ---------------------------------------------

/// Quadratic translational damper (drag): f = d·v_rel·|v_rel|, with v_rel = der(R.s) − der(C.s);
/// the force f enters at R and leaves at C (R.f = f, C.f = −f).
/// Parameters: d [N·s²/m²] ≥ 0, default 1.
/// Loss power f·v_rel = d·|v_rel|³ ≥ 0; no stored energy. |v_rel| switches where v_rel = 0 (an event).
/// @throws ModelError at /components/<instance>/params/d if d < 0 or not in N·s²/m².
class QuadraticDamper final : public Component {
 public:
  std::string_view type() const override { return "translational.QuadraticDamper"; }
  std::string_view summary() const override { return "Quadratic damper: f = d·v_rel·|v_rel|"; }
  void define(ComponentBuilder& b) const override {
    Expr d = b.parameter("d", "N*s^2/m^2", 1.0, "Quadratic damping coefficient", non_negative());
    Compliant e = define_compliant(b, translational());  // ports R, C; s_rel, v_rel, f
    b.equation(e.flow - d * e.rate * abs(e.rate), "quadratic damping");
    b.loss_power(e.flow * e.rate);
  }
};

// ---- registration (docs/extending.md, "Registering it") -----------------------------------------

/// The built-in library plus the new class.
Registry make_registry() {
  Registry registry;
  register_rotational(registry);
  register_translational(registry);
  register_signal(registry);
  registry.add(std::make_unique<QuadraticDamper>());
  return registry;
}

// ---- a netlist that uses it (docs/extending.md, "Using it from a netlist") -------------------------

const char* const kNetlist = R"({
  "format": "acausal/1",
  "name": "drag",
  "description": "a mass on a spring, slowed by a quadratic damper",
  "components": {
    "wall":   { "type": "translational.Fixed" },
    "spring": { "type": "translational.Spring", "params": { "c": "100 N/m" } },
    "drag":   { "type": "translational.QuadraticDamper", "params": { "d": "20 N*s^2/m^2" } },
    "mass":   { "type": "translational.Mass", "params": { "m": "1 kg" }, "initial": { "s": "0.1 m", "v": 0 } }
  },
  "connections": [
    ["wall.flange", "spring.C", "drag.C"],
    ["spring.R", "drag.R", "mass.flange"]
  ],
  "experiment": { "stop": 3, "interval": 0.01, "tolerance": 1e-6 },
  "outputs": ["mass.s", "mass.v", "drag.f"]
})";

}  // namespace

// ---- tests (docs/extending.md, "Testing it") ------------------------------------------------------

TEST_CASE("extending example: the law at hand-picked points") {
  Definition d = instantiate(QuadraticDamper(), {{"d", 2.0}}, "x");
  // Balanced: one equation per variable, less one per conserving port (its connection node gives that).
  CHECK(d.equations.size() == d.variables.size() - 2);
  // R moves at +0.5 m/s, C at −1 m/s: v_rel = 1.5 m/s, f = 2·1.5·1.5 = 4.5 N into R, out of C.
  Values v{{"x.R.s", 0.3},        {"x.C.s", 0.1},         {"x.s_rel", 0.2},
           {"der(x.R.s)", 0.5},   {"der(x.C.s)", -1.0},   {"x.v_rel", 1.5},
           {"x.f", 4.5},          {"x.R.f", 4.5},         {"x.C.f", -4.5}};
  for (double r : residuals(d, v)) CHECK(r == doctest::Approx(0.0));
  CHECK(value(d.loss_power, v) == doctest::Approx(2.0 * 1.5 * 1.5 * 1.5));  // d·|v_rel|³
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  // Reversed motion: the force changes sign (f·v_rel stays ≥ 0).
  Values back = v;
  back["der(x.R.s)"] = -0.5, back["der(x.C.s)"] = 1.0, back["x.v_rel"] = -1.5;
  back["x.f"] = -4.5, back["x.R.f"] = -4.5, back["x.C.f"] = 4.5;
  for (double r : residuals(d, back)) CHECK(r == doctest::Approx(0.0));
  CHECK(value(d.loss_power, back) == doctest::Approx(6.75));
  CHECK(energy_audit(d, back) == doctest::Approx(0.0));

  // A force of the wrong size breaks the law, and only the law (the last equation).
  back["x.f"] = -4.0, back["x.R.f"] = -4.0, back["x.C.f"] = 4.0;
  const std::vector<double> r = residuals(d, back);
  for (std::size_t i = 0; i + 1 < r.size(); ++i) CHECK(r[i] == doctest::Approx(0.0));
  CHECK(r.back() == doctest::Approx(0.5));  // f − d·v_rel·|v_rel| = −4 − (−4.5)
}

TEST_CASE("extending example: describe keeps the parameter symbolic, parameters are validated") {
  Definition described = describe_type(QuadraticDamper());
  REQUIRE(described.parameters.size() == 1);
  CHECK(described.parameters[0].unit == "N*s^2/m^2");
  CHECK(to_string(described.equations.back().residual) == "f - d*v_rel*abs(v_rel)");
  CHECK(to_string(described.loss_power) == "f*v_rel");

  // In an instance the parameter is a number; a value in another unit of the same dimension is converted.
  Definition half = instantiate(QuadraticDamper(), {{"d", "0.5 kg/m"}}, "drag");
  CHECK(to_string(half.equations.back().residual) == "drag.f - 0.5*drag.v_rel*abs(drag.v_rel)");
  try {
    instantiate(QuadraticDamper(), {{"d", -1.0}}, "drag");
    FAIL("a negative d must be rejected");
  } catch (const ModelError& e) {
    CHECK(e.pointer() == "/components/drag/params/d");
    CHECK(e.message() == "d must not be negative, got -1");
  }
  CHECK_THROWS_WITH_AS(instantiate(QuadraticDamper(), {{"d", "3 N*s/m"}}, "drag"),
                       "/components/drag/params/d: expected a value in N*s^2/m^2 (kg/m), got '3 N*s/m' (kg/s)",
                       ModelError);
}

TEST_CASE("extending example: a simulation whose energy ledger balances") {
  const Registry registry = make_registry();
  Netlist netlist = parse_netlist(kNetlist, "drag.json");
  Model model = build_model(netlist, registry);
  auto program = compile(model);
  CHECK(program->indicator_count() == 1);  // abs(v_rel) switches where v_rel crosses zero
  SimulationOptions options = options_from(netlist.experiment);
  options.energy = true;
  MemoryWriter writer;
  SimulationResult result = simulate(*program, options, writer);

  REQUIRE(result.energy);
  const EnergyReport& e = *result.energy;
  CHECK(e.stored_start == doctest::Approx(0.5 * 100 * 0.1 * 0.1));  // the spring, stretched 10 cm
  CHECK(e.work_injected == 0.0);
  CHECK(e.work_lost > 0.5 * e.stored_start);  // the damper took most of it
  CHECK(e.relative_balance() < 1e-6);         // E_stored + W_loss − W_in − E_stored(t0) ≈ 0
  for (const ComponentEnergy& c : e.components) {
    INFO(c.instance);
    CHECK(c.relative_audit() < 1e-6);  // every component's own power balance
  }
  CHECK(result.statistics.events > 0);  // v_rel changed sign: the branch of |v_rel| switched there

  // drag.f = d·v·|v| with v the mass's velocity (drag.R moves with the mass, drag.C is fixed); the
  // mass feels −drag.f, against its motion.
  const auto v = writer.column("mass.v"), f = writer.column("drag.f");
  for (std::size_t i = 0; i < v.size(); ++i) CHECK(f[i] == doctest::Approx(20.0 * v[i] * std::abs(v[i])));
}
