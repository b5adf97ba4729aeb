// The drive components: the converters rotational.IdealGearR2T, rotational.IdealRollingWheel and
// rotational.IdealPlanetary, and the sources whose torque or force is a law of speed or time
// (rotational.LinearSpeedDependentTorque, TorqueStep, SignTorque; translational.QuadraticSpeedDependentForce,
// LinearSpeedDependentForce, SignForce, ForceStep). The converters must pass power on exactly (their
// power audit in a simulation is zero to rounding) and obey their kinematics at every output row;
// each source's law and injected power are compared with MSL's formulas written out here, for both
// directions of motion, and simulated responses with the closed forms of their ODEs.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/netlist_text.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

constexpr double kPi = std::numbers::pi;

const std::vector<std::string> kTypes = {
    "rotational.IdealGearR2T",       "rotational.IdealRollingWheel",
    "rotational.IdealPlanetary",     "rotational.LinearSpeedDependentTorque",
    "rotational.TorqueStep",         "rotational.SignTorque",
    "translational.QuadraticSpeedDependentForce", "translational.LinearSpeedDependentForce",
    "translational.SignForce",       "translational.ForceStep",
};

/// A netlist of `components` and `connections` from 0 to `stop` on a grid of `interval`.
std::string netlist(const json& components, const std::vector<std::vector<std::string>>& connections, double stop,
                    double interval, const std::vector<std::string>& outputs, double tolerance = 1e-9) {
  return netlist_text("drives", components, connections, stop, interval, outputs, tolerance);
}

/// The energy account of `instance` in the run.
const ComponentEnergy& account(const SimulationRun& run, const std::string& instance) {
  for (const ComponentEnergy& c : run.energy().components)
    if (c.instance == instance) return c;
  FAIL("no energy account for " << instance);
  throw std::logic_error("unreachable");
}

/// The converter passed power on exactly. At every output row the powers at its ports, each a
/// flow column times the speed column of what that port drives (an empty speed column: a port
/// held still), sum to zero within 1e-12 of the power passing through. In the ledger it stored,
/// lost and injected nothing, and its power audit is within 1e-12 of its power scale; where the
/// model's equations make its port power zero symbolically (the kinematics and the torque law
/// substituted into Σ flow·speed), the ledger keeps no account for it, which is exact.
void check_lossless(const SimulationRun& run, const std::string& instance,
                    const std::vector<std::pair<std::string, std::string>>& ports) {
  const std::size_t rows = run.times().size();
  std::vector<double> net(rows, 0.0), through(rows, 0.0);
  for (const auto& [flow_column, speed_column] : ports) {
    const std::vector<double> flow = run.column(flow_column);
    const std::vector<double> speed = speed_column.empty() ? std::vector<double>(rows, 0.0) : run.column(speed_column);
    for (std::size_t k = 0; k < rows; ++k) {
      net[k] += flow[k] * speed[k];
      through[k] += std::fabs(flow[k] * speed[k]);
    }
  }
  double worst = 0.0, scale = 0.0;
  for (std::size_t k = 0; k < rows; ++k) {
    worst = std::max(worst, std::fabs(net[k]));
    scale = std::max(scale, through[k]);
  }
  CHECK(scale > 0.0);
  CHECK(worst <= 1e-12 * scale);
  const auto& accounts = run.energy().components;
  const auto c = std::find_if(accounts.begin(), accounts.end(), [&](const ComponentEnergy& e) { return e.instance == instance; });
  if (c == accounts.end()) {
    MESSAGE(instance << ": Σ port power over the rows at most " << worst << " W of " << scale
                     << " W; its port power is zero in the model's equations (no ledger account)");
    return;
  }
  MESSAGE(instance << ": Σ port power over the rows at most " << worst << " W of " << scale << " W; ledger audit "
                   << c->worst_audit << " W of a power scale " << c->power_scale << " W (relative "
                   << c->relative_audit() << "), work through its ports " << c->work_through << " J");
  CHECK(run.energy().power_audit);
  CHECK(c->worst_audit <= 1e-12 * c->power_scale);
  CHECK(c->stored_end == 0.0);
  CHECK(c->work_lost == 0.0);
  CHECK(c->work_injected == 0.0);
  CHECK(std::fabs(c->work_ports) <= 1e-9 * c->work_through);
}

// ---- values of one instance `x` at chosen points ------------------------------------------------

/// A rotational source `x` on a grounded housing turning at w with torque tau on the flange, at time t.
Values torque_source_at(double w, double tau, double t) {
  return {{"x.flange.phi", 0.7}, {"der(x.flange.phi)", w}, {"x.flange.tau", -tau},
          {"x.tau", tau},        {"x.w", w},               {"time", t}};
}

