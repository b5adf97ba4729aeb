// Kinematic loops of the Modelica Standard Library (MultiBody.Examples.Loops) against their
// reference trajectories (tests/reference/data), with the loop's closed-form kinematics and the
// energy account checked along the run.

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "tests/reference/reference_case.hpp"
#include "solver/solver_error.hpp"
#include "tests/support/simulation_run.hpp"

#include <nlohmann/json.hpp>

using namespace acausal;
using namespace acausal::reference;

namespace {

const std::string kNetlists = ACAUSAL_SOURCE_DIR "/netlists/reference/";

/// The case's netlist with `component` made an ordinary multibody.Revolute (MSL's loops close with a
/// RevolutePlanarLoopConstraint there) and, with `keep_state_select` false, no "state_select".
Netlist variant(const std::string& name, const std::string& component, bool keep_state_select = true) {
  Netlist n = load_netlist(kNetlists + name + ".json");
  for (NetlistComponent& c : n.components) {
    if (c.name == component) c.type = "multibody.Revolute";
    if (!keep_state_select) c.state_select = nlohmann::json::object();
  }
  return n;
}

/// The closure rows a netlist's model released (Model::released_closures).
std::vector<std::string> released(const Netlist& n) { return build_model(n, builtin_registry()).released_closures; }

/// The energy account of the netlist's run closes to `tolerance` of its scale: constraint forces
/// of the closed loop do no work.
void check_loop_energy(const std::string& name, double tolerance, const Netlist* netlist = nullptr) {
  const auto run = netlist ? testing::simulate_netlist(*netlist) : testing::simulate_netlist_file(kNetlists + name + ".json");
  const testing::CheckResult energy = testing::check_energy(*run, tolerance);
  MESSAGE(name << ": energy balance " << run->energy().relative_balance() << " of the energy scale");
  CHECK_MESSAGE(energy.passed(), energy.message());
}

}  // namespace

