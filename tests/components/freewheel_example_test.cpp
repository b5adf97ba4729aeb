// An ideal freewheel, written as a component with a mode (docs/extending.md quotes this file).
#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "acausal/testing.hpp"
#include "components/registry.hpp"

using namespace acausal;

// Flange R may overrun flange C (w_rel = w_R − w_C > 0, no torque) but never fall behind it: then
// the two turn together and the freewheel carries whatever torque that takes, as long as it drives R.
class Freewheel final : public Component {
 public:
  std::string_view type() const override { return "example.Freewheel"; }
  std::string_view summary() const override { return "Ideal freewheel: R overruns C freely, never falls behind it"; }
  void define(ComponentBuilder& b) const override {
    Compliant e = define_compliant(b, rotational());
    // One unknown with a meaning per mode keeps the equations' structure fixed: the relative
    // acceleration while free, the torque while locked.
    Expr sa = b.variable("sa", "1", "Relative acceleration (free) or torque (locked)");
    Expr locked = b.boolean("locked", "True while C drives R");
    // At an event: locked while C drives R, which is sa ≤ 0 in both modes (the torque, entering at
    // R, or the relative acceleration); a free one locks once R has fallen behind (w_rel < 0), not
    // at w_rel = 0 itself, where a freewheel just released sits while R starts to overrun.
    b.discrete_equation(locked, logical_and(sa <= 0.0, logical_or(b.pre(locked), e.rate < 0.0)));
    b.equation(der(e.rate) - if_else(locked, 0.0, sa), "relative acceleration");
    b.equation(e.flow - if_else(locked, sa, 0.0), "torque");
    b.loss_power(e.flow * e.rate);  // zero in both modes: a freewheel loses nothing
  }
};

TEST_CASE("example.Freewheel: the load is carried while driven and overruns when the drive reverses") {
  Registry registry;
  register_builtin(registry);
  registry.add(std::make_unique<Freewheel>());
  const auto run = testing::simulate_netlist(R"({
    "format": "acausal/1", "name": "freewheel",
    "components": {
      "drive": { "type": "signal.Sine", "params": { "amplitude": 10, "frequency": 1 } },
      "torque": { "type": "rotational.Torque" },
      "motor": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 0 } },
      "freewheel": { "type": "example.Freewheel" },
      "load": { "type": "rotational.Inertia", "params": { "J": 1 }, "initial": { "phi": 0, "w": 0 } }
    },
    "connections": [["drive.y", "torque.tau"], ["torque.flange", "motor.flange"], ["motor.flange", "freewheel.C"],
                    ["freewheel.R", "load.flange"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.01, "tolerance": 1e-6 },
    "outputs": ["motor.w", "load.w", "freewheel.locked"]
  })", &registry);
  const std::vector<double> t = run->times(), motor = run->column("motor.w"), load = run->column("load.w");
  for (std::size_t k = 0; k < t.size(); ++k) {
    CHECK(load[k] >= motor[k] - 1e-6);  // never behind
    // Driven together over the first half period: 10·sin(2πt) on 2 kg·m², w = 5·(1 − cos 2πt)/(2π).
    if (t[k] < 0.5) CHECK(load[k] == doctest::Approx(5 * (1 - std::cos(2 * M_PI * t[k])) / (2 * M_PI)).epsilon(1e-6).scale(1));
  }
  // After the drive reverses at 0.5 s the load keeps its speed, 10/(2π), and the motor slows down.
  CHECK(load.back() == doctest::Approx(10 / (2 * M_PI)).epsilon(1e-6));
  CHECK(run->energy().relative_balance() <= 1e-6);
}