/// A translational source `x` on a grounded housing moving at v with force f on the flange, at time t.
Values force_source_at(double v, double f, double t) {
  return {{"x.flange.s", -0.2}, {"der(x.flange.s)", v}, {"x.flange.f", -f}, {"x.f", f}, {"x.v", v}, {"time", t}};
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("drives: every type is registered and documented and balanced") {
  for (const std::string& type : kTypes) {
    CAPTURE(type);
    const Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    CHECK(balance_surplus(d) == 0);
    const std::string details(builtin_registry().find(type)->details());
    CHECK(details.find("MSL 4.0.0") != std::string::npos);
    CHECK(details.find("Energy") != std::string::npos);
  }
  // The converters' housings: a port per flag, each with its reaction equation.
  for (const char* type : {"rotational.IdealGearR2T", "rotational.IdealRollingWheel"})
    for (const bool R : {false, true})
      for (const bool T : {false, true}) {
        CAPTURE(type);
        CAPTURE(R);
        CAPTURE(T);
        const Definition d = instantiate(type, {{"use_support_R", R}, {"use_support_T", T}});
        CHECK(balance_surplus(d) == 0);
        CHECK((d.find_port("support_R") != nullptr) == R);
        CHECK((d.find_port("support_T") != nullptr) == T);
        CHECK(d.equations.size() == 2 + (R ? 1u : 0u) + (T ? 1u : 0u));
      }
  for (const char* type : {"rotational.LinearSpeedDependentTorque", "rotational.TorqueStep", "rotational.SignTorque",
                           "translational.QuadraticSpeedDependentForce", "translational.LinearSpeedDependentForce",
                           "translational.SignForce", "translational.ForceStep"})
    for (const bool support : {false, true}) {
      CAPTURE(type);
      const Definition d = instantiate(type, {{"use_support", support}});
      CHECK(balance_surplus(d) == 0);
      CHECK((d.find_port("support") != nullptr) == support);
    }
}

TEST_CASE("drives: the component check passes for every parameterization") {
  struct Variant {
    const char* type;
    json params;
  };
  const std::vector<Variant> variants = {
      {"rotational.IdealGearR2T", {{"ratio", 40.0}}},
      {"rotational.IdealGearR2T", {{"ratio", -0.25}, {"use_support_R", true}, {"use_support_T", true}}},
      {"rotational.IdealRollingWheel", {{"radius", 0.35}, {"use_support_R", true}}},
      {"rotational.IdealRollingWheel", {{"radius", 2.0}, {"use_support_T", true}}},
      {"rotational.IdealPlanetary", {{"ratio", 3.5}}},
      {"rotational.LinearSpeedDependentTorque", {{"tau_nominal", -3.0}, {"TorqueDirection", false}}},
      {"rotational.LinearSpeedDependentTorque", {{"tau_nominal", 2.0}, {"w_nominal", 5.0}, {"use_support", true}}},
      {"rotational.TorqueStep", {{"stepTorque", -4.0}, {"offsetTorque", 1.0}, {"startTime", 3.0}, {"use_support", true}}},
      {"rotational.SignTorque", {{"tau_nominal", -2.0}, {"w0", 0.5}}},
      {"rotational.SignTorque", {{"tau_nominal", 2.0}, {"w0", 0.5}, {"reg", "sine"}, {"use_support", true}}},
      {"rotational.SignTorque", {{"tau_nominal", -2.0}, {"w0", 0.5}, {"reg", "linear"}}},
      {"rotational.SignTorque", {{"tau_nominal", -2.0}, {"w0", 0.5}, {"reg", "cosine"}}},
      {"translational.QuadraticSpeedDependentForce", {{"f_nominal", -10.0}, {"v_nominal", 5.0}, {"ForceDirection", false}}},
      {"translational.QuadraticSpeedDependentForce", {{"f_nominal", 3.0}, {"use_support", true}}},
      {"translational.LinearSpeedDependentForce", {{"f_nominal", -3.0}, {"ForceDirection", false}, {"use_support", true}}},
      {"translational.LinearSpeedDependentForce", {{"f_nominal", 2.0}, {"v_nominal", 0.5}}},
      {"translational.SignForce", {{"f_nominal", -2.0}, {"v0", 0.3}}},
      {"translational.SignForce", {{"f_nominal", -2.0}, {"v0", 0.3}, {"reg", "sine"}}},
      {"translational.SignForce", {{"f_nominal", 2.0}, {"v0", 0.3}, {"reg", "linear"}, {"use_support", true}}},
      {"translational.SignForce", {{"f_nominal", -2.0}, {"v0", 0.3}, {"reg", "cosine"}}},
      {"translational.ForceStep", {{"stepForce", 5.0}, {"offsetForce", -1.0}, {"startTime", 2.0}, {"use_support", true}}},
  };
  for (const Variant& variant : variants) {
    CAPTURE(variant.type);
    CAPTURE(variant.params.dump());
    ComponentCheckOptions options;
    options.params = variant.params;
    options.points = 8;
    const CheckResult result = check_component(variant.type, options);
    CHECK_MESSAGE(result, result);
  }
}

// ---- rotational.IdealGearR2T ----------------------------------------------------------------------

TEST_CASE("rotational.IdealGearR2T: w = ratio·v and ratio·tau_R + f_T = 0 at hand-picked points") {
  // A pinion of 25 mm: ratio = 40 rad/m. The shaft at 8 rad/s with 0.5 N·m drives the rack at
  // 0.2 m/s with 20 N (f_T = −20 N enters the gear: it pushes what flange_T drives forward).
  const Definition d = instantiate("rotational.IdealGearR2T", {{"ratio", "40 rad/m"}}, "x");
  Values v{{"x.flange_R.phi", 2.0},      {"x.flange_T.s", 0.05},      {"der(x.flange_R.phi)", 8.0},
           {"der(x.flange_T.s)", 0.2},  {"x.flange_R.tau", 0.5},     {"x.flange_T.f", -20.0}};
  CHECK(check_residuals(d, v, 1e-12));
  CHECK(energy_audit(d, v) == doctest::Approx(0.0).scale(4.0));  // 0.5·8 − 20·0.2 = 0
  CHECK(check_energy_audit(d, v, 1e-12));
  // Backwards: the same law, the power still sums to zero.
  Values back = v;
  back["der(x.flange_R.phi)"] = -8.0, back["der(x.flange_T.s)"] = -0.2;
  CHECK(check_energy_audit(d, back, 1e-12));
  // A force 5 % off breaks the transmission law and the audit (0.2·1 W of 4 W).
  v["x.flange_T.f"] = -19.0;
  const CheckResult law = check_residuals(d, v);
  CHECK_FALSE(law);
  CHECK(law.subjects() == std::vector<std::string>{"equation 2 (lossless transmission)"});
  CHECK(energy_audit(d, v) == doctest::Approx(0.2));
  CHECK_FALSE(check_energy_audit(d, v));

  // Housings that move: angles and positions relative to them; the supports take the reactions.
  const Definition s = instantiate("rotational.IdealGearR2T",
                                   {{"ratio", -0.5}, {"use_support_R", true}, {"use_support_T", true}}, "x");
  const Values h{{"x.flange_R.phi", 1.0},       {"x.support_R.phi", 0.4},    {"x.flange_T.s", 0.3},
                 {"x.support_T.s", 1.5},        {"der(x.flange_R.phi)", 3.0}, {"der(x.support_R.phi)", 1.0},
                 {"der(x.flange_T.s)", -2.0},   {"der(x.support_T.s)", 2.0}, {"x.flange_R.tau", 6.0},
                 {"x.support_R.tau", -6.0},     {"x.flange_T.f", 3.0},       {"x.support_T.f", -3.0}};
  // phi_R − phi_sR = 0.6 = −0.5·(0.3 − 1.5); w_rel = 2 = −0.5·(−4); −0.5·6 + 3 = 0.
  CHECK(check_residuals(s, h, 1e-12));
  CHECK(check_energy_audit(s, h, 1e-12));
}

TEST_CASE("rotational.IdealGearR2T: a motor torque accelerates shaft and carriage as one inertia J + m/ratio²") {
  // A constant torque on a shaft of inertia J drives a carriage of mass m through the gear: the
  // carriage's inertia referred to the shaft is m/ratio², so w = tau·t/(J + m/ratio²), v = w/ratio,
  // and the gear pushes the carriage with m·dv/dt (f_T = −m·dv/dt). With the housings on fixed
  // supports the motion is the same and the supports take the reactions.
  const double tau = 2.0, J = 0.01, m = 5.0, ratio = 40.0, stop = 1.0;
  const double J_eq = J + m / (ratio * ratio), alpha = tau / J_eq;
  for (const bool supports : {false, true}) {
    CAPTURE(supports);
    json components = {
        {"motor", {{"type", "rotational.ConstantTorque"}, {"params", {{"tau_constant", tau}}}}},
        {"shaft", {{"type", "rotational.Inertia"}, {"params", {{"J", J}}}, {"initial", {{"phi", 0.0}, {"w", 0.0}}}}},
        {"gear", {{"type", "rotational.IdealGearR2T"},
                  {"params", {{"ratio", ratio}, {"use_support_R", supports}, {"use_support_T", supports}}}}},
        {"carriage", {{"type", "translational.Mass"}, {"params", {{"m", m}}}}}};
    std::vector<std::vector<std::string>> connections = {{"motor.flange", "shaft.flange", "gear.flange_R"},
                                                         {"gear.flange_T", "carriage.flange"}};
    std::vector<std::string> outputs = {"shaft.phi", "shaft.w", "carriage.s", "carriage.v", "gear.flange_T.f",
                                        "gear.flange_R.tau"};
    if (supports) {
      components["housing_R"] = {{"type", "rotational.Fixed"}};
      components["housing_T"] = {{"type", "translational.Fixed"}};
      connections.push_back({"gear.support_R", "housing_R.flange"});
      connections.push_back({"gear.support_T", "housing_T.flange"});
      outputs.insert(outputs.end(), {"gear.support_R.tau", "gear.support_T.f"});
    }
    const auto run = simulate_netlist(netlist(components, connections, stop, 0.01, outputs));
    const double e_w = max_error(*run, "shaft.w", [&](double t) { return alpha * t; });
    const double e_phi = max_error(*run, "shaft.phi", [&](double t) { return 0.5 * alpha * t * t; });
    const double e_v = max_error(*run, "carriage.v", [&](double t) { return alpha * t / ratio; });
    const double e_s = max_error(*run, "carriage.s", [&](double t) { return 0.5 * alpha * t * t / ratio; });
    const double e_f = max_error(*run, "gear.flange_T.f", [&](double) { return -m * alpha / ratio; });
    MESSAGE("IdealGearR2T drive (supports " << supports << "): max error w " << e_w << " rad/s, phi " << e_phi
                                            << " rad, v " << e_v << " m/s, s " << e_s << " m, f_T " << e_f << " N");
    CHECK(e_w <= 1e-9 * alpha * stop);
    CHECK(e_phi <= 1e-9 * alpha * stop * stop);
    CHECK(e_v <= 1e-9 * alpha * stop / ratio);
    CHECK(e_s <= 1e-9 * alpha * stop * stop / ratio);
    CHECK(e_f <= 1e-9 * m * alpha / ratio);
    if (supports) {
      const std::vector<double> tau_R = run->column("gear.flange_R.tau"), tau_sR = run->column("gear.support_R.tau");
      const std::vector<double> f_T = run->column("gear.flange_T.f"), f_sT = run->column("gear.support_T.f");
      for (std::size_t k = 0; k < tau_R.size(); ++k) {
        CHECK(tau_sR[k] == doctest::Approx(-tau_R[k]).epsilon(1e-12));
        CHECK(f_sT[k] == doctest::Approx(-f_T[k]).epsilon(1e-12));
      }
    }
    check_lossless(*run, "gear", {{"gear.flange_R.tau", "shaft.w"}, {"gear.flange_T.f", "carriage.v"}});
    // The motor's work is the kinetic energy of shaft and carriage.
    CHECK(account(*run, "motor").work_injected == doctest::Approx(0.5 * J_eq * std::pow(alpha * stop, 2)).epsilon(1e-9));
    CHECK(check_energy(*run, 1e-9));
  }
}

// ---- rotational.IdealRollingWheel -----------------------------------------------------------------

TEST_CASE("rotational.IdealRollingWheel: v = radius·w and tau_R = −radius·f_T at hand-picked points") {
  const Definition d = instantiate("rotational.IdealRollingWheel", {{"radius", "30 cm"}}, "x");
  // At 20 rad/s the vehicle rolls at 6 m/s; a 100 N traction force (f_T = −100 N) takes 30 N·m.
  for (const double w : {20.0, -20.0}) {
    CAPTURE(w);
    const Values v{{"x.flange_R.phi", 4.0},     {"x.flange_T.s", 1.2},      {"der(x.flange_R.phi)", w},
                   {"der(x.flange_T.s)", 0.3 * w}, {"x.flange_R.tau", 30.0},   {"x.flange_T.f", -100.0}};
    CHECK(check_residuals(d, v, 1e-12));
    CHECK(check_energy_audit(d, v, 1e-12));
  }
  // Sliding (v ≠ radius·w) breaks the rolling condition, and only that equation.
  const Values slip{{"x.flange_R.phi", 4.0},     {"x.flange_T.s", 1.3},     {"der(x.flange_R.phi)", 20.0},
                    {"der(x.flange_T.s)", 6.0},  {"x.flange_R.tau", 30.0},  {"x.flange_T.f", -100.0}};
  const CheckResult law = check_residuals(d, slip);
  CHECK_FALSE(law);
  CHECK(law.subjects() == std::vector<std::string>{"equation 1 (rolling without slip)"});
}

TEST_CASE("rotational.IdealRollingWheel: a sine torque drives wheel and vehicle as one inertia J + m·r², power both ways") {
  // tau = A·sin(ω·t) on a wheel of inertia J carrying a vehicle of mass m: (J + m·r²)·dw/dt = tau,
  // so w = A·(1 − cos ω·t)/(J_eq·ω), phi = A·(t − sin(ω·t)/ω)/(J_eq·ω), s = r·phi, v = r·w. The
  // torque reverses at half a period while the wheel still turns forward: the vehicle's kinetic
  // energy flows back through the wheel into the source.
  const double A = 3.0, f = 0.5, J = 0.2, r = 0.3, m = 10.0, stop = 2.0;
  const double omega = 2.0 * kPi * f, J_eq = J + m * r * r;
  const auto run = simulate_netlist(netlist(
      {{"drive", {{"type", "signal.Sine"}, {"params", {{"amplitude", A}, {"frequency", f}}}}},
       {"motor", {{"type", "rotational.Torque"}}},
       {"wheel_inertia", {{"type", "rotational.Inertia"}, {"params", {{"J", J}}}, {"initial", {{"phi", 0.0}, {"w", 0.0}}}}},
       {"wheel", {{"type", "rotational.IdealRollingWheel"}, {"params", {{"radius", r}}}}},
       {"vehicle", {{"type", "translational.Mass"}, {"params", {{"m", m}}}}}},
      {{"drive.y", "motor.tau"}, {"motor.flange", "wheel_inertia.flange", "wheel.flange_R"},
       {"wheel.flange_T", "vehicle.flange"}},
      stop, 0.005,
      {"wheel_inertia.phi", "wheel_inertia.w", "vehicle.s", "vehicle.v", "wheel.flange_T.f", "wheel.flange_R.tau"}));
  const auto w = [&](double t) { return A * (1.0 - std::cos(omega * t)) / (J_eq * omega); };
  const auto phi = [&](double t) { return A * (t - std::sin(omega * t) / omega) / (J_eq * omega); };
  const double e_w = max_error(*run, "wheel_inertia.w", w), e_phi = max_error(*run, "wheel_inertia.phi", phi);
  const double e_v = max_error(*run, "vehicle.v", [&](double t) { return r * w(t); });
  const double e_s = max_error(*run, "vehicle.s", [&](double t) { return r * phi(t); });
  // The wheel pushes the vehicle with m·dv/dt = m·r·A·sin(ω·t)/J_eq (f_T is minus that).
  const double e_f = max_error(*run, "wheel.flange_T.f", [&](double t) { return -m * r * A * std::sin(omega * t) / J_eq; });
  MESSAGE("IdealRollingWheel under a sine torque: max error w " << e_w << " rad/s, phi " << e_phi << " rad, v " << e_v
                                                                << " m/s, s " << e_s << " m, f_T " << e_f << " N");
  const double w_max = 2.0 * A / (J_eq * omega);
  CHECK(e_w <= 1e-7 * w_max);
  CHECK(e_phi <= 1e-7 * phi(stop));
  CHECK(e_v <= 1e-7 * r * w_max);
  CHECK(e_s <= 1e-7 * r * phi(stop));
  CHECK(e_f <= 1e-7 * m * r * A / J_eq);
  check_lossless(*run, "wheel", {{"wheel.flange_R.tau", "wheel_inertia.w"}, {"wheel.flange_T.f", "vehicle.v"}});
  // Back at rest after one period: the source took back all it put in (of A²/(J_eq·ω²) at the peak).
  CHECK(std::fabs(account(*run, "motor").work_injected) <= 1e-7 * A * A / (J_eq * omega * omega));
  CHECK(check_energy(*run, 1e-8));
}

// ---- rotational.IdealPlanetary --------------------------------------------------------------------

TEST_CASE("rotational.IdealPlanetary: Willis' equation and the torque ratios at hand-picked points") {
  const Definition d = instantiate("rotational.IdealPlanetary", {{"ratio", 2.0}}, "x");
  // Ring 100 teeth, sun 50: sun at 30 rad/s, ring at −6 rad/s, so the carrier turns at
  // (30 + 2·(−6))/3 = 6 rad/s; 1.5 N·m at the sun balance 3 N·m at the ring and −4.5 N·m at the carrier.
  Values v{{"x.sun.phi", 3.0},   {"x.ring.phi", -0.6},   {"x.carrier.phi", 0.6},  {"der(x.sun.phi)", 30.0},
           {"der(x.ring.phi)", -6.0}, {"der(x.carrier.phi)", 6.0}, {"x.sun.tau", 1.5}, {"x.ring.tau", 3.0},
           {"x.carrier.tau", -4.5}};
  CHECK(check_residuals(d, v, 1e-12));
  CHECK(check_energy_audit(d, v, 1e-12));  // 45 − 27 − 18 = 0
  v["x.carrier.phi"] = 0.7;  // off Willis' line
  const CheckResult law = check_residuals(d, v);
  CHECK_FALSE(law);
  CHECK(law.subjects() == std::vector<std::string>{"equation 1 (Willis' equation)"});
}

TEST_CASE("rotational.IdealPlanetary: ring held: the carrier turns at w_sun/(1 + ratio) with (1 + ratio) times the torque") {
  // Sun inertia J_s driven by tau, carrier inertia J_c, ring fixed: the carrier referred to the sun
  // is J_c/(1 + ratio)², so w_sun = tau·t/(J_s + J_c/(1 + ratio)²); the fixed ring takes
  // tau_ring = ratio·tau_sun.
  const double tau = 1.0, J_s = 0.01, J_c = 0.5, ratio = 2.0, stop = 1.0;
  const double alpha = tau / (J_s + J_c / ((1 + ratio) * (1 + ratio)));
  const auto run = simulate_netlist(netlist(
      {{"motor", {{"type", "rotational.ConstantTorque"}, {"params", {{"tau_constant", tau}}}}},
       {"sun", {{"type", "rotational.Inertia"}, {"params", {{"J", J_s}}}, {"initial", {{"phi", 0.0}, {"w", 0.0}}}}},
       {"carrier", {{"type", "rotational.Inertia"}, {"params", {{"J", J_c}}}}},
       {"housing", {{"type", "rotational.Fixed"}}},
       {"gear", {{"type", "rotational.IdealPlanetary"}, {"params", {{"ratio", ratio}}}}}},
      {{"motor.flange", "sun.flange", "gear.sun"}, {"gear.carrier", "carrier.flange"}, {"gear.ring", "housing.flange"}},
      stop, 0.01, {"sun.w", "carrier.w", "gear.sun.tau", "gear.ring.tau", "gear.carrier.tau"}));
  const double e_sun = max_error(*run, "sun.w", [&](double t) { return alpha * t; });
  const double e_carrier = max_error(*run, "carrier.w", [&](double t) { return alpha * t / (1 + ratio); });
  // The carrier needs J_c·alpha/(1 + ratio): tau_carrier = −that; the sun passes tau − J_s·alpha.
  const double e_tau_c = max_error(*run, "gear.carrier.tau", [&](double) { return -J_c * alpha / (1 + ratio); });
  const double e_tau_r = max_error(*run, "gear.ring.tau", [&](double) { return ratio * (tau - J_s * alpha); });
  MESSAGE("IdealPlanetary, ring held: max error w_sun " << e_sun << ", w_carrier " << e_carrier << " rad/s, tau_carrier "
                                                        << e_tau_c << ", tau_ring " << e_tau_r << " N·m");
  CHECK(e_sun <= 1e-9 * alpha * stop);
  CHECK(e_carrier <= 1e-9 * alpha * stop);
  CHECK(e_tau_c <= 1e-9 * tau * (1 + ratio));
  CHECK(e_tau_r <= 1e-9 * tau * ratio);
  check_lossless(*run, "gear", {{"gear.sun.tau", "sun.w"}, {"gear.carrier.tau", "carrier.w"}, {"gear.ring.tau", ""}});
  CHECK(check_energy(*run, 1e-9));
}

TEST_CASE("rotational.IdealPlanetary: all three shafts free: Willis' equation at every row and the angular momentum is the torque's impulse") {
  // Sun, carrier and ring on inertias of their own, the sun driven by a constant torque: the gear
  // has no housing, its three torques sum to zero, so J_s·w_s + J_c·w_c + J_r·w_r = tau·t.
  const double tau = 1.0, J_s = 0.01, J_c = 0.5, J_r = 0.2, ratio = 2.5, stop = 2.0;
  const auto run = simulate_netlist(netlist(
      {{"motor", {{"type", "rotational.ConstantTorque"}, {"params", {{"tau_constant", tau}}}}},
       {"sun", {{"type", "rotational.Inertia"}, {"params", {{"J", J_s}}}, {"initial", {{"phi", 0.0}, {"w", 0.0}}}}},
       {"carrier", {{"type", "rotational.Inertia"}, {"params", {{"J", J_c}}}, {"initial", {{"phi", 0.0}, {"w", 0.0}}}}},
       {"ring", {{"type", "rotational.Inertia"}, {"params", {{"J", J_r}}}}},
       {"gear", {{"type", "rotational.IdealPlanetary"}, {"params", {{"ratio", ratio}}}}}},
      {{"motor.flange", "sun.flange", "gear.sun"}, {"gear.carrier", "carrier.flange"}, {"gear.ring", "ring.flange"}},
      stop, 0.01,
      {"sun.phi", "carrier.phi", "ring.phi", "sun.w", "carrier.w", "ring.w", "gear.sun.tau", "gear.carrier.tau", "gear.ring.tau"}));
  const std::vector<double>& t = run->times();
  const std::vector<double> p_s = run->column("sun.phi"), p_c = run->column("carrier.phi"), p_r = run->column("ring.phi");
  const std::vector<double> w_s = run->column("sun.w"), w_c = run->column("carrier.w"), w_r = run->column("ring.w");
  double willis_phi = 0.0, willis_w = 0.0, momentum = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k) {
    willis_phi = std::max(willis_phi, std::fabs((1 + ratio) * p_c[k] - p_s[k] - ratio * p_r[k]));
    willis_w = std::max(willis_w, std::fabs((1 + ratio) * w_c[k] - w_s[k] - ratio * w_r[k]));
    momentum = std::max(momentum, std::fabs(J_s * w_s[k] + J_c * w_c[k] + J_r * w_r[k] - tau * t[k]));
  }
  MESSAGE("IdealPlanetary, free shafts: Willis residual angles " << willis_phi << " rad, speeds " << willis_w
                                                                 << " rad/s (w_sun up to " << w_s.back()
                                                                 << "); angular momentum error " << momentum << " N·m·s");
  CHECK(w_s.back() > 0.0);
  CHECK(w_r.back() < 0.0);  // the ring runs backwards against the carrier's inertia
  CHECK(willis_phi <= 1e-12 * std::fabs(p_s.back()));
  CHECK(willis_w <= 1e-12 * std::fabs(w_s.back()));
  CHECK(momentum <= 1e-8 * tau * stop);
  check_lossless(*run, "gear", {{"gear.sun.tau", "sun.w"}, {"gear.carrier.tau", "carrier.w"}, {"gear.ring.tau", "ring.w"}});
  CHECK(check_energy(*run, 1e-9));
}