TEST_SUITE("reference") {

TEST_CASE("MB_Fourbar1: Modelica.Mechanics.MultiBody.Examples.Loops.Fourbar1") {
  // A spatial loop of six revolutes and a prismatic joint: the orientation graph cuts it and three
  // orientation residuals close it with the three position equations.
  const CaseRun run = compare_case("MB_Fourbar1", {{"j1.phi", "j1.phi"}, {"j1.w", "j1.w"}});
  // The guess j2.s = −0.2 is the assembled position at j1.phi = 0: all other joints at zero.
  CHECK(run.result.column("j2.s").front() == doctest::Approx(-0.2).epsilon(1e-9));
  CHECK(std::fabs(run.result.column("j5.phi").front()) < 1e-9);
  check_loop_energy("MB_Fourbar1", 1e-5);
}

TEST_CASE("MB_PlanarFourbar: Modelica.Mechanics.MultiBody.Examples.Loops.PlanarFourbar") {
  const CaseRun run = compare_case("MB_PlanarFourbar", {{"revolute1.phi", "revolute1.phi"}, {"revolute1.w", "revolute1.w"}});
  // The loop stays closed: the coupler's end B = A + R(θ1 + θ2)·(0.1, 1.1) meets the rocker's
  // D = (−0.15, 1) + R(θ4)·(0.65, 0.1) (crank A = 0.4·(cos θ1, sin θ1); model.md).
  const std::vector<double> t1 = run.result.column("revolute1.phi"), t2 = run.result.column("revolute2.phi"),
                            t4 = run.result.column("revolute3.phi");
  double worst = 0.0;
  for (std::size_t k = 0; k < t1.size(); ++k) {
    const double c = t1[k] + t2[k];
    const double bx = 0.4 * std::cos(t1[k]) + 0.1 * std::cos(c) - 1.1 * std::sin(c);
    const double by = 0.4 * std::sin(t1[k]) + 0.1 * std::sin(c) + 1.1 * std::cos(c);
    const double dx = -0.15 + 0.65 * std::cos(t4[k]) - 0.1 * std::sin(t4[k]);
    const double dy = 1.0 + 0.65 * std::sin(t4[k]) + 0.1 * std::cos(t4[k]);
    worst = std::max(worst, std::hypot(bx - dx, by - dy));
  }
  MESSAGE("MB_PlanarFourbar: loop closure off by " << worst << " m at worst");
  CHECK(worst < 1e-6);
  check_loop_energy("MB_PlanarFourbar", 1e-5);
}

TEST_CASE("MB_Engine1a: Modelica.Mechanics.MultiBody.Examples.Loops.Engine1a") {
  const CaseRun run = compare_case("MB_Engine1a", {{"inertia.phi", "inertia.phi"}, {"inertia.w", "inertia.w"}});
  // The slider-crank's closed form (model.md): s = 0.35 − 0.1·cos φ − √(0.04 − 0.01·sin²φ) and
  // sin β = −0.5·sin φ, on the branch the guess s = 0.15 selects (piston above the crank pin). The
  // output rows are IDA's interpolation between steps: they hold the closure to the integration's
  // accuracy (the crank turns 0.03 rad a step), not to Newton's.
  const std::vector<double> phi = run.result.column("inertia.phi"), s = run.result.column("cylinder.s"),
                            beta = run.result.column("b1.phi");
  double worst_s = 0.0, worst_beta = 0.0;
  for (std::size_t k = 0; k < phi.size(); ++k) {
    const double sin_phi = std::sin(phi[k]);
    worst_s = std::max(worst_s, std::fabs(s[k] - (0.35 - 0.1 * std::cos(phi[k]) - std::sqrt(0.04 - 0.01 * sin_phi * sin_phi))));
    worst_beta = std::max(worst_beta, std::fabs(std::sin(beta[k]) + 0.5 * sin_phi));
  }
  MESSAGE("MB_Engine1a: closed-form kinematics off by " << worst_s << " m (s), " << worst_beta << " (sin β)");
  CHECK(s.front() == doctest::Approx(0.05).epsilon(1e-12));
  CHECK(worst_s < 1e-5);
  CHECK(worst_beta < 1e-4);
  check_loop_energy("MB_Engine1a", 1e-5);
}

TEST_CASE("MB_Fourbar1 with the state choice left to acausal") {
  // Without MSL's stateSelect = always on j1: another joint's angle and speed are the states.
  const Netlist n = variant("MB_Fourbar1", "", false);
  compare_netlist("MB_Fourbar1", n, {{"j1.phi", "j1.phi"}, {"j1.w", "j1.w"}});
}

TEST_CASE("MB_Fourbar1 cut where the netlist's loop_cuts say") {
  // acausal cuts at a joint's port (j2.frame_a); a cut at the coupler's rigid end or between two
  // revolutes of the coupler moves the same.
  for (const std::string port : {"b3.frame_a", "j4.frame_b"}) {
    CAPTURE(port);
    Netlist n = load_netlist(kNetlists + "MB_Fourbar1.json");
    n.loop_cuts = {port};
    const Model m = build_model(n, builtin_registry());
    REQUIRE(m.loop_cuts.size() == 1);
    CHECK(m.loop_cuts[0].port == port);
    compare_netlist("MB_Fourbar1", n, {{"j1.phi", "j1.phi"}, {"j1.w", "j1.w"}});
  }
}

TEST_CASE("MB_PlanarFourbar closed by an ordinary Revolute: the three closure rows the plane implies are released") {
  // The orientation graph cuts the loop at a connection; of its six closure rows, the origins'
  // agreement along z and the orientations' about x and y hold by the parallel axes alone.
  const Netlist n = variant("MB_PlanarFourbar", "revolute4cut");
  CHECK(released(n) == std::vector<std::string>{"revolute4cut.frame_a: no cut force along world axis 3",
                                                "revolute4cut.frame_a: no cut torque about axis 1",
                                                "revolute4cut.frame_a: no cut torque about axis 2"});
  compare_netlist("MB_PlanarFourbar", n, {{"revolute1.phi", "revolute1.phi"}, {"revolute1.w", "revolute1.w"}});
  check_loop_energy("MB_PlanarFourbar", 1e-5, &n);
}

TEST_CASE("MB_Engine1a closed by an ordinary Revolute at the crank pin") {
  // The slider-crank moves in the y-z plane: the cut releases the force along x and the torques
  // about the other two axes.
  const Netlist n = variant("MB_Engine1a", "b2");
  CHECK(released(n).size() == 3);
  compare_netlist("MB_Engine1a", n, {{"inertia.phi", "inertia.phi"}, {"inertia.w", "inertia.w"}});
  check_loop_energy("MB_Engine1a", 1e-5, &n);
}

TEST_CASE("the loop example netlists: energy accounts and the two ways to close a planar loop") {
  const std::string dir = ACAUSAL_SOURCE_DIR "/netlists/";
  const auto cut_joint = testing::simulate_netlist_file(dir + "four_bar.json");
  const auto revolute = testing::simulate_netlist_file(dir + "four_bar_revolute_cut.json");
  const auto slider = testing::simulate_netlist_file(dir + "slider_crank.json");
  for (const auto* run : {cut_joint.get(), revolute.get(), slider.get()}) {
    const testing::CheckResult energy = testing::check_energy(*run, testing::EnergyTolerance{.balance = 1e-5, .audit = 1e-6});
    CHECK_MESSAGE(energy.passed(), energy.message());
  }
  // The motor turns the crank round (about 14 turns) and the two closures give the same motion.
  const std::vector<double> a = cut_joint->column("crank_joint.phi"), b = revolute->column("crank_joint.phi");
  CHECK(a.back() < -80.0);
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, std::fabs(a[k] - b[k]));
  MESSAGE("four_bar: the two closures differ by " << worst << " rad at most");
  CHECK(worst < 1e-3);
  // The slider-crank's piston follows its closed form (model.md of MB_Engine1a, same geometry).
  const std::vector<double> phi = slider->column("flywheel.phi"), s = slider->column("cylinder.s");
  double worst_s = 0.0;
  for (std::size_t k = 0; k < phi.size(); ++k) {
    const double sin_phi = std::sin(phi[k]);
    worst_s = std::max(worst_s, std::fabs(s[k] - (0.35 - 0.1 * std::cos(phi[k]) - std::sqrt(0.04 - 0.01 * sin_phi * sin_phi))));
  }
  CHECK(worst_s < 1e-5);
  // The flywheel coasts down: the damper took most of its energy.
  CHECK(slider->column("flywheel.w").back() < 15.0);
}

