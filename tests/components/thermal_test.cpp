// The thermal domain (components/thermal/) and the heat ports of the dissipative elements
// (define_heat_port): the laws at hand-picked points, an RC cooling against its exponential, a
// flywheel braked to rest whose brake heats a capacitor by exactly ½·J·ω², and every dissipative
// element of the library with its heat port connected against the same netlist without: the same
// motion, and what the element lost there is heat in the capacitor here, so that the model loses
// nothing (mechanical + thermal energy conserved).

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/expr/expr.hpp"
#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

const std::vector<std::string> kThermalTypes = {
    "thermal.HeatCapacitor",  "thermal.ThermalConductor", "thermal.FixedTemperature",
    "thermal.PrescribedTemperature", "thermal.FixedHeatFlow", "thermal.PrescribedHeatFlow",
    "thermal.TemperatureSensor", "thermal.HeatFlowSensor",
};

/// Every variable of `d` has a value in `v`, and every residual is zero (to rounding).
void check_consistent(const Definition& d, const Values& v) {
  for (const auto& var : d.variables) {
    INFO(d.type << ": no test value for " << var.symbol.name());
    CHECK(v.count(var.symbol.name()) == 1);
  }
  const CheckResult r = check_residuals(d, v);
  CHECK_MESSAGE(r.passed(), r.message());
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The account of `instance`, or nullptr: a component has none when its terms are identically zero
/// (a damper whose heat port carries all the power its flanges take in, written with the same law).
const ComponentEnergy* account(const SimulationRun& run, const std::string& instance) {
  for (const ComponentEnergy& e : run.energy().components)
    if (e.instance == instance) return &e;
  return nullptr;
}

const ComponentEnergy& energy_of(const SimulationRun& run, const std::string& instance) {
  const ComponentEnergy* e = account(run, instance);
  if (e == nullptr) FAIL("no energy account for " << instance);
  return *e;
}

/// The same netlist with `use_heat_port` on each of `dissipative`, each heat port connected to a
/// heat capacitor of its own, `heat_<instance>` (C = 1 J/K: its temperature rise is the heat in J),
/// whose rise has the nominal `rise` [K].
json with_heat_ports(json netlist, const std::vector<std::string>& dissipative, double rise) {
  for (const std::string& name : dissipative) {
    json& component = netlist["components"][name];
    if (!component.contains("params")) component["params"] = json::object();
    component["params"]["use_heat_port"] = true;
    netlist["components"]["heat_" + name] = {{"type", "thermal.HeatCapacitor"},
                                             {"params", {{"C", 1.0}, {"T_start", 300.0}}},
                                             {"nominal", {{"dT", rise}}}};
    netlist["connections"].push_back({name + ".heat_port", "heat_" + name + ".port"});
  }
  return netlist;
}

}  // namespace

// ---- catalog and laws -----------------------------------------------------------------------------

TEST_CASE("thermal: every type is registered, documented and balanced") {
  for (const std::string& type : kThermalTypes) {
    CAPTURE(type);
    const Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    CHECK(balance_surplus(d) == 0);
    CHECK(balance_surplus(instantiate(type)) == 0);
    for (const auto& p : d.ports)
      if (p.port.domain != &signal()) CHECK(p.port.domain == &thermal());
  }
  // The domain: T across, Q_flow through, and the power through a port is the heat flow.
  CHECK(thermal().name() == "thermal");
  REQUIRE(thermal().across().size() == 1);
  CHECK(thermal().across()[0].name == "T");
  CHECK(thermal().across()[0].unit == "K");
  REQUIRE(thermal().through().size() == 1);
  CHECK(thermal().through()[0].name == "Q_flow");
  CHECK(thermal().through()[0].unit == "W");
  const Definition capacitor = instantiate("thermal.HeatCapacitor");
  const Port& port = *capacitor.find_port("port");
  CHECK(value(thermal().power(port), {{"x.port.T", 350.0}, {"x.port.Q_flow", -7.5}}) == -7.5);
}