// ---- sources at hand-picked points ----------------------------------------------------------------

namespace {

/// A source type with parameters and its law written from MSL's equations: the torque (force) on
/// the flange at speed x and time t.
struct SourceLaw {
  const char* type;
  json params;
  std::function<double(double x, double t)> law;
};

double msl_sign(double x) { return x > 0.0 ? 1.0 : (x < 0.0 ? -1.0 : 0.0); }

/// MSL's regularized sign of SignTorque and SignForce, as MSL 4.0.0 writes it, at speed x and x0.
double msl_regularized_sign(const std::string& reg, double x, double x0) {
  if (reg == "exp") return 2.0 / (1.0 + std::exp(-x / (0.01 * x0))) - 1.0;
  if (std::fabs(x) >= x0) return msl_sign(x);
  if (reg == "sine") return std::sin(kPi / 2.0 * x / x0);
  if (reg == "linear") return x / x0;
  return msl_sign(x) * (1.0 - std::cos(kPi / 2.0 * x / x0));  // cosine
}

std::vector<SourceLaw> source_laws() {
  std::vector<SourceLaw> laws = {
      {"rotational.LinearSpeedDependentTorque", {{"tau_nominal", -3.0}, {"w_nominal", 4.0}, {"TorqueDirection", false}},
       [](double w, double) { return -3.0 * (w / 4.0); }},
      {"rotational.LinearSpeedDependentTorque", {{"tau_nominal", -3.0}, {"w_nominal", 4.0}},
       [](double w, double) { return -3.0 * std::fabs(w / 4.0); }},
      {"rotational.TorqueStep", {{"stepTorque", 7.0}, {"offsetTorque", -2.0}, {"startTime", 0.5}},
       [](double, double t) { return -2.0 + (t < 0.5 ? 0.0 : 7.0); }},
      {"translational.QuadraticSpeedDependentForce", {{"f_nominal", -10.0}, {"v_nominal", 5.0}, {"ForceDirection", false}},
       // MSL: flange.f = −f_nominal·(if v ≥ 0 then (v/v_nominal)² else −(v/v_nominal)²); on the flange −flange.f.
       [](double v, double) { return -(-(-10.0) * (v >= 0.0 ? 1.0 : -1.0) * (v / 5.0) * (v / 5.0)); }},
      {"translational.QuadraticSpeedDependentForce", {{"f_nominal", -10.0}, {"v_nominal", 5.0}},
       [](double v, double) { return -(-(-10.0) * (v / 5.0) * (v / 5.0)); }},
      {"translational.LinearSpeedDependentForce", {{"f_nominal", 6.0}, {"v_nominal", 2.0}, {"ForceDirection", false}},
       [](double v, double) { return -(-6.0 * (v / 2.0)); }},
      {"translational.LinearSpeedDependentForce", {{"f_nominal", 6.0}, {"v_nominal", 2.0}},
       [](double v, double) { return -(-6.0 * std::fabs(v / 2.0)); }},
      {"translational.ForceStep", {{"stepForce", -4.0}, {"offsetForce", 1.5}, {"startTime", 0.5}},
       // MSL: flange.f = −offsetForce − (if time < startTime then 0 else stepForce).
       [](double, double t) { return -(-1.5 - (t < 0.5 ? 0.0 : -4.0)); }},
  };
  for (const std::string reg : {"exp", "sine", "linear", "cosine"}) {
    laws.push_back({"rotational.SignTorque", {{"tau_nominal", -2.0}, {"w0", 0.5}, {"reg", reg}},
                    [reg](double w, double) { return -2.0 * msl_regularized_sign(reg, w, 0.5); }});
    laws.push_back({"translational.SignForce", {{"f_nominal", 3.0}, {"v0", 0.2}, {"reg", reg}},
                    [reg](double v, double) { return -(-3.0 * msl_regularized_sign(reg, v, 0.2)); }});
  }
  return laws;
}

}  // namespace

