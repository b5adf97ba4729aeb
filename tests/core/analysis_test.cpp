#include <doctest/doctest.h>

#include "components/registry.hpp"
#include "core/analysis.hpp"
#include "core/errors.hpp"

using namespace acausal;

namespace {

ReducedDae analyze_text(const char* text) {
  static Model model;  // the result refers to the model's symbols only; keep it for the test's duration
  model = build_model(parse_netlist(text), builtin_registry());
  return analyze(model);
}

}  // namespace

TEST_CASE("analysis: a mass on a spring reduces to two differential unknowns") {
  ReducedDae r = analyze_text(R"({
    "format": "acausal/1",
    "components": { "wall": { "type": "translational.Fixed" }, "spring": { "type": "translational.Spring" },
                    "mass": { "type": "translational.Mass" } },
    "connections": [["wall.flange", "spring.C"], ["spring.R", "mass.flange"]]
  })");
  REQUIRE(r.unknowns.size() == 2);
  CHECK(to_string(r.unknowns[0]) == "mass.s");
  CHECK(to_string(r.unknowns[1]) == "mass.v");
  CHECK(r.differential == std::vector<bool>{true, true});
  // every other variable is rebuilt from them: the spring force is c·s
  CHECK(to_string(r.in_unknowns(Expr::variable("spring.f"))) == "mass.s");
  CHECK(to_string(r.in_unknowns(Expr::variable("wall.flange.f"))) == "mass.s");
}

TEST_CASE("analysis: two inertias on an ideal gear need index reduction, with the constraint and its depth named") {
  CHECK_THROWS_WITH_AS(analyze_text(R"({
    "format": "acausal/1",
    "components": { "a": { "type": "rotational.Inertia" }, "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "b": { "type": "rotational.Inertia" } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })"),
                       "/components/gear: the model needs index reduction, which this version cannot do yet (structural "
                       "index 3): these constraints fix quantities whose derivatives are also states\n"
                       "  /components/gear (gear: gear kinematics): 0 = a.phi - 2*b.phi   (to be differentiated twice)",
                       ModelError);
}
