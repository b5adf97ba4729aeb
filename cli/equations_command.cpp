// `acausal equations`: the flat model, then the reduced system IDA integrates.

#include <iostream>
#include <map>

#include "cli/common.hpp"
#include "core/analysis/analysis.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/model.hpp"

namespace acausal::cli {
namespace {

void print_equation(const Expr& residual, std::string_view description) {
  std::cout << "  0 = " << to_string(residual);
  if (!description.empty()) std::cout << "   // " << description;
  std::cout << "\n";
}

/// Where residual i of the reduced system comes from.
std::string residual_origin(const Model& model, const ReducedDae& dae, std::size_t i) {
  if (dae.residual_equation[i] == ReducedDae::kNoEquation) return "index reduction: both orders are states";
  std::string where = model.origin(dae.residual_equation[i]);
  if (const std::string d = model.description(dae.residual_equation[i]); !d.empty()) where += ": " + d;
  if (const int k = dae.residual_differentiations[i]; k > 0) where += " (differentiated " + times_text(k) + ")";
  return where;
}

void print_reduced(const Model& model, const ReducedDae& dae) {
  std::cout << "# reduced system (integrated by IDA): " << dae.residual_count() << " equations in "
            << dae.size() << " unknowns\n";
  std::vector<std::string> names;
  std::size_t width = 8;
  for (std::size_t k = 0; k < dae.size(); ++k) {
    names.push_back(to_string(dae.unknown(k)));
    width = std::max(width, names.back().size());
  }
  std::cout << "unknowns:\n";
  for (std::size_t k = 0; k < dae.size(); ++k) {
    std::string kind = dae.differential[k] ? "differential" : "algebraic";
    if (dae.unknown_order[k] > 0 && !dae.differential[k]) kind += " (dummy derivative)";
    // A nominal that reached the unknown scales its absolute tolerance (docs/netlist-format.md).
    if (dae.nominal[k]) kind += ", nominal " + number(*dae.nominal[k]);
    std::cout << "  " << pad(names[k], width + 2) << kind << "\n";
  }
  std::cout << "equations:\n";
  for (std::size_t i = 0; i < dae.residual_count(); ++i) print_equation(dae.residual(i), residual_origin(model, dae, i));
}

int run(const NetlistArguments& args, bool reduced_only) {
  Netlist netlist = load(args);
  Model model = build_model(netlist, command_registry(args.libraries));
  // Analyze before printing anything: a structural error then fails cleanly with its message.
  ReducedDae dae = analyze(model);
  if (reduced_only) {
    print_reduced(model, dae);
    return kOk;
  }

  std::cout << "model " << (model.name.empty() ? "(unnamed)" : json_checks::text_excerpt(model.name)) << ": " << model.equation_count()
            << " equations in " << model.variables.size() << " variables\n";
  // Equations of each instance in netlist order, then the connection equations.
  std::map<std::string, std::vector<std::size_t>> by_origin;
  for (std::size_t e = 0; e < model.equation_count(); ++e) by_origin[model.origin(e)].push_back(e);
  for (const ModelInstance& d : model.instances) {
    std::cout << "\n# " << d.name() << " (" << d.type() << ")\n";
    auto it = by_origin.find(d.name());
    if (it == by_origin.end()) continue;
    for (std::size_t e : it->second) print_equation(model.residual(e), model.description(e));
    by_origin.erase(it);
  }
  for (const auto& [origin, list] : by_origin) {
    std::cout << "\n# " << (origin == "connection" ? "connections" : origin) << "\n";
    for (std::size_t e : list) print_equation(model.residual(e), model.description(e));
  }

  // Every variable that is not an unknown of the reduced system: aliases (a = ±b + c, a = c) and
  // algebraic variables solved explicitly from their equation. Rebuilt from the unknowns for output.
  std::vector<bool> is_unknown(model.variables.size(), false);
  for (std::size_t v : dae.unknown_variable) is_unknown[v] = true;
  std::cout << "\n# eliminated variables (aliases and explicitly solved; computed from the unknowns)\n";
  std::size_t eliminated = 0;
  for (std::size_t i = 0; i < model.variables.size(); ++i) {
    if (is_unknown[i]) continue;
    std::cout << "  " << model.variable_name(i) << " = " << to_string(dae.in_unknowns(model.symbol(i)))
              << "\n";
    ++eliminated;
  }
  if (eliminated == 0) std::cout << "  none\n";

  std::cout << "\n";
  print_reduced(model, dae);
  return kOk;
}

}  // namespace

Command add_equations_command(CLI::App& app) {
  auto args = std::make_shared<NetlistArguments>();
  CLI::App* sub = app.add_subcommand(
      "equations", "Print the flattened equations, the eliminated variables and the reduced DAE that is integrated");
  add_netlist_arguments(*sub, *args);
  auto reduced = std::make_shared<bool>(false);
  sub->add_flag("--reduced", *reduced, "Print only the index-1 system that IDA integrates");
  return {sub, [args, reduced] { return guarded(args->path, [&] { return run(*args, *reduced); }); }};
}

}  // namespace acausal::cli
