// Tunable parameters: numbers of a compiled model that a run changes without a rebuild, checked
// against the analytic motion and against models built with the new values.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/analysis/program.hpp"
#include "core/analysis/program_state.hpp"
#include "core/model/model.hpp"
#include <optional>
#include <thread>

#include "components/registry.hpp"
#include "core/expr/expr_context.hpp"
#include "solver/compiled_model.hpp"
#include "solver/result_writer.hpp"
#include "solver/simulation.hpp"
#include "solver/simulator.hpp"
#include "tests/support/compiled_netlist.hpp"

using namespace acausal;

namespace {

using Compiled = acausal::testing::CompiledNetlist;

Compiled compile_with(const std::string& path, std::vector<std::string> tunable,
                      const std::vector<std::pair<std::string, double>>& values = {}) {
  Netlist n = load_netlist(path);
  for (const auto& [name, value] : values) {
    const std::size_t dot = name.find('.');
    n.find(name.substr(0, dot))->params[name.substr(dot + 1)] = value;
  }
  n.tunable = std::move(tunable);
  return acausal::testing::compile_netlist(std::move(n));
}

/// The outputs on the netlist's grid, every parameter in `set` set on the run first.
std::vector<std::vector<double>> run(const Compiled& c, const std::vector<std::pair<std::string, double>>& set = {}) {
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  for (const auto& [name, value] : set) sim.set_parameter(name, value);
  const Experiment& e = c.netlist.experiment;
  const double dt = *e.interval;
  const auto rows = static_cast<std::size_t>(std::llround((e.stop - e.start) / dt));
  std::vector<std::vector<double>> out;
  for (std::size_t k = 0; k <= rows; ++k) {
    sim.step_to(std::min(e.stop, e.start + static_cast<double>(k) * dt));
    std::vector<double> row(c.program->outputs().output_count());
    sim.outputs(row.data());
    out.push_back(row);
  }
  return out;
}

/// max over rows and columns of |a − b| / (the column's range in b).
double relative_difference(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t j = 0; j < b[0].size(); ++j) {
    double low = b[0][j], high = b[0][j];
    for (const auto& row : b) low = std::min(low, row[j]), high = std::max(high, row[j]);
    const double range = std::max(high - low, 1e-300);
    for (std::size_t k = 0; k < b.size(); ++k) worst = std::max(worst, std::fabs(a[k][j] - b[k][j]) / range);
  }
  return worst;
}

}  // namespace

