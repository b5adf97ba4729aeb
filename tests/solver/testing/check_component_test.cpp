// check_component(): every built-in component passes it, and a component broken in each way it
// checks fails, naming the check and the values.

#include <doctest/doctest.h>

#include <string>

#include "acausal/testing.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// x.frame_a's angular velocity along the two axes normal to n = [0, 0, 1]: zero where a planar
/// loop joint's frames turn about its axis (the loop it closes is planar).
std::vector<Expr> turning_about_z(const Definition&) {
  return {Expr::variable("x.frame_a.w[1]"), Expr::variable("x.frame_a.w[2]")};
}

/// No torque at a point mass's frame_a (its assertion: it orients frame_a and takes no torque).
std::vector<Expr> no_torque(const Definition&) {
  return {Expr::variable("x.frame_a.t[1]"), Expr::variable("x.frame_a.t[2]"), Expr::variable("x.frame_a.t[3]")};
}

/// A one-way clutch overrunning at 1 rad/s. Its locked mode holds only at w_rel = 0, which its
/// equations leave to the event that locks it: a random start with w_rel < 0 locks it at that
/// speed, where tau·w_rel < 0 is no loss a simulation ever reaches.
std::vector<Expr> overrunning(const Definition&) { return {Expr::variable("x.w_rel") - 1.0}; }

/// A rotational spring whose torque is not the slope of its declared energy: τ = c·φ_rel², E = ½·c·φ_rel².
class WrongLawSpring final : public Component {
 public:
  std::string_view type() const override { return "test.WrongLawSpring"; }
  std::string_view summary() const override { return "test: a spring whose law and energy disagree"; }
  void define(ComponentBuilder& b) const override {
    const Expr c = b.parameter("c", "N*m/rad", 2.0, "Stiffness");
    const Compliant e = define_compliant(b, rotational());
    b.equation(e.flow - c * pow(e.rel, 2), "torque");
    b.stored_energy(0.5 * c * pow(e.rel, 2));
  }
};

/// An inertia that books twice its kinetic energy: E = J·w².
class WrongEnergyInertia final : public Component {
 public:
  std::string_view type() const override { return "test.WrongEnergyInertia"; }
  std::string_view summary() const override { return "test: an inertia with the wrong energy"; }
  void define(ComponentBuilder& b) const override {
    const Expr J = b.parameter("J", "kg*m^2", 1.0, "Moment of inertia");
    const Port a = b.port("flange_a", rotational(), "Left flange");
    const Port bb = b.port("flange_b", rotational(), "Right flange");
    const Expr phi = b.variable("phi", "rad", "Angle");
    const Expr w = b.variable("w", "rad/s", "Speed");
    b.equation(a.potential() - phi, "flange_a turns with it");
    b.equation(bb.potential() - phi, "flange_b turns with it");
    b.equation(w - der(phi), "speed");
    b.equation(J * der(w) - (a.flow() + bb.flow()), "Newton");
    b.stored_energy(J * pow(w, 2));
  }
};

/// A translational drag whose force has the wrong sign (it pushes the motion on) and whose loss is
/// written as the power it takes in through its flanges: its audit closes, its loss is negative.
class FlippedDrag final : public Component {
 public:
  std::string_view type() const override { return "test.FlippedDrag"; }
  std::string_view summary() const override { return "test: a drag with its sign flipped"; }
  void define(ComponentBuilder& b) const override {
    const Expr k = b.parameter("k", "N*s^2/m^2", 0.5, "Drag coefficient");
    const Compliant e = define_compliant(b, translational());
    b.equation(e.flow + k * e.rate * abs(e.rate), "drag");
    b.loss_power(e.flow * e.rate);
  }
};

/// A translational drag whose loss is written k·v_rel², a force, not a power.
class LossOfWrongDimension final : public Component {
 public:
  std::string_view type() const override { return "test.LossOfWrongDimension"; }
  std::string_view summary() const override { return "test: a drag whose loss is not in W"; }
  void define(ComponentBuilder& b) const override {
    const Expr k = b.parameter("k", "N*s^2/m^2", 0.5, "Drag coefficient");
    const Compliant e = define_compliant(b, translational());
    b.equation(e.flow - k * e.rate * abs(e.rate), "drag");
    b.loss_power(k * pow(e.rate, 2));
  }
};

