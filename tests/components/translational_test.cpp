// Tests of the translational basic library (components/translational/): the law of every component at
// hand-picked points, its energy audit, parameter validation messages, use_support variants and the
// sign conventions of DESIGN §4.1.
#include <doctest/doctest.h>

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
    "translational.Fixed",          "translational.Mass",
    "translational.Spring",         "translational.Damper",
    "translational.SpringDamper",   "translational.Rod",
    "translational.Force",          "translational.ConstantForce",
    "translational.Position",       "translational.Speed",
    "translational.Accelerate",     "translational.PositionSensor",
    "translational.SpeedSensor",    "translational.AccSensor",
    "translational.ForceSensor",    "translational.RelativePositionSensor",
    "translational.RelativeSpeedSensor", "translational.MultiSensor",
};

/// Every residual is zero (to rounding).
void check_consistent(const Definition& d, const Values& v) {
  std::vector<double> r = residuals(d, v);
  for (std::size_t i = 0; i < r.size(); ++i) {
    INFO(d.type << " equation " << i << ": " << d.equations[i].description);
    CHECK(r[i] == doctest::Approx(0.0));
  }
}

/// The residual of the equation with this description.
double residual_of(const Definition& d, const Values& v, const std::string& description) {
  for (const auto& eq : d.equations)
    if (eq.description == description) return value(eq.residual, v);
  FAIL("no equation \"" << description << "\" in " << d.type);
  return 0.0;
}

/// `v` with one entry changed.
Values with(Values v, const std::string& name, double x) {
  REQUIRE(v.count(name) == 1);
  v[name] = x;
  return v;
}

bool any_nonzero(const Definition& d, const Values& v) {
  for (double r : residuals(d, v))
    if (r > 1e-9 || r < -1e-9) return true;
  return false;
}

/// Values merged from several components (a small circuit); the keys are distinct by instance name.
Values merge(std::initializer_list<Values> parts) {
  Values out;
  for (const Values& p : parts) out.insert(p.begin(), p.end());
  return out;
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("translational: every type is registered, documented and balanced") {
  for (const std::string& type : kTypes) {
    CAPTURE(type);
    // Describe mode: parameters are symbols, everything else the same.
    Definition described = described_catalog_entry(type);
    CHECK(!described.equations.empty());

    // Balance: each conserving 1D port gets one equation from its connection node; signal inputs are
    // set from outside; every other variable needs an equation of the component.
    for (bool use_support : {false, true}) {
      json params = json::object();
      const bool has_support_flag = type == "translational.Force" || type == "translational.ConstantForce" ||
                                    type == "translational.Position" || type == "translational.Speed" ||
                                    type == "translational.Accelerate";
      if (use_support && !has_support_flag) continue;
      if (has_support_flag) params["use_support"] = use_support;
      Definition d = instantiate(type, params);
      CAPTURE(use_support);
      CHECK(balance_surplus(d) == 0);
      CHECK((d.find_port("support") != nullptr) == use_support);
    }
  }
}

TEST_CASE("translational: summaries state the law") {
  CHECK(builtin_registry().find("translational.Spring")->summary() == "Linear spring: f = c·(s_rel − s_rel0)");
  CHECK(builtin_registry().find("translational.Damper")->summary() == "Linear damper: f = d·v_rel");
  CHECK(builtin_registry().find("translational.Force")->summary() ==
        "Force source: flange.f = −f (positive f pushes the flange toward +s)");
}

// ---- passive elements -----------------------------------------------------------------------------

TEST_CASE("translational.Fixed: the flange stays at s0") {
  Definition d = instantiate("translational.Fixed", {{"s0", 4.5}}, "wall");
  Values v{{"wall.flange.s", 4.5}, {"wall.flange.f", 123.0}, {"der(wall.flange.s)", 0.0}};
  check_consistent(d, v);
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(d, with(v, "wall.flange.s", 4.4)));
  // default s0 = 0
  Definition d0 = instantiate("translational.Fixed", json::object(), "wall");
  CHECK(residuals(d0, {{"wall.flange.s", 0.0}, {"wall.flange.f", 1.0}})[0] == doctest::Approx(0.0));
}