TEST_CASE("a four-bar whose crank alone may carry the states balances its energy as with the crank kept always") {
  // netlists/four_bar.json with the crank's states "prefer" and the other joints "default": the
  // run may choose (a block that can turn singular), but only the crank's phi and w are free, each
  // alone in its selection row. der(crank_joint.phi) stays an unknown of its own: substituted from
  // the damper's torque, it tied phi's y' to that row's Newton error, and the balance was 2.9e-5.
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/four_bar.json");
  for (NetlistComponent& c : n.components) {
    if (c.name == "crank_joint") c.state_select = {{"phi", "prefer"}, {"w", "prefer"}};
    if (c.name == "coupler_joint" || c.name == "rocker_joint") c.state_select = {{"phi", "default"}, {"w", "default"}};
  }
  const Model model = build_model(n, builtin_registry());
  const auto program = compile(model, ProgramOptions{.energy = true});
  CHECK(program->dae().reduction.selectable == std::vector<std::string>{"crank_joint.phi", "crank_joint.w"});
  const auto run = testing::simulate_netlist(n);
  MESSAGE("four-bar, crank prefer: energy balance " << run->energy().relative_balance() << " at tolerance 1e-6");
  CHECK(run->energy().relative_balance() < 2e-6);
  n.experiment.tolerance = 1e-8;
  const auto tight = testing::simulate_netlist(n);
  MESSAGE("four-bar, crank prefer: energy balance " << tight->energy().relative_balance() << " at tolerance 1e-8");
  CHECK(tight->energy().relative_balance() < 5e-8);
}