TEST_CASE("tunable parameters: a new spring constant and mass give the oscillator s = 0.1·cos(√(c/m)·t)") {
  const Compiled c = compile_with(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json", {"spring.c", "mass.m"});
  CHECK(c.program->tunable_names() == std::vector<std::string>{"mass.m", "spring.c"});
  for (const auto& [cs, m] : {std::pair{100.0, 1.0}, std::pair{400.0, 1.0}, std::pair{100.0, 4.0}, std::pair{2500.0, 0.25}}) {
    CAPTURE(cs);
    CAPTURE(m);
    Simulator sim(*c.program, options_from(c.netlist.experiment));
    sim.set_parameter("spring.c", cs);
    sim.set_parameter("mass.m", m);
    CHECK(sim.parameter("spring.c") == cs);
    const double w = std::sqrt(cs / m);
    const std::size_t s = *c.program->unknown_index("mass.s");
    for (double t : {0.1, 0.77, 2.0, 5.5}) {
      sim.step_to(t);
      CHECK(sim.y()[s] == doctest::Approx(0.1 * std::cos(w * t)).epsilon(1e-5).scale(0.1));
    }
  }
}

TEST_CASE("tunable parameters: a run of rotational_chain with new values equals a model built with them") {
  const std::string path = ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json";
  const std::vector<std::string> tunable{"coupling1.c", "coupling1.d"};
  const Compiled c = compile_with(path, tunable);
  const auto as_built = run(c);
  for (const auto& [k, d] : {std::pair{500.0, 0.5}, std::pair{350.0, 0.05}, std::pair{2000.0, 3.0}}) {
    CAPTURE(k);
    CAPTURE(d);
    const std::vector<std::pair<std::string, double>> values{{"coupling1.c", k}, {"coupling1.d", d}};
    const auto swept = run(c, values);
    if (k != 500.0) CHECK(relative_difference(swept, as_built) > 0.01);  // the values do change the motion
    // Built with the values, tunable as well: the same equations, the same numbers.
    CHECK(relative_difference(swept, run(compile_with(path, tunable, values))) <= 1e-12);
    // Built with the values folded into the equations (what a plain rebuild does): the same
    // motion, to the tolerance (1e-6).
    CHECK(relative_difference(swept, run(compile_with(path, {}, values))) <= 1e-4);
  }
}

TEST_CASE("tunable parameters: what cannot change without a rebuild says so, and names the parameter") {
  const Compiled c = compile_with(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json", {"spring.c", "mass.m"});
  Simulator sim(*c.program, options_from(c.netlist.experiment));
  // The component's own check on the value, as when the netlist gives it.
  CHECK_THROWS_WITH_AS(sim.set_parameter("mass.m", 0.0), "mass.m must be positive, got 0", std::invalid_argument);
  CHECK(sim.parameter("mass.m") == 1.0);  // a refused value leaves the run as it was
  CHECK_THROWS_WITH_AS(sim.set_parameter("spring.d", 1.0),
                       "set_parameter: spring.d is not a tunable parameter of this compiled model (it has: mass.m, "
                       "spring.c); compile it with the parameter among Netlist::tunable, or rebuild the model with the "
                       "new value (a parameter a component reads as a plain number is structural)",
                       std::invalid_argument);
  sim.step_to(0.1);
  CHECK_THROWS_WITH_AS(sim.set_parameter("spring.c", 200.0), "set_parameter: the run is initialized already",
                       std::logic_error);
}

TEST_CASE("compiled model: one compile, its names, and runs with their own parameter values") {
  const CompiledModel model(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json"), builtin_registry(),
                            {.tunable = {"spring.c"}});
  CHECK(model.name() == "oscillator");
  CHECK(model.unknown_count() == 2);
  CHECK(model.unknown_name(*model.unknown_index("mass.v")) == "mass.v");
  CHECK(model.output_names() == std::vector<std::string>{"mass.s", "mass.v", "spring.f"});
  CHECK(model.tunable_names() == std::vector<std::string>{"spring.c"});
  CHECK(model.tunable_values() == std::vector<double>{100.0});
  SimulationOptions options = options_from(model.experiment());
  options.tunable_values = {400.0};  // ω = 20 rad/s
  MemoryWriter writer;
  simulate(model, options, writer);
  const std::vector<double> s = writer.column("mass.s"), t = writer.times();
  for (std::size_t k = 0; k < t.size(); k += 50)
    CHECK(s[k] == doctest::Approx(0.1 * std::cos(20.0 * t[k])).epsilon(1e-5).scale(0.1));
  Simulator run(model, options_from(model.experiment()));  // the build's value: ω = 10 rad/s
  run.step_to(0.3);
  CHECK(run.y()[*model.unknown_index("mass.s")] == doctest::Approx(0.1 * std::cos(3.0)).epsilon(1e-5).scale(0.1));
}

TEST_CASE("compiled model: holds no expression, outlives the context that built it, and runs in another thread") {
  const Registry& registry = builtin_registry();  // made before: it lives on
  const Netlist netlist = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json");
  const std::size_t stores = live_expr_stores();
  std::optional<CompiledModel> model;
  {
    ExprContext context;
    model.emplace(netlist, registry, CompileOptions{.energy = true, .tunable = {"coupling1.c"}});
    CHECK(live_expr_stores() == stores + 1);
  }
  // The context's store goes when its last node does: the compiled model kept none.
  CHECK(live_expr_stores() == stores);
  SimulationOptions options = options_from(model->experiment());
  options.stop = 0.5;
  options.energy = true;
  options.tunable_values = {800.0};
  double balance = 1.0;
  std::thread([&] {
    MemoryWriter writer;
    balance = simulate(*model, options, writer).energy->relative_balance();
  }).join();
  CHECK(balance < 1e-5);
}

TEST_CASE("tunable parameters: every bundled and reference netlist compiled with every parameter tunable runs as its plain build") {
  // With the least number of tunable parameters each has today (multibody components read most of
  // their geometry as plain numbers: structural).
  const std::vector<std::pair<const char*, std::size_t>> netlists{
      {"brake_heating", 11}, {"double_pendulum", 1}, {"elastic_bearing", 14}, {"gear_backlash", 13}, {"nonlinear_damper_driveline", 4},
      {"nonlinear_spring_driveline", 10}, {"oscillator", 4}, {"pendulum", 1}, {"rod_hanging", 0},
      {"rotational_chain", 18}, {"slider_spring", 3}, {"tethered_body", 0}, {"two_bodies_spring", 0},
      {"two_gearboxes", 18}, {"two_masses", 8}, {"variable_damper_driveline", 10}};
  std::vector<std::pair<std::string, std::size_t>> paths;
  for (const auto& [name, tunables] : netlists)
    paths.emplace_back(std::string(ACAUSAL_SOURCE_DIR "/netlists/") + name + ".json", tunables);
  // The MSL examples the reference tests check, too (their counts not pinned).
  for (const char* name : {"MB_DoublePendulum", "MB_FreeBody", "MB_Pendulum", "MB_SpringDamperSystem",
                           "MB_SpringMassSystem", "MB_ThreeSprings", "MT_Joints_Prismatic", "MT_Joints_Revolute",
                           "Rot_First", "Rot_FirstGrounded", "Trans_Accelerate", "Trans_Damper", "Trans_Oscillator",
                           "Trans_Sensors", "Trans_SignConvention", "Trans_WhyArrows"})
    paths.emplace_back(std::string(ACAUSAL_SOURCE_DIR "/netlists/reference/") + name + ".json", 0);
  for (const auto& [path, tunables] : paths) {
    CAPTURE(path);
    Netlist netlist = load_netlist(path);
    netlist.experiment.stop = std::min(netlist.experiment.stop, netlist.experiment.start + 0.5);
    const Compiled plain = acausal::testing::compile_netlist(netlist);
    netlist.tunable = {"*"};
    const Compiled tunable = acausal::testing::compile_netlist(netlist);
    CHECK(tunable.program->tunable_names().size() >= tunables);
    CHECK(tunable.program->size() >= plain.program->size());  // aliases with tunable numbers stay unknowns
    MemoryWriter a, b;
    simulate(*plain.program, options_from(plain.netlist.experiment), a);
    simulate(*tunable.program, options_from(tunable.netlist.experiment), b);
    REQUIRE(a.times().size() == b.times().size());
    CHECK(relative_difference(b.rows(), a.rows()) <= 1e-5);
  }
}

TEST_CASE("tunable parameters: a damping built at zero stays in the equations, and a run gives it a value") {
  const std::string path = ACAUSAL_SOURCE_DIR "/netlists/two_masses.json";
  const Compiled at_zero = compile_with(path, {"mount.d"}, {{"mount.d", 0.0}});
  const auto damped = run(at_zero, {{"mount.d", 5.0}});
  // The netlist's own value, 5 N·s/m, folded into a plain build: the same motion.
  CHECK(relative_difference(damped, run(compile_with(path, {}))) <= 1e-6);
  // Undamped, the run is the plain build with d = 0.
  CHECK(relative_difference(run(at_zero), run(compile_with(path, {}, {{"mount.d", 0.0}}))) <= 1e-6);
}

TEST_CASE("compiled model: a run that asks for the energy account of a model compiled without it is refused") {
  const CompiledModel model(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json"), builtin_registry());
  SimulationOptions options = options_from(model.experiment());
  options.energy = true;
  CHECK_THROWS_WITH_AS(Simulator(model, options),
                       "simulate: energy accounting asks for a model compiled with its energy terms "
                       "(CompileOptions::energy, ProgramOptions::energy)",
                       std::invalid_argument);
}