TEST_CASE("translational.Mass: Newton's law, states and kinetic energy") {
  Definition d = instantiate("translational.Mass", {{"m", 2.0}}, "mass");
  Values v{{"mass.flange.s", 0.3}, {"mass.flange.f", -4.0}, {"mass.s", 0.3},          {"mass.v", 1.5},
           {"mass.a", -2.0},       {"der(mass.s)", 1.5},    {"der(mass.v)", -2.0},     {"der(mass.flange.s)", 1.5}};
  check_consistent(d, v);
  // port power f·v = −6 W = d(½mv²)/dt = m·v·a = 2·1.5·(−2)
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(value(d.stored_energy, v) == doctest::Approx(0.5 * 2.0 * 1.5 * 1.5));
  CHECK(residual_of(d, with(v, "mass.flange.f", -3.0), "Newton's law") == doctest::Approx(-1.0));
  CHECK(any_nonzero(d, with(v, "mass.s", 0.4)));
  CHECK(any_nonzero(d, with(v, "der(mass.s)", 1.0)));
  CHECK(any_nonzero(d, with(v, "der(mass.v)", 0.0)));

  // s and v are preferred states, as for rotational.Inertia
  CHECK(d.find_variable("s")->options.priority == StatePriority::Prefer);
  CHECK(d.find_variable("v")->options.priority == StatePriority::Prefer);
  CHECK(d.find_variable("a")->options.priority == StatePriority::Default);
  CHECK(d.find_variable("s")->unit == "m");
  CHECK(d.find_variable("v")->unit == "m/s");
  CHECK(d.find_variable("a")->unit == "m/s^2");
}

TEST_CASE("translational.Spring: Hooke's law, tension positive, stored energy") {
  Definition d = instantiate("translational.Spring", {{"c", 100.0}, {"s_rel0", 0.5}}, "sp");
  // stretched by 1 m: f = 100 N tension; R.f = f, C.f = −f
  Values v{{"sp.R.s", 2.0},          {"sp.C.s", 0.5},          {"sp.s_rel", 1.5},      {"sp.v_rel", 2.0},
           {"sp.f", 100.0},          {"sp.R.f", 100.0},        {"sp.C.f", -100.0},     {"der(sp.R.s)", 3.0},
           {"der(sp.C.s)", 1.0},     {"der(sp.s_rel)", 2.0}};
  check_consistent(d, v);
  // power in = f·v_rel = 200 W = c·(s_rel − s_rel0)·v_rel
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(value(d.stored_energy, v) == doctest::Approx(50.0));
  CHECK(residual_of(d, with(v, "sp.f", 99.0), "Hooke's law") == doctest::Approx(-1.0));
  CHECK(any_nonzero(d, with(v, "sp.R.f", -100.0)));  // flow enters at R
  CHECK(any_nonzero(d, with(v, "sp.C.f", 100.0)));   // and leaves at C
  CHECK(any_nonzero(d, with(v, "sp.s_rel", -1.5)));  // s_rel is R − C, not C − R
  CHECK(any_nonzero(d, with(v, "sp.v_rel", -2.0)));
  // Tension pulls the flanges together: the spring's force on R's neighbour is −R.f < 0 (toward C).
  CHECK(value(d.find_port("R")->flow(), v) > 0.0);
}

