// One compiled program simulated by several runs in several threads at once: the program is only
// read, every run keeps its own state (ProgramState), and each result is the one of a run alone.

#include <doctest/doctest.h>

#include <thread>
#include <vector>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/simulation.hpp"
#include "tests/support/compiled_netlist.hpp"

using namespace acausal;

TEST_SUITE("threads") {
  TEST_CASE("one compiled program simulated in 8 threads at once gives 8 results equal to a run alone") {
    const testing::CompiledNetlist c =
        testing::compile_netlist(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json"), {.energy = true});
    const Program* const program = c.program.get();
    SimulationOptions options = options_from(c.netlist.experiment);
    options.energy = true;
    MemoryWriter alone;
    const SimulationResult expected = simulate(*program, options, alone);
    REQUIRE(alone.times().size() == 3001);

    constexpr std::size_t kThreads = 8;
    std::vector<MemoryWriter> writers(kThreads);
    std::vector<SimulationResult> results(kThreads);
    std::vector<std::thread> threads;
    for (std::size_t k = 0; k < kThreads; ++k)
      threads.emplace_back([&, k] { results[k] = simulate(*program, options, writers[k]); });
    for (std::thread& t : threads) t.join();
    for (std::size_t k = 0; k < kThreads; ++k) {
      CAPTURE(k);
      CHECK(writers[k].times() == alone.times());
      CHECK(writers[k].rows() == alone.rows());  // to the bit
      CHECK(results[k].statistics.steps == expected.statistics.steps);
      REQUIRE(results[k].energy);
      CHECK(results[k].energy->work_lost == expected.energy->work_lost);
      CHECK(results[k].energy->worst_balance == expected.energy->worst_balance);
    }
  }

  TEST_CASE("one compiled program with a tunable spring constant in 8 threads with 8 values: each equals its run alone") {
    Netlist netlist = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/rotational_chain.json");
    netlist.tunable = {"coupling1.c"};
    const testing::CompiledNetlist c = testing::compile_netlist(std::move(netlist));
    const Program* const program = c.program.get();
    constexpr std::size_t kThreads = 8;
    auto options_for = [&](std::size_t k) {
      SimulationOptions options = options_from(c.netlist.experiment);
      options.stop = 0.5;
      options.tunable_values = {300.0 + 100.0 * static_cast<double>(k)};
      return options;
    };
    std::vector<MemoryWriter> alone(kThreads), writers(kThreads);
    for (std::size_t k = 0; k < kThreads; ++k) simulate(*program, options_for(k), alone[k]);
    std::vector<std::thread> threads;
    for (std::size_t k = 0; k < kThreads; ++k)
      threads.emplace_back([&, k] { simulate(*program, options_for(k), writers[k]); });
    for (std::thread& t : threads) t.join();
    for (std::size_t k = 0; k < kThreads; ++k) {
      CAPTURE(k);
      CHECK(writers[k].rows() == alone[k].rows());  // to the bit
      if (k > 0) CHECK(alone[k].rows() != alone[0].rows());
    }
  }
}  // TEST_SUITE
