#include "core/model/equation_labels.hpp"

#include "core/model/component.hpp"
#include "core/model/errors.hpp"

namespace acausal {

const EquationSource& EquationLabels::add_instance(std::shared_ptr<const Definition> definition, EquationSource source) {
  std::shared_ptr<const DefinitionText>& text = texts_[definition.get()];
  if (!text) {
    auto t = std::make_shared<DefinitionText>();
    for (const Definition::PortInfo& p : definition->ports) t->ports.push_back({p.port.name, p.port.domain});
    for (const Definition::Variable& v : definition->variables) t->variables.push_back(v.local_name);
    for (const Definition::Equation& e : definition->equations) t->equations.push_back(e.description);
    text = std::move(t);
  }
  return instances_.emplace_back(Instance{text, std::move(source)}).source;
}

void EquationLabels::add_written_equation(std::uint32_t node, std::string description) {
  equations_.push_back({kWritten, static_cast<std::uint32_t>(written_.size())});
  written_.push_back({node, std::move(description), {}});
}

void EquationLabels::add_input_equation(std::string pointer, std::string description) {
  equations_.push_back({kWritten, static_cast<std::uint32_t>(written_.size())});
  written_.push_back({Written::kInput, std::move(description), std::move(pointer)});
}

std::uint32_t EquationLabels::add_node(std::uint32_t connection, std::string_view pointer, std::span<const NodeEnd> ends,
                                       std::uint32_t source) {
  if (pointer != "/connections/" + std::to_string(connection)) connection_pointers_.emplace(connection, pointer);
  nodes_.push_back({connection, static_cast<std::uint32_t>(ends_.size()), static_cast<std::uint32_t>(ends.size()), source});
  ends_.insert(ends_.end(), ends.begin(), ends.end());
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void EquationLabels::add_linear(LinearLabel l) {
  equations_.push_back({kLinear, static_cast<std::uint32_t>(linear_.size())});
  linear_.push_back(l);
}

const std::string& EquationLabels::origin(std::size_t e) const {
  const Label l = equations_[e];
  if (l.who == kLinear && linear_[l.local].kind == LinearLabel::OpenPort) return instances_[linear_[l.local].who].source.origin;
  if (l.who == kWritten && written_[l.local].node == Written::kInput) return inputs_;
  if (l.who == kLinear || l.who == kWritten) return connection_;
  return instances_[l.who].source.origin;
}

std::string EquationLabels::node_pointer(std::uint32_t n) const {
  const std::uint32_t connection = nodes_[n].connection;
  const auto written = connection_pointers_.find(connection);
  return written != connection_pointers_.end() ? written->second : "/connections/" + std::to_string(connection);
}

std::string EquationLabels::pointer(std::size_t e) const {
  const Label l = equations_[e];
  if (l.who == kWritten)
    return written_[l.local].node == Written::kInput ? written_[l.local].pointer : node_pointer(written_[l.local].node);
  if (l.who != kLinear) return instances_[l.who].source.pointer();
  const LinearLabel& x = linear_[l.local];
  return x.kind == LinearLabel::OpenPort ? instances_[x.who].source.pointer() : node_pointer(x.who);
}

std::string EquationLabels::path(const Node& n, std::uint32_t position) const {
  const NodeEnd end = ends_[n.first_end + position];
  const Instance& instance = instances_[end.instance];
  return instance.source.origin + "." + instance.definition->ports[end.port].name;
}

std::string EquationLabels::variable_name(std::size_t i, std::size_t local) const {
  return instances_[i].source.origin + "." + std::string(instances_[i].definition->variables[local]);
}

std::string EquationLabels::initial_pointer(std::size_t i, std::size_t local) const {
  return instances_[i].source.pointer() + "/initial/" +
         json_pointer_token(std::string(instances_[i].definition->variables[local]));
}

std::uint32_t EquationLabels::add_target_pointer(std::string pointer) {
  target_pointers_.push_back(std::move(pointer));
  return static_cast<std::uint32_t>(target_pointers_.size() - 1);
}

std::string EquationLabels::target_pointer(std::size_t i, std::size_t local, std::uint32_t written) const {
  return written == kAtEntry ? initial_pointer(i, local) : target_pointers_[written];
}

std::string EquationLabels::description(std::size_t e) const {
  const Label l = equations_[e];
  if (l.who == kWritten) return written_[l.local].description;
  if (l.who != kLinear) return std::string(instances_[l.who].definition->equations[l.local]);
  const LinearLabel& x = linear_[l.local];
  if (x.kind == LinearLabel::OpenPort)
    return "open port " + instances_[x.who].definition->ports[x.position].name + " carries no flow";
  const Node& n = nodes_[x.who];
  switch (x.kind) {
    case LinearLabel::Share: {
      const Instance& source = instances_[ends_[n.first_end + n.source].instance];
      return path(n, x.position) + " and " + path(n, n.source) + " share " + source.source.origin + "." +
             std::string(source.definition->variables[x.variable]);
    }
    case LinearLabel::Reads: return path(n, x.position) + " reads " + path(n, n.source);
    default: {
      std::vector<std::string> paths;
      for (std::uint32_t k = 0; k < n.end_count; ++k) paths.push_back(path(n, k));
      const NodeEnd first = ends_[n.first_end];
      const Domain& domain = *instances_[first.instance].definition->ports[first.port].domain;
      const std::string& name = domain.through().size() == 1 ? domain.through()[0].name : "flow";
      return "sum of " + name + " at " + join(paths) + " is zero";
    }
  }
}

}  // namespace acausal