TEST_CASE("thermal.HeatCapacitor: C·der(T) = port.Q_flow, the state is the rise above T_start, stores C·(T − T_start)") {
  const Definition d = instantiate("thermal.HeatCapacitor", {{"C", "50 J/K"}, {"T_start", "300 K"}});
  const Values v = {{"x.port.T", 301.5}, {"x.port.Q_flow", 20.0}, {"x.T", 301.5}, {"x.dT", 1.5},
                    {"x.der_T", 0.4},    {"der(x.dT)", 0.4}};
  check_consistent(d, v);
  CHECK(value(d.stored_energy, v) == doctest::Approx(75.0));  // 50 J/K · 1.5 K
  CHECK(value(d.loss_power, v) == 0.0);
  const CheckResult audit = check_energy_audit(d, v);  // 20 W in, d/dt(C·dT) = 50·0.4 W
  CHECK_MESSAGE(audit.passed(), audit.message());
  CHECK_THROWS_WITH_AS(instantiate("thermal.HeatCapacitor", {{"C", 0.0}}, "cap"),
                       "/components/cap/params/C: C must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("thermal.HeatCapacitor", {{"T_start", -3.0}}, "cap"),
                       "/components/cap/params/T_start: T_start must be positive, got -3", ModelError);
}

TEST_CASE("thermal.ThermalConductor: Q_flow = G·(T_a − T_b) from port_a to port_b, stores and loses nothing") {
  const Definition d = instantiate("thermal.ThermalConductor", {{"G", "4 W/K"}});
  const Values v = {{"x.port_a.T", 310.0},     {"x.port_b.T", 300.0}, {"x.port_a.Q_flow", 40.0},
                    {"x.port_b.Q_flow", -40.0}, {"x.Q_flow", 40.0},    {"x.dT", 10.0}};
  check_consistent(d, v);
  CHECK(energy_audit(d, v) == 0.0);
  CHECK(d.stored_energy == Expr(0.0));
  CHECK(d.loss_power == Expr(0.0));
  CHECK_THROWS_WITH_AS(instantiate("thermal.ThermalConductor", {{"G", -1.0}}, "wall"),
                       "/components/wall/params/G: G must not be negative, got -1", ModelError);
}

TEST_CASE("thermal sources and sensors: what a source gives is its injected power") {
  {
    const Definition d = instantiate("thermal.FixedTemperature", {{"T", "350 K"}});
    const Values v = {{"x.port.T", 350.0}, {"x.port.Q_flow", 12.0}};  // takes 12 W in
    check_consistent(d, v);
    CHECK(value(d.injected_power, v) == -12.0);
    CHECK(energy_audit(d, v) == 0.0);
  }
  {
    const Definition d = instantiate("thermal.PrescribedTemperature");
    const Values v = {{"x.T", 280.0}, {"x.port.T", 280.0}, {"x.port.Q_flow", -3.0}};
    check_consistent(d, v);
    CHECK(value(d.injected_power, v) == 3.0);
  }
  {
    const Definition d = instantiate("thermal.FixedHeatFlow", {{"Q_flow", "7 W"}});
    const Values v = {{"x.port.T", 320.0}, {"x.port.Q_flow", -7.0}};  // 7 W into the connected component
    check_consistent(d, v);
    CHECK(value(d.injected_power, v) == 7.0);
    CHECK(energy_audit(d, v) == 0.0);
  }
  {
    const Definition d = instantiate("thermal.PrescribedHeatFlow");
    const Values v = {{"x.Q_flow", 5.0}, {"x.port.T", 320.0}, {"x.port.Q_flow", -5.0}};
    check_consistent(d, v);
    CHECK(value(d.injected_power, v) == 5.0);
  }
  {
    const Definition d = instantiate("thermal.TemperatureSensor");
    const Values v = {{"x.port.T", 333.0}, {"x.port.Q_flow", 0.0}, {"x.T", 333.0}};
    check_consistent(d, v);
  }
  {
    const Definition d = instantiate("thermal.HeatFlowSensor");
    const Values v = {{"x.port_a.T", 333.0}, {"x.port_b.T", 333.0}, {"x.port_a.Q_flow", 2.5},
                      {"x.port_b.Q_flow", -2.5}, {"x.Q_flow", 2.5}};
    check_consistent(d, v);
    CHECK(energy_audit(d, v) == 0.0);
  }
}

