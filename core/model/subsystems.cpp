#include "core/model/subsystems.hpp"

#include <algorithm>
#include <optional>

#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/units.hpp"

namespace acausal {

using nlohmann::json;

namespace {

/// A subsystem parameter's value in one instance.
struct Bound {
  json value;           ///< SI: a number, or an array of numbers for a vector parameter
  std::string pointer;  ///< where it is given: at an instance, or the parameter's default
};

/// An initial target, a nominal or a state selection that a subsystem instance sets for something
/// inside it.
struct Target {
  enum class Kind { Initial, Nominal, StateSelect };
  std::string path;  ///< relative to the instance: `shaft.w`, `stage1.shaft.w`
  json value;
  std::string pointer;
  Kind kind = Kind::Initial;  ///< the member it was written in

  /// Where a component keeps entries of this kind, and where they were written.
  json& entries(NetlistComponent& c) const {
    return kind == Kind::Nominal ? c.nominal : kind == Kind::StateSelect ? c.state_select : c.initial;
  }
  PointerMap& pointers(NetlistComponent& c) const {
    return kind == Kind::Nominal       ? c.nominal_pointers
           : kind == Kind::StateSelect ? c.state_select_pointers
                                       : c.initial_pointers;
  }
};

/// A flattened subsystem instance, as the definition around it sees it.
struct Made {
  const Subsystem* definition = nullptr;
  std::string path;
  std::map<std::string, std::string> ports;  ///< exposed name → flat port path
  std::map<std::string, Bound> parameters;

  std::string label() const { return path + " (subsystem " + definition->name + ")"; }
};

std::string param_location(const NetlistComponent& c, const std::string& name) {
  const std::string* moved = c.param_pointers.find(name);
  return moved != nullptr ? *moved : c.pointer + "/params/" + json_pointer_token(name);
}

std::string initial_location(const NetlistComponent& c, const std::string& name) {
  const std::string* moved = c.initial_pointers.find(name);
  return moved != nullptr ? *moved : c.pointer + "/initial/" + json_pointer_token(name);
}

std::string nominal_location(const NetlistComponent& c, const std::string& name) {
  const std::string* moved = c.nominal_pointers.find(name);
  return moved != nullptr ? *moved : c.pointer + "/nominal/" + json_pointer_token(name);
}

std::string state_select_location(const NetlistComponent& c, const std::string& name) {
  const std::string* moved = c.state_select_pointers.find(name);
  return moved != nullptr ? *moved : c.pointer + "/state_select/" + json_pointer_token(name);
}

/// `{"param": "<name>"}`: the name, or nullopt for any other value.
std::optional<std::string> reference(const json& value, const std::string& pointer) {
  if (!value.is_object() || !value.contains("param")) return std::nullopt;
  if (value.size() != 1 || !value["param"].is_string())
    throw ModelError(pointer, "a subsystem parameter is used as {\"param\": \"<name>\"} alone, got " + json_checks::json_excerpt(value));
  return value["param"].get<std::string>();
}

units::Dimension dimension(const std::string& unit) { return units::parse_unit(unit).dimension; }

std::string unit_text(const std::string& unit) { return unit + " (" + dimension(unit).to_string() + ")"; }

template <typename Items, typename Name>
std::string names(const Items& items, Name name, const char* none) {
  std::vector<std::string> list;
  for (const auto& item : items) list.push_back(name(item));
  return list.empty() ? none : join(list, 40);
}

class Expander {
 public:
  Expander(const Netlist& in, const Registry& registry) : in_(in), registry_(registry) {}

  Netlist run() {
    out_.source = in_.source;
    out_.name = in_.name;
    out_.description = in_.description;
    out_.experiment = in_.experiment;
    out_.outputs = in_.outputs;
    out_.loop_cuts = in_.loop_cuts;  // flat names: `cylinder1.rod.frame_a`
    out_.inputs = in_.inputs;
    out_.tunable = in_.tunable;  // flat names: `gearbox1.shaft.J`, or `*`
    out_.components.reserve(in_.components.size());
    std::map<std::string, Made> instances;
    for (const NetlistComponent& c : in_.components) {
      if (const Subsystem* s = in_.find_subsystem(in_.source, c.type))
        instances.emplace(c.name, instantiate(*s, c.name, c, nullptr, targets_of(c)));
      else
        out_.components.push_back(c);
    }
    for (const NetlistConnection& k : in_.connections) out_.connections.push_back(rewrite(k, instances, nullptr));
    return std::move(out_);
  }

