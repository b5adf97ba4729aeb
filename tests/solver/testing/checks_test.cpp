// The testing API itself (acausal/testing.hpp): each check passes on a correct case and fails on a
// wrong one, naming what failed with its numbers.

#include <doctest/doctest.h>

#include <limits>
#include <sstream>

#include "acausal/testing.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

/// A translational element whose force jumps from −1 to 1 N where v_rel crosses 0: its symbolic
/// Jacobian (0) and a central difference across the jump disagree.
class Jump final : public Component {
 public:
  std::string_view type() const override { return "test.Jump"; }
  std::string_view summary() const override { return "test: f = ±1 by the sign of v_rel"; }
  void define(ComponentBuilder& b) const override {
    Compliant e = define_compliant(b, translational());
    b.equation(e.flow - if_else(e.rate > 0.0, 1.0, -1.0), "jump");
  }
};

/// Consistent values of a translational.Spring x of c = 100 N/m stretched by s, stretching at v.
Values spring_at(double s, double v) {
  return {{"x.R.s", s},         {"x.C.s", 0.0},        {"x.s_rel", s},      {"der(x.R.s)", v}, {"der(x.C.s)", 0.0},
          {"x.v_rel", v},       {"der(x.s_rel)", v},   {"x.f", 100.0 * s},  {"x.R.f", 100.0 * s},
          {"x.C.f", -100.0 * s}};
}

}  // namespace

TEST_CASE("testing API: a CheckResult is true until a finding, and prints what failed") {
  CheckResult r("energy of m");
  CHECK(r);
  CHECK(r.message() == "energy of m: passed");
  r.add("drag", "too large");
  r.add("balance", "off");
  r.add("drag", "again");
  CHECK_FALSE(r);
  CHECK(r.subjects() == std::vector<std::string>{"drag", "balance"});
  CHECK(r.message() == "energy of m: failed\n  drag: too large\n  balance: off\n  drag: again");
  std::ostringstream out;
  out << r;
  CHECK(out.str() == r.message());
}

TEST_CASE("testing API: check_residuals names the equation that does not hold, with its residual") {
  const Definition d = instantiate("translational.Spring", {{"c", 100.0}});
  CHECK(check_residuals(d, spring_at(0.1, 0.5)));
  Values wrong = spring_at(0.1, 0.5);
  wrong["x.f"] = 11.0, wrong["x.R.f"] = 11.0, wrong["x.C.f"] = -11.0;
  const CheckResult r = check_residuals(d, wrong, 1e-9);
  CHECK(r.message() ==
        "equations of x (translational.Spring), tolerance 1e-09: failed\n"
        "  equation 5 (Hooke's law): 0 = x.f - 100*x.s_rel has the residual 1");
}

TEST_CASE("testing API: check_energy_audit gives every term when the audit is not zero") {
  const Definition d = instantiate("translational.Spring", {{"c", 100.0}});
  CHECK(check_energy_audit(d, spring_at(0.1, 0.5)));
  CHECK(energy_audit(d, spring_at(0.1, 0.5)) == doctest::Approx(0.0));
  // A force that is not the law's: the ports take 11·0.5 W, the energy grows at 10·0.5 W.
  Values wrong = spring_at(0.1, 0.5);
  wrong["x.f"] = 11.0, wrong["x.R.f"] = 11.0, wrong["x.C.f"] = -11.0;
  const CheckResult r = check_energy_audit(d, wrong, 1e-9);
  CHECK(r.message() ==
        "energy audit of x (translational.Spring), relative tolerance 1e-09: failed\n"
        "  x: Σ port power + injected − dE/dt − loss = 0.5 W (port power 5.5 W, injected 0 W, dE/dt 5 W, "
        "loss 0 W): 0.09091 of the power scale 5.5 W");
}

TEST_CASE("testing API: check_jacobian agrees away from a switch and reports a difference across it") {
  const Jump jump;
  const Definition d = instantiate(jump, {}, "j");
  auto at = [](double v) {
    return Values{{"j.R.s", 0.0}, {"j.C.s", 0.0}, {"j.s_rel", 0.0}, {"der(j.R.s)", v}, {"der(j.C.s)", 0.0},
                  {"j.v_rel", v}, {"j.f", 1.0},   {"j.R.f", 1.0},   {"j.C.f", -1.0}};
  };
  CHECK(check_jacobian(d, at(0.5)));
  CHECK(check_jacobian(instantiate("translational.Spring", {{"c", 100.0}}), spring_at(0.1, 0.5)));
  // 1e-9 from the jump, with a step of 1e-6: the difference measures the jump, 2/(2e-6).
  const CheckResult r = check_jacobian(d, at(1e-9));
  CHECK(r.message() ==
        "Jacobian of j (test.Jump) against central differences, relative tolerance 1e-06: failed\n"
        "  equation 5 (jump): ∂/∂j.v_rel: symbolic 0, central difference -1e+06");
  const Partial p = partial(d.equations.back().residual, "j.v_rel", at(0.5), 1e-3);
  CHECK(p.symbolic == 0.0);
  CHECK(p.central == 0.0);
  const Partial dR = partial(d.equations[1].residual, "der(j.R.s)", at(0.5), 1e-3);  // v_rel − der(R.s) + der(C.s)
  CHECK(dR.symbolic == -1.0);
  CHECK(dR.central == doctest::Approx(-1.0));
}

TEST_CASE("testing API: check_energy names the component, when and how large, and lets a noise-level audit pass") {
  EnergyReport e;
  e.time_start = 0.0, e.time_end = 2.0, e.energy_scale = 4.0;
  e.worst_balance = 8e-6, e.worst_balance_time = 1.5;
  ComponentEnergy damper{.instance = "damper"}, body{.instance = "body"}, spring{.instance = "spring"};
  damper.worst_audit = 0.3, damper.worst_audit_time = 0.25, damper.power_scale = 0.15;
  body.worst_audit = 1e-13, body.worst_audit_time = 1.0, body.power_scale = 1e-13;  // exchanges no power
  spring.worst_audit = 1e-12, spring.power_scale = 2.0;
  e.components = {damper, body, spring};

  const CheckResult r = check_energy(e, 1e-6);
  CHECK(r.subjects() == std::vector<std::string>{"damper", "balance"});
  CHECK(r.message() ==
        "energy account (relative tolerances: balance 1e-06, audits 1e-06): failed\n"
        "  damper: audit Σ port power + injected − dE/dt − loss reached 0.3 W at t = 0.25 s, 2 of its power "
        "scale 0.15 W\n"
        "  balance: E_stored + W_loss − W_in − E_stored(t0) reached 8e-06 J at t = 1.5 s, 2e-06 of the energy "
        "scale 4 J");
  // Within looser tolerances both pass.
  CHECK(check_energy(e, EnergyTolerance{.balance = 1e-5, .audit = 10.0}));
  // The body's audit, sustained over the run, is 2e-13 J: below 1e-6 of 4 J, but not below 1e-15 of it.
  CHECK(check_energy(e, EnergyTolerance{.balance = 1.0, .audit = 1e-15}).subjects() ==
        std::vector<std::string>{"damper", "body", "spring"});
  // A NaN is never within a tolerance.
  e.components[2].worst_audit = std::numeric_limits<double>::quiet_NaN();
  CHECK(check_energy(e, EnergyTolerance{.balance = 1.0, .audit = 10.0}).subjects() == std::vector<std::string>{"spring"});
}
