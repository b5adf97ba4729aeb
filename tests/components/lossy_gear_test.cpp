// rotational.LossyGear against closed forms: constant torques on two inertias coupled by the gear
// roll it in each of the four quadrants with a constant acceleration, hold it stuck inside the
// self-locking band, and accelerate it through a speed-dependent efficiency; the loss is booked to
// the gear; malformed loss tables are rejected with their place.
//
// The drive: T1 on inertia J1 at C, T2 on inertia J2 at R, both grounded, from rest. While rolling
// (model.md of Rot_LossyGearDemo1), with r the ratio, s = ±1 the direction, k the efficiency of the
// driving side (eta_mf1 when C drives, 1/eta_mf2 when R drives) and tau_bf its bearing friction:
//   J1·a = T1 − tau_C,  (J2/r)·a = r·(k·tau_C − s·tau_bf) + T2
//   ⇒ a = (r·k·T1 + T2 − r·s·tau_bf) / (J2/r + r·k·J1),  tau_loss = (1 − k)·tau_C + s·tau_bf.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

struct Drive {
  std::string loss_table;  // JSON
  double ratio = 3.0, J1 = 0.5, J2 = 2.0, T1 = 0.0, T2 = 0.0, stop = 2.0;
};

std::unique_ptr<SimulationRun> simulate(const Drive& d) {
  return simulate_netlist(R"({
    "format": "acausal/1", "name": "lossy_gear_drive",
    "components": {
      "T1": { "type": "signal.Constant", "params": { "k": )" + json_number(d.T1) + R"( } },
      "T2": { "type": "signal.Constant", "params": { "k": )" + json_number(d.T2) + R"( } },
      "drive": { "type": "rotational.Torque" },
      "load": { "type": "rotational.Torque" },
      "in1": { "type": "rotational.Inertia", "params": { "J": )" + json_number(d.J1) + R"( } },
      "gear": { "type": "rotational.LossyGear", "params": { "ratio": )" + json_number(d.ratio) +
                          R"(, "loss_table": )" + d.loss_table + R"( } },
      "in2": { "type": "rotational.Inertia", "params": { "J": )" + json_number(d.J2) + R"( }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["T1.y", "drive.tau"], ["T2.y", "load.tau"], ["drive.flange", "in1.flange", "gear.C"],
                    ["gear.R", "in2.flange", "load.flange"]],
    "experiment": { "start": 0, "stop": )" + json_number(d.stop) + R"(, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["in2.w", "gear.w_a", "gear.mode", "gear.tau_loss", "gear.C.tau"]
  })");
}

}  // namespace

TEST_CASE("rotational.LossyGear: each quadrant rolls with the closed-form acceleration, its loss booked to the gear") {
  // eta_mf1 = 0.8 (C drives), eta_mf2 = 0.6 (R drives), bearing friction 0.1 N·m either way.
  const double r = 3.0, J1 = 0.5, J2 = 2.0, eta1 = 0.8, eta2 = 0.6, bf = 0.1;
  struct Quadrant {
    const char* name;
    double T1, T2, s, k;
  };
  for (const Quadrant q : {Quadrant{"forward, C drives", 4.0, 0.0, 1.0, eta1},
                           Quadrant{"forward, R drives", 0.0, 6.0, 1.0, 1.0 / eta2},
                           Quadrant{"backward, C drives", -4.0, 0.0, -1.0, eta1},
                           Quadrant{"backward, R drives", 0.0, -6.0, -1.0, 1.0 / eta2}}) {
    CAPTURE(q.name);
    const auto run = simulate({.loss_table = "[[0, 0.8, 0.6, 0.1, 0.1]]", .T1 = q.T1, .T2 = q.T2});
    const double a = (r * q.k * q.T1 + q.T2 - r * q.s * bf) / (J2 / r + r * q.k * J1);
    const double tau_C = q.T1 - J1 * a;
    const double tau_loss = (1.0 - q.k) * tau_C + q.s * bf;
    // Stuck at rest, then rolling from the start on: w_a leaves 0 at once.
    CHECK(run->column("gear.mode").front() == 0.0);
    const auto modes = switches(*run, "gear.mode");
    REQUIRE(modes.size() == 1);
    CHECK(modes[0].first <= 1e-6);
    CHECK(modes[0].second == q.s);
    const std::vector<double> t = run->times(), w2 = run->column("in2.w"), loss = run->column("gear.tau_loss");
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] < 1e-6) continue;
      CHECK(w2[i] == doctest::Approx(a * t[i] / r).epsilon(1e-7));
      CHECK(loss[i] == doctest::Approx(tau_loss).epsilon(1e-7));
    }
    // Loss power tau_loss·w_a ≥ 0, over the run tau_loss·a·T²/2; every balance closes.
    const double T = t.back();
    CHECK(work_lost(*run, "gear") == doctest::Approx(tau_loss * a * T * T / 2).epsilon(1e-6));
    CHECK(work_lost(*run, "gear") > 0.0);
    const CheckResult energy = check_energy(*run, 1e-6);
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
}

