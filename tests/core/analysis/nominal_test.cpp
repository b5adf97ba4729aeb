// Nominals given in the netlist ("nominal": { "w_rel": 1e-4 }) or declared by a component (a
// spring-damper's phi_nominal) reach the unknowns IDA integrates: through alias classes (the smallest
// of a class, whatever the sign of the alias; a netlist's before a declared one), through relations
// that make two quantities one up to a factor (w_rel − der(phi) = 0 next to w − der(phi) = 0), through
// eliminated variables defined by one unknown, and from an unknown below 1 to its derivative per
// second where nothing else reached that. IDA's absolute tolerance of unknown k is
// rtol·Program::nominal()[k] (solver/ida_session.cpp).

#include <doctest/doctest.h>

#include <cstddef>
#include <numbers>
#include <stdexcept>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/alias.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"

using namespace acausal;

namespace {

/// An inertia held to the ground by a spring-damper; `sd`, `j`: the members after each one's type;
/// `sd_params`: the spring-damper's parameters beside c and d (by default it declares no nominal).
std::string mounted_inertia(const std::string& sd, const std::string& j,
                            const std::string& sd_params = R"("phi_nominal": 0)") {
  return R"({
    "format": "acausal/1",
    "components": { "fixed": { "type": "rotational.Fixed" },
                    "sd": { "type": "rotational.SpringDamper", "params": { "c": 100, "d": 1)" +
         (sd_params.empty() ? "" : ", " + sd_params) + " }" + (sd.empty() ? "" : ", " + sd) + R"( },
                    "j": { "type": "rotational.Inertia", "initial": { "phi": 0.1, "w": 0 })" +
         (j.empty() ? "" : ", " + j) + R"( } },
    "connections": [["fixed.flange", "sd.C"], ["sd.R", "j.flange"]]
  })";
}

/// Program::nominal() of the unknown named `name`. @throws std::out_of_range if none is.
double nominal_of(const Program& p, const std::string& name) {
  for (std::size_t k = 0; k < p.size(); ++k)
    if (p.name(k) == name) return p.nominal()[k];
  throw std::out_of_range("no unknown " + name);
}

struct Compiled {
  Model model;  // the program refers to it
  std::unique_ptr<Program> program;
};

std::unique_ptr<Compiled> compiled(const std::string& text) {
  auto c = std::make_unique<Compiled>();
  c->model = build_model(parse_netlist(text), builtin_registry());
  c->program = compile(c->model);
  return c;
}

}  // namespace

TEST_CASE("nominal: without one, an unknown's magnitude is max(1, |start|)") {
  const auto c = compiled(mounted_inertia("", ""));
  CHECK(nominal_of(*c->program, "j.phi") == 1.0);
  CHECK(nominal_of(*c->program, "j.w") == 1.0);
}

TEST_CASE("nominal: one given on a port alias reaches the unknown, the smallest of the class wins") {
  // sd.R.phi and j.flange.phi are aliases of j.phi, the unknown IDA integrates.
  const auto c = compiled(mounted_inertia(R"("nominal": { "R.phi": "0.002 rad" })", R"("nominal": { "flange.phi": 5e-3 })"));
  CHECK(nominal_of(*c->program, "j.phi") == 0.002);
  CHECK(nominal_of(*c->program, "j.w") == 0.002);  // der(j.phi): the angle's, per second
  // The same nominal on the unknown itself, larger: the alias's smaller one stays.
  const auto d = compiled(mounted_inertia(R"("nominal": { "R.phi": 0.002 })", R"("nominal": { "phi": 0.5 })"));
  CHECK(nominal_of(*d->program, "j.phi") == 0.002);
}

TEST_CASE("nominal: the sign of an alias does not matter") {
  // sd.C.tau = −sd.tau (the flow leaves at C) and sd.R.tau = sd.tau: one class, signs ±1.
  const Model model =
      build_model(parse_netlist(mounted_inertia(R"("nominal": { "C.tau": 0.01, "tau": 0.1 })", "")), builtin_registry());
  const AliasElimination a = eliminate_aliases(model);
  const std::size_t c_tau = model.find_variable("sd.C.tau");
  const std::size_t tau = model.find_variable("sd.tau");
  REQUIRE(a.of(c_tau).representative == a.of(tau).representative);
  CHECK(a.of(c_tau).sign() == -a.of(tau).sign());
  REQUIRE(a.nominal.count(a.of(tau).representative) == 1);
  CHECK(a.nominal.at(a.of(tau).representative) == 0.01);
  CHECK(a.nominal.size() == 1);  // nothing else got one
}

