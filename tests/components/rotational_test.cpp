// Tests of the rotational basic library (components/rotational/): the law of every component at
// hand-picked points (zero residuals at consistent values, non-zero when one value is off), its energy
// audit, parameter validation messages, use_support variants and the sign conventions of DESIGN §4.1.
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <numbers>
#include <string>
#include <vector>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

const std::vector<std::string> kTypes = {
    "rotational.Fixed",         "rotational.Inertia",      "rotational.Spring",
    "rotational.Damper",        "rotational.SpringDamper", "rotational.IdealGear",
    "rotational.Torque",        "rotational.ConstantTorque", "rotational.Speed",
    "rotational.Position",      "rotational.AngleSensor",  "rotational.SpeedSensor",
    "rotational.AccSensor",     "rotational.TorqueSensor", "rotational.RelativeAngleSensor",
    "rotational.RelativeSpeedSensor",
};

bool nonzero(double r) { return r > 1e-9 || r < -1e-9; }

/// Every variable of `d` has a value in `v`, and every residual is zero (to rounding).
void check_consistent(const Definition& d, const Values& v) {
  for (const auto& var : d.variables) {
    INFO(d.type << ": no test value for " << var.symbol.name());
    CHECK(v.count(var.symbol.name()) == 1);
  }
  std::vector<double> r = residuals(d, v);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO(d.type << " equation " << i << ": " << d.equations[i].description);
    CHECK(r[i] == doctest::Approx(0.0));
  }
}

/// Changing any one of `names` (by +0.37) breaks at least one equation.
void check_sensitive(const Definition& d, const Values& v, std::initializer_list<std::string> names) {
  for (const std::string& name : names) {
    CAPTURE(name);
    REQUIRE(v.count(name) == 1);
    Values off = v;
    off[name] += 0.37;
    bool broken = false;
    for (double r : residuals(d, off)) broken = broken || nonzero(r);
    CHECK(broken);
  }
}

/// Modelica's local balance (see balance_surplus).
void check_balanced(const Definition& d) {
  INFO(d.type);
  CHECK(balance_surplus(d) == 0);
}

/// Consistent values of a compliant element x (R, C, phi_rel, w_rel, tau) and der of the ports.
Values compliant_values(double phi_R, double phi_C, double w_R, double w_C, double tau) {
  return {{"x.R.phi", phi_R},       {"x.C.phi", phi_C},       {"x.phi_rel", phi_R - phi_C},
          {"x.w_rel", w_R - w_C},   {"x.tau", tau},           {"x.R.tau", tau},
          {"x.C.tau", -tau},        {"der(x.R.phi)", w_R},    {"der(x.C.phi)", w_C},
          {"der(x.phi_rel)", w_R - w_C}};
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("rotational: every type is registered, documented and balanced") {
  for (const std::string& type : kTypes) {
    CAPTURE(type);
    // Describe mode: parameters stay symbolic, the definition is complete.
    Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    check_balanced(d);
    check_balanced(instantiate(type));
  }
  for (const char* type : {"rotational.IdealGear", "rotational.Torque", "rotational.ConstantTorque",
                           "rotational.Speed", "rotational.Position"}) {
    CAPTURE(type);
    check_balanced(instantiate(type, {{"use_support", true}}));
  }
}

// ---- Damper -------------------------------------------------------------------------------------

TEST_CASE("rotational.Damper: tau = d·w_rel, loss tau·w_rel") {
  Definition d = instantiate("rotational.Damper", {{"d", 4.0}});
  Values v = compliant_values(0.9, 0.3, 5.0, 2.0, 4.0 * 3.0);
  check_consistent(d, v);
  check_sensitive(d, v, {"x.tau", "x.R.tau", "x.C.tau", "x.phi_rel", "x.w_rel", "der(x.R.phi)", "der(x.C.phi)"});
  // Positive w_rel gives a positive torque into R: it brakes R and drags C along.
  CHECK(v.at("x.R.tau") > 0.0);
  CHECK(value(d.loss_power, v) == doctest::Approx(36.0));
  CHECK(value(d.stored_energy, v) == doctest::Approx(0.0));
  // port power 12·5 − 12·2 = 36 W, all dissipated
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(energy_audit(d, compliant_values(-1.0, 2.0, -3.0, 4.5, 4.0 * -7.5)) == doctest::Approx(0.0));
}

TEST_CASE("rotational.Damper: validation") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.Damper", {{"d", -1.0}}, "damper1"),
                       "/components/damper1/params/d: d must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Damper", {{"c", 1.0}}, "damper1"),
                       "/components/damper1/params/c: unknown parameter \"c\" of rotational.Damper; valid: d, use_heat_port",
                       ModelError);
  CHECK_NOTHROW(instantiate("rotational.Damper", {{"d", 0.0}}));
}

