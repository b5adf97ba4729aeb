// A clutch that engages and releases 10^4 times: the cost of a cycle from the first cycles to the
// last (a run with modes must not slow down as events accumulate), and the events per mode switch.
//
//   ./build/bench/engagement_bench [--cycles 10000]
//
// The model: an engine inertia (1 kg*m^2, 5 N*m, a damper of 0.5 N*m*s/rad to ground) and a load
// inertia (1 kg*m^2, a damper of 1 N*m*s/rad) coupled by a clutch a pulse engages half of every 0.1 s:
// at each engagement the clutch slips, then locks; at each release it opens. Three mode switches a
// cycle (free -> slipping -> stuck -> free).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "acausal/acausal.hpp"

using namespace acausal;

namespace {

std::string netlist(double stop) {
  return R"({
    "format": "acausal/1", "name": "engagements",
    "components": {
      "drive": { "type": "signal.Constant", "params": { "k": 5 } },
      "torque": { "type": "rotational.Torque" },
      "engine": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 10 } },
      "engine_loss": { "type": "rotational.Damper", "params": { "d": 0.5 } },
      "pedal": { "type": "signal.Pulse", "params": { "period": 0.1, "width": 50 } },
      "clutch": { "type": "rotational.Clutch", "params": { "fn_max": 100, "mue": 0.5, "cgeo": 1 } },
      "load": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 0 } },
      "load_loss": { "type": "rotational.Damper", "params": { "d": 1 } },
      "ground": { "type": "rotational.Fixed" }
    },
    "connections": [["drive.y", "torque.tau"], ["torque.flange", "engine.flange"], ["engine.flange", "engine_loss.R"],
                    ["engine_loss.C", "ground.flange"], ["pedal.y", "clutch.f_normalized"], ["engine.flange", "clutch.C"],
                    ["clutch.R", "load.flange"], ["load.flange", "load_loss.R"], ["load_loss.C", "ground.flange"]],
    "experiment": { "start": 0, "stop": )" + std::to_string(stop) + R"(, "interval": 0.001, "tolerance": 1e-6 }
  })";
}

}  // namespace

int main(int argc, char** argv) {
  int cycles = 10000;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--cycles") cycles = std::atoi(argv[i + 1]);
  const double period = 0.1;
  CompiledModel model(parse_netlist(netlist(cycles * period)), builtin_registry());
  Simulator run(model, options_from(model.experiment()));
  std::size_t switches = 0;
  double mode = 0.0;
  const std::vector<std::string>& names = model.output_names();
  std::size_t mode_column = 0;
  while (mode_column < names.size() && names[mode_column] != "clutch.mode") ++mode_column;
  std::vector<double> outputs(names.size());
  std::vector<double> seconds(static_cast<std::size_t>(cycles));
  run.initialize();
  for (int c = 0; c < cycles; ++c) {
    const auto begin = std::chrono::steady_clock::now();
    for (int k = 1; k <= 20; ++k) {  // 20 points a cycle, to count the mode switches
      run.step_to((c + k / 20.0) * period);
      run.outputs(outputs.data());
      if (outputs[mode_column] != mode) ++switches;
      mode = outputs[mode_column];
    }
    seconds[static_cast<std::size_t>(c)] = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  // The median of each window: a shared machine's hiccups (another process, a page fault) hit single
  // cycles, not the trend.
  const auto window = static_cast<std::size_t>(std::min(100, cycles / 2));
  const auto median = [](std::vector<double> v) {
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  const double first = median({seconds.begin(), seconds.begin() + static_cast<std::ptrdiff_t>(window)});
  const double last = median({seconds.end() - static_cast<std::ptrdiff_t>(window), seconds.end()});
  const SolverStatistics s = run.statistics();
  std::printf("%d cycles of %g s: %zu mode switches seen on a 20-point grid, %zu events (%.2f per switch), %zu steps\n",
              cycles, period, switches, s.events, switches ? static_cast<double>(s.events) / static_cast<double>(switches) : 0.0,
              s.steps);
  std::printf("cost per cycle (median): first %zu cycles %.1f us, last %zu cycles %.1f us (ratio %.2f)\n", window,
              1e6 * first, window, 1e6 * last, last / first);
  return 0;
}
