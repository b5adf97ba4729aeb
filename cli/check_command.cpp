// `acausal check`: structural checks without simulating.

#include <algorithm>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/common.hpp"
#include "core/analysis/analysis.hpp"
#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/model.hpp"
#include "core/analysis/program.hpp"
#include "solver/check_report.hpp"
#include "solver/initialization.hpp"

namespace acausal::cli {
namespace {

std::string source_text(const Program& p, std::size_t j, InitialSource s) {
  const TargetMessage& t = p.targets()[j];
  const std::string pointer = p.target_pointer(j), variable = p.target_variable(j);
  const std::string where = pointer.empty() ? "" : " (" + pointer + ")";
  const std::string via = variable.empty() || variable == p.name(j) ? "" : " via " + variable;
  switch (s) {
    case InitialSource::HighTarget: return "high target " + number(t.value) + via + where;
    case InitialSource::LowTarget: return "low target " + number(t.value) + via + where;
    case InitialSource::DefaultStart: return "defaulted start = " + number(p.start()[j]);
    case InitialSource::Computed: break;
  }
  return t.priority == TargetPriority::Low ? "computed (low target " + number(t.value) + where + " not met)"
                                           : "computed";
}

/// A list of the report, cut after `kShown` lines unless every line was asked for: the report of a
/// model of 10⁵ components stays readable (and a small netlist that expands to a huge model does
/// not print hundreds of megabytes).
class Listing {
 public:
  static constexpr std::size_t kShown = 50;
  explicit Listing(bool all) : all_(all) {}
  Listing(const Listing&) = delete;
  Listing& operator=(const Listing&) = delete;
  ~Listing() {
    if (hidden_ > 0) std::cout << "  ... and " << hidden_ << " more (acausal check --all lists every one)\n";
  }
  /// True if the next line is printed.
  bool next() {
    if (all_ || shown_ < kShown) return ++shown_, true;
    return ++hidden_, false;
  }

