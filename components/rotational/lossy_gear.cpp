#include "components/rotational/lossy_gear.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "components/friction_modes.hpp"

namespace acausal::rotational_components {

namespace {

// MSL's LossyGear numbers its modes as PartialFriction does.
using friction_mode::kBackward, friction_mode::kForward, friction_mode::kFree, friction_mode::kStuck;

std::string number(double v) {
  std::array<char, 32> buffer{};
  const auto end = std::to_chars(buffer.data(), buffer.data() + buffer.size(), v, std::chars_format::general, 6).ptr;
  return std::string(buffer.data(), end);
}

/// The loss table read as functions of the speed |w_a|: the mesh efficiencies eta_mf1 (C drives),
/// eta_mf2 (R drives) and the bearing friction tau_bf1, tau_bf2 (C resp. R drives, referred to C),
/// and the same at rest (w_a = 0), where the gear decides whether it starts to roll.
struct LossLaw {
  Expr eta1, eta2, bf1, bf2;
  Expr eta1_0, eta2_0, bf1_0, bf2_0;
  Expr bf_a, bf_a_0;  ///< the bearing friction's share that acts before the mesh (side C)
  bool ideal = false;  ///< exactly the one row [0, 1, 1, 0, 0]: a plain ideal gear
};

/// The share of the bearing friction on side C: the τ_a at which the two driving sides' losses
/// are equal, (tau_bf1 − tau_bf2)/(eta_mf1 − 1/eta_mf2); half of tau_bf1 when the mesh is
/// lossless (both efficiencies 1, where that quotient is 0/0).
Expr bearing_share(const Expr& eta1, const Expr& eta2, const Expr& bf1, const Expr& bf2, bool lossless,
                   bool sometimes_lossless) {
  if (lossless) return 0.5 * bf1;
  const Expr quotient = (bf1 - bf2) / (eta1 - 1.0 / eta2);
  if (!sometimes_lossless) return quotient;
  return if_else(abs(eta1 - 1.0 / eta2) < Expr(1e-15), 0.5 * bf1, quotient);  // MSL's test
}

LossLaw read_loss_law(ComponentBuilder& b, const Expr& speed) {
  const std::vector<std::vector<double>> rows = b.rows_parameter(
      "loss_table", {{"w", "rad/s"}, {"eta_mf1", "1"}, {"eta_mf2", "1"}, {"tau_bf1", "N*m"}, {"tau_bf2", "N*m"}},
      {{0.0, 1.0, 1.0, 0.0, 0.0}},
      "Losses over the speed |w_a| of C (linear interpolation; one row: constant)");
  LossLaw law;
  if (b.mode() == ComponentBuilder::Mode::Describe) {  // the general law, in the columns' names
    law.eta1 = Expr::parameter("eta_mf1"), law.eta2 = Expr::parameter("eta_mf2");
    law.bf1 = abs(Expr::parameter("tau_bf1")), law.bf2 = abs(Expr::parameter("tau_bf2"));
    law.eta1_0 = Expr::parameter("eta_mf1_0"), law.eta2_0 = Expr::parameter("eta_mf2_0");
    law.bf1_0 = abs(Expr::parameter("tau_bf1_0")), law.bf2_0 = abs(Expr::parameter("tau_bf2_0"));
    law.bf_a = bearing_share(law.eta1, law.eta2, law.bf1, law.bf2, false, false);
    law.bf_a_0 = bearing_share(law.eta1_0, law.eta2_0, law.bf1_0, law.bf2_0, false, false);
    return law;
  }
  bool lossless = true, sometimes_lossless = false;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::vector<double>& row = rows[r];
    if (row[0] < 0.0) b.fail("loss_table", {r, 0}, "w (a speed |w_a|) must not be negative, got " + number(row[0]));
    if (r > 0 && !(row[0] > rows[r - 1][0]))
      b.fail("loss_table", {r, 0},
             "w must increase from row to row, got " + number(row[0]) + " after " + number(rows[r - 1][0]));
    for (const std::size_t c : {std::size_t{1}, std::size_t{2}})
      if (!(row[c] > 0.0 && row[c] <= 1.0))
        b.fail("loss_table", {r, c}, (c == 1 ? "eta_mf1" : "eta_mf2") + std::string(" must be in (0, 1], got ") + number(row[c]));
    const bool mesh_lossless = row[1] == 1.0 && row[2] == 1.0;
    lossless = lossless && mesh_lossless;
    sometimes_lossless = sometimes_lossless || mesh_lossless;
  }
  law.ideal = rows.size() == 1 && rows[0] == std::vector<double>{0.0, 1.0, 1.0, 0.0, 0.0};