TEST_CASE("translational.Damper: viscous law and dissipation") {
  Definition d = instantiate("translational.Damper", {{"d", 25.0}}, "da");
  Values v{{"da.R.s", 1.0},      {"da.C.s", 4.5},      {"da.s_rel", -3.5},  {"da.v_rel", 2.0},
           {"da.f", 50.0},       {"da.R.f", 50.0},     {"da.C.f", -50.0},   {"der(da.R.s)", 1.5},
           {"der(da.C.s)", -0.5}};
  check_consistent(d, v);
  CHECK(value(d.loss_power, v) == doctest::Approx(100.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "da.f", 40.0), "viscous damping") == doctest::Approx(-10.0));
  CHECK(any_nonzero(d, with(v, "da.v_rel", 1.0)));
  // dissipation is never negative
  Values back = with(with(with(with(with(v, "da.v_rel", -2.0), "da.f", -50.0), "da.R.f", -50.0), "da.C.f", 50.0),
                     "der(da.R.s)", -2.5);
  check_consistent(d, back);
  CHECK(value(d.loss_power, back) == doctest::Approx(100.0));
  CHECK(energy_audit(d, back) == doctest::Approx(0.0));
  // d = 0 is allowed (Modelica's default)
  CHECK_NOTHROW(instantiate("translational.Damper", {{"d", 0.0}}));
}

TEST_CASE("translational.SpringDamper: spring and damper in parallel") {
  Definition d = instantiate("translational.SpringDamper", {{"c", 10.0}, {"d", 2.0}, {"s_rel0", 1.0}}, "sd");
  // spring 10·0.5 = 5 N, damper 2·(−1) = −2 N, f = 3 N
  Values v{{"sd.R.s", 2.0},     {"sd.C.s", 0.5},      {"sd.s_rel", 1.5},     {"sd.v_rel", -1.0},
           {"sd.f", 3.0},       {"sd.R.f", 3.0},      {"sd.C.f", -3.0},      {"der(sd.R.s)", -0.25},
           {"der(sd.C.s)", 0.75}, {"der(sd.s_rel)", -1.0}};
  check_consistent(d, v);
  CHECK(value(d.stored_energy, v) == doctest::Approx(1.25));
  CHECK(value(d.loss_power, v) == doctest::Approx(2.0));
  // port power −3 W = dE/dt (−5 W) + loss (2 W)
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "sd.f", 5.0), "spring and damper in parallel") == doctest::Approx(2.0));
}

TEST_CASE("translational.SpringDamper: s_rel's nominal is s_nominal, MSL's 1e-4 m by default") {
  const auto nominal = [](const Definition& d) { return d.find_variable("s_rel")->options.nominal; };
  CHECK(nominal(instantiate("translational.SpringDamper", {}, "sd")) == 1e-4);
  CHECK(nominal(instantiate("translational.SpringDamper", {{"s_nominal", "2 mm"}}, "sd")) == doctest::Approx(2e-3));
  // 0, or anything below the machine epsilon: no nominal, the default magnitude applies.
  CHECK(!nominal(instantiate("translational.SpringDamper", {{"s_nominal", 0.0}}, "sd")));
  CHECK(!nominal(instantiate("translational.SpringDamper", {{"s_nominal", 1e-17}}, "sd")));
  // The relative speed declares none: it inherits s_rel's where it is a state (docs/netlist-format.md).
  CHECK(!instantiate("translational.SpringDamper", {}, "sd").find_variable("v_rel")->options.nominal);
}

TEST_CASE("translational.SpringDamper equals Spring + Damper in parallel") {
  Definition sd = instantiate("translational.SpringDamper", {{"c", 1.0}, {"d", 25.0}, {"s_rel0", 1.0}}, "sd");
  Definition sp = instantiate("translational.Spring", {{"c", 1.0}, {"s_rel0", 1.0}}, "sp");
  Definition da = instantiate("translational.Damper", {{"d", 25.0}}, "da");
  // Trans_Damper at t = 0: mass at s = 3 (flange_b at 3.5), v = 10, wall at 4.5: s_rel = 1, v_rel = −10
  const double s_rel = 1.0, v_rel = -10.0, f_sp = 0.0, f_da = 25.0 * v_rel;
  auto element = [&](const std::string& n, double f) {
    return Values{{n + ".R.s", 4.5},    {n + ".C.s", 3.5},          {n + ".s_rel", s_rel}, {n + ".v_rel", v_rel},
                  {n + ".f", f},        {n + ".R.f", f},            {n + ".C.f", -f},      {"der(" + n + ".R.s)", 0.0},
                  {"der(" + n + ".C.s)", 10.0}, {"der(" + n + ".s_rel)", v_rel}};
  };
  check_consistent(sd, element("sd", f_sp + f_da));
  check_consistent(sp, element("sp", f_sp));
  check_consistent(da, element("da", f_da));
  CHECK(energy_audit(sd, element("sd", f_sp + f_da)) == doctest::Approx(0.0));
}

