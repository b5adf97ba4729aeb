#include "cli/component_doc.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <ostream>
#include <sstream>
#include <vector>

#include "core/model/model.hpp"

namespace acausal::cli {
namespace {

/// Text for a Markdown table cell: `|` would end the cell and `*` could start emphasis.
std::string cell(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '|' || ch == '*') out += '\\';
    out += ch;
  }
  return out;
}

/// A code span in a table cell (the `|` still needs its backslash there).
std::string code(std::string_view text) {
  std::string out = "`";
  for (char ch : text) {
    if (ch == '|') out += '\\';
    out += ch;
  }
  return out + "`";
}

std::string unit_cell(std::string_view unit) { return unit.empty() ? "-" : code(unit); }

/// The heading anchor GitHub derives from "`rotational.Spring`": lower case, punctuation dropped.
std::string anchor(const std::string& type) {
  std::string out;
  for (char ch : type) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isalnum(c) || ch == '_' || ch == '-') out += static_cast<char>(std::tolower(c));
  }
  return out;
}

std::string domain_of(std::string_view type) { return std::string(type.substr(0, type.find('.'))); }

void write_type(std::ostream& out, const Component& component) {
  const Definition d = describe_type(component);
  out << "### `" << d.type << "`\n\n" << component.summary() << "\n\n";
  if (!component.details().empty()) out << component.details() << "\n\n";

  out << "**Ports**";
  if (d.ports.empty()) {
    out << ": none.\n\n";
  } else {
    out << "\n\n| port | domain | description |\n|---|---|---|\n";
    for (const auto& p : d.ports) {
      std::string domain = p.port.domain->name();
      if (p.port.direction != SignalDirection::None) domain += " " + direction_text(p.port.direction);
      out << "| " << code(p.port.name) << " | " << domain << " | " << cell(p.description) << " |\n";
    }
    out << "\n";
  }

  out << "**Parameters**";
  if (d.parameters.empty()) {
    out << ": none.\n\n";
  } else {
    out << "\n\n| parameter | unit | default | description |\n|---|---|---|---|\n";
    for (const auto& p : d.parameters)
      out << "| " << code(p.name) << " | " << unit_cell(p.unit) << " | " << code(p.default_text) << " | "
          << cell(p.description) << " |\n";
    out << "\n";
  }

  if (!d.constants.empty()) {
    out << "**Constants** (of the law; not parameters)\n\n| constant | unit | value | description |\n|---|---|---|---|\n";
    for (const auto& c : d.constants)
      out << "| " << code(c.name) << " | " << unit_cell(c.unit) << " | " << code(to_string(Expr(c.value))) << " | "
          << cell(c.description) << " |\n";
    out << "\n";
  }

  out << "**Variables**\n\n| variable | unit | description |\n|---|---|---|\n";
  for (const auto& v : d.variables)
    out << "| " << code(v.local_name) << " | " << unit_cell(v.unit) << " | "
        << (v.is_port ? std::string("port variable") : cell(v.description)) << " |\n";

  out << "\n**Equations**\n\n```text\n";
  for (const auto& e : d.equations) {
    out << "0 = " << to_string(e.residual);
    if (!e.description.empty()) out << "   // " << e.description;
    out << "\n";
  }
  out << "```\n";

  if (!d.discretes.empty()) {
    out << "\n**Discrete variables** (modes; constant between events, set by these equations at every event)\n\n"
        << "| variable | kind | start | description |\n|---|---|---|---|\n";
    for (const auto& x : d.discretes)
      out << "| " << code(x.local_name) << " | " << (x.boolean ? "Boolean" : "Integer") << " | " << x.start << " | "
          << cell(x.description) << " |\n";
    out << "\n```text\n";
    for (const auto& x : d.discretes) out << x.local_name << " := " << to_string(*x.value) << "\n";
    out << "```\n";
  }

  if (!is_zero(d.stored_energy) || !is_zero(d.loss_power) || !is_zero(d.injected_power)) {
    out << "\n**Energy**\n\n| term | expression |\n|---|---|\n";
    if (!is_zero(d.stored_energy)) out << "| stored energy [J] | " << code(to_string(d.stored_energy)) << " |\n";
    if (!is_zero(d.loss_power)) out << "| loss power [W] | " << code(to_string(d.loss_power)) << " |\n";
    if (!is_zero(d.injected_power)) out << "| injected power [W] | " << code(to_string(d.injected_power)) << " |\n";
  }
  out << "\n";
}

}  // namespace

bool is_zero(const Expr& e) { return e.is_constant() && e.constant_value() == 0.0; }

std::string direction_text(SignalDirection d) {
  switch (d) {
    case SignalDirection::Input: return "input";
    case SignalDirection::Output: return "output";
    case SignalDirection::None: break;
  }
  return "";
}

void write_components_markdown(std::ostream& result, const Registry& registry) {
  std::ostringstream out;
  // Domains in the order of the design (DESIGN §6), then any other in name order.
  static const std::array<std::string, 5> kOrder = {"rotational", "translational", "multibody", "thermal", "signal"};
  std::map<std::string, std::vector<const Component*>> by_domain;  // all() is sorted by name already
  for (const Component* c : registry.all()) by_domain[domain_of(c->type())].push_back(c);
  std::vector<std::string> domains;
  for (const std::string& d : kOrder)
    if (by_domain.count(d) != 0) domains.push_back(d);
  for (const auto& [d, types] : by_domain)
    if (std::find(kOrder.begin(), kOrder.end(), d) == kOrder.end()) domains.push_back(d);

  out << "<!-- generated by `acausal components --markdown`; do not edit -->\n"
         "# Component reference\n\n"
         "*Generated by `acausal components --markdown`; do not edit.* After changing or adding a component,\n"
         "regenerate it from the build directory's executable:\n\n"
         "```sh\n"
         "build/cli/acausal components --markdown > docs/components.md\n"
         "```\n\n"
         "(the test `cli/components --markdown matches docs/components.md` fails until you do).\n\n"
         "Every registered type with what `acausal describe TYPE` prints: ports, parameters (SI unit, default),\n"
         "variables (local names; the netlist path is `instance.name`), equations as residuals `0 = …` with the\n"
         "parameters kept symbolic (in a model they are numbers), and the energy terms that are not zero. Port\n"
         "names and sign conventions: [netlist-format.md](netlist-format.md); a through variable is positive\n"
         "into the component. Writing a new component: [extending.md](extending.md).\n\n";
  for (const std::string& d : domains)
    out << "- [" << d << "](#" << anchor(d) << "): " << by_domain[d].size() << " types\n";
  out << "\n";

  for (const std::string& d : domains) {
    out << "## " << d << "\n\n| type | summary |\n|---|---|\n";
    for (const Component* c : by_domain[d]) {
      const std::string type(c->type());
      out << "| [" << code(type) << "](#" << anchor(type) << ") | " << cell(std::string(c->summary())) << " |\n";
    }
    out << "\n";
    for (const Component* c : by_domain[d]) write_type(out, *c);
  }
  std::string text = out.str();  // every section ends with a blank line; the file ends with one newline
  while (text.size() >= 2 && text[text.size() - 1] == '\n' && text[text.size() - 2] == '\n') text.pop_back();
  result << text;
}

}  // namespace acausal::cli
