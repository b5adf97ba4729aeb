#include "bench/pendulum_chain_netlist.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace acausal_bench {

std::vector<std::size_t> output_joints(std::size_t n) {
  std::vector<std::size_t> k{1, 2, n / 4, n / 2, n};
  k.erase(std::remove_if(k.begin(), k.end(), [n](std::size_t i) { return i < 1 || i > n; }), k.end());
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

std::string pendulum_chain_netlist(const PendulumChainSpec& spec) {
  // ordered_json keeps the keys in writing order, so the file reads like the chain.
  using Json = nlohmann::ordered_json;
  Json net;
  net["format"] = "acausal/1";
  net["name"] = "pendulum_chain" + std::to_string(spec.n);
  net["description"] = "Pendulum chain of " + std::to_string(spec.n) +
                       " steel boxes on damped revolute joints about z, hanging from the World at the left end; "
                       "released horizontal at rest";
  Json comps = Json::object();
  Json conns = Json::array();
  comps["world"] = {{"type", "multibody.World"}};
  std::string previous = "world.frame_b";
  for (std::size_t i = 1; i <= spec.n; ++i) {
    const std::string k = std::to_string(i);
    const std::string joint = "joint" + k, damper = "damper" + k, link = "link" + k;
    Json j = {{"type", "multibody.Revolute"},
              {"params", {{"n", {0, 0, 1}}, {"use_axis_flange", true}}},
              {"initial", {{"phi", 0.0}, {"w", 0.0}}}};
    comps[joint] = j;
    comps[damper] = {{"type", "rotational.Damper"}, {"params", {{"d", spec.d}}}};
    comps[link] = {{"type", "multibody.BodyBox"}, {"params", {{"r", {spec.length, 0.0, 0.0}}}}};
    conns.push_back({previous, joint + ".frame_a"});
    conns.push_back({joint + ".frame_b", link + ".frame_a"});
    conns.push_back({joint + ".axis", damper + ".R"});
    conns.push_back({joint + ".support", damper + ".C"});
    previous = link + ".frame_b";
  }
  net["components"] = comps;
  net["connections"] = conns;
  net["experiment"] = {
      {"start", spec.start}, {"stop", spec.stop}, {"interval", spec.interval}, {"tolerance", spec.tolerance}};
  Json outputs = Json::array();
  for (std::size_t i : output_joints(spec.n)) outputs.push_back("joint" + std::to_string(i) + ".phi");
  const std::string tip = "link" + std::to_string(spec.n) + ".frame_b.r_0";
  outputs.push_back(tip + "[1]");
  outputs.push_back(tip + "[2]");
  net["outputs"] = outputs;
  return net.dump(1) + "\n";
}

void write_pendulum_chain_netlist(const PendulumChainSpec& spec, const std::string& path) {
  std::ofstream out(path);
  out << pendulum_chain_netlist(spec);
  out.close();
  if (!out) throw std::runtime_error("cannot write the netlist " + path);
}

}  // namespace acausal_bench
