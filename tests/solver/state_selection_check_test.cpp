// The run-time state selection judges a selected block against the constraints themselves (σ_min
// of the selected columns over σ_min of all candidates). A block that is nonsingular by structure
// (the links' out-of-plane angular velocities of an N-link planar pendulum, solved from its joints'
// rotation constraints: a chain of rotations with identities on the diagonal) is never singular,
// so index reduction keeps its choice for the whole run: nothing to judge. MSL's Fourbar1 without
// its state_select has a choice that depends on the motion: its blocks read as good where the
// choice at the start values is made, and a new choice there changes nothing.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "solver/initialization.hpp"
#include "solver/state_selection_check.hpp"
#include "tests/support/pendulum_chain.hpp"

using namespace acausal;
using namespace acausal::testing;

TEST_CASE("state selection check: a selection nonsingular by structure is kept for the whole run") {
  for (int n : {5, 20}) {
    CAPTURE(n);
    const Model model = build_model(parse_netlist(pendulum_chain_netlist({.links = n, .phi = 0.3})), builtin_registry());
    const auto program = compile(model);
    CHECK(program->dae().reduction.index > 1);
    CHECK(program->dae().reduction.pivots.empty());
    ProgramState state(*program);
    CHECK(StateSelectionCheck(state).idle());
  }
}

TEST_CASE("state selection check: Fourbar1's choice reads as good at its start and a new choice there is stable") {
  // MSL's Fourbar1 without its state_select: the state choice depends on the motion and is made
  // during the run.
  Netlist netlist = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/reference/MB_Fourbar1.json");
  for (NetlistComponent& c : netlist.components) c.state_select = nlohmann::json::object();
  const Model model = build_model(netlist, builtin_registry());
  const auto program = compile(model);
  REQUIRE(program->pivot_blocks().size() == 2);  // position and velocity level
  ProgramState state(*program);
  const InitialState s = initialize(state, 0.0);
  StateSelectionCheck check(state);
  const std::vector<double>& q = check.qualities(0.0, s.y.data(), s.yp.data());
  REQUIRE(q.size() == 2);
  CHECK(*std::min_element(q.begin(), q.end()) > 0.1);
  CHECK_FALSE(check.diagnose(0.0, s.y.data(), s.yp.data()).has_value());
  // Its blocks have more than 64 candidates: the start's choice was made by structure, a run's by
  // pivots, which may differ once; chosen again at the same point, nothing changes.
  check.choose(0.0, s.y.data(), s.yp.data());
  const std::vector<double> id = state.id;
  CHECK_FALSE(check.choose(0.0, s.y.data(), s.yp.data()));
  CHECK(state.id == id);
  CHECK(check.changes() <= 1);
  CHECK(std::count(id.begin(), id.end(), 1.0) == std::count(program->id().begin(), program->id().end(), 1.0));
}
