#pragma once
/// @file
/// The netlist's `inputs` section: external inputs, each with its unit and the signal input ports it
/// feeds. The JSON is checked here; the ports (that they exist, are unconnected signal inputs of the
/// input's dimension) when the model is built.

#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/netlist.hpp"

namespace acausal {

/// `"inputs": { "<name>": { "unit": "<unit>", "feeds": ["instance.port", …], "description"?: "…" } }`,
/// in the order of their names (name_less). @throws ModelError at `/inputs/…`: not an object, an
/// invalid name, an unknown or missing key, a unit that does not parse, a feed that is not
/// "instance.port", a port listed twice (by one input or two).
std::vector<NetlistInput> parse_inputs(const nlohmann::json& inputs);

}  // namespace acausal