TEST_CASE("rotational.LossyGear: self-locking, a load inside the band cannot back-drive the gear") {
  // Rot_LossyGearDemo1's gear (ratio 2, efficiency 0.5 both ways) under a load T2 = −10 N·m at R:
  // it holds for 2.5 ≤ T1 ≤ 10 N·m at C (an ideal gear would need exactly 5), rolls backward below
  // and forward above.
  const double r = 2.0, J1 = 1.0, J2 = 1.5, T2 = -10.0;
  const Drive base{.loss_table = "[[0, 0.5, 0.5, 0, 0]]", .ratio = r, .J1 = J1, .J2 = J2, .T2 = T2, .stop = 1.0};

  SUBCASE("inside the band: stuck for good, the gear holds tau_loss = T1 + T2/r") {
    for (const double T1 : {3.0, 4.0, 9.0}) {
      CAPTURE(T1);
      Drive d = base;
      d.T1 = T1;
      const auto run = simulate(d);
      CHECK(switches(*run, "gear.mode").empty());
      CHECK(run->column("gear.mode").front() == 0.0);
      for (double w : run->column("in2.w")) CHECK(std::fabs(w) <= 1e-12);
      for (double loss : run->column("gear.tau_loss")) CHECK(loss == doctest::Approx(T1 + T2 / r).epsilon(1e-9));
      CHECK(work_lost(*run, "gear") == doctest::Approx(0.0));
    }
  }
  SUBCASE("outside it: rolls with the closed form") {
    // Below: backward with tau_C > 0, R drives (k = 1/eta = 2); above: forward, C drives (k = eta).
    for (const auto& [T1, k, s] : {std::tuple{2.0, 2.0, -1.0}, std::tuple{11.0, 0.5, 1.0}}) {
      CAPTURE(T1);
      Drive d = base;
      d.T1 = T1;
      const auto run = simulate(d);
      const double a = (r * k * T1 + T2) / (J2 / r + r * k * J1);
      const auto modes = switches(*run, "gear.mode");
      REQUIRE(modes.size() == 1);
      CHECK(modes[0].second == s);
      const std::vector<double> t = run->times(), w2 = run->column("in2.w");
      for (std::size_t i = 0; i < t.size(); ++i)
        if (t[i] > 1e-6) CHECK(w2[i] == doctest::Approx(a * t[i] / r).epsilon(1e-7));
      const CheckResult energy = check_energy(*run, 1e-6);
      CHECK_MESSAGE(energy.passed(), energy.message());
    }
  }
}