// ---- SpringDamper -------------------------------------------------------------------------------

TEST_CASE("rotational.SpringDamper: tau = c·(phi_rel − phi_rel0) + d·w_rel, stored and lost energy") {
  Definition d = instantiate("rotational.SpringDamper", {{"c", 100.0}, {"d", 4.0}, {"phi_rel0", 0.1}});
  Values v = compliant_values(0.9, 0.3, 5.0, 2.0, 100.0 * 0.5 + 4.0 * 3.0);
  check_consistent(d, v);
  check_sensitive(d, v, {"x.tau", "x.R.tau", "x.C.tau", "x.phi_rel", "x.w_rel", "der(x.R.phi)"});
  CHECK(value(d.stored_energy, v) == doctest::Approx(0.5 * 100.0 * 0.25));
  CHECK(value(d.loss_power, v) == doctest::Approx(4.0 * 9.0));
  // port power 62·3 = 186 W = dE/dt 150 W + loss 36 W
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(energy_audit(d, compliant_values(-0.4, 0.2, -1.5, 2.5, 100.0 * -0.7 + 4.0 * -4.0)) ==
        doctest::Approx(0.0));
  // An inconsistent torque shows up in the audit.
  Values off = v;
  off["x.R.tau"] += 1.0;
  CHECK(std::abs(energy_audit(d, off)) > 1.0);
}

TEST_CASE("rotational.SpringDamper: validation") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.SpringDamper", {{"c", 0.0}}, "sd"),
                       "/components/sd/params/c: c must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.SpringDamper", {{"d", -0.5}}, "sd"),
                       "/components/sd/params/d: d must not be negative, got -0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.SpringDamper", {{"phi_rel", 0.5}}, "sd"),
                       "/components/sd/params/phi_rel: unknown parameter \"phi_rel\" of rotational.SpringDamper; "
                       "valid: c, d, phi_rel0, phi_nominal, use_heat_port",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.SpringDamper", {{"phi_nominal", -1e-4}}, "sd"),
                       "/components/sd/params/phi_nominal: phi_nominal must not be negative, got -0.0001", ModelError);
  CHECK_NOTHROW(instantiate("rotational.SpringDamper", {{"c", "30 N*m/deg"}, {"d", 0.0}, {"phi_rel0", "-90 deg"}}));
}

TEST_CASE("rotational.SpringDamper: phi_rel's nominal is phi_nominal, MSL's 1e-4 rad by default") {
  const auto nominal = [](const Definition& d) { return d.find_variable("phi_rel")->options.nominal; };
  CHECK(nominal(instantiate("rotational.SpringDamper", {}, "sd")) == 1e-4);
  CHECK(nominal(instantiate("rotational.SpringDamper", {{"phi_nominal", "1 deg"}}, "sd")) ==
        doctest::Approx(std::numbers::pi / 180));
  CHECK(!nominal(instantiate("rotational.SpringDamper", {{"phi_nominal", 0.0}}, "sd")));
  CHECK(!instantiate("rotational.SpringDamper", {}, "sd").find_variable("w_rel")->options.nominal);
}

// ---- IdealGear ----------------------------------------------------------------------------------

TEST_CASE("rotational.IdealGear: grounded housing (use_support = false)") {
  Definition d = instantiate("rotational.IdealGear", {{"ratio", 10.0}});
  CHECK(d.find_port("R") != nullptr);
  CHECK(d.find_port("C") != nullptr);
  CHECK(d.find_port("support") == nullptr);
  CHECK(d.find_variable("support.phi") == nullptr);
  // phi_C = 10·phi_R, tau_R = −10·tau_C
  Values v{{"x.R.phi", 0.3},      {"x.C.phi", 3.0},       {"x.R.tau", -15.0},
           {"x.C.tau", 1.5},      {"der(x.R.phi)", 2.0},  {"der(x.C.phi)", 20.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"x.R.phi", "x.C.phi", "x.R.tau", "x.C.tau"});
  // lossless: −15·2 + 1.5·20 = 0
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(value(d.stored_energy, v) == 0.0);
  CHECK(value(d.loss_power, v) == 0.0);
}