TEST_CASE("nominal: a relative speed's nominal reaches the inertia's speed state (ElasticBearing's case)") {
  // sd.w_rel has an initial target, so it stays an (algebraic) unknown: w_rel − der(j.phi) = 0
  // next to j.w − der(j.phi) = 0 makes it the state j.w; sd.phi_rel − j.phi = 0 likewise.
  const auto c = compiled(
      mounted_inertia(R"("initial": { "w_rel": 0 }, "nominal": { "w_rel": "1e-4 rad/s", "phi_rel": 1e-6 })", ""));
  const Program& p = *c->program;
  CHECK(nominal_of(p, "sd.w_rel") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(p, "j.w") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(p, "j.phi") == doctest::Approx(1e-6).epsilon(1e-15));
  // Without the target sd.w_rel is eliminated (sd.w_rel = j.w): its nominal still reaches j.w.
  const auto d = compiled(mounted_inertia(R"("nominal": { "w_rel": 1e-4 })", ""));
  CHECK_THROWS_AS(nominal_of(*d->program, "sd.w_rel"), std::out_of_range);
  CHECK(nominal_of(*d->program, "j.w") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(*d->program, "j.phi") == 1.0);
}

TEST_CASE("nominal: a spring-damper's default phi_nominal reaches the angle it equals, and per second its speed") {
  // MSL's phi_nominal = 1e-4 rad on sd.phi_rel; with C fixed, phi_rel = j.phi. The speed state
  // j.w = der(j.phi) inherits 1e-4 rad/s.
  const auto c = compiled(mounted_inertia("", "", ""));
  CHECK(nominal_of(*c->program, "j.phi") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "j.w") == doctest::Approx(1e-4).epsilon(1e-15));
  // Another value, in another unit.
  const auto d = compiled(mounted_inertia("", "", R"("phi_nominal": "0.1 deg")"));
  CHECK(nominal_of(*d->program, "j.phi") == doctest::Approx(0.1 * std::numbers::pi / 180).epsilon(1e-12));
  CHECK(nominal_of(*d->program, "j.w") == doctest::Approx(0.1 * std::numbers::pi / 180).epsilon(1e-12));
  // Below the machine epsilon, as 0: no nominal (MSL: `if phi_nominal >= eps then phi_nominal else 1`).
  const auto e = compiled(mounted_inertia("", "", R"("phi_nominal": 1e-17)"));
  CHECK(nominal_of(*e->program, "j.phi") == 1.0);
  CHECK(nominal_of(*e->program, "j.w") == 1.0);
}

TEST_CASE("nominal: the translational spring-damper's s_nominal likewise") {
  const auto c = compiled(R"({
    "format": "acausal/1",
    "components": { "wall": { "type": "translational.Fixed" },
                    "sd": { "type": "translational.SpringDamper", "params": { "c": 100, "d": 1 } },
                    "mass": { "type": "translational.Mass", "initial": { "s": 0.01, "v": 0 } } },
    "connections": [["wall.flange", "sd.C"], ["sd.R", "mass.flange"]]
  })");
  CHECK(nominal_of(*c->program, "mass.s") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "mass.v") == doctest::Approx(1e-4).epsilon(1e-15));
}

TEST_CASE("nominal: a netlist's nominal replaces the declared default, on the variable or an alias of it") {
  // Larger than the default: the netlist's stands, and the speed inherits it.
  const auto c = compiled(mounted_inertia(R"("nominal": { "phi_rel": 0.01 })", "", ""));
  CHECK(nominal_of(*c->program, "j.phi") == doctest::Approx(0.01).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "j.w") == doctest::Approx(0.01).epsilon(1e-15));
  const auto d = compiled(mounted_inertia("", R"("nominal": { "phi": 0.01 })", ""));
  CHECK(nominal_of(*d->program, "j.phi") == doctest::Approx(0.01).epsilon(1e-15));
  // A nominal of 1 or more says nothing about the speed beyond the default magnitude.
  const auto e = compiled(mounted_inertia("", R"("nominal": { "phi": 2 })", ""));
  CHECK(nominal_of(*e->program, "j.phi") == 2.0);
  CHECK(nominal_of(*e->program, "j.w") == 1.0);
}