 private:
  /// Flattens `use`, an instance of `s` at `path`, inside `outer` (nullptr: at the top).
  Made instantiate(const Subsystem& s, const std::string& path, const NetlistComponent& use, const Made* outer,
                   std::vector<Target> targets) {
    if (auto at = std::find(stack_.begin(), stack_.end(), &s); at != stack_.end()) {
      std::string cycle;
      for (; at != stack_.end(); ++at) cycle += (*at)->name + " → ";
      throw ModelError(use.pointer + "/type", "subsystem cycle: " + cycle + s.name);
    }
    stack_.push_back(&s);
    Made made{&s, path, {}, {}};
    out_.subsystem_instances[path] = s.name;
    bind(made, use, outer);
    std::map<std::string, std::vector<Target>> inner_targets = route(made, targets);
    std::map<std::string, Made> inner;
    for (const NetlistComponent& c : s.components) {
      const std::string full = path + "." + c.name;
      std::vector<Target>& given = inner_targets[c.name];
      if (const Subsystem* t = in_.find_subsystem(s.file, c.type)) {
        std::vector<Target> all = targets_of(c);
        all.insert(all.end(), given.begin(), given.end());  // the outer instance's come last and win
        inner.emplace(c.name, instantiate(*t, full, c, &made, std::move(all)));
        continue;
      }
      NetlistComponent f = c;
      f.name = full;
      substitute(f, made);
      for (Target& g : given) {
        g.entries(f)[g.path] = std::move(g.value);
        g.pointers(f)[g.path] = std::move(g.pointer);
      }
      out_.components.push_back(std::move(f));
    }
    for (const NetlistConnection& k : s.connections) out_.connections.push_back(rewrite(k, inner, &made));
    for (const SubsystemPort& p : s.ports) {
      const auto dot = p.target.find('.');
      const std::string instance = p.target.substr(0, dot);
      const std::string port = p.target.substr(dot + 1);
      if (auto found = inner.find(instance); found != inner.end()) {
        made.ports[p.name] = port_of(found->second, port, p.pointer);
      } else {
        made.ports[p.name] = path + "." + p.target;
        out_.exposed_ports.push_back({made.ports[p.name], p.pointer});
      }
      out_.subsystem_ports[path + "." + p.name] = made.ports[p.name];
    }
    stack_.pop_back();
    return made;
  }

  /// The values of `made`'s parameters: given at `use` (numbers, quantities, or an outer
  /// parameter), or defaults.
  void bind(Made& made, const NetlistComponent& use, const Made* outer) {
    const Subsystem& s = *made.definition;
    for (auto it = use.params.begin(); it != use.params.end(); ++it) {
      const std::string pointer = param_location(use, it.key());
      const SubsystemParameter* p = s.find_parameter(it.key());
      if (p == nullptr)
        throw ModelError(pointer, "unknown parameter \"" + it.key() + "\" of subsystem " + s.name +
                                      (s.parameters.empty()
                                           ? std::string(" (it has no parameters)")
                                           : "; valid: " + names(s.parameters, [](const auto& q) { return q.name; }, "")));
      const std::string what = "parameter " + p->name + " of " + made.label();
      if (std::optional<std::string> name = reference(it.value(), pointer))
        made.parameters[p->name] = outer_value(*name, outer, use, pointer, p->unit, what);
      else
        made.parameters[p->name] = {json_checks::quantities(it.value(), p->unit, pointer, what), pointer};
    }
    for (const SubsystemParameter& p : s.parameters) {
      if (made.parameters.count(p.name) > 0) continue;
      if (!p.default_value)
        throw ModelError(use.pointer, made.label() + " needs a value for parameter " + p.name + " (it has no default)");
      made.parameters[p.name] = {*p.default_value, p.pointer + "/default"};
    }
  }