TEST_CASE("use_heat_port: every dissipative element sends its loss power out through heat_port and loses nothing") {
  const json lossy_table = {{"loss_table", {{0.0, 0.8, 0.7, 0.5, 0.4}}}};
  const std::vector<std::pair<std::string, json>> dissipative = {
      {"rotational.Damper", {{"d", 2.0}}},
      {"rotational.SpringDamper", {{"c", 10.0}, {"d", 2.0}}},
      {"rotational.NonlinearDamper", json::object()},
      {"rotational.VariableDamper", json::object()},
      {"rotational.Brake", json::object()},
      {"rotational.Clutch", json::object()},
      {"rotational.OneWayClutch", json::object()},
      {"rotational.BearingFriction", json::object()},
      {"rotational.LossyGear", lossy_table},
      {"translational.Damper", {{"d", 2.0}}},
      {"translational.SpringDamper", {{"c", 10.0}, {"d", 2.0}}},
      {"translational.Brake", json::object()},
      {"translational.SupportFriction", json::object()},
      {"translational.MassWithStopAndFriction", json::object()},
      {"multibody.Damper", {{"d", 2.0}}},
      {"multibody.SpringDamperParallel", {{"d", 2.0}}},
      {"multibody.SpringDamperSeries", json::object()},
      {"multibody.BodySpringDamper", {{"k", 5.0}, {"b", 2.0}}},
      {"multibody.Rod", {{"Ks", 5.0}, {"Kd", 2.0}}},
  };
  for (const auto& [type, params] : dissipative) {
    CAPTURE(type);
    // Documented with its default, false: no heat port.
    const Definition described = described_catalog_entry(type);
    bool documented = false;
    for (const auto& p : described.parameters) documented = documented || (p.name == "use_heat_port" && p.default_text == "false");
    CHECK(documented);
    const Definition plain = instantiate(type, params);
    CHECK(plain.find_port("heat_port") == nullptr);
    CHECK(!plain.loss_power.is_constant());
    json with_port = params;
    with_port["use_heat_port"] = true;
    const Definition heated = instantiate(type, with_port);
    const auto* port = heated.find_port("heat_port");
    REQUIRE(port != nullptr);
    CHECK(port->domain == &thermal());
    CHECK(balance_surplus(heated) == balance_surplus(plain));  // 2 variables, 1 through, 1 equation more
    CHECK(heated.loss_power == Expr(0.0));
    // The one equation more: heat_port.Q_flow = −(the loss power the element declares without it).
    REQUIRE(heated.equations.size() == plain.equations.size() + 1);
    const Definition::Equation& heat = heated.equations.back();
    CHECK(heat.description == "the loss power leaves through the heat port");
    CHECK(to_string(heat.residual) == to_string(port->flow() + plain.loss_power));
  }
  // An ideal lossy gear has no loss: its heat port carries none.
  const Definition ideal = instantiate("rotational.LossyGear", {{"use_heat_port", true}});
  CHECK(to_string(ideal.equations.back().residual) == "x.heat_port.Q_flow");
}

// ---- simulations ----------------------------------------------------------------------------------

