// The virtual connection graph of frame orientations (MLS §9.4): roots, branches rooted in the
// direction orientation flows, free bodies chosen as roots, loops cut into 3 orientation residuals,
// and the errors in the user's terms.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <unordered_set>

#include "components/registry.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/orientation_graph.hpp"

using namespace acausal;

namespace {

struct Graph {
  Netlist netlist;
  OrientationGraph graph;
  /// The roles of instance `name`.
  const FrameRoles& roles(const std::string& name) const {
    for (std::size_t i = 0; i < netlist.components.size(); ++i)
      if (netlist.components[i].name == name) return graph.roles[i];
    throw std::out_of_range(name);
  }
};

Graph graph_of(const std::string& components, const std::string& connections) {
  Graph g{parse_netlist(R"({ "format": "acausal/1", "components": {)" + components + R"(}, "connections": [)" +
                        connections + "] }"),
          {}};
  g.graph = build_orientation_graph(g.netlist, builtin_registry());
  return g;
}

const char* const kWorld = R"("world": { "type": "multibody.World" })";

}  // namespace

TEST_CASE("orientation graph: a joint is rooted at the side the World is on") {
  const std::string parts = std::string(kWorld) + R"(, "rev": { "type": "multibody.Revolute" },
                                                     "body": { "type": "multibody.Body" })";
  const Graph forward =
      graph_of(parts, R"(["world.frame_b", "rev.frame_a"], ["rev.frame_b", "body.frame_a"])");
  CHECK(forward.roles("rev").rooted("frame_a"));
  CHECK(!forward.roles("rev").rooted("frame_b"));
  CHECK(!forward.roles("body").is_root("frame_a"));  // the body hangs on the joint: not free
  CHECK(forward.graph.cut_ports.empty());
  const Graph backward =
      graph_of(parts, R"(["world.frame_b", "rev.frame_b"], ["rev.frame_a", "body.frame_a"])");
  CHECK(backward.roles("rev").rooted("frame_b"));
  CHECK(!backward.roles("rev").rooted("frame_a"));
}

TEST_CASE("orientation graph: a body that nothing orients is the root of its own part") {
  const Graph g = graph_of(std::string(kWorld) + R"(, "a": { "type": "multibody.Body" },
                                                              "b": { "type": "multibody.Body" })",
                                      "");
  CHECK(g.roles("a").is_root("frame_a"));
  CHECK(g.roles("b").is_root("frame_a"));
  // Two bodies welded together: one is the root, the other takes its orientation.
  const Graph welded = graph_of(std::string(kWorld) + R"(, "a": { "type": "multibody.Body" },
                                                                   "b": { "type": "multibody.Body" })",
                                           R"(["a.frame_a", "b.frame_a"])");
  CHECK(welded.roles("a").is_root("frame_a") != welded.roles("b").is_root("frame_a"));
}

TEST_CASE("orientation graph: a loop is cut at one port, which gets 3 orientation residuals instead of 9 equalities") {
  // World → rev1 → bar → rev2 → back to the World: one loop.
  const std::string parts = std::string(kWorld) + R"(,
      "rev1": { "type": "multibody.Revolute" }, "bar": { "type": "multibody.FixedTranslation", "params": { "r": [1, 0, 0] } },
      "rev2": { "type": "multibody.Revolute" })";
  const std::string links =
      R"(["world.frame_b", "rev1.frame_a"], ["rev1.frame_b", "bar.frame_a"], ["bar.frame_b", "rev2.frame_a"], ["rev2.frame_b", "world.frame_b"])";
  const Graph g = graph_of(parts, links);
  REQUIRE(g.graph.cut_ports.size() == 1);
  CHECK(g.graph.cut_ports.count("rev2.frame_b") == 1);
  const Netlist n = parse_netlist(R"({ "format": "acausal/1", "components": {)" + parts + R"(}, "connections": [)" + links + "] }");
  const Model m = build_model(n, builtin_registry());
  int loop_residuals = 0, cut_R_equalities = 0, cut_r_0_equalities = 0;
  for (std::size_t e = 0; e < m.equation_count(); ++e) {
    const std::string description = m.description(e);
    if (description.find("closes a loop") != std::string::npos) ++loop_residuals;
    if (description.rfind("rev2.frame_b and ", 0) == 0 && description.find(".R[") != std::string::npos) ++cut_R_equalities;
    if (description.rfind("rev2.frame_b and ", 0) == 0 && description.find(".r_0[") != std::string::npos) ++cut_r_0_equalities;
  }
  CHECK(loop_residuals == 3);
  CHECK(cut_R_equalities == 0);
  CHECK(cut_r_0_equalities == 3);  // positions still meet
}