TEST_CASE("rotational.IdealGear: with support, the housing takes tau_s = −(tau_R + tau_C)") {
  Definition d = instantiate("rotational.IdealGear", {{"ratio", 10.0}, {"use_support", true}});
  REQUIRE(d.find_port("support") != nullptr);
  // phi_C − phi_s = 10·(phi_R − phi_s): 2.1 − 0.1 = 10·(0.3 − 0.1); speeds 11 − 1 = 10·(2 − 1)
  Values v{{"x.R.phi", 0.3},      {"x.C.phi", 2.1},      {"x.support.phi", 0.1},
           {"x.R.tau", -15.0},    {"x.C.tau", 1.5},      {"x.support.tau", 13.5},
           {"der(x.R.phi)", 2.0}, {"der(x.C.phi)", 11.0}, {"der(x.support.phi)", 1.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"x.R.phi", "x.C.phi", "x.support.phi", "x.R.tau", "x.C.tau", "x.support.tau"});
  CHECK(v.at("x.support.tau") == doctest::Approx((10.0 - 1.0) * v.at("x.C.tau")));
  // −15·2 + 1.5·11 + 13.5·1 = 0
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  // A moving housing with a negative ratio.
  Definition n = instantiate("rotational.IdealGear", {{"ratio", -2.0}, {"use_support", true}});
  Values u{{"x.R.phi", 0.5},      {"x.C.phi", 0.2 - 2.0 * 0.3}, {"x.support.phi", 0.2},
           {"x.R.tau", 2.0 * 0.7}, {"x.C.tau", 0.7},             {"x.support.tau", -(1.4 + 0.7)},
           {"der(x.R.phi)", 3.0}, {"der(x.C.phi)", -1.0 - 2.0 * 4.0}, {"der(x.support.phi)", -1.0}};
  check_consistent(n, u);
  CHECK(energy_audit(n, u) == doctest::Approx(0.0));
}

TEST_CASE("rotational.IdealGear: validation") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealGear", {{"ratio", 0.0}}, "gear"),
                       "/components/gear/params/ratio: ratio must not be zero, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealGear", {{"use_support", "yes"}}, "gear"),
                       "/components/gear/params/use_support: expected true or false, got \"yes\"", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealGear", {{"i", 3.0}}, "gear"),
                       "/components/gear/params/i: unknown parameter \"i\" of rotational.IdealGear; valid: ratio, "
                       "use_support",
                       ModelError);
  CHECK_NOTHROW(instantiate("rotational.IdealGear", {{"ratio", -0.5}}));
}

