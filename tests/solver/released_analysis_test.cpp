// A program compiled without keeping its analysis (ProgramOptions::keep_analysis = false, what
// `acausal simulate` does) frees the analysis once its tapes exist. It must run exactly as one that
// keeps it: the same initial state, the same names, targets and messages, the same state selection.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "solver/initialization.hpp"
#include "solver/state_selection_check.hpp"

using namespace acausal;

TEST_CASE("a program that released its analysis initializes and reports as one that kept it") {
  // An index-reduced model with initial targets, dummy derivatives and a state selection made
  // during the run: MSL's Fourbar1 without its state_select.
  Netlist netlist = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/reference/MB_Fourbar1.json");
  for (NetlistComponent& c : netlist.components) c.state_select = nlohmann::json::object();
  const Model model = build_model(netlist, builtin_registry());
  const auto kept = compile(model);
  const auto released = compile(model, ProgramOptions{.keep_analysis = false});

  CHECK_THROWS_WITH_AS(released->dae(),
                       "dae(): the program was compiled without keeping its analysis (ProgramOptions::keep_analysis)",
                       std::logic_error);
  REQUIRE(released->size() == kept->size());
  for (std::size_t k = 0; k < kept->size(); ++k) {
    CHECK(released->name(k) == kept->name(k));
    CHECK(released->targets()[k].priority == kept->targets()[k].priority);
    CHECK(released->targets()[k].value == kept->targets()[k].value);
    CHECK(released->target_pointer(k) == kept->target_pointer(k));
    CHECK(released->target_variable(k) == kept->target_variable(k));
  }
  for (std::size_t r = 0; r < kept->size(); ++r) CHECK(released->residual_provenance(r) == kept->residual_provenance(r));
  REQUIRE(released->pivot_blocks().size() == kept->dae().reduction.pivots.size());
  REQUIRE_FALSE(released->pivot_blocks().empty());

  ProgramState kept_state(*kept), released_state(*released);
  const InitialState a = initialize(kept_state, 0.0);
  const InitialState b = initialize(released_state, 0.0);
  CHECK(b.y == a.y);
  CHECK(b.yp == a.yp);
  StateSelectionCheck check_kept(kept_state), check_released(released_state);
  CHECK_FALSE(check_released.idle());
  CHECK(check_released.qualities(0.0, b.y.data(), b.yp.data()) == check_kept.qualities(0.0, a.y.data(), a.yp.data()));
}