  // Column c at the speed and at rest: a constant for one row (or a column that never changes),
  // else linear interpolation with linear extrapolation. MSL takes the bearing friction's magnitude.
  const auto column = [&](std::size_t c, Expr& at_speed, Expr& at_rest) {
    std::vector<double> x, y;
    for (const std::vector<double>& row : rows) x.push_back(row[0]), y.push_back(row[c]);
    bool constant = true;
    for (double v : y) constant = constant && v == y.front();
    const bool friction = c >= 3;
    if (constant) {
      at_speed = at_rest = Expr(friction ? std::abs(y.front()) : y.front());
      return;
    }
    static constexpr std::array<const char*, 5> names{"w", "eta_mf1", "eta_mf2", "tau_bf1", "tau_bf2"};
    auto table = std::make_shared<const Table1D>(b.instance() + ".loss_table." + names[c], x, y);
    const double rest = table->evaluate(0.0);
    at_speed = friction ? abs(interpolate(table, speed)) : interpolate(table, speed);
    at_rest = Expr(friction ? std::abs(rest) : rest);
  };
  column(1, law.eta1, law.eta1_0);
  column(2, law.eta2, law.eta2_0);
  column(3, law.bf1, law.bf1_0);
  column(4, law.bf2, law.bf2_0);
  law.bf_a = bearing_share(law.eta1, law.eta2, law.bf1, law.bf2, lossless, sometimes_lossless);
  const bool lossless_0 = law.eta1_0.is_literal(1.0) && law.eta2_0.is_literal(1.0);
  law.bf_a_0 = bearing_share(law.eta1_0, law.eta2_0, law.bf1_0, law.bf2_0, lossless_0, false);
  return law;
}

/// The four quadrants' losses (referred to C) at driving torque tau_a: speed w_a > 0 or < 0, C or R
/// drives. With C driving the mesh loses (1 − eta_mf1)·tau_a; with R driving, C receives only
/// eta_mf2 of R's power, so the mesh loses (1 − 1/eta_mf2)·tau_a. The bearing friction always
/// opposes the speed.
struct Quadrants {
  Expr q1, q2, q3, q4;
};
Quadrants quadrants(const Expr& tau_a, const Expr& eta1, const Expr& eta2, const Expr& bf1, const Expr& bf2) {
  const Expr mesh_a = (1.0 - eta1) * tau_a, mesh_b = (1.0 - 1.0 / eta2) * tau_a;
  return {mesh_a + bf1, mesh_b + bf2, mesh_a - bf1, mesh_b - bf2};
}

}  // namespace

