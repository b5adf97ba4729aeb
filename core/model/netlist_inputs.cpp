#include "core/model/netlist_inputs.hpp"

#include <algorithm>
#include <map>

#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/units.hpp"

namespace acausal {

using nlohmann::json;
using namespace json_checks;

std::vector<NetlistInput> parse_inputs(const json& inputs) {
  require_object(inputs, "/inputs", "\"inputs\"");
  std::vector<NetlistInput> out;
  for (auto it = inputs.begin(); it != inputs.end(); ++it) {
    NetlistInput& in = out.emplace_back();
    in.name = it.key();
    in.pointer = "/inputs/" + json_pointer_token(in.name);
    check_name(in.name, in.pointer, "input");
    const json& entry = require_object(it.value(), in.pointer, "an input");
    check_keys(entry, in.pointer, {"unit", "feeds", "description"});
    if (!entry.contains("unit"))
      throw ModelError(in.pointer, "missing \"unit\" (the unit its values are given in; \"1\" for a number)");
    in.unit = require_string(entry["unit"], in.pointer + "/unit", "\"unit\"");
    try {
      units::parse_unit(in.unit);
    } catch (const std::invalid_argument& e) {
      throw ModelError(in.pointer + "/unit", e.what());
    }
    if (entry.contains("description"))
      in.description = require_string(entry["description"], in.pointer + "/description", "\"description\"");
    if (!entry.contains("feeds"))
      throw ModelError(in.pointer, "missing \"feeds\" (the signal input ports it drives, \"instance.port\")");
    const json& feeds = entry["feeds"];
    if (!feeds.is_array() || feeds.empty())
      throw ModelError(in.pointer + "/feeds", "\"feeds\" must be a non-empty array of \"instance.port\" strings");
    for (std::size_t k = 0; k < feeds.size(); ++k) {
      const std::string where = in.pointer + "/feeds/" + std::to_string(k);
      std::string port = require_string(feeds[k], where, "a fed port");
      if (std::string problem = connection_end_problem(port, {}); !problem.empty())
        throw ModelError(where, problem);
      in.feeds.push_back(std::move(port));
    }
  }
  std::sort(out.begin(), out.end(), [](const NetlistInput& a, const NetlistInput& b) { return name_less(a.name, b.name); });
  // A signal input reads one source: a port fed twice, by one input or two, is an error at its second place.
  std::map<std::string, std::string> fed_at;
  for (const NetlistInput& in : out)
    for (std::size_t k = 0; k < in.feeds.size(); ++k) {
      const std::string where = in.pointer + "/feeds/" + std::to_string(k);
      const auto [first, fresh] = fed_at.emplace(in.feeds[k], where);
      if (!fresh)
        throw ModelError(where, in.feeds[k] + " is fed already, at " + first->second + "; a signal input reads one source");
    }
  return out;
}

}  // namespace acausal