TEST_CASE("translational.Rod: rigid, massless, length L from C to R") {
  Definition d = instantiate("translational.Rod", {{"L", 1.0}}, "rod");
  Values v{{"rod.R.s", 0.7},       {"rod.C.s", -0.3},      {"rod.s", 0.2},   {"rod.R.f", 4.0},
           {"rod.C.f", -4.0},      {"der(rod.R.s)", 1.2},  {"der(rod.C.s)", 1.2}};
  check_consistent(d, v);
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(d, with(v, "rod.C.s", 0.3)));  // R − C = +L, not −L
  CHECK(any_nonzero(d, with(v, "rod.C.f", 4.0)));  // the force passes through
  CHECK(any_nonzero(d, with(v, "rod.s", 0.0)));
  // Trans_WhyArrows: rod1.flange_b (R) on the fixed point 0 puts rod1.flange_a (C) at −1.
  Values why{{"rod.R.s", 0.0}, {"rod.C.s", -1.0}, {"rod.s", -0.5}, {"rod.R.f", 0.0}, {"rod.C.f", 0.0}};
  check_consistent(d, why);
  // default L = 0: a rigid connection
  Definition d0 = instantiate("translational.Rod", json::object(), "rod");
  check_consistent(d0, {{"rod.R.s", 0.2}, {"rod.C.s", 0.2}, {"rod.s", 0.2}, {"rod.R.f", 1.0}, {"rod.C.f", -1.0}});
}

// ---- sources --------------------------------------------------------------------------------------

TEST_CASE("translational.Force: flange.f = −f, injected power f·v") {
  Definition d = instantiate("translational.Force", json::object(), "force");
  CHECK(d.find_port("f")->direction == SignalDirection::Input);
  Values v{{"force.f", 5.0}, {"force.flange.s", 1.0}, {"force.flange.f", -5.0}, {"force.v", 2.0},
           {"der(force.flange.s)", 2.0}};
  check_consistent(d, v);
  CHECK(value(d.injected_power, v) == doctest::Approx(10.0));  // pushing a flange that moves along: power in
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "force.flange.f", 5.0), "the source pushes the flange with f") ==
        doctest::Approx(10.0));
  CHECK(any_nonzero(d, with(v, "force.v", 1.0)));
  // moving against the force: the source absorbs power
  Values back = with(with(v, "force.v", -2.0), "der(force.flange.s)", -2.0);
  check_consistent(d, back);
  CHECK(value(d.injected_power, back) == doctest::Approx(-10.0));
  CHECK(energy_audit(d, back) == doctest::Approx(0.0));
}

TEST_CASE("translational.Force with use_support: the support takes the reaction") {
  Definition d = instantiate("translational.Force", {{"use_support", true}}, "force");
  REQUIRE(d.find_port("support") != nullptr);
  Values v{{"force.f", 5.0},          {"force.flange.s", 1.0},       {"force.flange.f", -5.0},
           {"force.support.s", 0.3},  {"force.support.f", 5.0},      {"force.v", 1.5},
           {"der(force.flange.s)", 2.0}, {"der(force.support.s)", 0.5}};
  check_consistent(d, v);
  // power to the flange relative to the support: 5·(2 − 0.5)
  CHECK(value(d.injected_power, v) == doctest::Approx(7.5));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(d, with(v, "force.support.f", -5.0)));
  CHECK(any_nonzero(d, with(v, "force.v", 2.0)));  // v is relative to the support
}