/// A spring whose force is written c·v_rel (a damper's law) with c in N/m.
class LawOfWrongDimension final : public Component {
 public:
  std::string_view type() const override { return "test.LawOfWrongDimension"; }
  std::string_view summary() const override { return "test: a spring law with a speed"; }
  void define(ComponentBuilder& b) const override {
    const Expr c = b.parameter("c", "N/m", 0.5, "Stiffness");
    const Compliant e = define_compliant(b, translational());
    b.equation(e.flow - c * e.rate, "Hooke's law");
    b.stored_energy(0.5 * c * pow(e.rel, 2));
  }
};

/// A rotational spring whose stiffness is declared in "Nm/rad" (N*m/rad meant).
class UnitTypoSpring final : public Component {
 public:
  std::string_view type() const override { return "test.UnitTypoSpring"; }
  std::string_view summary() const override { return "test: a unit typo"; }
  void define(ComponentBuilder& b) const override {
    const Expr c = b.parameter("c", "Nm/rad", 2.0, "Stiffness");
    const Compliant e = define_compliant(b, rotational());
    b.equation(e.flow - c * e.rel, "torque");
    b.stored_energy(0.5 * c * pow(e.rel, 2));
  }
};

/// An aerodynamic drag f = ρ·A·v_rel·|v_rel|/2 with the density of air as a constant of its law:
/// declared with its unit (kg/m^3), or written as the bare number 1.2.
class AirDrag final : public Component {
 public:
  explicit AirDrag(bool declared) : declared_(declared) {}
  std::string_view type() const override { return declared_ ? "test.AirDrag" : "test.AirDragBareDensity"; }
  std::string_view summary() const override { return "test: drag in air"; }
  void define(ComponentBuilder& b) const override {
    const Expr A = b.parameter("A", "m^2", 0.5, "Frontal area", positive());
    const Expr rho = declared_ ? b.constant("rho", "kg/m^3", 1.2, "Density of air") : Expr(1.2);
    const Compliant e = define_compliant(b, translational());
    b.equation(e.flow - 0.5 * rho * A * e.rate * abs(e.rate), "drag");
    b.loss_power(e.flow * e.rate);
  }

 private:
  bool declared_;
};

/// A damper that forgot its relation between force and speed: one equation short.
class MissingEquationDamper final : public Component {
 public:
  std::string_view type() const override { return "test.MissingEquationDamper"; }
  std::string_view summary() const override { return "test: a damper without its law"; }
  void define(ComponentBuilder& b) const override { define_compliant(b, translational()); }
};

}  // namespace

TEST_CASE("check_component: every built-in component passes") {
  for (const Component* c : builtin_registry().all()) {
    const std::string type(c->type());
    CAPTURE(type);
    ComponentCheckOptions options;
    if (type == "signal.Table") options.params = {{"table", {{"time", {0.0, 1.0, 2.0}}, {"y", {0.0, 1.0, 0.5}}}}};
    if (type == "signal.Table1D") options.params = {{"table", {{"u", {0.0, 1.0, 2.0}}, {"y", {0.0, 1.0, 0.5}}}}};
    if (type == "signal.TimeTable") options.params = {{"table", {{0.0, 0.0}, {1.0, 1.0}, {1.0, 2.0}, {2.0, 0.5}}}};
    if (type == "signal.CombiTable1Ds") options.params = {{"table", {{0.0, 0.0, 1.0}, {1.0, 1.0, 1.0}, {2.0, 0.5, 3.0}}}};
    if (type == "signal.CombiTimeTable")
      options.params = {{"table", {{0.0, 0.0, 1.0}, {1.0, 1.0, 1.0}, {1.0, 2.0, 3.0}, {2.0, 0.5, 3.0}}}};
    if (type == "multibody.RevolutePlanarLoopConstraint") options.operating_range = turning_about_z;
    if (type == "multibody.PointMass") options.operating_range = no_torque;
    if (type == "rotational.OneWayClutch") options.operating_range = overrunning;
    const CheckResult result = check_component(*c, options);
    CHECK_MESSAGE(result, result.message());
  }
}