TEST_CASE("drive sources: torque or force and injected power equal MSL's law in both directions of motion") {
  for (const SourceLaw& source : source_laws()) {
    CAPTURE(source.type);
    CAPTURE(source.params.dump());
    const Definition d = instantiate(source.type, source.params, "x");
    const bool rotational = std::string(source.type).rfind("rotational.", 0) == 0;
    // Speeds on both sides of zero, inside and beyond the regularization bands; times before and
    // after the steps.
    for (const double x : {-6.0, -0.35, -0.1, -0.004, 0.004, 0.1, 0.35, 6.0})
      for (const double t : {0.2, 0.8}) {
        CAPTURE(x);
        CAPTURE(t);
        const double y = source.law(x, t);
        const Values v = rotational ? torque_source_at(x, y, t) : force_source_at(x, y, t);
        CHECK(check_residuals(d, v, 1e-12 * std::max(1.0, std::fabs(y))));
        // Positive when the source drives the motion, negative when it brakes it.
        CHECK(value(d.injected_power, v) == doctest::Approx(y * x).epsilon(1e-12));
        CHECK(check_energy_audit(d, v, 1e-12));
        // A torque or force 1 % off does not hold.
        Values off = v;
        const double wrong = y + 0.01 * std::max(1.0, std::fabs(y));
        off[rotational ? "x.tau" : "x.f"] = wrong;
        off[rotational ? "x.flange.tau" : "x.flange.f"] = -wrong;
        CHECK_FALSE(check_residuals(d, off, 1e-12));
      }
  }
}