TEST_CASE("translational.Force: positive f pushes a mass toward +s (DESIGN §4.1)") {
  // force.flange — mass.flange, one node: equal positions, forces sum to zero.
  Definition force = instantiate("translational.Force", json::object(), "force");
  Definition mass = instantiate("translational.Mass", {{"m", 2.0}}, "mass");
  Values f{{"force.f", 5.0}, {"force.flange.s", 0.0}, {"force.flange.f", -5.0}, {"force.v", 0.0},
           {"der(force.flange.s)", 0.0}};
  Values m{{"mass.flange.s", 0.0}, {"mass.flange.f", 5.0}, {"mass.s", 0.0},        {"mass.v", 0.0},
           {"mass.a", 2.5},        {"der(mass.s)", 0.0},   {"der(mass.v)", 2.5}};
  Values all = merge({f, m});
  CHECK(value(force.find_port("flange")->flow() + mass.find_port("flange")->flow(), all) == doctest::Approx(0.0));
  check_consistent(force, all);
  check_consistent(mass, all);
  CHECK(all.at("mass.a") > 0.0);
  // the opposite acceleration contradicts the laws
  CHECK(any_nonzero(mass, with(with(all, "mass.a", -2.5), "der(mass.v)", -2.5)));
}

TEST_CASE("translational.ConstantForce: f = f_constant, with and without support") {
  Definition d = instantiate("translational.ConstantForce", {{"f_constant", 3.0}}, "cf");
  Values v{{"cf.f", 3.0}, {"cf.flange.s", 0.0}, {"cf.flange.f", -3.0}, {"cf.v", -1.0}, {"der(cf.flange.s)", -1.0}};
  check_consistent(d, v);
  CHECK(value(d.injected_power, v) == doctest::Approx(-3.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(d, with(v, "cf.flange.f", 3.0)));

  Definition s = instantiate("translational.ConstantForce", {{"f_constant", "2 kN"}, {"use_support", true}}, "cf");
  Values w{{"cf.f", 2000.0},        {"cf.flange.s", 0.0},        {"cf.flange.f", -2000.0},
           {"cf.support.s", 0.0},   {"cf.support.f", 2000.0},    {"cf.v", 0.5},
           {"der(cf.flange.s)", 1.0}, {"der(cf.support.s)", 0.5}};
  check_consistent(s, w);
  CHECK(value(s.injected_power, w) == doctest::Approx(1000.0));
  CHECK(energy_audit(s, w) == doctest::Approx(0.0));
}

TEST_CASE("translational.Position: the flange follows s") {
  Definition d = instantiate("translational.Position", json::object(), "pos");
  Values v{{"pos.s", 0.4}, {"pos.flange.s", 0.4}, {"pos.flange.f", -3.0}, {"pos.v", 2.0}, {"der(pos.flange.s)", 2.0}};
  check_consistent(d, v);
  // the flange pushes back with 3 N (flange.f = −3 into the source): the source delivers 3·2 = 6 W
  CHECK(value(d.injected_power, v) == doctest::Approx(6.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "pos.flange.s", 0.5), "the flange follows s") == doctest::Approx(0.1));

  Definition s = instantiate("translational.Position", {{"use_support", true}}, "pos");
  Values w{{"pos.s", 0.4},          {"pos.flange.s", 0.5},        {"pos.flange.f", -3.0},
           {"pos.support.s", 0.1},  {"pos.support.f", 3.0},       {"pos.v", 1.5},
           {"der(pos.flange.s)", 2.0}, {"der(pos.support.s)", 0.5}};
  check_consistent(s, w);
  CHECK(value(s.injected_power, w) == doctest::Approx(4.5));
  CHECK(energy_audit(s, w) == doctest::Approx(0.0));
  CHECK(any_nonzero(s, with(w, "pos.support.s", 0.0)));  // s is relative to the support
}

