#include "tests/support/pendulum_chain.hpp"

#include "tests/support/simulation_run.hpp"

namespace acausal::testing {

std::string pendulum_chain_netlist(const PendulumChain& chain) {
  std::string components = R"("world": { "type": "multibody.World" })";
  std::string connections;
  std::string previous = "world.frame_b";
  const std::string revolute_params = chain.dampers ? R"({ "n": [0, 0, 1], "use_axis_flange": true })" : R"({ "n": [0, 0, 1] })";
  for (int i = 1; i <= chain.links; ++i) {
    const std::string k = std::to_string(i);
    components += R"(, "joint)" + k + R"(": { "type": "multibody.Revolute", "params": )" + revolute_params +
                  R"(, "initial": { "phi": )" + json_number(chain.phi) + R"(, "w": 0 } })" + R"(, "link)" + k +
                  R"(": { "type": "multibody.BodyBox", "params": { "r": [0.1, 0, 0] } })";
    connections += std::string(i > 1 ? ", " : "") + R"([")" + previous + R"(", "joint)" + k + R"(.frame_a"], ["joint)" + k +
                   R"(.frame_b", "link)" + k + R"(.frame_a"])";
    if (chain.dampers) {
      components += R"(, "damper)" + k + R"(": { "type": "rotational.Damper", "params": { "d": 0.01 } })";
      connections += R"(, ["joint)" + k + R"(.axis", "damper)" + k + R"(.R"], ["joint)" + k + R"(.support", "damper)" + k +
                     R"(.C"])";
    }
    previous = "link" + k + ".frame_b";
  }
  return R"({ "format": "acausal/1", "components": { )" + components + R"( }, "connections": [ )" + connections +
         R"( ], "experiment": { "stop": )" + json_number(chain.stop) +
         R"(, "tolerance": )" + json_number(chain.tolerance) + R"( } })";
}

}  // namespace acausal::testing