TEST_CASE("drive sources: brakes take power in both directions and drives give it in both") {
  // A negative nominal value with the direction flags false (or a sign law) opposes the motion: the
  // injected power is negative whichever way the flange moves; TorqueDirection = true with a
  // positive tau_nominal drives both ways.
  const std::vector<std::pair<const char*, json>> brakes = {
      {"rotational.LinearSpeedDependentTorque", {{"tau_nominal", -1.0}, {"TorqueDirection", false}}},
      {"rotational.SignTorque", {{"tau_nominal", -1.0}}},
      {"translational.QuadraticSpeedDependentForce", {{"f_nominal", -1.0}, {"ForceDirection", false}}},
      {"translational.LinearSpeedDependentForce", {{"f_nominal", -1.0}, {"ForceDirection", false}}},
      {"translational.SignForce", {{"f_nominal", -1.0}}}};
  for (const auto& [type, params] : brakes) {
    CAPTURE(type);
    const Definition d = instantiate(type, params, "x");
    const bool rotational = std::string(type).rfind("rotational.", 0) == 0;
    for (const double x : {-2.0, 2.0}) {
      // Solve the law for the torque or force: every law here is tau = −|…|·sign(x).
      const std::vector<double> r0 = residuals(d, rotational ? torque_source_at(x, 0.0, 1.0) : force_source_at(x, 0.0, 1.0));
      const double y = -r0.back();  // the law (the last equation) reads y − law(x): −law(x) at y = 0
      CHECK(y * x < 0.0);
      const Values v = rotational ? torque_source_at(x, y, 1.0) : force_source_at(x, y, 1.0);
      CHECK(check_residuals(d, v, 1e-12));
      CHECK(value(d.injected_power, v) < 0.0);
    }
  }
  const Definition drive = instantiate("rotational.LinearSpeedDependentTorque", {{"tau_nominal", 1.0}}, "x");
  for (const double w : {-2.0, 2.0}) {
    const Values v = torque_source_at(w, std::fabs(w), 1.0);  // tau = 1·|w|/1
    CHECK(check_residuals(drive, v, 1e-12));
    CHECK((value(drive.injected_power, v) > 0.0) == (w > 0.0));  // it drives forward motion, brakes backward
  }
}