TEST_CASE("check_component: a law that disagrees with its energy fails the energy audit") {
  const CheckResult r = check_component(WrongLawSpring());
  CHECK(r.subjects() == std::vector<std::string>{"energy audit"});
  CHECK(r.message().starts_with("component check of test.WrongLawSpring (balance, units, energy audit, passivity, "
                                "Jacobian at 5 operating points), relative tolerance 1e-06: failed\n"
                                "  energy audit: at operating point 1: Σ port power + injected − dE/dt − loss = "));
}

TEST_CASE("check_component: a wrong stored energy fails the energy audit") {
  const CheckResult r = check_component(WrongEnergyInertia());
  CHECK(r.subjects() == std::vector<std::string>{"energy audit"});
  CHECK(r.findings().size() == 5);  // at each operating point
}

TEST_CASE("check_component: a drag with its sign flipped fails passivity alone") {
  const CheckResult r = check_component(FlippedDrag());
  CHECK(r.subjects() == std::vector<std::string>{"passivity"});
  CHECK(r.findings()[0].detail.find("the loss power is -") != std::string::npos);
  CHECK(r.findings()[0].detail.find("W, negative: the component puts energy in that it books as lost") !=
        std::string::npos);
}

TEST_CASE("check_component: a term of the wrong dimension fails the units check naming the terms") {
  const CheckResult loss = check_component(LossOfWrongDimension());
  CHECK(loss.subjects() == std::vector<std::string>{"units", "energy audit"});
  CHECK(loss.findings().front().detail.starts_with(
      "loss power is not in W: in other units (m, kg, s 1.7, 2.3, 1.3 times larger) it is "));
  const CheckResult law = check_component(LawOfWrongDimension());
  CHECK(law.subjects() == std::vector<std::string>{"units", "energy audit"});
  const std::string detail = law.findings().front().detail;
  CHECK(detail.starts_with("equation 5 (Hooke's law) does not hold in other units (m, kg, s 1.7, 2.3, 1.3 times "
                           "larger): relative residual "));
  CHECK(detail.ends_with(": the terms f [m*kg/s^2] and -c*v_rel [m*kg/s^3] differ in dimension"));
}

TEST_CASE("check_component: a constant of the law declared with its unit passes the units check and a bare number fails it") {
  CHECK_MESSAGE(check_component(AirDrag(true)), check_component(AirDrag(true)).message());
  const CheckResult bare = check_component(AirDrag(false));
  CHECK(bare.subjects() == std::vector<std::string>{"units"});
  CHECK(bare.findings().front().detail.starts_with("equation 5 (drag) does not hold in other units"));
  const Definition described = describe_type(AirDrag(true));
  REQUIRE(described.constants.size() == 1);
  CHECK(described.constants[0].name == "rho");
  CHECK(described.constants[0].unit == "kg/m^3");
  CHECK(to_string(described.equations[4].residual).find("rho") != std::string::npos);
}

TEST_CASE("check_component: a declared unit that does not parse is a units finding") {
  const CheckResult r = check_component(UnitTypoSpring());
  CHECK(r.subjects() == std::vector<std::string>{"units"});
  CHECK(r.findings().front().detail ==
        "parameter c's unit \"Nm/rad\": unknown unit 'Nm' in 'Nm/rad' (did you mean 'N*m'?)");
}

TEST_CASE("check_component: a missing equation fails the balance") {
  const CheckResult r = check_component(MissingEquationDamper());
  CHECK(r.subjects().front() == "balance");
  CHECK(r.findings().front().detail ==
        "4 equations, 1 too few for its variables less its ports' through variables and its signal inputs");
}

TEST_CASE("balance_surplus: a frame's orientation counts as 3 where no root sets it") {
  CHECK(balance_surplus(instantiate("multibody.Damper")) == 0);    // two frames, no branch
  CHECK(balance_surplus(instantiate("multibody.Revolute")) == 0);  // one branch, no root
  CHECK(balance_surplus(instantiate("multibody.World")) == 0);     // a root writes its frame's
  CHECK(balance_surplus(instantiate("multibody.Body")) == 0);      // a potential root, alone a root
  CHECK(balance_surplus(instantiate("multibody.ForceAndTorque", {{"resolve_in_frame", "frame_resolve"}})) == 0);
  CHECK(instantiate("multibody.ForceAndTorque", {{"resolve_in_frame", "frame_resolve"}}).frame_parts_without_root == 3);
}
