// Malformed friction parameters: each is a named error at its JSON pointer, before anything is
// simulated (tests/cli/cli_test.cpp checks that no result file is written).

#include <doctest/doctest.h>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("friction elements: malformed characteristics and forces are named errors at their pointers") {
  const nlohmann::json falling = {{"v", {0.0, 2.0, 1.0}}, {"mu", {0.5, 0.4, 0.3}}};
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"mu_pos", falling}}, "b"),
                       "/components/b/params/mu_pos: table b.mu_pos: breakpoints must be strictly increasing (point 2)",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"mu_pos", {{"v", nlohmann::json::array()}, {"mu", nlohmann::json::array()}}}}, "b"),
                       "/components/b/params/mu_pos: table b.mu_pos: needs at least one point", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"mu_pos", {{"v", {0.0, 1.0}}, {"mu", {0.5, -0.1}}}}}, "b"),
                       "/components/b/params/mu_pos: mu[1] must not be negative (friction opposes the motion), got -0.1",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"peak", 0.5}}, "b"),
                       "/components/b/params/peak: peak must be at least 1, got 0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"fn_max", -1.0}}, "b"),
                       "/components/b/params/fn_max: fn_max must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.Brake", {{"mu_pos", {{"v", {0.0, 1.0}}, {"mu", {0.5, 0.4}}}}, {"mu", 0.3}}, "b"),
                       "/components/b/params/mu: give either mu (a constant) or the table mu_pos, not both", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Brake", {{"mue_pos", {{"w", {0.0, 1.0}}, {"mue", {-0.5, 0.4}}}}}, "r"),
                       "/components/r/params/mue_pos: mue[0] must not be negative (friction opposes the motion), got -0.5",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.Brake", {{"peak", 0.9}}, "r"),
                       "/components/r/params/peak: peak must be at least 1, got 0.9", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.SupportFriction", {{"f_pos", {{"v", {0.0, 1.0}}, {"f", {3.0, -1.0}}}}}, "s"),
                       "/components/s/params/f_pos: f[1] must not be negative (friction opposes the motion), got -1",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.DryFriction", {{"f_slide", 3.0}, {"f_stick", 2.0}}, "d"),
                       "/components/d/params/f_stick: f_stick must be at least f_slide (3), got 2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("rotational.DryFriction", {{"tau_slide", -1.0}}, "d"),
                       "/components/d/params/tau_slide: tau_slide must not be negative, got -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("translational.MassWithStopAndFriction", {{"smin", 1.0}, {"smax", 1.5}, {"L", 1.0}}, "m"),
                       "/components/m/params/smax: the stops leave no room: smin + L/2 must be below smax − L/2", ModelError);
}