// Rot_First (Modelica.Mechanics.Rotational.Examples.First) with flange_a → C, flange_b → R:
// torque.flange — inertia1 — gear.C; gear.R — inertia2 — spring.C — damper.C; spring.R — inertia3;
// damper.R — fixed — torque.support — gear.support. At any state, the acceleration of the reference
// ODE (J1·i² + J2)·φ̈2 = i·τ − c·(φ2 − φ3) − d·φ̇2 must make the node balances and the gear and source
// equations hold together.
TEST_CASE("rotational.IdealGear and Torque: the Rot_First netlist mapping reproduces Modelica's ODE") {
  const double i = 10.0, J1 = 0.1, J2 = 2.0, c = 1.0e4, dd = 10.0;
  const double t = 0.013, tau = 10.0 * std::sin(2.0 * std::numbers::pi * 5.0 * t);
  const double phi2 = 0.02, w2 = 0.7, phi3 = 0.015;
  const double a2 = (i * tau - c * (phi2 - phi3) - dd * w2) / (J1 * i * i + J2);
  const double a1 = i * a2;
  // node 1: torque.flange.tau + inertia1.flange.tau + gear.C.tau = 0, inertia1.flange.tau = J1·a1
  const double torque_flange_tau = -tau;
  const double gear_C_tau = -torque_flange_tau - J1 * a1;
  // node 2: gear.R.tau + J2·a2 + spring.C.tau + damper.C.tau = 0 (spring.C.tau = −c·(φ3 − φ2),
  // damper.C.tau = −d·(0 − φ̇2))
  const double gear_R_tau = -(J2 * a2 - c * (phi3 - phi2) + dd * w2);

  Definition gear = instantiate("rotational.IdealGear", {{"ratio", i}, {"use_support", true}}, "gear");
  Values g{{"gear.R.phi", phi2},
           {"gear.C.phi", i * phi2},
           {"gear.support.phi", 0.0},
           {"gear.R.tau", gear_R_tau},
           {"gear.C.tau", gear_C_tau},
           {"gear.support.tau", -(gear_R_tau + gear_C_tau)},
           {"der(gear.R.phi)", w2},
           {"der(gear.C.phi)", i * w2},
           {"der(gear.support.phi)", 0.0}};
  check_consistent(gear, g);
  CHECK(energy_audit(gear, g) == doctest::Approx(0.0));

  Definition src = instantiate("rotational.Torque", {{"use_support", true}}, "torque");
  Values s{{"torque.flange.phi", i * phi2}, {"torque.flange.tau", torque_flange_tau},
           {"torque.support.phi", 0.0},     {"torque.support.tau", tau},
           {"torque.tau", tau},             {"torque.w", i * w2},
           {"der(torque.flange.phi)", i * w2}, {"der(torque.support.phi)", 0.0}};
  check_consistent(src, s);
  CHECK(energy_audit(src, s) == doctest::Approx(0.0));

  // The grounded variant (Rot_FirstGrounded) has the same equations with phi_s = 0.
  Definition gear0 = instantiate("rotational.IdealGear", {{"ratio", i}}, "gear");
  Values g0 = g;
  for (const char* k : {"gear.support.phi", "gear.support.tau", "der(gear.support.phi)"}) g0.erase(k);
  check_consistent(gear0, g0);
}

// ---- Torque -------------------------------------------------------------------------------------