TEST_CASE("thermal: a capacitor cools through a conductor to a fixed temperature as T_amb + (T0 − T_amb)·exp(−G·t/C)") {
  // C = 1000 J/K at 350 K, G = 10 W/K to 300 K: time constant 100 s.
  const double C = 1000.0, G = 10.0, T0 = 350.0, T_amb = 300.0;
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "rc_cooling",
    "components": {
      "cap": { "type": "thermal.HeatCapacitor", "params": { "C": "1000 J/K", "T_start": "350 K" } },
      "wall": { "type": "thermal.ThermalConductor", "params": { "G": "10 W/K" } },
      "meter": { "type": "thermal.HeatFlowSensor" },
      "ambient": { "type": "thermal.FixedTemperature", "params": { "T": "300 K" } },
      "thermometer": { "type": "thermal.TemperatureSensor" }
    },
    "connections": [["cap.port", "wall.port_a", "thermometer.port"], ["wall.port_b", "meter.port_a"],
                    ["meter.port_b", "ambient.port"]],
    "experiment": { "start": 0, "stop": 500, "interval": 1, "tolerance": 1e-6 },
    "outputs": ["cap.T", "wall.Q_flow", "meter.Q_flow", "thermometer.T"]
  })");
  const std::vector<double> t = run->times(), T = run->column("cap.T"), Q = run->column("meter.Q_flow"),
                            measured = run->column("thermometer.T");
  double worst = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double exact = T_amb + (T0 - T_amb) * std::exp(-G * t[k] / C);
    worst = std::max(worst, std::fabs(T[k] - exact));
    CHECK(measured[k] == T[k]);
    CHECK(Q[k] == doctest::Approx(G * (T[k] - T_amb)).epsilon(1e-12));
  }
  MESSAGE("worst |T − exact| = " << worst << " K of a 50 K decay");
  CHECK(worst <= 1e-6 * (T0 - T_amb));
  // The heat the capacitor gave up went into the reservoir: its injected power is −Q_flow.
  const double given_up = C * (T0 - T.back());
  CHECK(energy_of(*run, "cap").stored_end == doctest::Approx(-given_up).epsilon(1e-9));
  CHECK(energy_of(*run, "ambient").work_injected == doctest::Approx(-given_up).epsilon(1e-6));
  CHECK(run->energy().work_lost == 0.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("thermal: a fixed heat flow raises a capacitor linearly, and the energy account books it as injected") {
  // 100 W into 1000 J/K for 50 s: 5 K, 5 kJ. The source's power is a constant: until the thermal
  // domain, a component whose energy terms were all constants had no account.
  const auto run = simulate_netlist(R"({
    "format": "acausal/1", "name": "heater",
    "components": {
      "heater": { "type": "thermal.FixedHeatFlow", "params": { "Q_flow": "100 W" } },
      "block": { "type": "thermal.HeatCapacitor", "params": { "C": "1 kJ/K", "T_start": "290 K" } }
    },
    "connections": [["heater.port", "block.port"]],
    "experiment": { "start": 0, "stop": 50, "interval": 1, "tolerance": 1e-6 },
    "outputs": ["block.T", "block.der_T"]
  })");
  const std::vector<double> t = run->times(), T = run->column("block.T"), rate = run->column("block.der_T");
  for (std::size_t k = 0; k < t.size(); ++k) {
    CHECK(T[k] == doctest::Approx(290.0 + 0.1 * t[k]).epsilon(1e-12));
    CHECK(rate[k] == doctest::Approx(0.1).epsilon(1e-12));
  }
  CHECK(energy_of(*run, "heater").work_injected == doctest::Approx(5000.0).epsilon(1e-9));
  CHECK(energy_of(*run, "block").stored_end == doctest::Approx(5000.0).epsilon(1e-9));
  CHECK(run->energy().work_injected == doctest::Approx(5000.0).epsilon(1e-9));
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("thermal: a flywheel braked to rest heats the brake's capacitor by ½·J·ω²/C, and the model loses nothing") {
  // tau = cgeo·fn·mue = 3 N·m on J = 2 kg·m² at 10 rad/s: stops at 20/3 s; ½·J·ω² = 100 J into
  // C = 50 J/K: 2 K.
  const double J = 2.0, w0 = 10.0, tau = 3.0, C = 50.0, T0 = 300.0;
  const std::string netlist = R"({
    "format": "acausal/1", "name": "flywheel_brake_heat",
    "components": {
      "force": { "type": "signal.Constant", "params": { "k": 1 } },
      "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 10 } },
      "brake": { "type": "rotational.Brake", "params": { "fn_max": 100, "mue": 0.3, "cgeo": 0.1, "use_heat_port": true } },
      "disc": { "type": "thermal.HeatCapacitor", "params": { "C": "50 J/K", "T_start": "300 K" } }
    },
    "connections": [["force.y", "brake.f_normalized"], ["flywheel.flange", "brake.C"], ["brake.heat_port", "disc.port"]],
    "experiment": { "start": 0, "stop": 10, "interval": 0.01, "tolerance": 1e-6 },
    "outputs": ["flywheel.w", "brake.mode", "brake.heat_port.Q_flow", "disc.T"]
  })";
  const auto run = simulate_netlist(netlist);
  const double t_stop = J * w0 / tau, heat = 0.5 * J * w0 * w0;
  const std::vector<double> t = run->times(), w = run->column("flywheel.w"), Q = run->column("brake.heat_port.Q_flow"),
                            T = run->column("disc.T"), mode = run->column("brake.mode");
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double s = std::min(t[k], t_stop);
    const double rise = tau * (w0 * s - 0.5 * tau / J * s * s) / C;  // ∫ tau·w dt / C
    CHECK(std::fabs(T[k] - T0 - rise) <= 1e-6 * heat / C);
    // The loss leaves through the heat port: tau·w while sliding, nothing once stuck (holding no torque): mode 0.
    CHECK(std::fabs(Q[k] + (mode[k] == 1.0 ? tau * w[k] : 0.0)) <= 1e-9 * tau * w0);
  }
  const double rise = T.back() - T0;
  MESSAGE("temperature rise " << rise << " K, ½·J·ω²/C = " << heat / C << " K");
  CHECK(std::fabs(rise - heat / C) <= 1e-6 * heat / C);
  const EnergyReport& e = run->energy();
  CHECK(energy_of(*run, "disc").stored_end == doctest::Approx(heat).epsilon(1e-6));
  CHECK(energy_of(*run, "brake").work_lost == 0.0);
  CHECK(e.work_lost == 0.0);  // what friction takes, the capacitor stores
  CHECK(e.relative_balance() <= 1e-6);
  MESSAGE("global balance " << e.worst_balance << " J of " << e.energy_scale << " J");
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());

  // Without the heat port the brake loses the same energy.
  json plain = json::parse(netlist);
  plain["components"]["brake"]["params"].erase("use_heat_port");
  plain["components"].erase("disc");
  plain["connections"].erase(2);
  plain["outputs"] = {"flywheel.w"};
  const auto lost = simulate_netlist(plain.dump());
  CHECK(std::fabs(energy_of(*lost, "brake").work_lost - energy_of(*run, "disc").stored_end) <= 1e-6 * heat);
}

