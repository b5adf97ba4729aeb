#include "core/model/model.hpp"

#include <boost/container/small_vector.hpp>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <unordered_map>

#include <sys/resource.h>
#include <unistd.h>
#include <cstdio>

#include "core/expr/expr_map.hpp"
#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/instance_factory.hpp"
#include "core/model/tunable_names.hpp"
#include "core/model/orientation_graph.hpp"
#include "core/model/redundant_closures.hpp"
#include "core/model/subsystems.hpp"
#include "core/model/units.hpp"

namespace acausal {
namespace {

/// True if `text` matches `pattern`, where * stands for any characters (dots included).
bool glob_match(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0, star = std::string_view::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      resume = t;
    } else if (p < pattern.size() && pattern[p] == text[t]) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace

using nlohmann::json;

std::size_t Model::find_variable(std::string_view n) const {
  const auto name_of = [this](std::uint32_t i) -> const std::string& { return instances[i].name(); };
  if (instance_by_name_.size() != instances.size()) {  // first use, or instances added since
    instance_by_name_.clear();
    instance_by_name_.reserve(instances.size());
    for (std::size_t i = 0; i < instances.size(); ++i)
      instance_by_name_.insert(instances[i].name(), static_cast<std::uint32_t>(i), name_of);
  }
  constexpr std::size_t npos = std::string::npos;
  const auto [i, dot] = split_instance_path(n, [&](std::string_view instance) {
    const std::uint32_t found = instance_by_name_.find(instance, name_of);
    return found == NameIndex::npos ? npos : found;
  });
  if (i == npos) return npos;
  const Definition& d = *instances[i].definition;
  const Definition::Variable* v = d.find_variable(n.substr(dot + 1));
  return v == nullptr ? npos : instances[i].first_variable + static_cast<std::size_t>(v - d.variables.data());
}

Expr Model::symbol(std::size_t v) const {
  const ModelVariable& x = variables[v];
  const ModelInstance& instance = instances[x.instance];
  if (!instance.copy) return instance.definition->variables[x.local].symbol;
  return Expr::variable(variable_name(v));
}

void Model::symbols(std::span<const std::size_t> vs, std::vector<Expr>& out) const {
  // The copies' names side by side, looked up as one batch; the others' symbols are their
  // definitions'.
  std::string names;
  std::vector<std::size_t> ends;
  for (std::size_t v : vs) {
    const ModelInstance& instance = instances[variables[v].instance];
    if (!instance.copy) continue;
    names.append(instance.name()).append(".").append(instance.definition->variables[variables[v].local].local_name);
    ends.push_back(names.size());
  }
  std::vector<Expr> made;
  Expr::variables(names, ends, made);
  out.reserve(out.size() + vs.size());
  std::size_t next = 0;
  for (std::size_t v : vs) {
    const ModelInstance& instance = instances[variables[v].instance];
    out.push_back(instance.copy ? made[next++] : instance.definition->variables[variables[v].local].symbol);
  }
}

std::string Model::variable_name(std::size_t v) const {
  const ModelVariable& x = variables[v];
  const ModelInstance& instance = instances[x.instance];
  if (!instance.copy) return instance.definition->variables[x.local].symbol.name();
  return instance.name() + "." + std::string(instance.definition->variables[x.local].local_name);
}

const InitialTarget& Model::target(std::size_t v) const {
  const auto it = std::lower_bound(targets.begin(), targets.end(), v,
                                   [](const InitialTarget& t, std::size_t x) { return t.variable < x; });
  if (it == targets.end() || it->variable != v) throw std::out_of_range("no initial target for " + variable_name(v));
  return *it;
}

std::string Model::target_pointer(const InitialTarget& t) const {
  return labels->target_pointer(variables[t.variable].instance, variables[t.variable].local, t.written);
}

EquationView Model::equation(std::size_t e) const {
  const std::uint32_t slot = equation_slots[e];
  if (slot != kCopied) {
    const ModelEquation& eq = stored_equations[slot];
    return {{terms.data() + eq.first_term, eq.term_count}, 0, eq.constant, &eq.rest};
  }
  const EquationLabels::Label label = labels->label(e);
  const ModelInstance& instance = instances[label.who];
  const TypeEquations& type = type_equations.at(instance.definition.get());
  const ModelEquation& eq = type.equations[label.local];
  const auto rest = copied_rests.find(e);
  return {{type.terms.data() + eq.first_term, eq.term_count}, instance.first_variable, eq.constant,
          rest != copied_rests.end() ? &rest->second : &eq.rest};
}

const ModelInput* Model::input_of(const Expr& leaf) const {
  if (leaf.op() != Op::Parameter) return nullptr;
  for (const ModelInput& in : inputs)
    if (in.symbol == leaf) return &in;
  return nullptr;
}

Expr Model::residual(std::size_t e) const {
  const EquationLabels::Label label = labels->label(e);
  if (label.who == EquationLabels::kWritten) return written[label.local];
  if (label.who == EquationLabels::kLinear) {
    const EquationView eq = equation(e);
    std::vector<std::pair<Coef, Expr>> written_terms;
    for (const LinearRow::Term t : eq) written_terms.emplace_back(t.coefficient(), symbol(t.slot().column));
    return linear_combination(written_terms, eq.constant);
  }
  return in_instance(label.who, instances[label.who].definition->equations[label.local].residual);
}

Expr Model::in_instance(std::size_t i, const Expr& e) const {
  const ModelInstance& instance = instances[i];
  if (!instance.copy) return e;
  return renamed(*instance.definition, copy_symbols(*instance.definition, instance.name()), e);
}

std::vector<Expr> Model::in_instance(std::size_t i, std::span<const Expr> es) const {
  const ModelInstance& instance = instances[i];
  if (!instance.copy) return {es.begin(), es.end()};
  const std::vector<Expr> symbols = copy_symbols(*instance.definition, instance.name());
  std::vector<Expr> out;
  out.reserve(es.size());
  for (const Expr& e : es) out.push_back(renamed(*instance.definition, symbols, e));
  return out;
}

Definition Model::definition(std::size_t i) const {
  const ModelInstance& instance = instances[i];
  if (!instance.copy) return *instance.definition;
  return copied_definition(*instance.definition, instance.name(), instance.pointer(),
                           copy_symbols(*instance.definition, instance.name()));
}

namespace {

/// A number (SI) or a "<number> <unit>" string of variable v's dimension, in SI.
double quantity_of(const Model& m, std::size_t v, const json& j, const std::string& where) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string())
    throw ModelError(where, "expected a number or a \"<number> <unit>\" string, got " + std::string(j.type_name()));
  try {
    return units::to_si(j.get<std::string>(), m.declared(v).unit);
  } catch (const std::invalid_argument& e) {
    throw ModelError(where, e.what());
  }
}

/// Target value and priority of one "initial" entry for variable v.
void apply_target(Model& m, std::size_t v, const json& entry, const std::string& pointer) {
  auto number = [&](const json& j, const std::string& where) {
    const double x = quantity_of(m, v, j, where);
    if (!std::isfinite(x)) throw ModelError(where, "initial value is not a finite number");
    return x;
  };
  InitialTarget& target = m.targets.emplace_back();
  target.variable = static_cast<std::uint32_t>(v);
  const ModelVariable& x = m.variables[v];
  if (pointer != m.labels->initial_pointer(x.instance, x.local)) {
    target.written = m.labels->add_target_pointer(pointer);
  }
  TargetPriority& priority = m.variables[v].target;
  if (entry.is_object()) {
    for (auto it = entry.begin(); it != entry.end(); ++it)
      if (it.key() != "value" && it.key() != "priority")
        throw ModelError(pointer + "/" + json_pointer_token(it.key()),
                         "unknown key \"" + it.key() + "\"; valid keys: \"value\", \"priority\"");
    if (!entry.contains("value")) throw ModelError(pointer, "missing \"value\"");
    target.value = number(entry["value"], pointer + "/value");
    priority = TargetPriority::High;
    if (entry.contains("priority")) {
      const json& p = entry["priority"];
      if (p == "low")
        priority = TargetPriority::Low;
      else if (p != "high")
        throw ModelError(pointer + "/priority", "priority must be \"high\" or \"low\", got " + json_checks::json_excerpt(p));
    }
  } else {
    target.value = number(entry, pointer);
    priority = TargetPriority::High;
  }
}

/// One "nominal" entry for variable v: its magnitude for absolute tolerances (Modelica's `nominal`).
void apply_nominal(Model& m, std::size_t v, const json& entry, const std::string& pointer) {
  const double x = quantity_of(m, v, entry, pointer);
  if (!(x > 0.0) || !std::isfinite(x))
    throw ModelError(pointer, "a nominal must be a positive number, got " + json_checks::json_excerpt(entry));
  m.nominals[v] = x;
}

/// One "state_select" entry for variable v (Modelica's `stateSelect`).
void apply_state_select(Model& m, std::size_t v, const json& entry, const std::string& pointer) {
  static const std::pair<const char*, StatePriority> choices[] = {{"never", StatePriority::Never},
                                                                  {"avoid", StatePriority::Avoid},
                                                                  {"default", StatePriority::Default},
                                                                  {"prefer", StatePriority::Prefer},
                                                                  {"always", StatePriority::Always}};
  if (entry.is_string())
    for (const auto& [name, priority] : choices)
      if (entry.get<std::string>() == name) {
        m.state_selects[v] = priority;
        return;
      }
  throw ModelError(pointer, "a state selection is one of \"never\", \"avoid\", \"default\", \"prefer\", \"always\"; got " +
                                json_checks::json_excerpt(entry));
}

/// `e` split into its linear part over slots whose column is `position(variable)` for each Variable
/// leaf and each derivative of one; a leaf without a position goes into the remainder.
template <typename Position>
LinearRow split_at(const Expr& e, const Position& position) {
  return split_row(e, [&](const Expr& leaf) -> std::optional<LeafImage> {
    const bool derivative = leaf.op() == Op::Derivative;
    const std::optional<std::size_t> column = position(derivative ? leaf.args()[0] : leaf);
    if (!column) return std::nullopt;
    const auto order = derivative ? static_cast<std::uint32_t>(leaf.order()) : 0u;
    return LeafImage{Slot{static_cast<std::uint32_t>(*column), order}, 1.0, 0.0, true};
  });
}

class Assembler {
 public:
  /// `released`: by cut port, the closure rows to replace by their cut quantity set to zero.
  Assembler(const Netlist& netlist, Model& model, const RedundantClosures& released = {})
      : netlist_(netlist), model_(model), tunable_(netlist.tunable), released_(released) {}