  /// The value of parameter `name` of the instance around `use`, for a use in `unit`.
  static Bound outer_value(const std::string& name, const Made* outer, const NetlistComponent& use,
                           const std::string& pointer, const std::string& unit, const std::string& what) {
    if (outer == nullptr)
      throw ModelError(pointer, "{\"param\": \"" + name + "\"} names a subsystem parameter, but " + use.name +
                                    " is not inside a subsystem");
    const Subsystem& s = *outer->definition;
    const SubsystemParameter* p = s.find_parameter(name);
    if (p == nullptr)
      throw ModelError(pointer, "no parameter \"" + json_checks::text_excerpt(name) + "\" in subsystem " + s.name + "; its parameters: " +
                                    names(s.parameters, [](const auto& q) { return q.name; }, "none"));
    if (dimension(p->unit) != dimension(unit))
      throw ModelError(pointer, "subsystem parameter " + name + " of " + s.name + " is in " + unit_text(p->unit) +
                                    ", but " + what + " is in " + unit_text(unit));
    return outer->parameters.at(name);
  }

  /// Replaces the parameter references in `f`'s params by their values in `made`. A reference to a
  /// parameter its type does not declare (or an unknown type) is left for build_model to report.
  void substitute(NetlistComponent& f, const Made& made) {
    for (auto it = f.params.begin(); it != f.params.end(); ++it) {
      const std::string pointer = param_location(f, it.key());
      if (it.value().is_array()) {
        substitute_elements(f, it.key(), it.value(), made, pointer);
        continue;
      }
      const std::optional<std::string> name = reference(it.value(), pointer);
      if (!name) continue;
      const Definition::Parameter* declared = declared_parameter(f.type, it.key());
      if (declared == nullptr) continue;
      if (declared->unit.empty())
        throw ModelError(pointer, it.key() + " of " + f.type + " is not a real quantity: a subsystem parameter cannot stand for it");
      const Bound b = outer_value(*name, &made, f, pointer, std::string(declared->unit),
                                  it.key() + " of " + f.name + " (" + f.type + ")");
      it.value() = b.value;
      f.param_pointers[it.key()] = b.pointer;
    }
  }

  /// Elements of an array parameter that name a subsystem parameter (`"r_CM": [{"param": "L"}, 0, 0]`)
  /// take its value, in the array parameter's unit.
  void substitute_elements(NetlistComponent& f, const std::string& key, json& array, const Made& made,
                           const std::string& pointer) {
    for (std::size_t k = 0; k < array.size(); ++k) {
      const std::string at = pointer + "/" + std::to_string(k);
      const std::optional<std::string> name = reference(array[k], at);
      if (!name) continue;
      const Definition::Parameter* declared = declared_parameter(f.type, key);
      if (declared == nullptr) return;
      std::string unit(declared->unit);
      try {
        units::parse_unit(unit);
      } catch (const std::invalid_argument&) {
        unit.clear();
      }
      if (unit.empty())
        throw ModelError(at, key + " of " + f.type + " has no one unit for its elements: a subsystem parameter cannot stand for one");
      const Bound b = outer_value(*name, &made, f, at, unit, key + "[" + std::to_string(k + 1) + "] of " + f.name + " (" + f.type + ")");
      if (b.value.is_array())
        throw ModelError(at, "subsystem parameter " + *name + " is an array: it stands for a whole parameter, not an element");
      array[k] = b.value;
      f.param_pointers[key] = b.pointer;
    }
  }

  const Definition::Parameter* declared_parameter(const std::string& type, const std::string& name) {
    const Component* component = registry_.find(type);
    if (component == nullptr) return nullptr;
    auto found = described_.find(component);
    if (found == described_.end()) found = described_.emplace(component, describe_type(*component)).first;
    for (const Definition::Parameter& p : found->second.parameters)
      if (p.name == name) return &p;
    return nullptr;
  }