// ---- sources in simulations -----------------------------------------------------------------------

namespace {

/// An inertia J turning at w0 with the rotational source `source` on its flange (housing grounded).
std::unique_ptr<SimulationRun> rotor_with(const json& source, double J, double w0, double stop) {
  return simulate_netlist(netlist(
      {{"rotor", {{"type", "rotational.Inertia"}, {"params", {{"J", J}}}, {"initial", {{"phi", 0.0}, {"w", w0}}}}},
       {"source", source}},
      {{"rotor.flange", "source.flange"}}, stop, stop / 500.0, {"rotor.phi", "rotor.w", "source.tau", "source.w"}));
}

/// A mass m moving at v0 with the translational source `source` on its flange (housing grounded).
std::unique_ptr<SimulationRun> slider_with(const json& source, double m, double v0, double stop) {
  return simulate_netlist(netlist(
      {{"slider", {{"type", "translational.Mass"}, {"params", {{"m", m}}}, {"initial", {{"s", 0.0}, {"v", v0}}}}},
       {"source", source}},
      {{"slider.flange", "source.flange"}}, stop, stop / 500.0, {"slider.s", "slider.v", "source.f", "source.v"}));
}

/// The speed column follows `speed` within `tolerance`, the source's work is the change of the
/// kinetic energy ½·inertia·speed², and the energy account closes.
void check_response(const SimulationRun& run, const std::string& column, double inertia,
                    const std::function<double(double)>& speed, double tolerance, const std::string& what) {
  const double error = max_error(run, column, speed);
  const double stop = run.times().back();
  const double work = 0.5 * inertia * (speed(stop) * speed(stop) - speed(0.0) * speed(0.0));
  const ComponentEnergy& source = account(run, "source");
  MESSAGE(what << ": max error " << error << ", work injected " << source.work_injected << " J against "
               << work << " J");
  CHECK(error <= tolerance);
  CHECK(source.work_injected == doctest::Approx(work).epsilon(1e-6).scale(1e-9));
  CHECK(source.worst_audit <= 1e-9 * source.power_scale);
  CHECK(check_energy(run, 1e-7));
}

}  // namespace