std::string_view LossyGear::details() const {
  return R"(Flange C is Modelica's flange_a (the input), R its flange_b. Kinematics as the ideal gear,
phi_C − phi_s = ratio·(phi_R − phi_s), w_a = der(phi_C − phi_s); torques
tau_R + ratio·(tau_C − tau_loss) = 0, the support takes −(tau_C + tau_R). tau_loss is the torque lost
in the mesh and the bearings, referred to C; the loss power is tau_loss·w_a ≥ 0.

`loss_table` rows [w, eta_mf1, eta_mf2, tau_bf1, tau_bf2] give, over the speed |w_a| of C (w ≥ 0,
increasing; linear interpolation and extrapolation; one row: constants), the mesh efficiency when C
drives (eta_mf1) and when R drives (eta_mf2), both in (0, 1], and the bearing friction torque when C
resp. R drives (its magnitude counts). The losses in the four quadrants of speed and driving side:

- **rolling forward, C drives** (w_a > 0, power flows C → R): tau_loss = (1 − eta_mf1)·tau_C + tau_bf1;
- **rolling forward, R drives** (w_a > 0, tau_C < 0: R pushes C along): tau_loss =
  (1 − 1/eta_mf2)·tau_C + tau_bf2;
- **rolling backward, C drives** (w_a < 0, tau_C < 0): tau_loss = (1 − eta_mf1)·tau_C − tau_bf1;
- **rolling backward, R drives** (w_a < 0, tau_C ≥ 0): tau_loss = (1 − 1/eta_mf2)·tau_C − tau_bf2.

Which side drives is the sign of tau_C shifted by the share of the bearing friction on side C
(tau_etaPos, a relation: its change is an event). When w_a reaches 0 the gear sticks: tau_loss is
whatever holds it. It starts to roll forward when that holding loss exceeds the forward loss at rest
(the first or second quadrant at speed 0, with the current tau_C), backward when it falls below the
backward one (third or fourth quadrant). There is no breakaway factor: the limits at rest are the
rolling losses at speed 0. With efficiencies below 1 the gear is self-locking for a band of torques:
with ratio 2 and both efficiencies 0.5, a load torque T2 < 0 on R is held by any torque T1 on C
from −T2/4 to −T2, where an ideal gear balances only T1 = −T2/2.

The bearing friction's share on side C makes the loss continuous where the driving side changes,
except with both efficiencies 1 (the share is then tau_bf1/2, as in MSL): there tau_bf1 ≠ tau_bf2
makes the loss jump, and a gear whose driving side changes while it rolls has no consistent mode
(the event iteration stops with the cycle of tau_etaPos).

Modes (`mode`): 1 rolling forward, 0 stuck, −1 rolling backward; 2 (free) for the ideal table
[[0, 1, 1, 0, 0]], which is a plain ideal gear with no events (its other discrete variables stay false).
MSL evaluates the table without events; here a table of several rows has an event where |w_a| passes a
breakpoint at which a column's slope changes.)";
}