  /// The initial targets, nominals and state selections of `made`, by the inner instance they are for.
  static std::map<std::string, std::vector<Target>> route(const Made& made, std::vector<Target>& targets) {
    std::map<std::string, std::vector<Target>> out;
    const Subsystem& s = *made.definition;
    for (Target& t : targets) {
      const auto dot = t.path.find('.');
      const std::string instance = t.path.substr(0, dot);
      const bool known = std::any_of(s.components.begin(), s.components.end(),
                                     [&](const NetlistComponent& c) { return c.name == instance; });
      if (dot == std::string::npos || dot + 1 == t.path.size() || !known)
        throw ModelError(t.pointer, "\"" + t.path + "\" is not \"<instance>.<variable>\" with an instance inside " +
                                        made.label() + "; its instances: " +
                                        names(s.components, [](const auto& c) { return c.name; }, "none"));
      out[instance].push_back({t.path.substr(dot + 1), std::move(t.value), std::move(t.pointer), t.kind});
    }
    return out;
  }

  /// A component's "initial", "nominal" and "state_select" entries as targets (for a subsystem instance: of things
  /// inside it).
  static std::vector<Target> targets_of(const NetlistComponent& c) {
    std::vector<Target> out;
    for (auto it = c.initial.begin(); it != c.initial.end(); ++it)
      out.push_back({it.key(), it.value(), initial_location(c, it.key())});
    for (auto it = c.nominal.begin(); it != c.nominal.end(); ++it)
      out.push_back({it.key(), it.value(), nominal_location(c, it.key()), Target::Kind::Nominal});
    for (auto it = c.state_select.begin(); it != c.state_select.end(); ++it)
      out.push_back({it.key(), it.value(), state_select_location(c, it.key()), Target::Kind::StateSelect});
    return out;
  }

  /// The flat port that `port` of subsystem instance `m` stands for.
  static std::string port_of(const Made& m, const std::string& port, const std::string& pointer) {
    auto found = m.ports.find(port);
    if (found == m.ports.end())
      throw ModelError(pointer, m.label() + " has no port \"" + port + "\"; its ports: " +
                                    names(m.definition->ports, [](const auto& p) { return p.name; }, "none"));
    return found->second;
  }

  /// `k` with its ends in flat names: a port of a subsystem instance (in `instances`) becomes the
  /// port it stands for; inside `made`, a component's port gets the instance's path in front.
  static NetlistConnection rewrite(const NetlistConnection& k, const std::map<std::string, Made>& instances,
                                   const Made* made) {
    NetlistConnection flat{{}, k.pointer};
    flat.ports.reserve(k.ports.size());
    for (std::size_t i = 0; i < k.ports.size(); ++i) {
      const std::string& end = k.ports[i];
      const std::string pointer = k.pointer + "/" + std::to_string(i);
      const auto dot = end.find('.');
      const std::string instance = end.substr(0, dot);
      if (auto found = instances.find(instance); found != instances.end()) {
        flat.ports.push_back(port_of(found->second, end.substr(dot + 1), pointer));
        continue;
      }
      if (made == nullptr) {
        flat.ports.push_back(end);
        continue;
      }
      const Subsystem& s = *made->definition;
      if (std::none_of(s.components.begin(), s.components.end(),
                       [&](const NetlistComponent& c) { return c.name == instance; }))
        throw ModelError(pointer, "no component named \"" + instance + "\" in subsystem " + s.name + " (components: " +
                                      names(s.components, [](const auto& c) { return c.name; }, "none") + ")");
      flat.ports.push_back(made->path + "." + end);
    }
    return flat;
  }

  const Netlist& in_;
  const Registry& registry_;
  Netlist out_;
  std::vector<const Subsystem*> stack_;  ///< the definitions being flattened, outermost first
  std::map<const Component*, Definition> described_;
};

}  // namespace

bool has_subsystem_instances(const Netlist& netlist) {
  if (netlist.subsystems.empty()) return false;
  return std::any_of(netlist.components.begin(), netlist.components.end(), [&](const NetlistComponent& c) {
    return netlist.find_subsystem(netlist.source, c.type) != nullptr;
  });
}

Netlist expand_subsystems(const Netlist& netlist, const Registry& registry) { return Expander(netlist, registry).run(); }

}  // namespace acausal