TEST_CASE("netlists/inline_four.json: four slider-cranks on one crankshaft keep the flywheel's states") {
  // Cylinders 1 and 4 (and 2 and 3) share a crank angle: twin loops whose constraint rows match
  // row for row. The flywheel ("always") keeps the states however the structural selection runs,
  // every piston follows its slider-crank's closed form, and the coasting engine keeps its energy.
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/inline_four.json");
  CHECK(build_model(n, builtin_registry()).released_closures.empty());
  const auto run = testing::simulate_netlist(n);
  const std::vector<double> phi = run->column("flywheel.phi");
  CHECK(phi.back() > 30.0);
  for (int c = 1; c <= 4; ++c) {
    const double offset = c == 1 || c == 4 ? 0.0 : std::numbers::pi;
    const std::vector<double> s = run->column("c" + std::to_string(c) + "_cylinder.s");
    double worst = 0.0;
    for (std::size_t k = 0; k < phi.size(); ++k) {
      const double angle = phi[k] + offset, sine = std::sin(angle);
      worst = std::max(worst, std::fabs(s[k] - (0.35 - 0.1 * std::cos(angle) - std::sqrt(0.04 - 0.01 * sine * sine))));
    }
    CAPTURE(c);
    CHECK(worst < 1e-5);
  }
  MESSAGE("inline_four: energy balance " << run->energy().relative_balance() << " at tolerance 1e-6");
  CHECK(run->energy().relative_balance() < 5e-5);
  // The balance converges with the tolerance.
  n.experiment.tolerance = 1e-8;
  const auto tight = testing::simulate_netlist(n);
  MESSAGE("inline_four: energy balance " << tight->energy().relative_balance() << " at tolerance 1e-8");
  CHECK(tight->energy().relative_balance() < 1e-6);
}

TEST_CASE("a four-bar whose links cannot meet stops at initialization naming its closing joint") {
  // MB_PlanarFourbar with a coupler of 0.05 m and a rocker of 0.1 m: with the 0.4 m crank they
  // reach 0.55 m, the ground is 1.01 m long.
  Netlist n = load_netlist(kNetlists + "MB_PlanarFourbar.json");
  for (NetlistComponent& c : n.components) {
    if (c.name == "body2") c.params["r"] = nlohmann::json::array({0.05, 0.0, 0.0});
    if (c.name == "body4") c.params["r"] = nlohmann::json::array({0.1, 0.0, 0.0});
  }
  try {
    testing::simulate_netlist(n);
    FAIL("the impossible four-bar ran");
  } catch (const SolverError& e) {
    const std::string what = e.what();
    MESSAGE(what.substr(0, what.find('\n')));
    CHECK(what.find("the kinematic loop closed at revolute4cut cannot be assembled from these start values") !=
          std::string::npos);
  }
}

TEST_CASE("a four-bar assembled at its dead point stops where the closure row released there opens") {
  // netlists/four_bar_revolute_cut.json with its links in a line along x (ground 1 m, crank 0.4 m,
  // coupler 1.1 m, rocker 0.5 m: 0.4 + 1.1 = 1 + 0.5) and no motor. At that configuration no joint
  // angle moves a frame along x, so the cut's x row depends on the others as the plane's three
  // rows do, and is released with them; once gravity folds the links, nothing holds it.
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/four_bar_revolute_cut.json");
  const std::map<std::string, double> along_x = {{"ground", 1.0}, {"crank", 0.4}, {"coupler", 1.1}, {"rocker", 0.5}};
  for (NetlistComponent& c : n.components) {
    if (const auto it = along_x.find(c.name); it != along_x.end()) c.params["r"] = nlohmann::json::array({it->second, 0.0, 0.0});
    if (c.name == "motor") c.params["tau_constant"] = 0.0;
  }
  CHECK(released(n) == std::vector<std::string>{"cut.frame_a: no cut force along world axis 1",
                                                "cut.frame_a: no cut force along world axis 3",
                                                "cut.frame_a: no cut torque about axis 1",
                                                "cut.frame_a: no cut torque about axis 2"});
  try {
    testing::simulate_netlist(n);
    FAIL("the four-bar opened at its cut and ran on");
  } catch (const SolverError& e) {
    MESSAGE(e.what());
    CHECK(e.time() > 0.0);
    // 1e-3 of the loop's size: the frame origins span 1.5 m along x.
    CHECK(std::string(e.what()).find("the loop closed at cut.frame_a has opened: a closure row the assembly found implied by "
                                     "the rest of the loop (no cut force along world axis 1) no longer holds to 0.0015 m") !=
          std::string::npos);
  }
  // The netlist as written releases only the plane's rows, which its joints hold to rounding: its
  // run (the example test above) goes to the end with the same watch.
  CHECK(build_model(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/four_bar_revolute_cut.json"), builtin_registry()).assertions.size() == 3);
}

TEST_CASE("a spatial loop releases nothing") {
  CHECK(released(load_netlist(kNetlists + "MB_Fourbar1.json")).empty());
}

}  // TEST_SUITE