 private:
  bool all_;
  std::size_t shown_ = 0, hidden_ = 0;
};

void text_report(const Netlist& netlist, const Model& model, Program& program, const std::vector<InitialSource>& sources,
                 const std::vector<std::string>& dropped, bool all) {
  const ReducedDae& dae = program.dae();
  std::size_t representatives = 0;
  for (std::size_t i = 0; i < dae.aliases.size(); ++i)
    if (dae.aliases.of(i).representative == i) ++representatives;
  std::size_t differential = 0;
  for (double id : program.id()) differential += id == 1.0 ? 1 : 0;

  auto line = [](const char* name, const std::string& value) { std::cout << "  " << pad(name, 25) << value << "\n"; };
  std::cout << "model " << (model.name.empty() ? "(unnamed)" : json_checks::text_excerpt(model.name)) << " (" << netlist.source << ")\n";
  line("components", std::to_string(model.instances.size()));
  line("variables", std::to_string(model.variables.size()) + " (" + std::to_string(representatives) +
                        " after alias elimination)");
  std::size_t alias_equations = 0;
  for (bool e : dae.aliases.eliminated_equation) alias_equations += e ? 1 : 0;
  line("equations", std::to_string(model.equation_count()) + " (" +
                        std::to_string(model.equation_count() - alias_equations) + " after alias elimination)");
  line("structural index", std::to_string(dae.reduction.index) +
                               (dae.reduction.index > 1 ? " (reduced to 1 by differentiating " +
                                                              std::to_string(dae.reduction.differentiated.size()) +
                                                              " equations)"
                                                        : ""));
  line("unknowns", std::to_string(program.size()) + " (after solving explicit equations)");
  line("states", std::to_string(differential) + " (differential unknowns)");
  line("dummy derivatives", std::to_string(dae.reduction.dummy_derivatives.size()));
  line("event indicators", std::to_string(program.indicator_count()));
  std::cout << "balanced: yes\n";

  if (!model.loop_cuts.empty()) {
    std::cout << "kinematic loops cut at (their orientation closed by 3 residuals there):\n";
    Listing list(all);
    for (const Model::LoopCut& cut : model.loop_cuts)
      if (list.next()) std::cout << "  " << cut.port << "\n";
  }
  if (!model.released_closures.empty()) {
    std::cout << "loop closure rows implied by the rest of their loop (released):\n";
    Listing list(all);
    for (const std::string& r : model.released_closures)
      if (list.next()) std::cout << "  " << r << "\n";
    std::cout << "  (watched during the run: it stops where one of them no longer holds to " +
                     number_text(Model::kReleasedDrift) + " of the loop's size, or " + number_text(Model::kReleasedDrift) + " rad)\n";
  }
  std::cout << "states:";
  if (differential == 0) std::cout << " none";
  std::cout << "\n";
  {
    Listing list(all);
    for (std::size_t j = 0; j < program.size(); ++j)
      if (program.id()[j] == 1.0 && list.next()) std::cout << "  " << program.name(j) << "\n";
  }
  if (dae.reduction.index > 1) {
    std::cout << "differentiated equations (index reduction):\n";
    Listing differentiated(all);
    for (const auto& [e, k] : dae.reduction.differentiated) {
      if (!differentiated.next()) continue;
      const std::string description = model.description(e);
      std::cout << "  " << model.pointer(e) << " (" << model.origin(e) << (description.empty() ? "" : ": " + description)
                << "): 0 = " << to_string(model.residual(e)) << "   differentiated " << times_text(k) << "\n";
    }
    std::cout << "dummy derivatives (algebraic; their variables are fixed by the constraints):\n";
    Listing dummies(all);
    for (const std::string& d : dae.reduction.dummy_derivatives)
      if (dummies.next()) std::cout << "  " << d << "\n";
    const auto kept = static_cast<std::size_t>(
        std::count_if(dae.reduction.pivots.begin(), dae.reduction.pivots.end(), [](const PivotBlock& b) { return b.kept; }));
    if (dae.reduction.pivots.size() > kept) {
      std::cout << "states chosen during the run (" << dae.reduction.pivots.size() - kept
                << " block(s) depend on the motion; chosen anew where the choice nears singularity):\n";
      Listing list(all);
      for (const std::string& s : dae.reduction.selectable)
        if (list.next()) std::cout << "  " << s << "\n";
    }
    if (kept > 0)
      std::cout << "states kept as 'always' asks, in " << kept
                << " block(s) that depend on the motion: watched during the run, which stops if they turn singular\n";
  }

  std::cout << "unconnected ports (zero flow):";
  if (model.unconnected_ports.empty()) std::cout << " none";
  std::cout << "\n";
  {
    Listing list(all);
    for (const std::string& p : model.unconnected_ports)
      if (list.next()) std::cout << "  " << p << "\n";
  }
  std::cout << "inputs:";
  if (model.inputs.empty()) std::cout << " none";
  else std::cout << " (set by the run: acausal simulate --input NAME=FILE.csv)";
  std::cout << "\n";
  Listing inputs(all);
  for (const ModelInput& in : model.inputs)
    if (inputs.next())
      std::cout << "  " << in.name << " [" << in.unit << "] feeds " << join(in.feeds)
              << (in.description.empty() ? "" : " (" + in.description + ")") << "\n";

  std::size_t width = 8;
  for (std::size_t j = 0; j < program.size(); ++j) width = std::max(width, program.name(j).size());
  std::cout << "initial values:\n";
  {
    Listing list(all);
    for (std::size_t j = 0; j < program.size(); ++j)
      if (list.next()) std::cout << "  " << pad(program.name(j), width + 2) << source_text(program, j, sources[j]) << "\n";
  }

  std::cout << "defaulted starts:";
  std::size_t defaulted = 0;
  for (InitialSource s : sources) defaulted += s == InitialSource::DefaultStart ? 1 : 0;
  if (defaulted == 0) std::cout << " none";
  std::cout << "\n";
  {
    Listing list(all);
    for (std::size_t j = 0; j < program.size(); ++j)
      if (sources[j] == InitialSource::DefaultStart && list.next())
        std::cout << "  " << program.name(j) << " = " << number(program.start()[j])
                  << " (no initial value in the netlist)\n";
  }
  // A netlist's nominal reaches the unknown IDA integrates along aliases and relations of two terms
  // (docs/netlist-format.md, "Nominals"): show where it arrived.
  std::cout << "nominals:";
  if (std::none_of(dae.nominal.begin(), dae.nominal.end(), [](const std::optional<double>& n) { return n.has_value(); }))
    std::cout << " none (each unknown's absolute tolerance scales with max(1, |start|))";
  std::cout << "\n";
  {
    Listing list(all);
    for (std::size_t j = 0; j < program.size(); ++j)
      if (dae.nominal[j] && list.next()) std::cout << "  " << pad(program.name(j), width + 2) << number(*dae.nominal[j]) << "\n";
  }
  if (!dropped.empty()) {
    std::cout << "low-priority targets that cannot be met:\n";
    Listing list(all);
    for (const std::string& d : dropped)
      if (list.next()) std::cout << "  " << d << "\n";
  }
  const InitialParameters& fixed = program.initial_parameters();
  if (!fixed.symbols.empty()) {
    std::cout << "parameters fixed at initialization:\n";
    Listing list(all);
    for (std::size_t k = 0; k < fixed.symbols.size(); ++k) {
      if (!list.next()) continue;
      if (k < fixed.defined)
        std::cout << "  " << fixed.symbols[k].name() << " = " << to_string(fixed.values[k]) << " at t0 ("
                  << fixed.pointers[k] << ")\n";
      else
        std::cout << "  " << fixed.symbols[k].name() << ": fixed by the initial values, from the guess "
                  << number(fixed.guesses[k]) << " (" << fixed.pointers[k] << ")\n";
    }
  }
  Listing notes(all);
  for (const ModelInstance& d : model.instances)
    for (const std::string& note : d.definition->notes)
      if (notes.next()) std::cout << "note: " << d.name() << " (" << d.pointer() << "): " << note << "\n";
}

/// How many entries each list of `check --json` keeps without --all.
constexpr std::size_t kJsonListed = 100;

int run(const NetlistArguments& args, bool as_json, bool all) {
  Netlist netlist = load(args);
  Model model = build_model(netlist, command_registry(args.libraries));
  Program program(model, analyze(model));
  if (as_json) {
    nlohmann::json report = check_report(model, program);
    // Each list keeps its first kJsonListed entries unless --all, with `<list>_total` counting them
    // all: a netlist of a few lines that expands to thousands of components would print megabytes.
    if (!all) {
      nlohmann::json totals = nlohmann::json::object();
      for (auto& [key, value] : report.items())
        if (value.is_array() && value.size() > kJsonListed) {
          totals[key + "_total"] = value.size();
          value.erase(value.begin() + static_cast<std::ptrdiff_t>(kJsonListed), value.end());
        }
      report.update(totals);
    }
    std::cout << report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return kOk;
  }
  std::vector<std::string> dropped;
  const std::vector<InitialSource> sources = initial_sources(program, &dropped);
  text_report(netlist, model, program, sources, dropped, all);
  return kOk;
}

/// `check --json` on a model that fails: the error as JSON on stdout (and the usual text on stderr);
/// a structurally singular model adds its Dulmage–Mendelsohn parts.
int run_json(const NetlistArguments& args, bool all) {
  try {
    return run(args, true, all);
  } catch (const ModelError& e) {
    std::cout << error_report(e).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    throw;
  }
}

}  // namespace

Command add_check_command(CLI::App& app) {
  auto args = std::make_shared<NetlistArguments>();
  CLI::App* sub = app.add_subcommand(
      "check",
      "Check a netlist: balance, structural index, states and dummy derivatives, unconnected ports, where initial "
      "values come from");
  add_netlist_arguments(*sub, *args);
  auto as_json = std::make_shared<bool>(false);
  sub->add_flag("--json", *as_json, "Print the report (or the model error) as JSON on stdout");
  auto all = std::make_shared<bool>(false);
  sub->add_flag("--all", *all,
                "List every state, initial value, nominal and port (the text report shows the first " +
                    std::to_string(Listing::kShown) + " of each list, --json the first " +
                    std::to_string(kJsonListed) + ")");
  return {sub, [args, as_json, all] {
            return guarded(args->path, [&] { return *as_json ? run_json(*args, *all) : run(*args, false, *all); });
          }};
}

}  // namespace acausal::cli