TEST_CASE("rotational.LinearSpeedDependentTorque: a viscous brake decays w0·exp(−t/T) both ways, TorqueDirection drives one way") {
  // TorqueDirection = false, tau_nominal < 0: J·dw/dt = tau_nominal·w/w_nominal, w = w0·e^(−c·t),
  // c = −tau_nominal/(J·w_nominal).
  const double J = 0.5, tau_nominal = -2.0, w_nominal = 4.0, stop = 3.0, c = -tau_nominal / (J * w_nominal);
  for (const double w0 : {10.0, -10.0}) {
    const auto run = rotor_with({{"type", "rotational.LinearSpeedDependentTorque"},
                                 {"params", {{"tau_nominal", tau_nominal}, {"w_nominal", w_nominal}, {"TorqueDirection", false}}}},
                                J, w0, stop);
    check_response(*run, "rotor.w", J, [&](double t) { return w0 * std::exp(-c * t); }, 1e-6 * 10.0,
                   "viscous brake from w0 = " + std::to_string(w0));
  }
  // TorqueDirection = true, tau_nominal > 0: J·dw/dt = tau_nominal·|w|/w_nominal, so a forward
  // rotation grows as e^(c·t) and a backward one decays as e^(−c·t), c = tau_nominal/(J·w_nominal).
  const double up = 2.0 / (J * w_nominal);
  for (const double w0 : {3.0, -3.0}) {
    const auto run = rotor_with({{"type", "rotational.LinearSpeedDependentTorque"},
                                 {"params", {{"tau_nominal", 2.0}, {"w_nominal", w_nominal}}}},
                                J, w0, 1.0);
    check_response(*run, "rotor.w", J, [&](double t) { return w0 * std::exp((w0 > 0 ? up : -up) * t); },
                   1e-6 * 3.0 * std::exp(up), "one-way drive from w0 = " + std::to_string(w0));
    for (const double tau : run->column("source.tau")) CHECK(tau > 0.0);
  }
}

TEST_CASE("rotational.TorqueStep and translational.ForceStep: the speed ramps up from the step time on") {
  // J·dw/dt = offset + step·[t ≥ t0]: w = w0 + (offset·t + step·max(0, t − t0))/J.
  for (const double step : {4.0, -4.0}) {
    CAPTURE(step);
    const double J = 0.8, offset = 0.5, t0 = 0.3, w0 = 1.0;
    const auto run = rotor_with({{"type", "rotational.TorqueStep"},
                                 {"params", {{"stepTorque", step}, {"offsetTorque", offset}, {"startTime", t0}}}},
                                J, w0, 1.0);
    check_response(*run, "rotor.w", J, [&](double t) { return w0 + (offset * t + step * std::max(0.0, t - t0)) / J; },
                   1e-9 * 5.0, "TorqueStep " + std::to_string(step));
    const auto m_run = slider_with({{"type", "translational.ForceStep"},
                                    {"params", {{"stepForce", step}, {"offsetForce", offset}, {"startTime", t0}}}},
                                   J, -w0, 1.0);
    check_response(*m_run, "slider.v", J, [&](double t) { return -w0 + (offset * t + step * std::max(0.0, t - t0)) / J; },
                   1e-9 * 5.0, "ForceStep " + std::to_string(step));
  }
}

