#include "core/model/subsystem_reader.hpp"

#include <algorithm>
#include <filesystem>
#include <iterator>
#include <optional>
#include <vector>
#include <set>
#include <stdexcept>

#include "core/model/errors.hpp"
#include "core/model/file_access.hpp"
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
  if (j.contains("default")) p.default_value = json_checks::quantities(j["default"], p.unit, pointer + "/default");
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
    doc = read_json(text, path, false);  // a message never shows a subsystem file's text
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

/// Counts the components each definition stands for once expanded, to check the total before
/// expanding.
class ComponentCount {
 public:
  explicit ComponentCount(const Netlist& netlist) : netlist_(netlist) {}

  /// The components of `c`, an instance of the netlist: 1, or those of its subsystem, at most
  /// kMaxComponents + 1. @throws ModelError at its type for subsystem instances nested deeper
  /// than kMaxSubsystemDepth inside it.
  std::size_t of_instance(const NetlistComponent& c) {
    try {
      return of(c, netlist_.source, 0);
    } catch (const TooDeep&) {
      throw ModelError(c.pointer + "/type", "subsystem instances nested more than " + std::to_string(kMaxSubsystemDepth) +
                                                " deep in " + c.name + " (subsystem " +
                                                netlist_.find_subsystem(netlist_.source, c.type)->name + ")");
    }
  }

  /// `name (subsystem …: N components) → name.inner (…) → …`: where most of the components of
  /// instance `c` come from, down the largest instance at each level (counted already).
  std::string chain(const NetlistComponent& c) {
    std::string out;
    std::string path = c.name;
    const NetlistComponent* at = &c;
    std::string file = netlist_.source;
    for (std::size_t level = 0; level < 8; ++level) {
      const Subsystem* s = netlist_.find_subsystem(file, at->type);
      if (s == nullptr) break;
      out += (out.empty() ? "" : " → ") + path + " (subsystem " + s->name + ": " + count_text(known_[s].count) + " components)";
      const NetlistComponent* largest = nullptr;
      for (const NetlistComponent& inner : s->components)
        if (largest == nullptr || known(inner, s->file) > known(*largest, s->file)) largest = &inner;
      if (largest == nullptr || known(*largest, s->file) <= 1) break;
      path += "." + largest->name;
      at = largest;
      file = s->file;
    }
    return out;
  }

  static std::string count_text(std::size_t n) {
    return n > kMaxComponents ? "more than " + std::to_string(kMaxComponents) : std::to_string(n);
  }

 private:
  /// What a definition stands for: its components, expanded, and how deep its instances nest.
  struct Known {
    std::size_t count = 0;
    std::size_t height = 0;  ///< 1: no subsystem instance inside
  };
  /// Thrown by of() when instances nest too deep; of_instance() words it at the netlist's instance.
  struct TooDeep {};

  /// The components `c` (written in `file`, `depth` instances deep) stands for. The recursion
  /// goes at most kMaxSubsystemDepth deep. @throws TooDeep.
  std::size_t of(const NetlistComponent& c, const std::string& file, std::size_t depth) {
    const Subsystem* s = netlist_.find_subsystem(file, c.type);
    if (s == nullptr) return 1;
    // Not yet known: counted now. Known, or being counted (a cycle, which expanding reports): as known.
    if (known_.try_emplace(s).second) {
      if (depth >= kMaxSubsystemDepth) throw TooDeep{};
      Known sum;
      for (const NetlistComponent& inner : s->components) {
        sum.count = std::min(sum.count + of(inner, s->file, depth + 1), kMaxComponents + 1);
        if (const Subsystem* t = netlist_.find_subsystem(s->file, inner.type)) sum.height = std::max(sum.height, known_[t].height);
      }
      ++sum.height;
      known_[s] = sum;
    }
    if (depth + known_[s].height > kMaxSubsystemDepth) throw TooDeep{};
    return known_[s].count;
  }

  /// The count of `c`, once of() has counted its definition.
  std::size_t known(const NetlistComponent& c, const std::string& file) {
    const Subsystem* s = netlist_.find_subsystem(file, c.type);
    return s == nullptr ? 1 : known_[s].count;
  }

  const Netlist& netlist_;
  std::map<const Subsystem*, Known> known_;
};

}  // namespace

void check_component_count(const Netlist& netlist) {
  ComponentCount count(netlist);
  std::size_t total = 0;
  const NetlistComponent* largest = nullptr;
  std::size_t largest_count = 0;
  for (const NetlistComponent& c : netlist.components) {
    const std::size_t n = count.of_instance(c);
    total = std::min(total + n, kMaxComponents + 1);
    if (n > largest_count) {
      largest = &c;
      largest_count = n;
    }
  }
  if (total <= kMaxComponents) return;
  std::string message = "the netlist has " + ComponentCount::count_text(total) +
                        " components once its subsystem instances are expanded; a netlist may have at most " +
                        std::to_string(kMaxComponents);
  if (largest_count > 1) message += ". Most come from " + count.chain(*largest);
  throw ModelError(largest_count > 1 ? largest->pointer + "/type" : "/components", message);
}

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

void load_subsystem_files(Netlist& netlist, const std::vector<std::string>& subsystem_path) {
  const std::vector<std::filesystem::path> allowed = allowed_directories(netlist.source, subsystem_path);
  auto load_named = [&](const std::vector<NetlistComponent>& components, const std::string& file) {
    for (const NetlistComponent& c : components) {
      if (!c.type.starts_with(kFileTypePrefix)) continue;
      const std::string written = c.type.substr(kFileTypePrefix.size());
      if (written.empty())
        throw ModelError(c.pointer + "/type", "\"file:\" needs the path of a subsystem file: \"file:<path>.json\"");
      const std::string path = resolve_include(file, written);
      if (netlist.subsystems.count(subsystem_key(path, "")) > 0) continue;
      const std::string cannot = "cannot read subsystem file \"" + text_excerpt(written) + "\" (looked for " +
                                 text_excerpt(path) + ")";
      std::filesystem::path real;
      if (const std::optional<std::string> refused = file_refusal(path, allowed, "subsystem files", real))
        throw ModelError(c.pointer + "/type", refused->empty() ? cannot : cannot + ": " + *refused);
      std::string problem;
      const std::optional<std::string> text = read_regular_file(real.string(), problem);
      if (!text) throw ModelError(c.pointer + "/type", cannot + ": " + problem);
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