TEST_CASE("thermal: a damper with a heat port in a driven oscillator heats a capacitor that cools to the ambient") {
  // A sine torque drives an inertia on a spring; the damper's loss heats a capacitor, which passes
  // heat on to the ambient through a conductor. What the driver puts in ends as kinetic and spring
  // energy, heat in the capacitor or heat in the ambient: nothing is lost.
  const std::string netlist = R"({
    "format": "acausal/1", "name": "driven_damper_heat",
    "components": {
      "sine": { "type": "signal.Sine", "params": { "amplitude": 5, "frequency": 1.3 } },
      "drive": { "type": "rotational.Torque" },
      "rotor": { "type": "rotational.Inertia", "params": { "J": 0.2 }, "initial": { "phi": 0.1, "w": 0 } },
      "spring": { "type": "rotational.Spring", "params": { "c": 30 } },
      "damper": { "type": "rotational.Damper", "params": { "d": 0.4, "use_heat_port": true } },
      "ground": { "type": "rotational.Fixed" },
      "housing": { "type": "thermal.HeatCapacitor", "params": { "C": "20 J/K", "T_start": "300 K" } },
      "fins": { "type": "thermal.ThermalConductor", "params": { "G": "0.5 W/K" } },
      "ambient": { "type": "thermal.FixedTemperature", "params": { "T": "300 K" } }
    },
    "connections": [["sine.y", "drive.tau"], ["drive.flange", "rotor.flange", "spring.R", "damper.R"],
                    ["spring.C", "damper.C", "ground.flange"], ["damper.heat_port", "housing.port", "fins.port_a"],
                    ["fins.port_b", "ambient.port"]],
    "experiment": { "start": 0, "stop": 20, "interval": 0.01, "tolerance": 1e-6 },
    "outputs": ["rotor.w", "damper.w_rel", "damper.heat_port.Q_flow", "housing.T", "fins.Q_flow"]
  })";
  const auto run = simulate_netlist(netlist);
  const std::vector<double> w = run->column("damper.w_rel"), Q = run->column("damper.heat_port.Q_flow");
  for (std::size_t k = 0; k < w.size(); ++k) CHECK(Q[k] == doctest::Approx(-0.4 * w[k] * w[k]).epsilon(1e-9));
  const EnergyReport& e = run->energy();
  const double heat = energy_of(*run, "housing").stored_end - energy_of(*run, "ambient").work_injected;
  CHECK(e.work_lost == 0.0);
  CHECK(e.relative_balance() <= 1e-6);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());

  json plain = json::parse(netlist);
  plain["components"]["damper"]["params"].erase("use_heat_port");
  for (const char* name : {"housing", "fins", "ambient"}) plain["components"].erase(name);
  plain["connections"].erase(4);
  plain["connections"].erase(3);
  plain["outputs"] = {"rotor.w"};
  const auto lost = simulate_netlist(plain.dump());
  const double loss = energy_of(*lost, "damper").work_lost;
  MESSAGE("damper loss " << loss << " J; heat in the housing and the ambient " << heat << " J");
  CHECK(loss > 1.0);
  CHECK(std::fabs(heat - loss) <= 1e-6 * lost->energy().energy_scale);
}