TEST_CASE("rotational.SignTorque and translational.SignForce: a Coulomb brake stops linearly then decays inside the band") {
  // reg = "linear", tau_nominal = −F: beyond w0 the speed falls at F/J until |w| = w0 (at
  // t1 = (|w0_init| − w0)·J/F), then J·dw/dt = −F·w/w0: w = ±w0·e^(−F·(t − t1)/(J·w0)).
  const double F = 1.0, J = 0.25, band = 0.5, start = 4.0, stop = 1.5;
  const double t1 = (start - band) * J / F;
  for (const double direction : {1.0, -1.0}) {
    const auto speed = [&](double t) {
      return direction * (t < t1 ? start - F * t / J : band * std::exp(-F * (t - t1) / (J * band)));
    };
    const auto rot = rotor_with({{"type", "rotational.SignTorque"},
                                 {"params", {{"tau_nominal", -F}, {"w0", band}, {"reg", "linear"}}}},
                                J, direction * start, stop);
    check_response(*rot, "rotor.w", J, speed, 1e-6 * start, "SignTorque brake, direction " + std::to_string(direction));
    const auto trans = slider_with({{"type", "translational.SignForce"},
                                    {"params", {{"f_nominal", -F}, {"v0", band}, {"reg", "linear"}}}},
                                   J, direction * start, stop);
    check_response(*trans, "slider.v", J, speed, 1e-6 * start, "SignForce brake, direction " + std::to_string(direction));
  }
}

TEST_CASE("translational.QuadraticSpeedDependentForce: a drag brakes a mass along v = v0/(1 + c·|v0|·t) both ways") {
  // m·dv/dt = f_nominal·v·|v|/v_nominal² with f_nominal < 0 (ForceDirection = false):
  // v = v0/(1 + c·|v0|·t), c = −f_nominal/(m·v_nominal²).
  const double m = 2.0, f_nominal = -10.0, v_nominal = 5.0, stop = 2.0, c = -f_nominal / (m * v_nominal * v_nominal);
  for (const double v0 : {8.0, -8.0}) {
    const auto run = slider_with({{"type", "translational.QuadraticSpeedDependentForce"},
                                  {"params", {{"f_nominal", f_nominal}, {"v_nominal", v_nominal}, {"ForceDirection", false}}}},
                                 m, v0, stop);
    check_response(*run, "slider.v", m, [&](double t) { return v0 / (1.0 + c * std::fabs(v0) * t); }, 1e-6 * 8.0,
                   "quadratic drag from v0 = " + std::to_string(v0));
    for (const double f : run->column("source.f")) CHECK(f * v0 <= 0.0);
  }
  // ForceDirection = true: the force keeps the sign of f_nominal, so backward motion speeds up:
  // m·dv/dt = −c·m·v², v = v0/(1 + c·v0·t) with v0 < 0 (diverges at t = 1/(c·|v0|) = 1.25 s).
  const double v0 = -8.0;
  const auto run = slider_with({{"type", "translational.QuadraticSpeedDependentForce"},
                                {"params", {{"f_nominal", f_nominal}, {"v_nominal", v_nominal}}}},
                               m, v0, 0.5);
  check_response(*run, "slider.v", m, [&](double t) { return v0 / (1.0 + c * v0 * t); }, 1e-6 * 14.0,
                 "quadratic force with ForceDirection, backwards");
  for (const double f : run->column("source.f")) CHECK(f < 0.0);
}

TEST_CASE("translational.LinearSpeedDependentForce: a viscous force decays both directions of motion") {
  const double m = 1.5, f_nominal = -3.0, v_nominal = 2.0, stop = 2.0, c = -f_nominal / (m * v_nominal);
  for (const double v0 : {5.0, -5.0}) {
    const auto run = slider_with({{"type", "translational.LinearSpeedDependentForce"},
                                  {"params", {{"f_nominal", f_nominal}, {"v_nominal", v_nominal}, {"ForceDirection", false}}}},
                                 m, v0, stop);
    check_response(*run, "slider.v", m, [&](double t) { return v0 * std::exp(-c * t); }, 1e-6 * 5.0,
                   "linear force from v0 = " + std::to_string(v0));
  }
}

// ---- validation -----------------------------------------------------------------------------------

TEST_CASE("drives: parameters are validated with the netlist's place in the message") {
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealGearR2T", {{"ratio", 0.0}}, "gear"),
                       "/components/gear/params/ratio: ratio must not be zero, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealGearR2T", {{"use_support", true}}, "gear"),
                       "/components/gear/params/use_support: unknown parameter \"use_support\" of "
                       "rotational.IdealGearR2T; valid: ratio, use_support_R, use_support_T",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealRollingWheel", {{"radius", -0.3}}, "wheel"),
                       "/components/wheel/params/radius: radius must be positive, got -0.3", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealRollingWheel", {{"radius", "30 deg"}}, "wheel"),
                       doctest::Contains("/components/wheel/params/radius: expected a value in m"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.IdealPlanetary", {{"ratio", 0.0}}, "planetary"),
                       "/components/planetary/params/ratio: ratio must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LinearSpeedDependentTorque", {{"w_nominal", 0.0}}, "load"),
                       "/components/load/params/w_nominal: w_nominal must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.SignTorque", {{"w0", -1.0}}, "friction"),
                       "/components/friction/params/w0: w0 must be positive, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.SignTorque", {{"reg", "Exp"}}, "friction"),
                       "/components/friction/params/reg: reg must be one of \"exp\", \"sine\", \"linear\", "
                       "\"cosine\", got \"Exp\"",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.TorqueStep", {{"startTime", "2 N*m"}}, "step"),
                       doctest::Contains("/components/step/params/startTime: expected a value in s"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.QuadraticSpeedDependentForce", {{"v_nominal", 0.0}}, "drag"),
                       "/components/drag/params/v_nominal: v_nominal must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.LinearSpeedDependentForce", {{"v_nominal", -2.0}}, "drag"),
                       "/components/drag/params/v_nominal: v_nominal must be positive, got -2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.SignForce", {{"v0", 0.0}}, "friction"),
                       "/components/friction/params/v0: v0 must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.ForceStep", {{"stepTorque", 1.0}}, "step"),
                       "/components/step/params/stepTorque: unknown parameter \"stepTorque\" of "
                       "translational.ForceStep; valid: stepForce, offsetForce, startTime, use_support",
                       ModelError);
}