TEST_CASE("orientation graph: a loop is cut at a joint's port rather than a rigid part's, or where loop_cuts say") {
  // World → rev1 → bar → rev2 → World, written so that netlist order alone would cut at the bar.
  const std::string parts = std::string(kWorld) + R"(,
      "rev1": { "type": "multibody.Revolute" }, "bar": { "type": "multibody.FixedTranslation", "params": { "r": [1, 0, 0] } },
      "rev2": { "type": "multibody.Revolute" })";
  const std::string links =
      R"(["world.frame_b", "rev1.frame_a", "rev2.frame_b"], ["rev2.frame_a", "bar.frame_b"], ["rev1.frame_b", "bar.frame_a"])";
  auto cuts = [&](const std::string& loop_cuts) {
    const Netlist n = parse_netlist(R"({ "format": "acausal/1", "components": {)" + parts + R"(}, "connections": [)" +
                                    links + "], \"loop_cuts\": [" + loop_cuts + "] }");
    return build_orientation_graph(n, builtin_registry()).cut_ports;
  };
  CHECK(cuts("") == std::unordered_set<std::string>{"rev1.frame_b"});
  CHECK(cuts(R"("rev2.frame_a")") == std::unordered_set<std::string>{"rev2.frame_a"});
  CHECK(cuts(R"("bar.frame_a")") == std::unordered_set<std::string>{"bar.frame_a"});
  CHECK_THROWS_WITH_AS(cuts(R"("rev3.frame_a")"),
                       "/loop_cuts/0: \"rev3.frame_a\" is no connected frame port: a loop is cut where a frame port "
                       "meets its connection",
                       ModelError);
  CHECK_THROWS_WITH_AS(cuts(R"("rev2.frame_a", "rev1.frame_b")"),
                       "/loop_cuts/0: no kinematic loop is left to cut at rev2.frame_a: its connection lies on no loop, "
                       "or on one that another of the loop_cuts opens",
                       ModelError);
  // A pendulum has no loop to cut.
  const Netlist pendulum = parse_netlist(R"({ "format": "acausal/1", "components": {)" + std::string(kWorld) +
                                         R"(, "rev": { "type": "multibody.Revolute" }, "body": { "type": "multibody.Body" } },
      "connections": [["world.frame_b", "rev.frame_a"], ["rev.frame_b", "body.frame_a"]], "loop_cuts": ["rev.frame_b"] })");
  CHECK_THROWS_WITH_AS(build_orientation_graph(pendulum, builtin_registry()),
                       "/loop_cuts/0: no kinematic loop is left to cut at rev.frame_b: its connection lies on no loop, "
                       "or on one that another of the loop_cuts opens",
                       ModelError);
}

TEST_CASE("orientation graph: errors name the frames and the instance") {
  CHECK_THROWS_WITH_AS(graph_of(std::string(kWorld) + R"(, "bar": { "type": "multibody.FixedTranslation" })", ""),
                       "/components/bar: bar.frame_a, bar.frame_b are not connected to the World, a Fixed frame or a "
                       "free body: nothing sets their orientation",
                       ModelError);
  CHECK_THROWS_WITH_AS(graph_of(std::string(kWorld) + R"(, "fixed": { "type": "multibody.Fixed" })",
                                R"(["world.frame_b", "fixed.frame_b"])"),
                       "/components/fixed: world.frame_b and fixed.frame_b both fix the orientation (World, Fixed) and "
                       "are joined rigidly: remove one of them",
                       ModelError);
  // The whole pipeline names a mistyped port before it complains about orientation.
  const Netlist typo = parse_netlist(R"({ "format": "acausal/1", "components": {)" + std::string(kWorld) +
                                     R"(, "bar": { "type": "multibody.FixedTranslation" } },
                                     "connections": [["world.frame_b", "bar.frame_aa"]] })");
  CHECK_THROWS_WITH_AS(build_model(typo, builtin_registry()),
                       "/connections/0/1: \"frame_aa\" is not a port of bar (multibody.FixedTranslation); its ports: "
                       "frame_a, frame_b",
                       ModelError);
}