void LossyGear::define(ComponentBuilder& b) const {
  const Expr ratio = b.parameter("ratio", "1", 1.0, "Transmission ratio: phi_C − phi_support = ratio·(phi_R − phi_support)",
                                 [](double v) -> std::optional<std::string> {
                                   if (v < 0.0 || v > 0.0) return std::nullopt;
                                   return "must not be zero";
                                 });
  const Expr phi_a = b.variable("phi_a", "rad", "Angle of C relative to the support");
  const Expr w_a = b.variable("w_a", "rad/s", "Speed of C relative to the support");
  const LossLaw law = read_loss_law(b, abs(w_a));
  const bool use_support = b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a, the input): turns ratio times as fast as R");
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b, the output)");
  const Expr a_a = b.variable("a_a", "rad/s^2", "Acceleration of C relative to the support");
  const Expr sa = b.variable("sa", "", "Path parameter without a fixed unit: a_a + tau_loss while rolling, the holding loss tau_loss while stuck (SI values)");
  const Expr tau_loss = b.variable("tau_loss", "N*m", "Torque lost in the mesh and the bearings, referred to C");

  Expr phi_s = 0.0;
  if (use_support) {
    Port support = b.port("support", rotational(), "Support (housing): takes the reaction torque");
    phi_s = support.potential();
    b.equation(support.flow() + C.flow() + R.flow(), "the support takes the reaction");
  }
  b.equation(C.potential() - phi_s - ratio * (R.potential() - phi_s), "gear kinematics");
  b.equation(R.flow() + ratio * (C.flow() - tau_loss), "torque transmission less the loss");
  b.equation(phi_a - (C.potential() - phi_s), "angle of C relative to the support");
  b.equation(w_a - der(phi_a), "speed of C");
  b.equation(a_a - der(w_a), "acceleration of C");

  // MSL's state machine (not PartialFriction's: no breakaway factor, no w_small).
  const Expr start_forward = b.boolean("startForward", "True at the event where rolling forward starts");
  const Expr start_backward = b.boolean("startBackward", "True at the event where rolling backward starts");
  const Expr locked = b.boolean("locked", "True while stuck");
  const Expr tau_eta_pos = b.boolean("tau_etaPos", "True while C drives (forward) or R drives (backward): tau_eta ≥ 0");
  const Expr mode = b.integer("mode", "Mode: 1 forward, 0 stuck, -1 backward (2 free: the ideal table)", kFree);
  const Expr tau_a = C.flow();
  const Quadrants at_speed = quadrants(tau_a, law.eta1, law.eta2, law.bf1, law.bf2);
  const Quadrants at_rest = quadrants(tau_a, law.eta1_0, law.eta2_0, law.bf1_0, law.bf2_0);
  const Expr loss_max = if_else(tau_eta_pos, at_speed.q1, at_speed.q2);  // rolling forward
  const Expr loss_min = if_else(tau_eta_pos, at_speed.q4, at_speed.q3);  // rolling backward
  const Expr pre_mode = b.pre(mode);
  const auto pre_is = [&](int m) { return equals(pre_mode, Expr(m)); };
  const Expr forward = logical_or(start_forward, pre_is(kForward));

  if (law.ideal) {
    for (const Expr& flag : {start_forward, start_backward, locked, tau_eta_pos}) b.discrete_equation(flag, Expr(0.0));
    b.discrete_equation(mode, Expr(kFree));
    b.equation(tau_loss, "ideal: no loss");
    b.equation(a_a - sa, "ideal: sa is the acceleration");
    define_heat_port(b, Expr(0.0));  // a heat port of an ideal gear carries no heat
  } else {
    // The limits at rest: the loss that holds the gear must exceed the forward loss at speed 0
    // (with tau_a's driving side) to start forward, fall below the backward one to start backward.
    // MSL decides the driving side here without events; these relations make events.
    const Expr loss_max_rest = if_else(tau_a - law.bf_a_0 > Expr(0.0), at_rest.q1, at_rest.q2);
    const Expr loss_min_rest = if_else(tau_a + law.bf_a_0 > Expr(0.0), at_rest.q4, at_rest.q3);
    const Expr initial = ComponentBuilder::initial();
    b.discrete_equation(start_forward, logical_or(logical_and(pre_is(kStuck), sa > loss_max_rest),
                                                  logical_and(initial, w_a > Expr(0.0))));
    b.discrete_equation(start_backward, logical_or(logical_and(pre_is(kStuck), sa < loss_min_rest),
                                                   logical_and(initial, w_a < Expr(0.0))));
    b.discrete_equation(locked, logical_not(logical_or(logical_or(pre_is(kForward), start_forward),
                                                       logical_or(pre_is(kBackward), start_backward))));
    // The driving side: the torque at C less the bearing friction's share before the mesh.
    const Expr tau_eta = if_else(locked, tau_a, if_else(forward, tau_a - law.bf_a, tau_a + law.bf_a));
    b.discrete_equation(tau_eta_pos, tau_eta >= Expr(0.0));
    const Expr backward = logical_or(start_backward, pre_is(kBackward));
    b.discrete_equation(mode, if_else(logical_and(forward, w_a > Expr(0.0)), Expr(kForward),
                                      if_else(logical_and(backward, w_a < Expr(0.0)), Expr(kBackward), Expr(kStuck))));
    b.equation(tau_loss - if_else(locked, sa, if_else(forward, loss_max, loss_min)),
               "the loss: sa stuck, the forward or backward quadrant rolling");
    b.equation(a_a - if_else(locked, Expr(0.0), sa - tau_loss), "the acceleration on the path sa (0 stuck)");
    // From the law, not from tau_loss: the audit then checks the torque transmission. Stuck, w_a is
    // not exactly 0 but the root finding's residue (of the order of the tolerance), and the holding
    // loss sa times it is booked too.
    define_heat_port(b, w_a * if_else(locked, sa, if_else(forward, loss_max, loss_min)));
  }
}

}  // namespace acausal::rotational_components