  void instantiate(const Registry& registry) {
    const std::size_t count = netlist_.components.size();
    model_.instances.reserve(count);
    // How orientation flows through the frame ports; its errors (frames nothing orients) wait
    // until the connections are checked, which name a mistyped port more precisely.
    try {
      graph_ = build_orientation_graph(netlist_, registry);
    } catch (const ModelError& e) {
      graph_.roles.assign(count, FrameRoles{});
      graph_problem_ = e;
    }
    // The components that set the environment (the World's gravity) first, so that every other
    // definition can read it.
    std::vector<BuiltInstance> built(count);
    factory_.set_tunable(tunable_.empty() ? nullptr : &tunable_);
    // Each component's type, looked up once (a large netlist's components are of a few types, in
    // runs: the same type as the one before is compared, not hashed).
    std::vector<const Component*>& types = types_;
    types.assign(count, nullptr);
    for (std::size_t i = 0; i < count; ++i) {
      const std::string& type_name = netlist_.components[i].type;
      types[i] = i > 0 && type_name == netlist_.components[i - 1].type ? types[i - 1] : registry.find(type_name);
    }
    environment_.netlist_source = netlist_.source;
    environment_.search_path = netlist_.search_path;
    for (std::size_t i = 0; i < count; ++i) {
      const NetlistComponent& c = netlist_.components[i];
      const Component* type = types[i];
      if (type == nullptr || !type->provides_environment()) continue;
      built[i] = factory_.build(*type, c, &graph_.roles[i]);
      if (!built[i].definition->provided_gravity) continue;
      if (environment_.gravity)
        throw ModelError(c.pointer, "a model has one multibody.World; " + environment_.provider + " is one already");
      environment_.gravity = built[i].definition->provided_gravity;
      environment_.provider = c.name;
    }
    factory_.set_environment(&environment_);
    std::size_t variables = 0, equations = 0, own_equations = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const NetlistComponent& c = netlist_.components[i];
      const Component* type = types[i];
      if (type == nullptr)
        throw ModelError(c.pointer + "/type", registry.unknown_type_message(c.type));
      if (!built[i].definition) built[i] = factory_.build(*type, c, &graph_.roles[i]);
      if (built[i].definition->variables.size() > ModelVariable::kMaxLocals)
        throw ModelError(c.pointer, c.name + " (" + c.type + ") has " + std::to_string(built[i].definition->variables.size()) +
                                        " variables; a component has at most " + std::to_string(ModelVariable::kMaxLocals));
      variables += built[i].definition->variables.size();
      equations += built[i].definition->equations.size();
      if (!built[i].copy) own_equations += built[i].definition->equations.size();
    }
    graph_.roles = decltype(graph_.roles)();  // the definitions are built: the connections read only the cut ports
    // The flat variables and equations, in vectors of their exact size.
    model_.variables.reserve(variables);
    model_.equation_slots.reserve(equations + equations / 2);  // the connections add about half as many
    model_.labels->reserve(equations + equations / 2, equations / 2);
    // Stored: the equations of instances that are no copies, and the connections' (a few terms each).
    model_.stored_equations.reserve(own_equations + equations / 2);
    model_.terms.reserve(3 * (own_equations + equations / 2));
    for (std::size_t i = 0; i < count; ++i) {
      const NetlistComponent& c = netlist_.components[i];
      const Definition& d = *built[i].definition;
      const auto first = static_cast<std::uint32_t>(model_.variables.size());
      const EquationSource* from = &model_.labels->add_instance(built[i].definition, EquationSource{c.name, c.pointer});
      model_.instances.push_back({std::move(built[i].definition), from, first, built[i].copy});
      for (std::size_t k = 0; k < d.variables.size(); ++k)
        model_.variables.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint16_t>(k)});
      apply_entries(d, first, c, c.initial, c.initial_pointers, "/initial/", apply_target);
      apply_entries(d, first, c, c.nominal, c.nominal_pointers, "/nominal/", apply_nominal);
      apply_entries(d, first, c, c.state_select, c.state_select_pointers, "/state_select/", apply_state_select);
    }
    // By variable; where the netlist gave one twice, the later one holds.
    std::stable_sort(model_.targets.begin(), model_.targets.end(),
                     [](const InitialTarget& a, const InitialTarget& b) { return a.variable < b.variable; });
    for (std::size_t k = 0; k + 1 < model_.targets.size(); ++k)
      if (model_.targets[k].variable == model_.targets[k + 1].variable) model_.targets[k].variable = kSuperseded;
    std::erase_if(model_.targets, [](const InitialTarget& t) { return t.variable == kSuperseded; });
    // Every variable is in place: an equation may read another instance's.
    for (std::size_t i = 0; i < count; ++i) {
      const ModelInstance& instance = model_.instances[i];
      if (instance.copy) {
        add_copied_equations(i);
      } else {
        const std::vector<Definition::Equation>& own = instance.definition->equations;
        for (std::size_t k = 0; k < own.size(); ++k) {
          add_equation(own[k].residual, {&i, 1});
          model_.labels->add_instance_equation(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k));
        }
      }
    }
  }

  /// The entries of a component's "initial" or "nominal" (`entries`), each given to `apply` with
  /// its variable; `moved_pointers`: where an entry was written when not in the component's own.
  void apply_entries(const Definition& d, std::size_t first, const NetlistComponent& c, const json& entries,
                     const PointerMap& moved_pointers, const char* member,
                     void (*apply)(Model&, std::size_t, const json&, const std::string&)) {
    for (auto it = entries.begin(); it != entries.end(); ++it) {
      const std::string* moved = moved_pointers.find(it.key());
      std::string pointer = moved != nullptr ? *moved
                                                          : c.pointer + member + json_pointer_token(it.key());
      const Definition::Variable* v = d.find_variable(it.key());
      if (v == nullptr && it.value().is_array()) {
        apply_vector(d, first, it.key(), it.value(), pointer, apply);
        continue;
      }
      if (v == nullptr) {
        std::vector<std::string_view> names;
        for (const Definition::Variable& x : d.variables) names.push_back(x.local_name);
        throw ModelError(pointer, "\"" + it.key() + "\" is not a variable of " + c.type + "; valid: " + join(names, 40));
      }
      apply(model_, first + static_cast<std::size_t>(v - d.variables.data()), it.value(), pointer);
    }
  }

  /// A vector variable's initial values (or nominals) as an array (DESIGN §5: `"r_0": [0, -1.2, 0]`):
  /// element i sets `<name>[i+1]`.
  void apply_vector(const Definition& d, std::size_t first, const std::string& name, const json& values,
                    const std::string& pointer, void (*apply)(Model&, std::size_t, const json&, const std::string&)) {
    std::size_t size = 0;
    while (d.find_variable(name + "[" + std::to_string(size + 1) + "]") != nullptr) ++size;
    if (size == 0) {
      std::vector<std::string_view> names;
      for (const Definition::Variable& x : d.variables) names.push_back(x.local_name);
      throw ModelError(pointer, "\"" + name + "\" is not a vector variable of " + d.type + "; valid: " + join(names, 40));
    }
    if (values.size() != size)
      throw ModelError(pointer, name + " has " + std::to_string(size) + " elements, got " + std::to_string(values.size()));
    for (std::size_t i = 0; i < size; ++i) {
      const Definition::Variable* v = d.find_variable(name + "[" + std::to_string(i + 1) + "]");
      apply(model_, first + static_cast<std::size_t>(v - d.variables.data()), values[i], pointer + "/" + std::to_string(i));
    }
  }

  void connect() {
    // The component ports that subsystem instances expose, also those left open outside.
    for (const ExposedPort& e : netlist_.exposed_ports) find_port(e.path, [&e] { return e.pointer; });
    port_base_.reserve(model_.instances.size() + 1);
    std::size_t ports = 0;
    for (const ModelInstance& instance : model_.instances) {
      port_base_.push_back(ports);
      ports += instance.definition->ports.size();
    }
    connected_.assign(ports, false);
    end_of_port_.assign(ports, kNoEnd);
    std::size_t written_ends = 0;
    for (const NetlistConnection& c : netlist_.connections) written_ends += c.ports.size();
    std::vector<End> ends;
    ends.reserve(written_ends);
    // (32-bit indices: a large netlist has hundreds of thousands of ends)
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<std::uint32_t> edge_connection;
    for (std::size_t k = 0; k < netlist_.connections.size(); ++k) {
      const NetlistConnection& c = netlist_.connections[k];
      std::uint32_t first = 0;
      for (std::size_t i = 0; i < c.ports.size(); ++i) {
        const auto e = static_cast<std::uint32_t>(endpoint(ends, k, i));
        if (i == 0)
          first = e;
        else
          edges.emplace_back(first, e), edge_connection.push_back(static_cast<std::uint32_t>(k));
      }
    }
    feed_inputs(ends);
    // Connection sets are the connected components of the graph of port ends (union–find), numbered
    // in the order of their first ends; each lists its ends in order.
    std::vector<std::uint32_t> parent(ends.size());
    for (std::uint32_t e = 0; e < parent.size(); ++e) parent[e] = e;
    const auto root = [&parent](std::uint32_t e) {
      while (parent[e] != e) e = parent[e] = parent[parent[e]];
      return e;
    };
    for (auto [a, b] : edges) {
      const std::uint32_t ra = root(a), rb = root(b);
      if (ra != rb) parent[std::max(ra, rb)] = std::min(ra, rb);
    }
    std::vector<std::uint32_t> component(ends.size());
    std::vector<std::uint32_t> node_start{0};  // node n's ends: node_ends[node_start[n], node_start[n + 1])
    for (std::uint32_t e = 0; e < ends.size(); ++e) {
      const std::uint32_t r = root(e);
      component[e] = r == e ? static_cast<std::uint32_t>(node_start.size() - 1) : component[r];
      if (r == e) node_start.push_back(0);
      ++node_start[component[e] + 1];
    }
    parent = decltype(parent)();
    const std::size_t count = node_start.size() - 1;
    std::partial_sum(node_start.begin(), node_start.end(), node_start.begin());
    std::vector<std::uint32_t> node_ends(ends.size()), filled(node_start.begin(), node_start.end() - 1);
    for (std::uint32_t e = 0; e < ends.size(); ++e) node_ends[filled[component[e]]++] = e;
    filled = decltype(filled)();
    std::vector<std::uint32_t> node_connection(count);
    for (std::size_t k = 0; k < edges.size(); ++k) node_connection[component[edges[k].first]] = edge_connection[k];
    edges = decltype(edges)();
    edge_connection = decltype(edge_connection)();
    component = decltype(component)();
    for (std::size_t n = 0; n < count; ++n)
      assemble_node(ends, {node_ends.data() + node_start[n], node_start[n + 1] - node_start[n]}, node_connection[n]);
    close_open_ports();
    if (graph_problem_) throw *graph_problem_;
  }

  /// Output `path` (netlist entry i): a variable or discrete variable, or a subsystem port's
  /// variable (`gearbox1.flange_a.phi`, through the flat port it stands for).
  void output(const std::string& path, std::size_t i) {
    std::string resolved = path;
    for (std::size_t dot = path.rfind('.'); !netlist_.subsystem_ports.empty() && dot != std::string::npos && dot > 0;
         dot = path.rfind('.', dot - 1))
      if (const auto port = netlist_.subsystem_ports.find(path.substr(0, dot)); port != netlist_.subsystem_ports.end()) {
        resolved = port->second + path.substr(dot);
        break;
      }
    const auto [index, dot] = split_path(resolved);
    const std::string instance = resolved.substr(0, dot);
    const Definition* d = index == npos ? nullptr : model_.instances[index].definition.get();
    const std::string_view local = dot == std::string::npos ? std::string_view() : std::string_view(resolved).substr(dot + 1);
    const Definition::Variable* v = d == nullptr || local.empty() ? nullptr : d->find_variable(local);
    if (const Definition::Discrete* discrete = v == nullptr && d != nullptr ? d->find_discrete(local) : nullptr) {
      model_.output_discretes.push_back({model_.outputs.size(), static_cast<std::uint32_t>(index),
                                         static_cast<std::uint32_t>(discrete - d->discretes.data())});
      model_.outputs.push_back(path);
      return;
    }
    if (v == nullptr) throw ModelError("/outputs/" + std::to_string(i), unknown_output(path, d, index));
    model_.outputs.push_back(path);
    model_.output_variables.push_back(model_.instances[index].first_variable + static_cast<std::size_t>(v - d->variables.data()));
  }

  /// Why `path` names no variable: the instance's variables, or what a subsystem instance of that
  /// name holds, or that there is no such component.
  std::string unknown_output(const std::string& path, const Definition* d, std::size_t index) const {
    const std::string quoted = "unknown variable \"" + json_checks::text_excerpt(path) + "\"";
    if (d != nullptr) {
      std::vector<std::string> names;
      for (std::size_t k = 0; k < d->variables.size(); ++k) names.push_back(model_.variable_name(model_.instances[index].first_variable + k));
      for (const Definition::Discrete& x : d->discretes) names.push_back(x.symbol.name());
      return quoted + "; " + model_.instances[index].name() + " has " + join(names, 40);
    }
    // The longest subsystem instance the path starts with.
    for (std::size_t dot = path.rfind('.'); dot != std::string::npos && dot > 0; dot = path.rfind('.', dot - 1)) {
      const std::string prefix = path.substr(0, dot);
      const auto sub = netlist_.subsystem_instances.find(prefix);
      if (sub == netlist_.subsystem_instances.end()) continue;
      std::vector<std::string> inside, ports;
      for (const NetlistComponent& c : netlist_.components)
        if (c.name.starts_with(prefix + ".") && c.name.find('.', prefix.size() + 1) == std::string::npos) inside.push_back(c.name);
      for (auto it = netlist_.subsystem_instances.lower_bound(prefix + "."); it != netlist_.subsystem_instances.end() && it->first.starts_with(prefix + "."); ++it)
        if (it->first.find('.', prefix.size() + 1) == std::string::npos) inside.push_back(it->first);
      for (auto it = netlist_.subsystem_ports.lower_bound(prefix + "."); it != netlist_.subsystem_ports.end() && it->first.starts_with(prefix + "."); ++it)
        if (it->first.find('.', prefix.size() + 1) == std::string::npos) ports.push_back(it->first.substr(prefix.size() + 1));
      return quoted + ": " + prefix + " is an instance of subsystem " + sub->second + "; its components: " + join(inside, 40) +
             (ports.empty() ? std::string() : "; its ports: " + join(ports, 40));
    }
    const std::string instance = path.substr(0, path.find('.'));
    return quoted + " (no component named \"" + json_checks::text_excerpt(instance) + "\")";
  }

  void outputs() {
    for (std::size_t i = 0; i < netlist_.outputs.size(); ++i) {
      const std::string& path = netlist_.outputs[i];
      if (path.find('*') == std::string::npos) {
        output(path, i);
        continue;
      }
      // A pattern: every variable and discrete variable whose name it matches, in model order.
      std::vector<std::string> matches;
      for (std::size_t v = 0; v < model_.variables.size(); ++v)
        if (std::string name = model_.variable_name(v); glob_match(path, name)) matches.push_back(std::move(name));
      for (const ModelInstance& instance : model_.instances)
        for (const Definition::Discrete& x : instance.definition->discretes)
          if (glob_match(path, x.symbol.name())) matches.push_back(std::string(x.symbol.name()));
      if (matches.empty())
        throw ModelError("/outputs/" + std::to_string(i),
                         "no variable matches \"" + json_checks::text_excerpt(path) + "\" (* stands for any characters)");
      for (const std::string& name : matches) output(name, i);
    }
    if (!model_.outputs.empty()) return;
    for (std::size_t v = 0; v < model_.variables.size(); ++v) {
      model_.outputs.push_back(model_.variable_name(v));
      model_.output_variables.push_back(v);
    }
    // Then the discrete variables (modes), every instance's in its order.
    for (std::size_t i = 0; i < model_.instances.size(); ++i) {
      const Definition& d = *model_.instances[i].definition;
      for (std::size_t k = 0; k < d.discretes.size(); ++k) {
        model_.output_discretes.push_back({model_.outputs.size(), static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k)});
        model_.outputs.push_back(d.discretes[k].symbol.name());
      }
    }
  }

 private:
  /// A port's across and through quantities as positions among its instance's variables.
  struct PortLocals {
    std::vector<std::uint32_t> across, through;
  };
  void add_linear(std::initializer_list<LinearRow::Term> terms) {
    add_linear(std::span<const LinearRow::Term>(terms.begin(), terms.size()));
  }

  /// A port at a connection node.
  struct End {
    const Port* port;  ///< in the instance's definition (a copy's: its type's first instance's variables)
    const PortLocals* locals;  ///< where its quantities are among the instance's variables
    std::uint32_t instance;    ///< index into Model::instances
    std::uint32_t flat_port;   ///< index into connected_
    std::uint32_t connection, position;  ///< where it first appears
  };
  /// "instance.port", the netlist's text of end e.
  std::string_view end_path(const End& e) const { return netlist_.connections[e.connection].ports[e.position]; }

  std::size_t endpoint(std::vector<End>& ends, std::size_t connection, std::size_t position) {
    const std::string_view path = netlist_.connections[connection].ports[position];
    const auto [index, p] = find_port(path, [&] { return end_pointer(connection, position); });
    // A port in several connections is one end: the connections meet there.
    const std::size_t flat_port = port_base_[index] + p;
    if (end_of_port_[flat_port] != kNoEnd) return end_of_port_[flat_port];
    const Port* port = &model_.instances[index].definition->ports[p].port;
    ends.push_back({port, &port_locals(*port, *model_.instances[index].definition), static_cast<std::uint32_t>(index),
                    static_cast<std::uint32_t>(flat_port), static_cast<std::uint32_t>(connection),
                    static_cast<std::uint32_t>(position)});
    end_of_port_[flat_port] = static_cast<std::uint32_t>(ends.size() - 1);
    return ends.size() - 1;
  }

  /// `<connection's pointer>/<position>`: where a connection end is written.
  std::string end_pointer(std::size_t connection, std::size_t position) const {
    return netlist_.connections[connection].pointer + "/" + std::to_string(position);
  }
  std::string end_pointer(const End& e) const { return end_pointer(e.connection, e.position); }

  /// The external inputs (netlist `inputs`): each fed port must be a signal input, of the input's
  /// dimension, that no connection names. It reads the input, port − factor·u = 0 (u in the input's
  /// unit), and counts as connected.
  void feed_inputs(const std::vector<End>& ends) {
    for (const NetlistInput& in : netlist_.inputs) {
      const units::Unit unit = units::parse_unit(in.unit);  // checked when the netlist was read
      ModelInput& m = model_.inputs.emplace_back(
          ModelInput{in.name, in.unit, unit.factor, in.description, Expr::parameter(in.name), in.pointer, in.feeds});
      for (std::size_t k = 0; k < in.feeds.size(); ++k) {
        const std::string& feed = in.feeds[k];
        const std::string where = in.pointer + "/feeds/" + std::to_string(k);
        const auto [index, p] = find_port(feed, [&where] { return where; });
        const ModelInstance& instance = model_.instances[index];
        const Port& port = instance.definition->ports[p].port;
        if (!port.domain->causal())
          throw ModelError(where, feed + " is a " + port.domain->name() + " port; an input feeds signal inputs");
        if (port.direction != SignalDirection::Input)
          throw ModelError(where, feed + " is a signal output; an input feeds signal inputs");
        const std::size_t flat_port = port_base_[index] + p;
        if (end_of_port_[flat_port] != kNoEnd)
          throw ModelError(where, feed + " is connected at " + end_pointer(ends[end_of_port_[flat_port]]) +
                                      "; a signal input reads one source, and an input's ports are in no connection");
        const std::size_t v = instance.first_variable + port_locals(port, *instance.definition).across.at(0);
        const std::string port_unit(model_.declared(v).unit);
        const units::Dimension dimension = units::parse_unit(port_unit).dimension;
        if (dimension != unit.dimension)
          throw ModelError(where, feed + " is in " + port_unit + " (" + dimension.to_string() + "), input " + in.name +
                                      " in " + in.unit + " (" + unit.dimension.to_string() + ")");
        connected_[flat_port] = true;
        const Expr residual = model_.symbol(v) - m.factor * m.symbol;
        model_.labels->add_input_equation(where, feed + " reads input " + in.name);
        model_.written.push_back(residual);
        add_equation(residual, {&index, 1});
      }
    }
  }

  /// The instance and the index of its port that `path` ("instance.port") names.
  /// @throws ModelError at `pointer()` (written only then) when there is no such instance or port.
  template <typename Pointer>
  std::pair<std::size_t, std::size_t> find_port(std::string_view path, const Pointer& pointer) {
    const auto [index, dot] = split_path(path);
    const std::string_view instance = path.substr(0, dot);
    const std::string_view port = path.substr(dot + 1);
    if (index == npos) {
      std::vector<std::string> names;
      for (const ModelInstance& x : model_.instances) names.push_back(x.name());
      throw ModelError(pointer(), "no component named \"" + json_checks::text_excerpt(instance) + "\" (components: " +
                                        join(names, 40) + ")");
    }
    const Definition& d = *model_.instances[index].definition;
    for (std::size_t p = 0; p < d.ports.size(); ++p)
      if (d.ports[p].port.name == port) return {index, p};
    std::vector<std::string> names;
    for (const Definition::PortInfo& x : d.ports) names.push_back(x.port.name);
    throw ModelError(pointer(), "\"" + json_checks::text_excerpt(port) + "\" is not a port of " + std::string(instance) + " (" + d.type +
                                  "); its ports: " + (names.empty() ? "none" : join(names, 40)));
  }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  static constexpr std::uint32_t kSuperseded = static_cast<std::uint32_t>(-1);  ///< a target given again later

  /// The index of the instance with this name, or npos.
  std::size_t find_instance(std::string_view name) {
    const auto component_name = [this](std::uint32_t i) -> const std::string& { return netlist_.components[i].name; };
    if (instance_index_.size() == 0) {
      instance_index_.reserve(netlist_.components.size());
      for (std::size_t i = 0; i < netlist_.components.size(); ++i)
        instance_index_.insert(netlist_.components[i].name, static_cast<std::uint32_t>(i), component_name);
    }
    // Connections are written component by component: an end names one of the last few instances
    // found more often than not (a chain's every other end), and those names are in cache.
    for (const std::uint32_t i : recent_instances_)
      if (i != NameIndex::npos && netlist_.components[i].name == name) return i;
    const std::uint32_t found = instance_index_.find(name, component_name);
    if (found == NameIndex::npos) return npos;
    recent_instances_[next_recent_++ % recent_instances_.size()] = found;
    return found;
  }

  /// `instance.rest` split after the instance (whose name holds dots inside a subsystem): its index
  /// (npos when there is none) and the position of the dot.
  std::pair<std::size_t, std::size_t> split_path(std::string_view path) {
    return split_instance_path(path, [&](std::string_view name) { return find_instance(name); });
  }

  /// The node's ends for its labels, `source` the position of the end the others share or read.
  std::uint32_t label_node(const std::vector<End>& ends, std::span<const std::uint32_t> node, std::size_t connection,
                           std::size_t source) {
    boost::container::small_vector<EquationLabels::NodeEnd, 4> labelled;
    for (std::uint32_t e : node)
      labelled.push_back({static_cast<std::uint32_t>(ends[e].instance),
                          static_cast<std::uint32_t>(ends[e].flat_port - port_base_[ends[e].instance])});
    return model_.labels->add_node(static_cast<std::uint32_t>(connection), netlist_.connections[connection].pointer,
                                   std::span<const EquationLabels::NodeEnd>(labelled.data(), labelled.size()),
                                   static_cast<std::uint32_t>(source));
  }

  void assemble_node(const std::vector<End>& ends, std::span<const std::uint32_t> node, std::size_t connection) {
    const End& first = ends[node[0]];
    for (std::size_t e : node) {
      const End& x = ends[e];
      if (x.port->domain != first.port->domain)
        throw ModelError(end_pointer(x), "cannot connect " + std::string(end_path(first)) + " (" + first.port->domain->name() +
                                          ") with " + std::string(end_path(x)) + " (" + x.port->domain->name() + ")");
    }
    for (std::size_t e : node) connected_[ends[e].flat_port] = true;
    if (first.port->domain->causal()) return signal_node(ends, node, connection);
    const Domain& domain = *first.port->domain;
    // A port whose link to the node closes an orientation loop is related to the node's orientation
    // by the domain's residuals instead of sharing it (see core/model/orientation_graph.hpp).
    const bool may_close_loop = domain.loop_closure() && !graph_.cut_ports.empty();
    const auto cut = [&](const End& e) { return may_close_loop && graph_.cut_ports.count(std::string(end_path(e))) > 0; };
    std::vector<bool> replaced;
    if (may_close_loop) {
      replaced.assign(first.port->across.size(), false);
      std::size_t at = 0;
      for (const PortQuantity& q : domain.across()) {
        const auto& r = domain.loop_closure()->replaced;
        for (int i = 0; i < q.size(); ++i) replaced[at++] = std::find(r.begin(), r.end(), q.name) != r.end();
      }
    }
    boost::container::small_vector<std::size_t, 4> instances;  // whose variables the node's equations read
    for (std::size_t e : node) instances.push_back(ends[e].instance);
    const std::span<const std::size_t> at_node(instances.data(), instances.size());
    std::size_t source_index = 0;
    while (source_index + 1 < node.size() && cut(ends[node[source_index]])) ++source_index;
    const End& source = ends[node[source_index]];
    const std::uint32_t labelled = label_node(ends, node, connection, source_index);
    for (std::size_t k = 0; k < node.size(); ++k) {
      if (k == source_index) continue;
      const End& other = ends[node[k]];
      const bool closes_loop = cut(other);
      Model::LoopCut* loop = nullptr;
      const std::vector<bool>* released = nullptr;
      if (closes_loop) {
        loop = &model_.loop_cuts.emplace_back(Model::LoopCut{std::string(end_path(other)), {}});
        const auto it = released_.rows.find(loop->port);
        if (it != released_.rows.end()) released = &it->second;
      }
      // A closure row the rest of the loop implies is replaced by its cut quantity set to zero,
      // and watched during the run: the configuration it was found implied at may be special.
      const auto release = [&](std::size_t row, const Expr& closure, double allowed, std::string_view unit) {
        if (released == nullptr || !(*released)[row]) return false;
        const auto [residual, description] = domain.loop_closure()->released(instance_port(other), row);
        model_.labels->add_written_equation(labelled, loop->port + " closes a loop whose rest implies this closure row: " +
                                                          description);
        add_equation(residual, at_node);
        model_.written.push_back(residual);
        model_.released_closures.push_back(loop->port + ": " + description);
        model_.assertions.push_back(
            {Expr(allowed) - abs(closure),
             "the loop closed at " + loop->port + " has opened: a closure row the assembly found implied by the rest of the loop (" +
                 description + ") no longer holds to " + number_text(allowed, 3) + " " + std::string(unit) +
                 ". The start configuration was a special one (links in a line, a dead point); start the mechanism away from "
                 "it, or close the loop with a joint that states only the rows it needs (RevolutePlanarLoopConstraint)"});
        return true;
      };
      for (std::size_t q = 0; q < source.port->across.size(); ++q) {
        if (closes_loop && replaced[q]) continue;
        if (loop != nullptr) loop->rows.push_back(model_.equation_count());
        if (loop != nullptr && release(loop->rows.size() - 1, model_.symbol(across(other, q)) - model_.symbol(across(source, q)),
                                       Model::kReleasedDrift * released_.size, "m"))
          continue;
        model_.labels->add_share(labelled, static_cast<std::uint32_t>(k), source.locals->across[q]);
        add_linear({{{across(other, q), 0}, 1.0}, {{across(source, q), 0}, -1.0}});
      }
      if (closes_loop)
        for (const Expr& r : domain.loop_closure()->residuals(instance_port(source), instance_port(other))) {
          loop->rows.push_back(model_.equation_count());
          // The residuals are about twice the angle between the orientations (frame_orientations_agree).
          if (release(loop->rows.size() - 1, 0.5 * r, Model::kReleasedDrift, "rad")) continue;
          model_.labels->add_written_equation(
              labelled, std::string(end_path(other)) + " closes a loop: its orientation agrees with " + std::string(end_path(source)));
          add_equation(r, at_node);
          model_.written.push_back(r);
        }
    }
    for (std::size_t q = 0; q < first.port->through.size(); ++q) {
      boost::container::small_vector<LinearRow::Term, 4> flows;
      for (std::size_t e : node) flows.push_back({{through(ends[e], q), 0}, 1.0});
      model_.labels->add_sum(labelled);
      add_linear(std::span<const LinearRow::Term>(flows.data(), flows.size()));
    }
  }

  /// Appends 0 = residual, its linear part split off. `instances`: those whose variables it reads
  /// (any other variable is looked up in the whole model). Says nothing of where it is written.
  void add_equation(const Expr& residual, std::span<const std::size_t> instances) {
    const LinearRow row = split_at(residual, [&](const Expr& x) { return variable_index(x, instances); });
    push_row(row).rest = row.rest;
  }

  /// Appends the equations of copied instance i: its type's split (Model::equation moves them to
  /// its variables); only a remainder that is not constant is written in its own symbols.
  void add_copied_equations(std::size_t i) {
    const ModelInstance& instance = model_.instances[i];
    const Model::TypeEquations& type = type_equations(*instance.definition);
    std::vector<Expr> own;  // the copy's symbols, made once a remainder needs them
    for (std::size_t k = 0; k < type.equations.size(); ++k) {
      const Expr& rest = type.equations[k].rest;
      if (!rest.is_constant()) {
        if (own.empty()) own = copy_symbols(*instance.definition, instance.name());
        model_.copied_rests.emplace(model_.equation_slots.size(), renamed(*instance.definition, own, rest));
      }
      model_.equation_slots.push_back(Model::kCopied);
      model_.labels->add_instance_equation(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k));
    }
  }

  /// The equations of a type's first instance split, in its variables' positions (a copied type
  /// reads no other variables).
  const Model::TypeEquations& type_equations(const Definition& first) {
    auto [found, added] = model_.type_equations.try_emplace(&first);
    if (!added) return found->second;
    const auto local = [&](const Expr& x) -> std::optional<std::size_t> {
      for (std::size_t k = 0; k < first.variables.size(); ++k)
        if (first.variables[k].symbol == x) return k;
      return std::nullopt;
    };
    for (const Definition::Equation& e : first.equations) {
      const LinearRow row = split_at(e.residual, local);
      add_row(found->second.equations, found->second.terms, row).rest = row.rest;
    }
    return found->second;
  }

  static ModelEquation& add_row(std::vector<ModelEquation>& equations, std::vector<LinearRow::Term>& terms,
                                const LinearRow& row) {
    ModelEquation& eq = equations.emplace_back();
    eq.first_term = static_cast<std::uint32_t>(terms.size());
    eq.term_count = static_cast<std::uint32_t>(row.terms.size());
    terms.insert(terms.end(), row.terms.begin(), row.terms.end());
    eq.constant = row.constant;
    return eq;
  }

  /// Appends an equation of its own (not a copy's).
  ModelEquation& push_row(const LinearRow& row) {
    model_.equation_slots.push_back(static_cast<std::uint32_t>(model_.stored_equations.size()));
    return add_row(model_.stored_equations, model_.terms, row);
  }

  /// The model variable whose symbol is `x`: among `instances`' variables (not copies), else by
  /// its name.
  std::optional<std::size_t> variable_index(const Expr& x, std::span<const std::size_t> instances) {
    if (x.op() != Op::Variable) return std::nullopt;
    for (std::size_t i : instances) {
      if (model_.instances[i].copy) continue;  // its definition is in another instance's variables
      const std::vector<Definition::Variable>& vars = model_.instances[i].definition->variables;
      for (std::size_t k = 0; k < vars.size(); ++k)
        if (vars[k].symbol == x) return model_.instances[i].first_variable + k;
    }
    const std::size_t v = model_.variable_of(x);
    if (v == std::string::npos) return std::nullopt;
    return v;
  }


  /// The declared unit of a signal end's variable ("" where it has none).
  std::string_view signal_unit(const End& e) const {
    const Definition::Variable* v = model_.instances[e.instance].definition->find_variable(e.port->name);
    return v == nullptr ? std::string_view() : v->unit;
  }

  /// A signal carries its unit: an output may feed an input of the same dimension, and a
  /// dimensionless signal ("1", as Modelica's plain Real) feeds or reads any. A force in N into a
  /// torque input in N*m is an error at the input.
  void check_signal_units(const End& source, const End& input) const {
    const std::string_view from = signal_unit(source), to = signal_unit(input);
    if (from.empty() || to.empty()) return;
    units::Dimension a, b;
    try {
      a = units::parse_unit(from).dimension;
      b = units::parse_unit(to).dimension;
    } catch (const std::invalid_argument&) {
      return;  // a component's declared unit is checked where the component is loaded
    }
    const units::Dimension none{};
    if (a == b || a == none || b == none) return;
    throw ModelError(end_pointer(input), "cannot connect " + std::string(end_path(source)) + " [" + std::string(from) + "] to " +
                                             std::string(end_path(input)) + " [" + std::string(to) + "]: the signal is in " +
                                             a.to_string() + ", the input takes " + b.to_string());
  }

  void signal_node(const std::vector<End>& ends, std::span<const std::uint32_t> node, std::size_t connection) {
    const std::string& pointer = netlist_.connections[connection].pointer;
    std::vector<std::size_t> outputs;
    for (std::size_t e : node)
      if (ends[e].port->direction == SignalDirection::Output) outputs.push_back(e);
    std::vector<std::string_view> paths;
    for (std::size_t e : node) paths.push_back(end_path(ends[e]));
    if (outputs.empty())
      throw ModelError(pointer, "signal node " + join(paths) + " has no output to drive it");
    if (outputs.size() > 1)
      throw ModelError(end_pointer(ends[outputs[1]]), "signal node has two outputs: " + std::string(end_path(ends[outputs[0]])) +
                                                       " and " + std::string(end_path(ends[outputs[1]])));
    const End& source = ends[outputs[0]];
    for (std::size_t e : node)
      if (e != outputs[0]) check_signal_units(source, ends[e]);
    const auto output_position = static_cast<std::size_t>(std::find(node.begin(), node.end(), outputs[0]) - node.begin());
    const std::uint32_t labelled = label_node(ends, node, connection, output_position);
    for (std::size_t k = 0; k < node.size(); ++k) {
      if (k == output_position) continue;
      ends[node[k]].port->potential();  // a signal port has one variable (throws if not)
      source.port->potential();
      model_.labels->add_reads(labelled, static_cast<std::uint32_t>(k));
      add_linear({{{across(ends[node[k]], 0), 0}, 1.0}, {{across(source, 0), 0}, -1.0}});
    }
  }

  void close_open_ports() {
    for (std::size_t i = 0; i < model_.instances.size(); ++i) {
      const ModelInstance& instance = model_.instances[i];
      const std::vector<Definition::PortInfo>& ports = instance.definition->ports;
      for (std::size_t k = 0; k < ports.size(); ++k) {
        if (connected_[port_base_[i] + k]) continue;
        const Port& p = ports[k].port;
        const std::string path = instance.name() + "." + p.name;
        if (p.direction == SignalDirection::Input)
          throw ModelError(instance.pointer(), "signal input " + path + " is not connected");
        if (p.direction == SignalDirection::Output) continue;
        if (p.domain->loop_closure() && !orients(i, p.name))
          throw ModelError(instance.pointer(), path + " is not connected: nothing sets its position and orientation " +
                                                   "(connect it to a body, a joint, a fixed frame or the World)");
        model_.unconnected_ports.push_back(path);
        const PortLocals& locals = port_locals(p, *instance.definition);
        for (std::uint32_t f : locals.through) {  // Modelica: the flow of an open port is zero
          model_.labels->add_open_port(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k));
          add_linear({{{instance.first_variable + f, 0}, 1.0}});
        }
      }
    }
  }

  /// Whether netlist component i declares what it does with the orientation of its frame port
  /// `port` (a root, a potential root or a branch end: a body's frame, a joint's, which may stay
  /// open; a port it reads, which the orientation graph reports when nothing orients it).
  bool orients(std::size_t i, const std::string& port) const {
    FrameDeclaration d(&netlist_.components[i].params);
    types_[i]->declare_frames(d);
    const auto named = [&](const std::vector<std::string>& ports) {
      return std::find(ports.begin(), ports.end(), port) != ports.end();
    };
    if (named(d.roots()) || named(d.potential_roots()) || named(d.read_ports())) return true;
    for (const auto& branch : d.branches())
      if (branch.a == port || branch.b == port) return true;
    return false;
  }

  /// The port of end e, in its instance's variables.
  Port instance_port(const End& e) const {
    Port port = *e.port;
    for (Expr& x : port.across) x = model_.in_instance(e.instance, x);
    for (Expr& x : port.through) x = model_.in_instance(e.instance, x);
    return port;
  }

  /// Where a port's quantities are among its instance's variables (`d` declares the port), kept
  /// per port of each definition: copies share theirs.
  const PortLocals& port_locals(const Port& port, const Definition& d) {
    auto [it, added] = port_locals_.try_emplace(&port);
    if (!added) return it->second;
    auto local = [&](const Expr& x) {
      for (std::size_t k = 0; k < d.variables.size(); ++k)
        if (d.variables[k].symbol == x) return static_cast<std::uint32_t>(k);
      throw std::logic_error("port " + port.name + " of " + d.instance + " reads " + x.name() + ", not its own variable");
    };
    for (const Expr& x : port.across) it->second.across.push_back(local(x));
    for (const Expr& x : port.through) it->second.through.push_back(local(x));
    return it->second;
  }
  /// The model variables of end e's q-th across and through quantities.
  std::uint32_t across(const End& e, std::size_t q) const {
    return model_.instances[e.instance].first_variable + e.locals->across[q];
  }
  std::uint32_t through(const End& e, std::size_t q) const {
    return model_.instances[e.instance].first_variable + e.locals->through[q];
  }

  /// Appends 0 = Σ terms, as written: a connection's equality or sum (Model::residual writes it
  /// out when asked). Terms of one variable are merged.
  void add_linear(std::span<const LinearRow::Term> terms) {
    LinearRow row;
    for (const LinearRow::Term& t : terms) detail::add_term(row, t.slot(), t.coefficient());
    detail::drop_zero_terms(row);
    push_row(row);
  }

  const Netlist& netlist_;
  Model& model_;
  InstanceFactory factory_;
  TunableNames tunable_;  ///< netlist_.tunable, by name
  Environment environment_;
  OrientationGraph graph_;
  std::vector<const Component*> types_;  ///< of each netlist component
  const RedundantClosures& released_;
  std::optional<ModelError> graph_problem_;
  std::vector<std::size_t> port_base_;  ///< per instance: the index of its first port in connected_
  std::unordered_map<const Port*, PortLocals> port_locals_;  ///< port_locals(), by port of a definition
  std::vector<bool> connected_;         ///< per port of every instance
  static constexpr std::uint32_t kNoEnd = static_cast<std::uint32_t>(-1);
  std::vector<std::uint32_t> end_of_port_;  ///< per port (as connected_): its connection end, or kNoEnd
  NameIndex instance_index_;  ///< keys: the netlist's names
  /// find_instance's last finds (npos: none yet), replaced in turn.
  std::array<std::uint32_t, 4> recent_instances_{NameIndex::npos, NameIndex::npos, NameIndex::npos, NameIndex::npos};
  std::size_t next_recent_ = 0;
};

}  // namespace

