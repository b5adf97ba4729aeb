#include "bench/chain_netlist.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace acausal_bench {

std::vector<std::size_t> output_masses(std::size_t n) {
  std::vector<std::size_t> k{1, 2, n / 4, n / 2, n};
  k.erase(std::remove_if(k.begin(), k.end(), [n](std::size_t i) { return i < 1 || i > n; }), k.end());
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

std::string chain_netlist(const ChainSpec& spec) {
  using nlohmann::json;
  // ordered_json keeps the keys in writing order, so the file reads like the chain.
  nlohmann::ordered_json net;
  net["format"] = "acausal/1";
  net["name"] = "chain" + std::to_string(spec.n);
  net["description"] = "Translational spring-damper chain of " + std::to_string(spec.n) +
                       " masses, wall at the left, free at the right; mass1 starts displaced";
  nlohmann::ordered_json comps = nlohmann::ordered_json::object();
  nlohmann::ordered_json conns = nlohmann::ordered_json::array();
  comps["wall"] = {{"type", "translational.Fixed"}};
  std::string left = "wall.flange";
  for (std::size_t i = 1; i <= spec.n; ++i) {
    const std::string k = std::to_string(i);
    comps["sd" + k] = {{"type", "translational.SpringDamper"}, {"params", {{"c", spec.c}, {"d", spec.d}}}};
    nlohmann::ordered_json mass = {{"type", "translational.Mass"}, {"params", {{"m", spec.m}}}};
    mass["initial"] = {{"s", i == 1 ? spec.s1_0 : 0.0}, {"v", 0.0}};
    comps["mass" + k] = mass;
    conns.push_back({left, "sd" + k + ".C"});
    conns.push_back({"sd" + k + ".R", "mass" + k + ".flange"});
    left = "mass" + k + ".flange";
  }
  net["components"] = comps;
  net["connections"] = conns;
  net["experiment"] = {
      {"start", spec.start}, {"stop", spec.stop}, {"interval", spec.interval}, {"tolerance", spec.tolerance}};
  nlohmann::ordered_json outputs = nlohmann::ordered_json::array();
  for (std::size_t i : output_masses(spec.n)) outputs.push_back("mass" + std::to_string(i) + ".s");
  net["outputs"] = outputs;
  return net.dump(1) + "\n";
}

void write_chain_netlist(const ChainSpec& spec, const std::string& path) {
  std::ofstream out(path);
  out << chain_netlist(spec);
  out.close();
  if (!out) throw std::runtime_error("cannot write the netlist " + path);
}

}  // namespace acausal_bench
