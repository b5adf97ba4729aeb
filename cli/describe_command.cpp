// `acausal describe TYPE`: ports, parameters, variables, equations and energy terms of a type.

#include <iostream>

#include "cli/common.hpp"
#include "cli/component_doc.hpp"
#include "cli/shared_parts.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"

namespace acausal::cli {
namespace {

int run(const std::string& type, const std::vector<std::string>& libraries) {
  const Registry& registry = command_registry(libraries);
  const Component* component = registry.find(type);
  if (component == nullptr) {
    throw ModelError("", registry.unknown_type_message(type));
  }
  const Definition d = describe_type(*component);
  std::cout << d.type << ": " << component->summary() << "\n";
  if (const std::string& origin = registry.origin(type); !origin.empty())
    std::cout << "from component library " << origin << "\n";
  if (!component->details().empty()) std::cout << "\n" << component->details() << "\n";

  std::cout << "\nports:\n";
  if (d.ports.empty()) std::cout << "  none\n";
  std::size_t w = 4;
  for (const auto& p : d.ports) w = std::max(w, p.port.name.size());
  for (const auto& p : d.ports) {
    std::string domain = p.port.domain->name();
    if (p.port.direction != SignalDirection::None) domain += " " + direction_text(p.port.direction);
    std::cout << "  " << pad(p.port.name, w + 2) << pad(domain, 16) << p.description << "\n";
  }

  std::cout << "\nparameters:\n";
  if (d.parameters.empty()) std::cout << "  none\n";
  std::size_t wn = 4, wu = 4, wd = 7;
  for (const auto& p : d.parameters) {
    wn = std::max(wn, p.name.size());
    wu = std::max(wu, p.unit.size() + 2);
    wd = std::max(wd, p.default_text.size());
  }
  if (!d.parameters.empty())
    std::cout << "  " << pad("name", wn + 2) << pad("unit", wu + 2) << pad("default", wd + 2) << "description\n";
  for (const auto& p : d.parameters)
    std::cout << "  " << pad(p.name, wn + 2) << pad(p.unit.empty() ? "-" : "[" + std::string(p.unit) + "]", wu + 2)
              << pad(p.default_text, wd + 2) << p.description << "\n";

  if (!d.constants.empty()) {
    std::cout << "\nconstants:\n";
    std::size_t wc = 4, wcu = 4;
    for (const auto& c : d.constants) {
      wc = std::max(wc, c.name.size());
      wcu = std::max(wcu, c.unit.size() + 2);
    }
    for (const auto& c : d.constants)
      std::cout << "  " << pad(c.name, wc + 2) << pad(c.unit.empty() ? "-" : "[" + std::string(c.unit) + "]", wcu + 2)
                << pad(to_string(Expr(c.value)), 20) << c.description << "\n";
  }

  std::cout << "\nvariables:\n";
  std::size_t wv = 4, wvu = 4;
  for (const auto& v : d.variables) {
    wv = std::max(wv, v.local_name.size());
    wvu = std::max(wvu, v.unit.size() + 2);
  }
  for (const auto& v : d.variables)
    std::cout << "  " << pad(v.local_name, wv + 2) << pad(v.unit.empty() ? "-" : "[" + std::string(v.unit) + "]", wvu + 2)
              << (v.is_port ? "port variable" : v.description) << "\n";

  std::cout << "\nequations:\n";
  for (const auto& e : d.equations) {
    std::vector<std::pair<std::string, std::string>> where;
    std::cout << "  0 = " << with_shared_parts(e.residual, where);
    if (!e.description.empty()) std::cout << "   // " << e.description;
    std::cout << "\n";
    for (const auto& [name, text] : where) std::cout << "      where " << name << " = " << text << "\n";
  }
  if (!d.discretes.empty()) {
    std::cout << "\ndiscrete variables (set by these equations at every event):\n";
    for (const auto& x : d.discretes)
      std::cout << "  " << x.local_name << " := " << to_string(*x.value) << "   // " << (x.boolean ? "Boolean" : "Integer")
                << ", start " << x.start << ": " << x.description << "\n";
  }
  if (!is_zero(d.stored_energy) || !is_zero(d.loss_power) || !is_zero(d.injected_power)) {
    std::cout << "\nenergy:\n";
    if (!is_zero(d.stored_energy)) std::cout << "  stored energy [J]    " << to_string(d.stored_energy) << "\n";
    if (!is_zero(d.loss_power)) std::cout << "  loss power [W]       " << to_string(d.loss_power) << "\n";
    if (!is_zero(d.injected_power)) std::cout << "  injected power [W]   " << to_string(d.injected_power) << "\n";
  }
  return kOk;
}

}  // namespace

Command add_describe_command(CLI::App& app) {
  auto type = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand(
      "describe", "Describe a component type: ports, parameters (units, defaults), variables, equations, energy");
  sub->add_option("TYPE", *type, "Component type, e.g. translational.Spring")->required();
  auto libraries = std::make_shared<std::vector<std::string>>();
  add_library_option(*sub, *libraries);
  return {sub, [type, libraries] { return guarded("", [&] { return run(*type, *libraries); }); }};
}

}  // namespace acausal::cli