TEST_CASE("rotational.Torque: positive tau drives the flange positively (flange.tau = −tau)") {
  Definition d = instantiate("rotational.Torque", json::object(), "torque");
  CHECK(d.find_port("flange") != nullptr);
  CHECK(d.find_port("support") == nullptr);
  const Port* in = d.find_port("tau");
  REQUIRE(in != nullptr);
  CHECK(in->direction == SignalDirection::Input);
  Values v{{"torque.flange.phi", 0.5}, {"torque.flange.tau", -3.0}, {"torque.tau", 3.0},
           {"torque.w", 4.0},          {"der(torque.flange.phi)", 4.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"torque.flange.tau", "torque.tau", "torque.w", "der(torque.flange.phi)"});
  // The wrong sign (flange.tau = +tau) violates the law.
  Values wrong = v;
  wrong["torque.flange.tau"] = 3.0;
  CHECK(nonzero(residuals(d, wrong)[0]));
  // Driving a flange that turns positively delivers power: injected 3·4 = 12 W, the port takes −12 W.
  CHECK(value(d.injected_power, v) == doctest::Approx(12.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  // The source accelerates an inertia positively: node torque.flange — inertia.flange.
  Definition inertia = instantiate("rotational.Inertia", {{"J", 2.0}}, "in");
  Values iv{{"in.flange.phi", 0.5}, {"in.flange.tau", 3.0}, {"in.phi", 0.5}, {"in.w", 4.0},
            {"in.a", 1.5},          {"der(in.phi)", 4.0},   {"der(in.w)", 1.5}};
  CHECK(v.at("torque.flange.tau") + iv.at("in.flange.tau") == 0.0);
  check_consistent(inertia, iv);
  CHECK(iv.at("in.a") > 0.0);
}

TEST_CASE("rotational.Torque: with support, the housing takes the reaction support.tau = tau") {
  Definition d = instantiate("rotational.Torque", {{"use_support", true}}, "torque");
  REQUIRE(d.find_port("support") != nullptr);
  Values v{{"torque.flange.phi", 0.5},        {"torque.flange.tau", -3.0},     {"torque.support.phi", 0.2},
           {"torque.support.tau", 3.0},       {"torque.tau", 3.0},             {"torque.w", 3.0},
           {"der(torque.flange.phi)", 4.0},   {"der(torque.support.phi)", 1.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"torque.flange.tau", "torque.support.tau", "torque.w", "der(torque.support.phi)"});
  // injected tau·(w_flange − w_support) = 9 W; port power −3·4 + 3·1 = −9 W
  CHECK(value(d.injected_power, v) == doctest::Approx(9.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
}

TEST_CASE("rotational.Torque: validation") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.Torque", {{"tau", 1.0}}, "torque"),
                       "/components/torque/params/tau: unknown parameter \"tau\" of rotational.Torque; valid: "
                       "use_support",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Torque", {{"use_support", 1}}, "torque"),
                       "/components/torque/params/use_support: expected true or false, got 1", ModelError);
}

// ---- ConstantTorque -----------------------------------------------------------------------------

TEST_CASE("rotational.ConstantTorque: flange.tau = −tau_constant, injected tau·w") {
  Definition d = instantiate("rotational.ConstantTorque", {{"tau_constant", 2.5}}, "ct");
  CHECK(d.find_port("support") == nullptr);
  Values v{{"ct.flange.phi", 0.5}, {"ct.flange.tau", -2.5}, {"ct.tau", 2.5},
           {"ct.w", -4.0},         {"der(ct.flange.phi)", -4.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"ct.flange.tau", "ct.tau", "ct.w", "der(ct.flange.phi)"});
  // Turning against the torque: the source absorbs 10 W (negative injected power).
  CHECK(value(d.injected_power, v) == doctest::Approx(-10.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  Definition s = instantiate("rotational.ConstantTorque", {{"tau_constant", "-1.5 kN*m"}, {"use_support", true}}, "ct");
  REQUIRE(s.find_port("support") != nullptr);
  Values u{{"ct.flange.phi", 0.5},       {"ct.flange.tau", 1500.0},      {"ct.support.phi", -0.1},
           {"ct.support.tau", -1500.0},  {"ct.tau", -1500.0},            {"ct.w", 2.5},
           {"der(ct.flange.phi)", 2.0},  {"der(ct.support.phi)", -0.5}};
  check_consistent(s, u);
  check_sensitive(s, u, {"ct.support.tau", "der(ct.support.phi)"});
  CHECK(energy_audit(s, u) == doctest::Approx(0.0));
}

TEST_CASE("rotational.ConstantTorque: validation") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.ConstantTorque", {{"tau_constant", "3 m"}}, "ct"),
                       doctest::Contains("/components/ct/params/tau_constant: "), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.ConstantTorque", {{"tau", 3.0}}, "ct"),
                       "/components/ct/params/tau: unknown parameter \"tau\" of rotational.ConstantTorque; valid: "
                       "tau_constant, use_support",
                       ModelError);
}

// ---- Speed --------------------------------------------------------------------------------------

TEST_CASE("rotational.Speed: der(flange.phi − phi_support) = w, injected −flange.tau·w") {
  Definition d = instantiate("rotational.Speed", json::object(), "sp");
  CHECK(d.find_port("support") == nullptr);
  REQUIRE(d.find_port("w") != nullptr);
  CHECK(d.find_port("w")->direction == SignalDirection::Input);
  // The load resists with 2 N·m (the source pushes it with +2): flange.tau = −2.
  Values v{{"sp.flange.phi", 0.5}, {"sp.flange.tau", -2.0}, {"sp.w", 4.0},
           {"sp.phi", 0.5},        {"der(sp.phi)", 4.0},    {"der(sp.flange.phi)", 4.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"sp.flange.phi", "sp.w", "der(sp.phi)"});
  CHECK(value(d.injected_power, v) == doctest::Approx(8.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  Definition s = instantiate("rotational.Speed", {{"use_support", true}}, "sp");
  REQUIRE(s.find_port("support") != nullptr);
  Values u{{"sp.flange.phi", 0.5},      {"sp.flange.tau", -2.0},      {"sp.support.phi", 0.2},
           {"sp.support.tau", 2.0},     {"sp.w", 4.0},                {"sp.phi", 0.3},
           {"der(sp.phi)", 4.0},        {"der(sp.flange.phi)", 5.0},  {"der(sp.support.phi)", 1.0}};
  check_consistent(s, u);
  check_sensitive(s, u, {"sp.support.phi", "sp.support.tau", "sp.phi"});
  // port power −2·5 + 2·1 = −8 W, injected −(−2)·4 = 8 W
  CHECK(energy_audit(s, u) == doctest::Approx(0.0));
  CHECK_THROWS_WITH_AS(instantiate("rotational.Speed", {{"w", 1.0}}, "sp"),
                       "/components/sp/params/w: unknown parameter \"w\" of rotational.Speed; valid: use_support",
                       ModelError);
}

// ---- Position -----------------------------------------------------------------------------------

TEST_CASE("rotational.Position: flange.phi − phi_support = phi, injected −flange.tau·w") {
  Definition d = instantiate("rotational.Position", json::object(), "pos");
  CHECK(d.find_port("support") == nullptr);
  REQUIRE(d.find_port("phi") != nullptr);
  CHECK(d.find_port("phi")->direction == SignalDirection::Input);
  Values v{{"pos.flange.phi", 0.5}, {"pos.flange.tau", -2.0}, {"pos.phi", 0.5},
           {"pos.w", 4.0},          {"der(pos.flange.phi)", 4.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"pos.flange.phi", "pos.phi", "pos.w", "der(pos.flange.phi)"});
  CHECK(value(d.injected_power, v) == doctest::Approx(8.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  Definition s = instantiate("rotational.Position", {{"use_support", true}}, "pos");
  REQUIRE(s.find_port("support") != nullptr);
  Values u{{"pos.flange.phi", 0.7},      {"pos.flange.tau", -2.0},      {"pos.support.phi", 0.2},
           {"pos.support.tau", 2.0},     {"pos.phi", 0.5},              {"pos.w", 4.0},
           {"der(pos.flange.phi)", 5.0}, {"der(pos.support.phi)", 1.0}};
  check_consistent(s, u);
  check_sensitive(s, u, {"pos.support.phi", "pos.support.tau", "der(pos.support.phi)"});
  CHECK(energy_audit(s, u) == doctest::Approx(0.0));
  CHECK_THROWS_WITH_AS(instantiate("rotational.Position", {{"exact", true}}, "pos"),
                       "/components/pos/params/exact: unknown parameter \"exact\" of rotational.Position; valid: "
                       "use_support",
                       ModelError);
}

// ---- absolute sensors ---------------------------------------------------------------------------

TEST_CASE("rotational.AngleSensor, SpeedSensor, AccSensor: ideal, no torque, no energy") {
  Definition angle = instantiate("rotational.AngleSensor", json::object(), "s");
  REQUIRE(angle.find_port("phi") != nullptr);
  CHECK(angle.find_port("phi")->direction == SignalDirection::Output);
  Values va{{"s.flange.phi", 0.7}, {"s.flange.tau", 0.0}, {"s.phi", 0.7}, {"der(s.flange.phi)", 3.0}};
  check_consistent(angle, va);
  check_sensitive(angle, va, {"s.flange.phi", "s.flange.tau", "s.phi"});
  CHECK(energy_audit(angle, va) == doctest::Approx(0.0));

  Definition speed = instantiate("rotational.SpeedSensor", json::object(), "s");
  Values vs{{"s.flange.phi", 0.7}, {"s.flange.tau", 0.0}, {"s.w", 3.0}, {"der(s.flange.phi)", 3.0}};
  check_consistent(speed, vs);
  check_sensitive(speed, vs, {"s.flange.tau", "s.w", "der(s.flange.phi)"});
  CHECK(energy_audit(speed, vs) == doctest::Approx(0.0));

  Definition acc = instantiate("rotational.AccSensor", json::object(), "s");
  REQUIRE(acc.find_port("a") != nullptr);
  CHECK(acc.find_port("a")->direction == SignalDirection::Output);
  Values vc{{"s.flange.phi", 0.7}, {"s.flange.tau", 0.0},       {"s.w", 3.0},
            {"s.a", -7.0},         {"der(s.flange.phi)", 3.0},  {"der(s.w)", -7.0}};
  check_consistent(acc, vc);
  check_sensitive(acc, vc, {"s.flange.tau", "s.w", "s.a", "der(s.w)"});
  CHECK(energy_audit(acc, vc) == doctest::Approx(0.0));

  for (const char* type : {"rotational.AngleSensor", "rotational.SpeedSensor", "rotational.AccSensor"}) {
    CAPTURE(type);
    const std::string message =
        "/components/s/params/k: unknown parameter \"k\" of " + std::string(type) + " (it has no parameters)";
    CHECK_THROWS_WITH_AS(instantiate(type, {{"k", 1.0}}, "s"), message.c_str(), ModelError);
  }
}

// ---- TorqueSensor -------------------------------------------------------------------------------

TEST_CASE("rotational.TorqueSensor: rigid cut, tau = C.tau (Modelica flange_a.tau)") {
  Definition d = instantiate("rotational.TorqueSensor", json::object(), "ts");
  REQUIRE(d.find_port("tau") != nullptr);
  CHECK(d.find_port("tau")->direction == SignalDirection::Output);
  Values v{{"ts.R.phi", 0.4},     {"ts.C.phi", 0.4},      {"ts.R.tau", -5.0},
           {"ts.C.tau", 5.0},     {"ts.tau", 5.0},        {"der(ts.R.phi)", 2.0}, {"der(ts.C.phi)", 2.0}};
  check_consistent(d, v);
  check_sensitive(d, v, {"ts.R.phi", "ts.C.phi", "ts.R.tau", "ts.C.tau", "ts.tau"});
  // The power passes through: −5·2 + 5·2 = 0.
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));

  // A torque source at C driving positively (source.flange.tau = −5) gives tau = +5: the torque
  // passed from C to R.
  Definition src = instantiate("rotational.Torque", json::object(), "src");
  Values s{{"src.flange.phi", 0.4}, {"src.flange.tau", -5.0}, {"src.tau", 5.0},
           {"src.w", 2.0},          {"der(src.flange.phi)", 2.0}};
  check_consistent(src, s);
  CHECK(s.at("src.flange.tau") + v.at("ts.C.tau") == 0.0);
  CHECK(v.at("ts.tau") == s.at("src.tau"));
  CHECK_THROWS_WITH_AS(instantiate("rotational.TorqueSensor", {{"tau", 1.0}}, "ts"),
                       "/components/ts/params/tau: unknown parameter \"tau\" of rotational.TorqueSensor (it has no "
                       "parameters)",
                       ModelError);
}

// ---- relative sensors ---------------------------------------------------------------------------

TEST_CASE("rotational.RelativeAngleSensor and RelativeSpeedSensor: R minus C, no torque") {
  Definition ra = instantiate("rotational.RelativeAngleSensor", json::object(), "rs");
  REQUIRE(ra.find_port("phi_rel") != nullptr);
  CHECK(ra.find_port("phi_rel")->direction == SignalDirection::Output);
  Values v{{"rs.R.phi", 0.9},       {"rs.C.phi", 0.3},      {"rs.R.tau", 0.0}, {"rs.C.tau", 0.0},
           {"rs.phi_rel", 0.6},     {"der(rs.R.phi)", 5.0}, {"der(rs.C.phi)", 2.0}};
  check_consistent(ra, v);
  check_sensitive(ra, v, {"rs.R.phi", "rs.C.phi", "rs.R.tau", "rs.C.tau", "rs.phi_rel"});
  CHECK(energy_audit(ra, v) == doctest::Approx(0.0));
  Values swapped = v;
  swapped["rs.phi_rel"] = -0.6;  // C − R is the wrong sign
  CHECK(nonzero(residuals(ra, swapped).back()));

  Definition rw = instantiate("rotational.RelativeSpeedSensor", json::object(), "rs");
  REQUIRE(rw.find_port("w_rel") != nullptr);
  Values u{{"rs.R.phi", 0.9},       {"rs.C.phi", 0.3},      {"rs.R.tau", 0.0}, {"rs.C.tau", 0.0},
           {"rs.w_rel", 3.0},       {"der(rs.R.phi)", 5.0}, {"der(rs.C.phi)", 2.0}};
  check_consistent(rw, u);
  check_sensitive(rw, u, {"rs.R.tau", "rs.C.tau", "rs.w_rel", "der(rs.R.phi)", "der(rs.C.phi)"});
  CHECK(energy_audit(rw, u) == doctest::Approx(0.0));

  for (const char* type : {"rotational.RelativeAngleSensor", "rotational.RelativeSpeedSensor"}) {
    CAPTURE(type);
    const std::string message = "/components/rs/params/use_support: unknown parameter \"use_support\" of " +
                                std::string(type) + " (it has no parameters)";
    CHECK_THROWS_WITH_AS(instantiate(type, {{"use_support", true}}, "rs"), message.c_str(), ModelError);
  }
}
