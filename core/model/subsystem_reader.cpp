#include "core/model/subsystem_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/units.hpp"

namespace acausal {

using nlohmann::json;
using namespace json_checks;

namespace {

/// One component of a definition, checked as the netlist reader checks the netlist's.
NetlistComponent read_component(const std::string& name, const json& j, const std::string& pointer) {
  check_name(name, pointer, "instance");
  if (!j.is_object()) throw wrong_type(pointer, "a component", "an object", j.type_name());
  check_keys(j, pointer, {"type", "params", "initial", "nominal", "state_select"});
  if (!j.contains("type")) throw ModelError(pointer, "missing \"type\"");
  NetlistComponent c;
  c.name = name;
  c.pointer = pointer;
  c.type = require_string(j["type"], pointer + "/type", "\"type\"");
  c.params = j.contains("params") ? require_object(j["params"], pointer + "/params", "\"params\"") : json::object();
  c.initial = j.contains("initial") ? require_object(j["initial"], pointer + "/initial", "\"initial\"") : json::object();
  c.nominal = j.contains("nominal") ? require_object(j["nominal"], pointer + "/nominal", "\"nominal\"") : json::object();
  c.state_select = j.contains("state_select")
                       ? require_object(j["state_select"], pointer + "/state_select", "\"state_select\"")
                       : json::object();
  return c;
}

NetlistConnection read_connection(const json& j, const std::string& pointer) {
  if (j.is_array() && j.size() == 1 && j[0].is_string()) {
    std::string port = j[0].get<std::string>();
    if (connection_end_problem(port, {}).empty()) throw ModelError(pointer, one_port_connection(port));
  }
  if (!j.is_array() || j.size() < 2) throw ModelError(pointer, kConnectionShape);
  NetlistConnection c;
  c.pointer = pointer;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string here = pointer + "/" + std::to_string(i);
    if (!j[i].is_string()) throw wrong_type(here, "a connection end", "a string", j[i].type_name());
    std::string end = j[i].get<std::string>();
    if (std::string problem = connection_end_problem(end, c.ports); !problem.empty()) throw ModelError(here, problem);
    c.ports.push_back(std::move(end));
  }
  return c;
}

SubsystemParameter read_parameter(const std::string& name, const json& j, const std::string& pointer) {
  check_name(name, pointer, "parameter");
  require_object(j, pointer, "a subsystem parameter");
  check_keys(j, pointer, {"unit", "default", "description"});
  if (!j.contains("unit"))
    throw ModelError(pointer, "missing \"unit\" (\"1\" for a dimensionless parameter)");
  SubsystemParameter p{name, require_string(j["unit"], pointer + "/unit", "\"unit\""), std::nullopt, pointer};
  try {
    units::parse_unit(p.unit);
  } catch (const std::invalid_argument& e) {
    throw ModelError(pointer + "/unit", e.what());
  }
  if (j.contains("default")) p.default_value = quantity(j["default"], p.unit, pointer + "/default");
  if (j.contains("description")) require_string(j["description"], pointer + "/description", "\"description\"");
  return p;
}

/// The members of a definition that a section entry and a file have alike. `s` has its name, file
/// and pointer.
void read_definition(const json& j, Subsystem& s) {
  if (j.contains("parameters")) {
    const std::string pointer = s.pointer + "/parameters";
    for (const auto& [name, value] : require_object(j["parameters"], pointer, "\"parameters\"").items())
      s.parameters.push_back(read_parameter(name, value, pointer + "/" + json_pointer_token(name)));
  }
  const std::string components = s.pointer + "/components";
  if (!j.contains("components")) throw ModelError(components, "missing \"components\"");
  if (require_object(j["components"], components, "\"components\"").empty())
    throw ModelError(components, "\"components\" is empty: a subsystem needs at least one component");
  for (const auto& [name, value] : j["components"].items())
    s.components.push_back(read_component(name, value, components + "/" + json_pointer_token(name)));
  std::sort(s.components.begin(), s.components.end(),
            [](const NetlistComponent& a, const NetlistComponent& b) { return name_less(a.name, b.name); });
  if (j.contains("connections")) {
    const std::string pointer = s.pointer + "/connections";
    const json& list = j["connections"];
    if (!list.is_array()) throw wrong_type(pointer, "\"connections\"", "an array", list.type_name());
    for (std::size_t k = 0; k < list.size(); ++k)
      s.connections.push_back(read_connection(list[k], pointer + "/" + std::to_string(k)));
  }
  if (j.contains("ports")) {
    const std::string pointer = s.pointer + "/ports";
    for (const auto& [name, value] : require_object(j["ports"], pointer, "\"ports\"").items()) {
      const std::string here = pointer + "/" + json_pointer_token(name);
      check_name(name, here, "port");
      std::string target = require_string(value, here, "a port");
      if (std::string problem = connection_end_problem(target, {}); !problem.empty()) throw ModelError(here, problem);
      const std::string instance = target.substr(0, target.find('.'));
      if (std::none_of(s.components.begin(), s.components.end(),
                       [&](const NetlistComponent& c) { return c.name == instance; })) {
        std::vector<std::string> names;
        for (const NetlistComponent& c : s.components) names.push_back(c.name);
        throw ModelError(here, "no component named \"" + instance + "\" in subsystem " + s.name + " (components: " +
                                   join(names, 40) + ")");
      }
      s.ports.push_back({name, std::move(target), here});
    }
  }
}

/// Reads the subsystem file `path` (and its "subsystems" section) into `library`.
void read_file(const std::string& path, const std::string& text, std::map<std::string, Subsystem>& library) {
  const std::string prefix = std::string(kFileTypePrefix) + path + "#";
  json doc;
  try {
    doc = read_json(text, path);
  } catch (const ModelError& e) {
    if (e.pointer().empty()) throw;  // a syntax error names the file in its message
    throw ModelError(prefix + e.pointer(), e.message());
  }
  if (!doc.is_object()) throw wrong_type(prefix, "a subsystem file", "an object", doc.type_name());
  check_keys(doc, prefix,
             {"format", "name", "description", "parameters", "components", "connections", "ports", "subsystems"});
  check_format(doc, prefix);
  if (doc.contains("name")) require_string(doc["name"], prefix + "/name", "\"name\"");
  if (doc.contains("description")) require_string(doc["description"], prefix + "/description", "\"description\"");
  Subsystem s;
  s.name = std::string(kFileTypePrefix) + path;
  s.file = path;
  s.pointer = prefix;
  read_definition(doc, s);
  library[subsystem_key(path, "")] = std::move(s);
  if (doc.contains("subsystems")) read_subsystem_section(doc["subsystems"], path, prefix, library);
}

/// The text of a file, or nullopt when it cannot be read.
std::optional<std::string> file_text(const std::string& path) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

}  // namespace