TEST_CASE("thermal: every dissipative element with its heat port connected moves as without, and its loss becomes heat") {
  struct Case {
    std::string netlist;  ///< under netlists/
    std::vector<std::string> dissipative;
    double stop = 0.0;  ///< shorter than the netlist's experiment when > 0
    double tolerance = 0.0;  ///< tighter than the netlist's experiment when > 0
  };
  const std::vector<Case> cases = {
      {"reference/Rot_First.json", {"damper"}},
      {"rotational_chain.json", {"coupling1", "coupling2", "bearing"}},
      {"nonlinear_damper_driveline.json", {"damper"}},
      {"variable_damper_driveline.json", {"brake", "shaft"}},
      {"reference/Rot_OneWayClutch.json", {"oneWayClutch"}},
      {"reference/Rot_LossyGearDemo1.json", {"gear"}},
      {"reference/Trans_Damper.json", {"damper1", "damper2", "springDamper3"}},
      {"reference/Trans_Brake.json", {"brake", "brake1"}},
      {"reference/Trans_Friction.json", {"stop1", "stop2", "supportFriction"}},
      // A 3D oscillation whose balance at its tolerance, 1e-6, is itself about 1e-6 of its energy
      // scale with or without a heat port (8e-7 without): what the heat port adds is checked at 1e-7.
      {"reference/MB_SpringDamperSystem.json", {"damper1"}, 3.0, 1e-7},
      {"tethered_body.json", {"tether"}, 3.0},
      {"two_bodies_spring.json", {"spring"}, 5.0},
      {"rod_hanging.json", {"rod"}, 2.0},
  };
  for (const Case& c : cases) {
    CAPTURE(c.netlist);
    json plain = json::parse(read_text(ACAUSAL_SOURCE_DIR "/netlists/" + c.netlist));
    if (c.stop > 0.0) plain["experiment"]["stop"] = c.stop;
    if (c.tolerance > 0.0) plain["experiment"]["tolerance"] = c.tolerance;
    const auto without = simulate_netlist(plain.dump());
    const double scale = without->energy().energy_scale;
    // The capacitors' temperature rise is at most the energy scale over C = 1 J/K: its nominal, so
    // that the stored heat is integrated (Newton's corrections included) to the tolerance of that
    // scale, not of 1 K · C (Rot_LossyGearDemo1 puts 0.0185 J into 1 J/K).
    const json heated = with_heat_ports(plain, c.dissipative, scale);
    const auto with = simulate_netlist(heated.dump());
    for (const std::string& name : c.dissipative) {
      CAPTURE(name);
      const ComponentEnergy& lost = energy_of(*without, name);
      // Only the jumps at events (a mass stopped at its stop) are still lost: they have no heat flow.
      if (const ComponentEnergy* kept = account(*with, name)) CHECK(kept->work_lost == kept->lost_at_events);
      const ComponentEnergy& capacitor = energy_of(*with, "heat_" + name);
      const double heat = capacitor.stored_end;
      const double dissipated = lost.work_lost - lost.lost_at_events;
      // In the run with the heat port, the capacitor stores what came through it.
      CHECK(std::fabs(heat - capacitor.work_ports) <= 1e-6 * scale);
      MESSAGE(c.netlist << " " << name << ": lost " << dissipated << " J without, heat " << heat
                        << " J with the heat port, difference " << std::fabs(heat - dissipated) / scale
                        << " of the energy scale " << scale << " J");
      CHECK(dissipated > 0.0);
      // Against the run without: two runs, each integrating the loss to 1e-6 of the energy scale.
      CHECK(std::fabs(heat - dissipated) <= 2e-6 * scale);
    }
    // The same motion: every output of the netlist without heat ports agrees. A mode may switch at
    // a slightly other time (the steps differ): it differs at a grid point or two then.
    for (const auto& column : plain["outputs"]) {
      const std::string name = column.get<std::string>();
      const std::vector<double> a = without->grid_column(name), b = with->grid_column(name);
      REQUIRE(a.size() == b.size());
      double range = 0.0, worst = 0.0;
      std::size_t differing = 0;
      bool discrete = true;
      for (std::size_t k = 0; k < a.size(); ++k) {
        range = std::max(range, std::fabs(a[k]));
        worst = std::max(worst, std::fabs(a[k] - b[k]));
        if (a[k] != b[k]) ++differing;
        discrete = discrete && a[k] == std::round(a[k]);
      }
      INFO(name << " differs by " << worst << " of " << range << " at " << differing << " of " << a.size() << " points");
      if (discrete)
        CHECK(differing <= 2);
      else
        CHECK(worst <= 1e-4 * std::max(range, 1e-3));
    }
    const CheckResult energy = check_energy(*with, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("thermal: netlists/brake_heating.json — the flywheel's 10 kJ end as heat in disc and housing") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/brake_heating.json");
  const double energy0 = 0.5 * 2.0 * 100.0 * 100.0, C_disc = 2000.0, C_housing = 8000.0, G = 50.0, T0 = 293.15;
  const double t_stop = 2.0 * 100.0 / 30.0;
  const std::vector<double> t = run->times(), w = run->column("flywheel.w"), disc = run->column("disc.T"),
                            housing = run->column("housing.T"), measured = run->column("thermometer.T");
  for (std::size_t k = 0; k < t.size(); ++k) {
    CHECK(measured[k] == disc[k]);
    // All the time: the flywheel's energy plus the heat in both bodies is what the flywheel had.
    const double heat = C_disc * (disc[k] - T0) + C_housing * (housing[k] - T0);
    CHECK(std::fabs(0.5 * 2.0 * w[k] * w[k] + heat - energy0) <= 1e-6 * energy0);
  }
  // After the stop the two bodies approach each other's temperature at the rate G·(1/C_disc + 1/C_housing).
  const auto at = [&](double time) {
    std::size_t k = 0;
    while (t[k] < time - 1e-9) ++k;
    return disc[k] - housing[k];
  };
  CHECK(at(150.0) / at(50.0) == doctest::Approx(std::exp(-G * (1.0 / C_disc + 1.0 / C_housing) * 100.0)).epsilon(1e-5));
  CHECK(t_stop < 50.0);
  // Both end 1 K warmer (less what is still on its way from the disc to the housing).
  const double T_end = T0 + energy0 / (C_disc + C_housing);
  CHECK(std::fabs(disc.back() - T_end) <= 0.02);
  CHECK(std::fabs(housing.back() - T_end) <= 0.02);
  CHECK(run->energy().work_lost == 0.0);
  CHECK(energy_of(*run, "disc").stored_end + energy_of(*run, "housing").stored_end ==
        doctest::Approx(energy0).epsilon(1e-9));
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("use_heat_port: a heat port left open over-determines the model, naming the heat port's equation") {
  try {
    simulate_netlist(R"({
      "format": "acausal/1", "name": "open_heat_port",
      "components": {
        "flywheel": { "type": "rotational.Inertia", "params": { "J": 2 }, "initial": { "phi": 0, "w": 10 } },
        "damper": { "type": "rotational.Damper", "params": { "d": 1, "use_heat_port": true } },
        "ground": { "type": "rotational.Fixed" }
      },
      "connections": [["flywheel.flange", "damper.R"], ["damper.C", "ground.flange"]]
    })");
    FAIL("an open heat port was accepted");
  } catch (const ModelError& e) {
    const std::string what = e.what();
    INFO(what);
    CHECK(what.find("structurally singular") != std::string::npos);
    CHECK(what.find("the loss power leaves through the heat port") != std::string::npos);
    CHECK(what.find("damper.heat_port.T") != std::string::npos);
  }
}
