#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"
#include "solver/solver_error.hpp"

using namespace acausal;

TEST_CASE("a force step at t = 0.3 s: the kink of the velocity is located exactly, the step has two rows") {
  // Mass 2 kg at rest; from t0 = 0.3 s a constant 4 N: v = 2·(t − t0), s = (t − t0)² for t > t0.
  // The event falls on a grid point: its rows are the step's left limit (0 N) and right limit (4 N),
  // both at 0.3 s, with the same position and speed (states do not jump).
  const char* text = R"({
    "format": "acausal/1",
    "components": {
      "step": { "type": "signal.Step", "params": { "height": 4, "start_time": 0.3 } },
      "force": { "type": "translational.Force" },
      "mass": { "type": "translational.Mass", "params": { "m": 2 } }
    },
    "connections": [["step.y", "force.f"], ["force.flange", "mass.flange"]],
    "experiment": { "stop": 1, "interval": 0.01, "tolerance": 1e-8 },
    "outputs": ["mass.s", "mass.v", "step.y"]
  })";
  Netlist n = parse_netlist(text);
  Model model = build_model(n, builtin_registry());
  auto program = compile(model);
  REQUIRE(program->indicator_count() == 1);
  MemoryWriter w;
  SimulationResult r = simulate(*program, options_from(n.experiment), w);
  CHECK(r.statistics.events == 1);
  const auto s = w.column("mass.s");
  const auto v = w.column("mass.v");
  const auto y = w.column("step.y");
  REQUIRE(w.times().size() == 102);  // 101 grid points, the one at the step written as two rows
  CHECK(w.times()[30] == doctest::Approx(0.3).epsilon(1e-15));
  CHECK(w.times()[31] == w.times()[30]);
  CHECK(y[30] == 0.0);
  CHECK(y[31] == 4.0);
  CHECK(s[30] == s[31]);
  CHECK(v[30] == v[31]);
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double t = w.times()[k];
    const double after = std::max(0.0, t - 0.3);
    INFO("t = " << t << ", row " << k);
    CHECK(v[k] == doctest::Approx(2 * after).epsilon(1e-7).scale(1));
    CHECK(s[k] == doctest::Approx(after * after).epsilon(1e-7).scale(1));
    CHECK(y[k] == (k > 30 ? 4.0 : 0.0));
  }
}

namespace {

/// A force that is finite only until t = 1 s: sqrt(1 − t). The solver must fail there.
class ExpiringForce final : public Component {
 public:
  std::string_view type() const override { return "translational.ExpiringForce"; }
  std::string_view summary() const override { return "test: f = sqrt(1 − time), undefined after 1 s"; }
  void define(ComponentBuilder& b) const override {
    Port flange = b.port("flange", translational(), "driven flange");
    b.equation(flange.flow() + sqrt(1.0 - Expr::time()));
  }
};

}  // namespace

TEST_CASE("a solver failure names the time and the call, and keeps the rows computed so far on disk") {
  Registry registry;
  register_translational(registry);
  registry.add(std::make_unique<ExpiringForce>());
  const char* text = R"({
    "format": "acausal/1",
    "components": {
      "push": { "type": "translational.ExpiringForce" },
      "mass": { "type": "translational.Mass" }
    },
    "connections": [["push.flange", "mass.flange"]],
    "experiment": { "stop": 2, "interval": 0.05, "tolerance": 1e-3 },
    "outputs": ["mass.v"]
  })";
  Netlist n = parse_netlist(text);
  Model model = build_model(n, registry);
  auto program = compile(model);
  const auto path = std::filesystem::temp_directory_path() / "acausal_failure_test.csv";
  std::string message;
  double failed_at = 0.0;
  {
    CsvWriter csv(path.string());
    try {
      simulate(*program, options_from(n.experiment), csv);
    } catch (const SolverError& e) {
      message = e.what();
      failed_at = e.time();
    }
  }
  CHECK(failed_at == doctest::Approx(1.0).epsilon(1e-3));
  CHECK(message.rfind("at t = ", 0) == 0);
  CHECK(message.find("IDASolve returned IDA_") != std::string::npos);
  // The equation that went bad is named, with its place in the netlist.
  INFO(message);
  CHECK(message.find("the residual of mass (acceleration), /components/mass, with these substituted into it: ") !=
        std::string::npos);
  CHECK(message.find("push, /components/push") != std::string::npos);
  // The rows up to the failure are on disk: header + t = 0, 0.05, ..., 0.95 (at least).
  std::ifstream in(path);
  std::string line;
  std::size_t rows = 0;
  double last_time = -1.0;
  while (std::getline(in, line)) {
    if (rows++ == 0) {
      CHECK(line == "time,mass.v");
      continue;
    }
    last_time = std::stod(line.substr(0, line.find(',')));
  }
  CHECK(rows >= 21);
  CHECK(last_time >= 0.95 - 1e-12);
  CHECK(last_time < 1.0 + 1e-12);
  std::filesystem::remove(path);
}