TEST_CASE("translational.Speed: the flange moves with v") {
  Definition d = instantiate("translational.Speed", json::object(), "spd");
  CHECK(d.find_variable("s")->options.priority == StatePriority::Prefer);
  Values v{{"spd.v", 2.0},  {"spd.s", 0.7},      {"spd.flange.s", 0.7}, {"spd.flange.f", 4.0},
           {"der(spd.s)", 2.0}, {"der(spd.flange.s)", 2.0}};
  check_consistent(d, v);
  // flange.f = +4 into the source: the source holds the flange back with 4 N while it moves at
  // +2 m/s, so it absorbs 8 W
  CHECK(value(d.injected_power, v) == doctest::Approx(-8.0));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "der(spd.s)", 1.0), "the flange moves with v") == doctest::Approx(1.0));

  Definition s = instantiate("translational.Speed", {{"use_support", true}}, "spd");
  Values w{{"spd.v", 2.0},           {"spd.s", 0.5},           {"spd.flange.s", 0.7},
           {"spd.flange.f", -4.0},   {"spd.support.s", 0.2},   {"spd.support.f", 4.0},
           {"der(spd.s)", 2.0},      {"der(spd.flange.s)", 2.5}, {"der(spd.support.s)", 0.5}};
  check_consistent(s, w);
  CHECK(value(s.injected_power, w) == doctest::Approx(8.0));
  CHECK(energy_audit(s, w) == doctest::Approx(0.0));
}

TEST_CASE("translational.Accelerate: double integration of a") {
  Definition d = instantiate("translational.Accelerate", json::object(), "acc");
  CHECK(d.find_variable("s")->options.priority == StatePriority::Prefer);
  CHECK(d.find_variable("v")->options.priority == StatePriority::Prefer);
  // Trans_Accelerate at t = 2 with a = 1 and a 1 kg mass: s = 2, v = 2, mass force 1 N
  Values v{{"acc.a", 1.0},          {"acc.s", 2.0},         {"acc.v", 2.0},         {"acc.flange.s", 2.0},
           {"acc.flange.f", -1.0},  {"der(acc.s)", 2.0},    {"der(acc.v)", 1.0},    {"der(acc.flange.s)", 2.0}};
  check_consistent(d, v);
  CHECK(value(d.injected_power, v) == doctest::Approx(2.0));  // = d(½mv²)/dt of the mass = 1·2·1
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "der(acc.v)", 0.0), "the flange accelerates with a") == doctest::Approx(1.0));
  CHECK(any_nonzero(d, with(v, "acc.flange.s", 2.5)));

  Definition s = instantiate("translational.Accelerate", {{"use_support", true}}, "acc");
  Values w{{"acc.a", 1.0},          {"acc.s", 2.0},           {"acc.v", 2.0},
           {"acc.flange.s", 3.0},   {"acc.flange.f", -1.0},   {"acc.support.s", 1.0},
           {"acc.support.f", 1.0},  {"der(acc.s)", 2.0},      {"der(acc.v)", 1.0},
           {"der(acc.flange.s)", 2.5}, {"der(acc.support.s)", 0.5}};
  check_consistent(s, w);
  CHECK(energy_audit(s, w) == doctest::Approx(0.0));
  CHECK(any_nonzero(s, with(w, "acc.support.f", -1.0)));
}

// ---- sensors --------------------------------------------------------------------------------------