void read_subsystem_section(const json& section, const std::string& file, const std::string& prefix,
                            std::map<std::string, Subsystem>& library) {
  const std::string pointer = prefix + "/subsystems";
  for (const auto& [name, value] : require_object(section, pointer, "\"subsystems\"").items()) {
    const std::string here = pointer + "/" + json_pointer_token(name);
    check_name(name, here, "subsystem");
    require_object(value, here, "a subsystem");
    check_keys(value, here, {"description", "parameters", "components", "connections", "ports"});
    if (value.contains("description")) require_string(value["description"], here + "/description", "\"description\"");
    Subsystem s;
    s.name = prefix.empty() ? name : name + " of " + std::string(kFileTypePrefix) + file;
    s.file = file;
    s.pointer = here;
    read_definition(value, s);
    library[subsystem_key(file, name)] = std::move(s);
  }
}

void load_subsystem_files(Netlist& netlist) {
  auto load_named = [&](const std::vector<NetlistComponent>& components, const std::string& file) {
    for (const NetlistComponent& c : components) {
      if (!c.type.starts_with(kFileTypePrefix)) continue;
      const std::string written = c.type.substr(kFileTypePrefix.size());
      if (written.empty())
        throw ModelError(c.pointer + "/type", "\"file:\" needs the path of a subsystem file: \"file:<path>.json\"");
      const std::string path = resolve_include(file, written);
      if (netlist.subsystems.count(subsystem_key(path, "")) > 0) continue;
      const std::optional<std::string> text = file_text(path);
      if (!text)
        throw ModelError(c.pointer + "/type", "cannot read subsystem file \"" + written + "\" (looked for " + path + ")");
      read_file(path, *text, netlist.subsystems);
    }
  };
  load_named(netlist.components, netlist.source);
  // Each definition once; the files read add definitions to the map while it is walked (a
  // std::map keeps its iterators valid).
  std::set<std::string> walked;
  for (bool more = true; more;) {
    more = false;
    for (const auto& [key, s] : netlist.subsystems) {
      if (!walked.insert(key).second) continue;
      load_named(s.components, s.file);
      more = true;
    }
  }
}

}  // namespace acausal
