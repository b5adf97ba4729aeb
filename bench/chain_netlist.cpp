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
  // Written as text in the chain's order (nlohmann's ordered_json finds a key by a linear search,
  // which is quadratic over a million components); each value goes through json for its syntax.
  auto number = [](double v) { return json(v).dump(); };
  std::string text;
  text.reserve(330 * spec.n + 1000);
  text += "{\n \"format\": \"acausal/1\",\n \"name\": " + json("chain" + std::to_string(spec.n)).dump() + ",\n";
  text += " \"description\": " +
          json("Translational spring-damper chain of " + std::to_string(spec.n) +
               " masses, wall at the left, free at the right; mass1 starts displaced")
              .dump() +
          ",\n";
  text += " \"components\": {\n  \"wall\": {\n   \"type\": \"translational.Fixed\"\n  }";
  const std::string c = number(spec.c), d = number(spec.d), m = number(spec.m), zero = number(0.0);
  for (std::size_t i = 1; i <= spec.n; ++i) {
    const std::string k = std::to_string(i);
    text += ",\n  \"sd" + k + "\": {\n   \"type\": \"translational.SpringDamper\",\n   \"params\": {\n    \"c\": " + c +
            ",\n    \"d\": " + d + ",\n    \"s_nominal\": 0\n   }\n  }";
    text += ",\n  \"mass" + k + "\": {\n   \"type\": \"translational.Mass\",\n   \"params\": {\n    \"m\": " + m +
            "\n   },\n   \"initial\": {\n    \"s\": " + (i == 1 ? number(spec.s1_0) : zero) + ",\n    \"v\": " + zero +
            "\n   }\n  }";
  }
  text += "\n },\n \"connections\": [";
  std::string left = "wall.flange";
  for (std::size_t i = 1; i <= spec.n; ++i) {
    const std::string k = std::to_string(i);
    text += std::string(i == 1 ? "" : ",") + "\n  [\"" + left + "\", \"sd" + k + ".C\"],\n  [\"sd" + k + ".R\", \"mass" + k +
            ".flange\"]";
    left = "mass" + k + ".flange";
  }
  text += "\n ],\n \"experiment\": " +
          json::object({{"start", spec.start}, {"stop", spec.stop}, {"interval", spec.interval}, {"tolerance", spec.tolerance}})
              .dump() +
          ",\n \"outputs\": [";
  const std::vector<std::size_t> outputs = output_masses(spec.n);
  for (std::size_t i = 0; i < outputs.size(); ++i)
    text += std::string(i == 0 ? "" : ", ") + "\"mass" + std::to_string(outputs[i]) + ".s\"";
  text += "]\n}\n";
  return text;
}

void write_chain_netlist(const ChainSpec& spec, const std::string& path) {
  std::ofstream out(path);
  out << chain_netlist(spec);
  out.close();
  if (!out) throw std::runtime_error("cannot write the netlist " + path);
}

}  // namespace acausal_bench
