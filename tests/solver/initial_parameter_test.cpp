// Parameters fixed at initialization (ComponentBuilder::initial_parameter, Modelica's fixed = false;
// a netlist parameter given "fixed": false): solved with the initial state, constant afterwards, read
// by every tape; and the hysteresis band of event indicators (IdaSession).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// An angle sensor that reads zero at the start: y = φ − φ(t0), φ(t0) fixed at initialization.
class ZeroedAngleSensor final : public Component {
 public:
  std::string_view type() const override { return "test.ZeroedAngleSensor"; }
  std::string_view summary() const override { return "test: y = phi − phi(t0)"; }
  void define(ComponentBuilder& b) const override {
    Port flange = b.port("flange", rotational(), "measured flange");
    const Expr y = b.output("y", "rad", "angle turned since the start");
    const Expr start = b.initial_parameter("phi_start", "rad", "flange angle at the start", flange.potential());
    b.equation(flange.flow(), "no torque");
    b.equation(y - (flange.potential() - start), "angle since the start");
  }
};


}  // namespace

TEST_CASE("an initial parameter is fixed by the initialization and held: a sensor zeroed at the start") {
  Registry registry;
  register_rotational(registry);
  registry.add(std::make_unique<ZeroedAngleSensor>());
  // An inertia turning at 2 rad/s from φ = 3 rad: the sensor reads 2t, not 3 + 2t.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "wheel": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 3, "w": 2 } },
      "sensor": { "type": "test.ZeroedAngleSensor" }
    },
    "connections": [["wheel.flange", "sensor.flange"]],
    "experiment": { "stop": 1, "interval": 0.25, "tolerance": 1e-8 },
    "outputs": ["sensor.y", "wheel.phi"]
  })", &registry);
  const Program& p = r->model->program();
  REQUIRE(p.initial_parameters().names.size() == 1);
  CHECK(p.initial_parameters().names[0] == "sensor.phi_start");
  CHECK(p.initial_parameters().pointers[0] == "/components/sensor");
  CHECK(r->result.initial.parameters == std::vector<double>{3.0});
  const auto y = r->writer.column("sensor.y");
  const auto phi = r->writer.column("wheel.phi");
  REQUIRE(y.size() == 5);
  for (std::size_t k = 0; k < y.size(); ++k) {
    const double t = r->writer.times()[k];
    CHECK(y[k] == doctest::Approx(2.0 * t).epsilon(1e-9).scale(1.0));
    CHECK(phi[k] == doctest::Approx(3.0 + 2.0 * t).epsilon(1e-9));
  }
}

TEST_CASE("an initial parameter couples into the initial state: a nonlinear spring between two inertias") {
  // θ(t0) = theta_init = 0.3 whatever the flange angles (1 and 0.2): the start torque is k1·0.3 and
  // the deflection counts from there; φ_rel(t0) = 0.8 becomes the parameter.
  const auto r = simulate_netlist(R"({
    "format": "acausal/1",
    "components": {
      "a": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 1, "w": 0 } },
      "b": { "type": "rotational.Inertia", "params": { "J": 3 }, "initial": { "phi": 0.2, "w": 0 } },
      "s": { "type": "rotational.NonlinearSpring", "params": { "k": [40, 0, 0, 0, 0], "theta_init": 0.3 } }
    },
    "connections": [["a.flange", "s.R"], ["s.C", "b.flange"]],
    "experiment": { "stop": 0.5, "interval": 0.5, "tolerance": 1e-8 },
    "outputs": ["s.theta", "s.tau", "s.phi_rel"]
  })");
  CHECK(r->result.initial.parameters == std::vector<double>{0.8});
  CHECK(r->writer.column("s.theta")[0] == 0.3);
  CHECK(r->writer.column("s.tau")[0] == doctest::Approx(12.0).epsilon(1e-14));
  CHECK(r->writer.column("s.phi_rel")[0] == doctest::Approx(0.8).epsilon(1e-15));
  // Two inertias on a linear spring: θ(t) = 0.3·cos(ω t), ω² = k·(1/J_a + 1/J_b).
  const double omega = std::sqrt(40.0 * (0.5 + 1.0 / 3.0));
  CHECK(r->writer.column("s.theta")[1] == doctest::Approx(0.3 * std::cos(omega * 0.5)).epsilon(1e-7).scale(0.3));
  REQUIRE(r->result.energy);
  // E = ½·k·θ² from θ = 0.3, not from φ_rel = 0.8.
  CHECK(r->result.energy->stored_start == doctest::Approx(0.5 * 40.0 * 0.09).epsilon(1e-14));
}

/// Two masses joined by a rigid translational.Rod of length L (given as `length`), m1 on a spring
/// (c = 100 N/m) to the ground: m1 starts at 1.5 m at rest, m2 at `m2_initial`.
std::string rigid_rod(const std::string& length, const std::string& m2_initial) {
  return R"({
    "format": "acausal/1",
    "components": {
      "ground": { "type": "translational.Fixed" },
      "spring": { "type": "translational.Spring", "params": { "c": 100 } },
      "m1": { "type": "translational.Mass", "params": { "m": 1 }, "initial": { "s": 1.5, "v": 0 } },
      "rod": { "type": "translational.Rod", "params": { "L": )" +
         length + R"( } },
      "m2": { "type": "translational.Mass", "params": { "m": 3 }, "initial": )" +
         m2_initial + R"( }
    },
    "connections": [["ground.flange", "spring.C"], ["spring.R", "m1.flange", "rod.R"], ["rod.C", "m2.flange"]],
    "experiment": { "stop": 1, "interval": 0.125, "tolerance": 1e-8 },
    "outputs": ["m1.s", "m2.s"]
  })";
}