TEST_CASE("nominal: a nominal that reaches the speed wins over the one it would inherit from the angle") {
  // The speed's own magnitude, given for sd.w_rel (= j.w), replaces the angle's 1e-4 per second,
  // larger or smaller.
  const auto c = compiled(mounted_inertia(R"("nominal": { "w_rel": "1e-2 rad/s" })", "", ""));
  CHECK(nominal_of(*c->program, "j.phi") == doctest::Approx(1e-4).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "j.w") == doctest::Approx(1e-2).epsilon(1e-15));
  const auto d = compiled(mounted_inertia("", R"("nominal": { "w": 1e-6 })", ""));
  CHECK(nominal_of(*d->program, "j.w") == doctest::Approx(1e-6).epsilon(1e-15));
}

TEST_CASE("nominal: a spring-damper between two moving inertias scales neither of them") {
  // phi_rel = b.phi − a.phi: the default phi_nominal does not say how to share the tolerance.
  const auto c = compiled(R"({
    "format": "acausal/1",
    "components": { "sd": { "type": "rotational.SpringDamper", "params": { "c": 100, "d": 1 } },
                    "a": { "type": "rotational.Inertia", "initial": { "phi": 0, "w": 0 } },
                    "b": { "type": "rotational.Inertia", "initial": { "phi": 0.1, "w": 0 } } },
    "connections": [["a.flange", "sd.C"], ["sd.R", "b.flange"]]
  })");
  for (const char* unknown : {"a.phi", "a.w", "b.phi", "b.w"}) {
    INFO(unknown);
    CHECK(nominal_of(*c->program, unknown) == 1.0);
  }
}

TEST_CASE("nominal: a factor between two quantities scales the nominal") {
  // The gear's R turns at a third of C's speed; index reduction keeps a's states and eliminates
  // b.w = a.w/3: a nominal of 3e-4 on b.w is 9e-4 on a.w.
  const auto c = compiled(R"({
    "format": "acausal/1",
    "components": { "gear": { "type": "rotational.IdealGear", "params": { "ratio": 3 } },
                    "a": { "type": "rotational.Inertia", "initial": { "w": 0 } },
                    "b": { "type": "rotational.Inertia", "nominal": { "w": 3e-4 } } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })");
  CHECK_THROWS_AS(nominal_of(*c->program, "b.w"), std::out_of_range);
  CHECK(nominal_of(*c->program, "a.w") == doctest::Approx(9e-4).epsilon(1e-12));
  CHECK(nominal_of(*c->program, "a.phi") == 1.0);
}

TEST_CASE("nominal: a quantity computed from several unknowns passes its nominal to none of them") {
  // spring.w_rel = b.w − a.w: the nominal does not say how to share the tolerance.
  const auto c = compiled(R"({
    "format": "acausal/1",
    "components": { "spring": { "type": "rotational.Spring", "params": { "c": 100 }, "nominal": { "w_rel": 1e-4 } },
                    "a": { "type": "rotational.Inertia", "initial": { "phi": 0, "w": 0 } },
                    "b": { "type": "rotational.Inertia", "initial": { "phi": 0.1, "w": 0 } } },
    "connections": [["a.flange", "spring.C"], ["spring.R", "b.flange"]]
  })");
  CHECK(nominal_of(*c->program, "a.w") == 1.0);
  CHECK(nominal_of(*c->program, "b.w") == 1.0);
}

TEST_CASE("nominal: inside subsystems, by inner path at the instance, the instance's over the definition's") {
  const char* text = R"({
    "format": "acausal/1",
    "subsystems": {
      "mount": {
        "components": { "fixed": { "type": "rotational.Fixed" },
                        "sd": { "type": "rotational.SpringDamper", "params": { "c": 100, "d": 1 },
                                "nominal": { "phi_rel": 1e-3, "w_rel": 1e-3 } },
                        "j": { "type": "rotational.Inertia", "initial": { "phi": 0.1, "w": 0 } } },
        "connections": [["fixed.flange", "sd.C"], ["sd.R", "j.flange"]]
      }
    },
    "components": { "m1": { "type": "mount", "nominal": { "sd.w_rel": 1e-5 } },
                    "m2": { "type": "mount" } }
  })";
  const auto c = compiled(text);
  CHECK(nominal_of(*c->program, "m1.j.w") == doctest::Approx(1e-5).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "m1.j.phi") == doctest::Approx(1e-3).epsilon(1e-15));
  CHECK(nominal_of(*c->program, "m2.j.w") == doctest::Approx(1e-3).epsilon(1e-15));
}