TEST_CASE("translational absolute sensors: outputs, no force, no energy") {
  Definition ps = instantiate("translational.PositionSensor", json::object(), "ps");
  Values p{{"ps.flange.s", 0.7}, {"ps.flange.f", 0.0}, {"ps.s", 0.7}, {"der(ps.flange.s)", 3.0}};
  check_consistent(ps, p);
  CHECK(energy_audit(ps, p) == doctest::Approx(0.0));
  CHECK(any_nonzero(ps, with(p, "ps.flange.f", 1.0)));
  CHECK(any_nonzero(ps, with(p, "ps.s", 0.6)));
  CHECK(ps.find_port("s")->direction == SignalDirection::Output);

  Definition vs = instantiate("translational.SpeedSensor", json::object(), "vs");
  Values s{{"vs.flange.s", 0.7}, {"vs.flange.f", 0.0}, {"vs.v", 3.0}, {"der(vs.flange.s)", 3.0}};
  check_consistent(vs, s);
  CHECK(energy_audit(vs, s) == doctest::Approx(0.0));
  CHECK(any_nonzero(vs, with(s, "vs.v", -3.0)));
  CHECK(vs.find_port("v")->direction == SignalDirection::Output);

  Definition as = instantiate("translational.AccSensor", json::object(), "as");
  Values a{{"as.flange.s", 0.7}, {"as.flange.f", 0.0}, {"as.v", 3.0},
           {"as.a", -1.0},       {"der(as.flange.s)", 3.0}, {"der(as.v)", -1.0}};
  check_consistent(as, a);
  CHECK(energy_audit(as, a) == doctest::Approx(0.0));
  CHECK(any_nonzero(as, with(a, "as.a", 1.0)));
  CHECK(as.find_port("a")->direction == SignalDirection::Output);
}

TEST_CASE("translational.ForceSensor: f = C.f, Modelica flange_a = C") {
  Definition d = instantiate("translational.ForceSensor", json::object(), "fs");
  Values v{{"fs.R.s", 0.4}, {"fs.C.s", 0.4}, {"fs.R.f", -7.0}, {"fs.C.f", 7.0}, {"fs.f", 7.0},
           {"der(fs.R.s)", 2.0}, {"der(fs.C.s)", 2.0}};
  check_consistent(d, v);
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(d, with(v, "fs.f", -7.0)));
  CHECK(any_nonzero(d, with(v, "fs.R.s", 0.5)));
  CHECK(any_nonzero(d, with(v, "fs.R.f", 7.0)));

  // Trans_Sensors: force source (f = 10) at C, mass at R: the sensor reads +10.
  Definition force = instantiate("translational.Force", json::object(), "force");
  Definition mass = instantiate("translational.Mass", {{"m", 1.0}}, "mass");
  Values all{{"force.f", 10.0},       {"force.flange.s", 0.0},  {"force.flange.f", -10.0}, {"force.v", 0.0},
             {"der(force.flange.s)", 0.0},
             {"fs.C.s", 0.0},          {"fs.C.f", 10.0},         {"fs.R.s", 0.0},          {"fs.R.f", -10.0},
             {"fs.f", 10.0},           {"der(fs.R.s)", 0.0},     {"der(fs.C.s)", 0.0},
             {"mass.flange.s", 0.0},   {"mass.flange.f", 10.0},  {"mass.s", 0.0},          {"mass.v", 0.0},
             {"mass.a", 10.0},         {"der(mass.s)", 0.0},     {"der(mass.v)", 10.0}};
  check_consistent(force, all);
  check_consistent(d, all);
  check_consistent(mass, all);
  CHECK(all.at("force.flange.f") + all.at("fs.C.f") == doctest::Approx(0.0));
  CHECK(all.at("fs.R.f") + all.at("mass.flange.f") == doctest::Approx(0.0));
}

TEST_CASE("translational relative sensors: s_rel and v_rel are R − C") {
  Definition rp = instantiate("translational.RelativePositionSensor", json::object(), "rp");
  Values p{{"rp.R.s", 2.0}, {"rp.C.s", 0.5}, {"rp.R.f", 0.0}, {"rp.C.f", 0.0}, {"rp.s_rel", 1.5},
           {"der(rp.R.s)", 1.0}, {"der(rp.C.s)", -1.0}};
  check_consistent(rp, p);
  CHECK(energy_audit(rp, p) == doctest::Approx(0.0));
  CHECK(any_nonzero(rp, with(p, "rp.s_rel", -1.5)));
  CHECK(any_nonzero(rp, with(p, "rp.R.f", 1.0)));
  CHECK(any_nonzero(rp, with(p, "rp.C.f", 1.0)));

  Definition rv = instantiate("translational.RelativeSpeedSensor", json::object(), "rv");
  Values v{{"rv.R.s", 2.0}, {"rv.C.s", 0.5}, {"rv.R.f", 0.0}, {"rv.C.f", 0.0}, {"rv.v_rel", 2.0},
           {"der(rv.R.s)", 1.0}, {"der(rv.C.s)", -1.0}};
  check_consistent(rv, v);
  CHECK(energy_audit(rv, v) == doctest::Approx(0.0));
  CHECK(any_nonzero(rv, with(v, "rv.v_rel", -2.0)));
}

