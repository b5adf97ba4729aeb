#include <doctest/doctest.h>

#include <cmath>

#include "components/registry.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/simulation.hpp"

using namespace acausal;

TEST_CASE("undamped oscillator: analytic solution over 10 periods and energy conservation") {
  // m = 1 kg, c = 100 N/m, s(0) = 0.1 m, v(0) = 0: s(t) = 0.1·cos(10 t), period 2π/10.
  Netlist n = load_netlist(ACAUSAL_SOURCE_DIR "/netlists/oscillator.json");
  Model m = build_model(n, builtin_registry());
  auto program = compile(m, ProgramOptions{.energy = true, .power_audit = true});
  SimulationOptions o = options_from(n.experiment);
  REQUIRE(o.tolerance == 1e-8);
  REQUIRE(o.stop == doctest::Approx(2 * M_PI));
  o.energy = true;
  o.power_audit = true;
  MemoryWriter w;
  SimulationResult r = simulate(*program, o, w);
  const auto s = w.column("mass.s");
  const auto v = w.column("mass.v");
  const auto f = w.column("spring.f");
  double worst = 0.0;
  for (std::size_t k = 0; k < s.size(); ++k) {
    const double t = w.times()[k];
    worst = std::max(worst, std::fabs(s[k] - 0.1 * std::cos(10 * t)) / 0.1);
    worst = std::max(worst, std::fabs(v[k] + std::sin(10 * t)) / 1.0);
    worst = std::max(worst, std::fabs(f[k] - 100 * s[k]) / 10.0);  // f = c·s_rel, s_rel = s − 0
  }
  CHECK(worst < 1e-6);
  REQUIRE(r.energy);
  CHECK(r.energy->stored_start == doctest::Approx(0.5));  // ½·c·s² = ½·100·0.01
  CHECK(r.energy->relative_balance() < 1e-6);
  CHECK(r.energy->work_lost == 0.0);
  for (const ComponentEnergy& c : r.energy->components) CHECK(c.relative_audit() < 1e-5);
}