namespace {

Model assemble(const Netlist& netlist, const Registry& registry, const RedundantClosures& released) {
  Model model;
  model.name = netlist.name;
  model.source = netlist.source;
  model.experiment = netlist.experiment;
  Assembler a(netlist, model, released);
  a.instantiate(registry);
  a.connect();
  a.outputs();
  if (model.labels->size() != model.equation_count())
    throw std::logic_error("build_model: " + std::to_string(model.equation_count()) + " equations but " +
                           std::to_string(model.labels->size()) + " labels");
  return model;
}

}  // namespace

namespace {

/// The memory this process may use: the address-space limit (ulimit -v) where one is set, else
/// the machine's physical memory; 0 when neither is known.
double usable_memory() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) return static_cast<double>(limit.rlim_cur);
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page > 0 ? static_cast<double>(pages) * static_cast<double>(page) : 0.0;
}

/// Refuses a netlist whose model cannot fit before building it spends minutes filling memory:
/// assembling, analysing, compiling and running a model takes at least 500 bytes per variable
/// (measured at its peak: 565 on a 1D chain of springs and inertias, 2000 per described variable
/// of free 3D bodies). The variables are counted from each type's description (its default
/// parameters).
void check_memory(const Netlist& netlist, const Registry& registry) {
  constexpr double kBytesPerVariable = 500.0;
  std::map<std::string_view, std::size_t> instances;
  for (const NetlistComponent& c : netlist.components) ++instances[c.type];
  double variables = 0.0;
  for (const auto& [type, count] : instances)
    if (const Component* component = registry.find(type))
      variables += static_cast<double>(count) * static_cast<double>(describe_type(*component).variables.size());
  const double needed = kBytesPerVariable * variables;
  const double usable = usable_memory();
  if (usable <= 0.0 || needed <= usable) return;
  const auto gb = [](double bytes) {
    char text[32];
    if (bytes < 1e10) std::snprintf(text, sizeof text, "%.0f MB", bytes / 1e6);
    else std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
    return std::string(text);
  };
  throw ModelError("", "the model has about " + std::to_string(static_cast<std::size_t>(variables)) + " variables (" +
                           std::to_string(netlist.components.size()) + " components): building and simulating it needs " +
                           "at least " + gb(needed) + " of memory, more than the " + gb(usable) +
                           " this process may use (the machine's memory, or a limit set with ulimit -v)");
}

}  // namespace

Model build_model(const Netlist& written, const Registry& registry) {
  std::optional<Netlist> flat;
  if (has_subsystem_instances(written)) flat = expand_subsystems(written, registry);
  const Netlist& netlist = flat ? *flat : written;
  check_memory(netlist, registry);
  Model model = assemble(netlist, registry, {});
  // A loop that moves in fewer dimensions than its closure states (a planar loop of parallel
  // joints): the closure rows its other joints imply are released, and the model built again.
  if (model.loop_cuts.empty()) return model;
  const RedundantClosures released = redundant_closure_rows(model);
  if (released.rows.empty()) return model;
  return assemble(netlist, registry, released);
}

}  // namespace acausal
