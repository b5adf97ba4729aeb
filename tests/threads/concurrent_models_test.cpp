// Two different models parsed, built, analyzed, compiled and simulated in two threads at once: each
// thread's trajectory and energy account are exactly those of the same model run alone.

#include <doctest/doctest.h>

#include <exception>
#include <fstream>
#include <latch>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/analysis/program.hpp"
#include "core/expr/expr_context.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "components/registry.hpp"
#include "solver/simulation.hpp"
#include "tests/support/pendulum_chain.hpp"

using namespace acausal;

namespace {

/// What a run leaves once its model and program are gone: every output row and the energy account.
struct Trajectory {
  std::vector<std::string> names;
  std::vector<double> times;
  std::vector<std::vector<double>> rows;
  long steps = 0;
  double stored_end = 0.0, work_lost = 0.0, work_injected = 0.0, worst_balance = 0.0;
};

/// Netlist text to trajectory, the whole pipeline on the calling thread (in its current store).
Trajectory run(const std::string& netlist_text) {
  const Netlist netlist = parse_netlist(netlist_text);
  const Model model = build_model(netlist, builtin_registry());
  const std::unique_ptr<Program> program = compile(model, ProgramOptions{.energy = true});
  SimulationOptions options = options_from(netlist.experiment);
  options.energy = true;
  MemoryWriter writer;
  const SimulationResult result = simulate(*program, options, writer);
  Trajectory t{writer.names(), writer.times(), writer.rows(), result.statistics.steps};
  t.stored_end = result.energy->stored_end;
  t.work_lost = result.energy->work_lost;
  t.work_injected = result.energy->work_injected;
  t.worst_balance = result.energy->worst_balance;
  return t;
}

/// Exactly equal, number for number.
void check_same(const Trajectory& got, const Trajectory& alone) {
  REQUIRE(!alone.rows.empty());
  CHECK(got.names == alone.names);
  CHECK(got.times == alone.times);
  CHECK(got.rows == alone.rows);
  CHECK(got.steps == alone.steps);
  CHECK(got.stored_end == alone.stored_end);
  CHECK(got.work_lost == alone.work_lost);
  CHECK(got.work_injected == alone.work_injected);
  CHECK(got.worst_balance == alone.worst_balance);
}

std::string file_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_SUITE("threads") {

TEST_CASE("two different models built and simulated in two threads at once equal each run alone") {
  const std::string chain = file_text(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json");
  const std::string pendulums =
      testing::pendulum_chain_netlist({.links = 4, .dampers = true, .phi = 0.3, .stop = 1.0});
  const Trajectory chain_alone = run(chain);
  const Trajectory pendulums_alone = run(pendulums);
  CHECK(chain_alone.names != pendulums_alone.names);

  // Each thread runs its model twice: in its thread's own store (code that names no context), then
  // in a context of its own. The latch starts both threads together.
  std::latch start(2);
  std::vector<Trajectory> chain_runs, pendulum_runs;
  std::exception_ptr failures[2];
  std::size_t nodes_left[2] = {1, 1};
  auto worker = [&start](const std::string& text, std::vector<Trajectory>& out, std::size_t& left,
                         std::exception_ptr& failure) {
    return std::thread([&start, &text, &out, &left, &failure] {
      try {
        start.arrive_and_wait();
        out.push_back(run(text));
        ExprContext context;
        out.push_back(run(text));
        left = context.nodes();
      } catch (...) {
        failure = std::current_exception();
      }
    });
  };
  std::thread a = worker(chain, chain_runs, nodes_left[0], failures[0]);
  std::thread b = worker(pendulums, pendulum_runs, nodes_left[1], failures[1]);
  a.join();
  b.join();
  for (const std::exception_ptr& f : failures)
    if (f) std::rethrow_exception(f);
  // Nothing of a run outlives it but the constants the context's cache holds.
  CHECK(nodes_left[0] <= 64);
  CHECK(nodes_left[1] <= 64);
  REQUIRE(chain_runs.size() == 2);
  REQUIRE(pendulum_runs.size() == 2);
  for (const Trajectory& t : chain_runs) check_same(t, chain_alone);
  for (const Trajectory& t : pendulum_runs) check_same(t, pendulums_alone);
}

}  // TEST_SUITE