TEST_CASE("rotational.LossyGear: an efficiency that rises with the speed, interpolated in the table") {
  // C drives forward: da/dt = r·eta(w)·T1 / (J2/r + r·eta(w)·J1) with eta_mf1 linear in |w_a| between
  // the rows (a kink at 5 rad/s); integrated here by RK4.
  const double r = 3.0, J1 = 0.5, J2 = 2.0, T1 = 4.0;
  const auto run = simulate({.loss_table = "[[0, 0.5, 0.6, 0, 0], [5, 0.7, 0.8, 0, 0], [10, 0.8, 0.9, 0, 0]]", .T1 = T1});
  const auto eta = [](double w) { return w < 5.0 ? 0.5 + 0.04 * w : 0.7 + 0.02 * (w - 5.0); };
  const auto rate = [&](double w) { return r * eta(w) * T1 / (J2 / r + r * eta(w) * J1); };
  const std::vector<double> t = run->times(), w_a = run->column("gear.w_a");
  double w = 0.0, time = 0.0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    while (time < t[i]) {  // steps of 1e-5 s, the last one ending at t[i] (an event row is off the grid)
      const double h = std::min(1e-5, t[i] - time);
      const double k1 = rate(w), k2 = rate(w + h / 2 * k1), k3 = rate(w + h / 2 * k2), k4 = rate(w + h * k3);
      w += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      time = h < 1e-5 ? t[i] : time + h;
    }
    CHECK(w_a[i] == doctest::Approx(w).epsilon(1e-6));
  }
  CHECK(w > 5.0);  // the run passed the kink
  CHECK(run->column("gear.mode").back() == 1.0);
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("rotational.LossyGear: the ideal table is an ideal gear, mode Free, no events") {
  const double r = 3.0, J1 = 0.5, J2 = 2.0, T1 = 4.0, T2 = -1.0;
  const auto run = simulate({.loss_table = "[[0, 1, 1, 0, 0]]", .T1 = T1, .T2 = T2});
  for (double m : run->column("gear.mode")) CHECK(m == 2.0);
  const std::vector<double> t = run->times(), w2 = run->column("in2.w");
  for (std::size_t i = 1; i < t.size(); ++i) CHECK(t[i] > t[i - 1]);  // no event rows
  const double a = (r * T1 + T2) / (J2 / r + r * J1);
  for (std::size_t i = 0; i < t.size(); ++i) CHECK(w2[i] == doctest::Approx(a * t[i] / r).epsilon(1e-7));
  CHECK(work_lost(*run, "gear") == doctest::Approx(0.0));
  // The default loss_table is the ideal one.
  CHECK(instantiate("rotational.LossyGear").find_discrete("mode")->value->is_literal(2.0));
}

TEST_CASE("rotational.LossyGear: validation") {
  const auto table = [](const char* text) { return json{{"loss_table", json::parse(text)}}; };
  const std::string at = "/components/gear/params/loss_table";
  const std::string columns = "[w, eta_mf1, eta_mf2, tau_bf1, tau_bf2]";
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("0.5"), "gear"),
                       (at + ": loss_table must be an array of rows " + columns + ", got 0.5").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[]"), "gear"),
                       (at + ": loss_table needs at least one row " + columns).c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[0, 1, 1, 0, 0]"), "gear"),
                       (at + "/0: row 0 must have 5 values " + columns + ", got 0").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, 1, 1, 0, 0], [1, 0.9]]"), "gear"),
                       (at + "/1: row 1 must have 5 values " + columns + ", got [1,0.9]").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, true, 1, 0, 0]]"), "gear"),
                       (at + "/0/1: eta_mf1: expected a number or a \"<number> <unit>\" string in 1, got true").c_str(),
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, 0, 1, 0, 0]]"), "gear"),
                       (at + "/0/1: eta_mf1 must be in (0, 1], got 0").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, 1, 1, 0, 0], [2, 0.9, 1.2, 0, 0]]"), "gear"),
                       (at + "/1/2: eta_mf2 must be in (0, 1], got 1.2").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[-1, 1, 1, 0, 0]]"), "gear"),
                       (at + "/0/0: w (a speed |w_a|) must not be negative, got -1").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(
      instantiate("rotational.LossyGear", table("[[0, 1, 1, 0, 0], [2, 0.9, 0.9, 0, 0], [1, 0.8, 0.8, 0, 0]]"), "gear"),
      (at + "/2/0: w must increase from row to row, got 1 after 2").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, 1, 1, 0, 0], [0, 0.9, 0.9, 0, 0]]"), "gear"),
                       (at + "/1/0: w must increase from row to row, got 0 after 0").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", table("[[0, 1, 1, \"1 m\", 0]]"), "gear"),
                       (at + "/0/3: tau_bf1: expected a value in N*m (kg*m^2/s^2), got '1 m' (m)").c_str(), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.LossyGear", {{"ratio", 0.0}}, "gear"),
                       "/components/gear/params/ratio: ratio must not be zero, got 0", ModelError);
  // Units in the rows.
  CHECK_NOTHROW(instantiate("rotational.LossyGear", table(R"([["0 rpm", 0.9, 0.8, "10 N*cm", 0], ["100 rpm", 0.95, 0.9, 0.2, 0.1]])")));
}