std::string build_error(const std::string& text) {
  try {
    simulate_netlist(text);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "no error";
}

TEST_CASE("a netlist parameter given fixed false is computed from one initial value more: a rod's length") {
  // m1 at 1.5 m and m2 at 0.2 m: the rod is 1.3 m long, whatever the guess; then both masses swing
  // together on the spring, s1 = 1.5·cos(ω t) with ω² = c/(m1 + m2) = 25.
  const auto r = simulate_netlist(rigid_rod(R"({ "value": "90 cm", "fixed": false })", R"({ "s": 0.2 })"));
  const Program& p = r->model->program();
  REQUIRE(p.initial_parameters().names == std::vector<std::string>{"rod.L"});
  CHECK(p.initial_parameters().defined == 0);
  CHECK(p.initial_parameters().pointers[0] == "/components/rod/params/L");
  CHECK(p.initial_parameters().guesses[0] == 0.9);
  REQUIRE(r->result.initial.parameters.size() == 1);
  CHECK(r->result.initial.parameters[0] == doctest::Approx(1.3).epsilon(1e-14));
  const auto s1 = r->writer.column("m1.s"), s2 = r->writer.column("m2.s");
  REQUIRE(s1.size() == 9);
  for (std::size_t k = 0; k < s1.size(); ++k) {
    const double t = r->writer.times()[k];
    CHECK(s1[k] == doctest::Approx(1.5 * std::cos(5.0 * t)).epsilon(1e-6).scale(1.5));
    CHECK(s1[k] - s2[k] == doctest::Approx(1.3).epsilon(1e-10));
  }
  CHECK(check_energy(*r, 1e-6).passed());
}

TEST_CASE("a parameter given fixed false: what the netlist must and must not say") {
  // Nothing but the states' values: the length is not determined (a defaulted start may not fix it).
  CHECK(build_error(rigid_rod(R"({ "value": 1, "fixed": false })", "{}")) ==
        "the initialization problem is under-determined: nothing fixes rod.L; the parameters computed at "
        "initialization, rod.L (/components/rod/params/L), need one initial value each beyond the states'");
  // One value too many.
  CHECK(build_error(rigid_rod(R"({ "value": 1, "fixed": false })", R"({ "s": 0.2, "v": 1 })")) ==
        "/components/m2/initial/v: initial values over-specify the model: m2.v = 1 (/components/m2/initial/v) "
        "cannot hold together with m1.v = 0 (/components/m1/initial/v); free one of: m2.v, m1.v");
  // "fixed": true is the plain value: m2's start then contradicts the rod.
  CHECK(build_error(rigid_rod(R"({ "value": 1, "fixed": true })", R"({ "s": 0.2 })")) ==
        "/components/m2/initial/s: initial value 0.2 of m2.s conflicts with m1.s = 1.5 "
        "(/components/m1/initial/s): they are the same quantity; free one of: m1.s, m2.s");
  CHECK(build_error(rigid_rod(R"({ "value": 1, "fixd": false })", "{}")) ==
        "/components/rod/params/L: unknown key \"fixd\" in L (allowed: value, fixed)");
  CHECK(build_error(rigid_rod(R"({ "fixed": false })", "{}")) ==
        "/components/rod/params/L: L needs a \"value\" (the guess the initialization starts from)");
  CHECK(build_error(rigid_rod(R"({ "value": 1, "fixed": "no" })", "{}")) ==
        "/components/rod/params/L: \"fixed\" of L must be true or false");
  // A parameter the component builds its equations from cannot be computed.
  CHECK(build_error(R"({
    "format": "acausal/1",
    "components": {
      "world": { "type": "multibody.World" },
      "rod": { "type": "multibody.Rod", "params": { "L0": { "value": 1, "fixed": false } } }
    },
    "connections": [["world.frame_b", "rod.frame_a"]]
  })") == "/components/rod/params/L0: L0 cannot be computed at initialization (\"fixed\": false): multibody.Rod "
          "builds its equations from its value");
}

TEST_CASE("indicator scales: how far an indicator moves when its unknowns move by their nominals") {
  // A symmetric damper with b2 ≠ 0 between two inertias: the indicator of sign(w_rel) is
  // a.w − b.w, so its scale is |1|·nominal(a.w) + |−1|·nominal(b.w) = 1 + 1 (nominals default to 1).
  const char* text = R"({
    "format": "acausal/1",
    "components": {
      "a": { "type": "rotational.Inertia", "initial": { "phi": 0, "w": 1 } },
      "b": { "type": "rotational.Inertia", "initial": { "phi": 0, "w": 0 } },
      "d": { "type": "rotational.NonlinearDamper", "params": { "b": [1, 2, 0, 0, 0] } },
      "step": { "type": "signal.Step", "params": { "height": 1, "start_time": 0.5 } },
      "drive": { "type": "rotational.Torque" }
    },
    "connections": [["a.flange", "d.R", "drive.flange"], ["d.C", "b.flange"], ["step.y", "drive.tau"]]
  })";
  Netlist n = parse_netlist(text);
  Model model = build_model(n, builtin_registry());
  auto program = compile(model);
  REQUIRE(program->indicator_count() == 2);
  const std::vector<double> y(program->size(), 0.0), yp(program->size(), 0.0);
  std::vector<double> scales = program->indicator_scales({0.0, y.data(), yp.data(), nullptr});
  std::sort(scales.begin(), scales.end());
  CHECK(scales == std::vector<double>{0.0, 2.0});  // the step is a time event: no band
}