TEST_CASE("translational.MultiSensor: force, velocity and power through the sensor") {
  Definition d = instantiate("translational.MultiSensor", json::object(), "ms");
  Values v{{"ms.R.s", 0.4}, {"ms.C.s", 0.4}, {"ms.R.f", -7.0}, {"ms.C.f", 7.0}, {"ms.f", 7.0}, {"ms.v", 2.0},
           {"ms.power", 14.0}, {"der(ms.R.s)", 2.0}, {"der(ms.C.s)", 2.0}};
  check_consistent(d, v);
  CHECK(energy_audit(d, v) == doctest::Approx(0.0));
  CHECK(residual_of(d, with(v, "ms.power", 10.0), "measured power") == doctest::Approx(-4.0));
  CHECK(any_nonzero(d, with(v, "ms.v", -2.0)));
  CHECK(any_nonzero(d, with(v, "ms.f", -7.0)));
  CHECK(any_nonzero(d, with(v, "ms.R.s", 0.0)));
  for (const char* out : {"f", "v", "power"}) {
    CAPTURE(out);
    REQUIRE(d.find_port(out) != nullptr);
    CHECK(d.find_port(out)->direction == SignalDirection::Output);
  }
  CHECK(d.find_variable("power")->unit == "W");
}

// ---- parameter validation -------------------------------------------------------------------------

TEST_CASE("translational: parameter validation names the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("translational.Mass", {{"m", -1.0}}, "mass1"),
                       "/components/mass1/params/m: m must be positive, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Mass", {{"m", 0.0}}, "mass1"),
                       "/components/mass1/params/m: m must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Spring", {{"c", -1.0}}, "spring1"),
                       "/components/spring1/params/c: c must be positive, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Damper", {{"d", -1.0}}, "damper1"),
                       "/components/damper1/params/d: d must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.SpringDamper", {{"c", -1.0}}, "sd"),
                       "/components/sd/params/c: c must be positive, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.SpringDamper", {{"d", -1.0}}, "sd"),
                       "/components/sd/params/d: d must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.SpringDamper", {{"s_nominal", "-1 mm"}}, "sd"),
                       "/components/sd/params/s_nominal: s_nominal must not be negative, got -0.001", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Force", {{"use_support", 1}}, "force1"),
                       "/components/force1/params/use_support: expected true or false, got 1", ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate("translational.Force", {{"F", 1.0}}, "force1"),
      "/components/force1/params/F: unknown parameter \"F\" of translational.Force; valid: use_support", ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate("translational.ConstantForce", {{"f", 1.0}}, "cf"),
      "/components/cf/params/f: unknown parameter \"f\" of translational.ConstantForce; valid: f_constant, use_support",
      ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Mass", {{"L", 1.0}}, "mass1"),
                       "/components/mass1/params/L: unknown parameter \"L\" of translational.Mass; valid: m",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.PositionSensor", {{"s0", 1.0}}, "ps"),
                       "/components/ps/params/s0: unknown parameter \"s0\" of translational.PositionSensor (it has "
                       "no parameters)",
                       ModelError);
  // units: a value in another unit of the same dimension is converted to SI
  Definition m = instantiate("translational.Mass", {{"m", "500 g"}}, "mass");
  Values v{{"mass.flange.s", 0.0}, {"mass.flange.f", 1.0}, {"mass.s", 0.0}, {"mass.v", 0.0},
           {"mass.a", 2.0},        {"der(mass.s)", 0.0},   {"der(mass.v)", 2.0}};
  check_consistent(m, v);
}
