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

TEST_CASE("analysis: two inertias on an ideal gear are reduced to one degree of freedom") {
  ReducedDae r = analyze_text(R"({
    "format": "acausal/1",
    "components": { "a": { "type": "rotational.Inertia" }, "gear": { "type": "rotational.IdealGear", "params": { "ratio": 2 } },
                    "b": { "type": "rotational.Inertia" } },
    "connections": [["a.flange", "gear.C"], ["gear.R", "b.flange"]]
  })");
  CHECK(r.reduction.index == 3);
  // The gear kinematics a.phi = 2·b.phi is differentiated twice (speeds, accelerations).
  REQUIRE(r.reduction.differentiated.size() == 3);
  std::vector<std::string> differentiated;
  for (const auto& [equation, times] : r.reduction.differentiated) differentiated.push_back(std::to_string(times));
  CHECK(differentiated == std::vector<std::string>{"1", "1", "2"});  // both speed equations once, the gear twice
  // b's coefficient is the larger pivot: the gear is solved for b, whose derivatives become dummies;
  // der(a.phi) = a.w is solved for der(a.phi), so der(der(a.phi)) is one too. States: a.phi, a.w.
  CHECK(r.reduction.dummy_derivatives ==
        std::vector<std::string>{"der(der(a.phi))", "der(b.phi)", "der(der(b.phi))", "der(b.w)"});
  CHECK(r.reduction.pivots.empty());  // a constant gear ratio: nothing to check at run time
  // What is left: a's angle and speed, with the inertia of b reflected through the gear, J = 1 + 2²·1.
  REQUIRE(r.unknowns.size() == 2);
  CHECK(to_string(r.unknowns[0]) == "a.phi");
  CHECK(to_string(r.unknowns[1]) == "a.w");
  CHECK(to_string(r.residuals[1]) == "5*der(a.w)");
  CHECK(to_string(r.in_unknowns(Expr::variable("b.w"))) == "0.5*der(a.phi)");
}
