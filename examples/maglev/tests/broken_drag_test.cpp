// libmaglev_broken.so is built from the same sources with the sign of the drag law flipped
// (MAGLEV_BREAK_DRAG_SIGN): a drag that pushes along the motion. Its energy terms still say what a
// drag dissipates, so the energy check must fail and name the drag, and only the drag.

#include <doctest/doctest.h>

#include "maglev.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("the broken drag: the energy check fails and names the drag") {
  const Registry broken = registry_with_libraries({MAGLEV_BROKEN_LIBRARY});
  // The first 0.2 s: the energy the drag pumps in makes the puck crash into the base at 0.32 s.
  Netlist netlist = load_netlist(MAGLEV_NETLIST);
  netlist.experiment.stop = 0.2;
  const auto run = simulate_netlist(netlist, &broken);
  const CheckResult check = check_energy(*run, 1e-6);
  CHECK_FALSE(check);
  MESSAGE(check);
  // The drag's own audit is off by twice its loss: Σ port power − loss = −d|v|³ − d|v|³. The other
  // components' audits are fine; the global balance is off too.
  CHECK(check.subjects() == std::vector<std::string>{"drag", "balance"});
  CHECK(check.message().find("\n  drag: audit Σ port power + injected − dE/dt − loss reached ") != std::string::npos);
  CHECK(run->energy().components.size() == 4);
}

TEST_CASE("the broken drag: at one point its law and its energy audit disagree") {
  const Registry broken = registry_with_libraries({MAGLEV_BROKEN_LIBRARY});
  const Definition d = instantiate(broken, "maglev.QuadraticDrag", {{"d", 2.0}});
  // The values its (wrong) law holds at: f = −d·v_rel·|v_rel|.
  const Values v{{"x.R.s", 0.3},      {"x.C.s", 0.1}, {"x.s_rel", 0.2},  {"der(x.R.s)", 1.5}, {"der(x.C.s)", 0.0},
                 {"x.v_rel", 1.5},    {"x.f", -4.5},  {"x.R.f", -4.5},   {"x.C.f", 4.5}};
  CHECK(check_residuals(d, v));
  const CheckResult audit = check_energy_audit(d, v);
  CHECK_FALSE(audit);
  CHECK(audit.subjects() == std::vector<std::string>{"x"});
  CHECK(energy_audit(d, v) == doctest::Approx(-2.0 * 2.0 * 1.5 * 1.5 * 1.5));  // −2·d·|v_rel|³
}
