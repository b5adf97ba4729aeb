#include "solver/check_report.hpp"

#include <algorithm>

#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "solver/initialization.hpp"

namespace acausal {

nlohmann::json check_report(const Model& model, Program& program) {
  std::vector<std::string> dropped;
  const std::vector<InitialSource> sources = initial_sources(program, &dropped);
  const ReducedDae& dae = program.dae();
  using nlohmann::json;
  json states = json::array(), initial = json::array();
  for (std::size_t j = 0; j < program.size(); ++j) {
    if (program.id()[j] == 1.0) states.push_back(program.name(j));
    const TargetMessage& t = program.targets()[j];
    json entry = {{"unknown", program.name(j)}};
    switch (sources[j]) {
      case InitialSource::HighTarget: entry["source"] = "high target"; break;
      case InitialSource::LowTarget: entry["source"] = "low target"; break;
      case InitialSource::DefaultStart: entry["source"] = "default start"; break;
      case InitialSource::Computed: entry["source"] = "computed"; break;
    }
    if (sources[j] == InitialSource::HighTarget || sources[j] == InitialSource::LowTarget) {
      entry["value"] = t.value;
      entry["pointer"] = program.target_pointer(j);
      if (const std::string variable = program.target_variable(j); !variable.empty()) entry["variable"] = variable;
    } else if (sources[j] == InitialSource::DefaultStart) {
      entry["value"] = program.start()[j];
    }
    initial.push_back(entry);
  }
  json nominals = json::array();
  for (std::size_t j = 0; j < program.size(); ++j)
    if (dae.nominal[j]) nominals.push_back({{"unknown", program.name(j)}, {"nominal", *dae.nominal[j]}});
  json initial_parameters = json::array(), notes = json::array();
  const InitialParameters& fixed = program.initial_parameters();
  for (std::size_t k = 0; k < fixed.symbols.size(); ++k)
    if (k < fixed.defined)
      initial_parameters.push_back({{"parameter", fixed.symbols[k].name()},
                                    {"value_at_start", to_string(fixed.values[k])},
                                    {"pointer", fixed.pointers[k]}});
    else
      initial_parameters.push_back({{"parameter", fixed.symbols[k].name()},
                                    {"fixed_by_initial_values", true},
                                    {"guess", fixed.guesses[k]},
                                    {"pointer", fixed.pointers[k]}});
  for (const ModelInstance& d : model.instances)
    for (const std::string& note : d.definition->notes)
      notes.push_back({{"instance", d.name()}, {"pointer", d.pointer()}, {"note", note}});
  json inputs = json::array();
  for (const ModelInput& in : model.inputs)
    inputs.push_back({{"name", in.name}, {"unit", in.unit}, {"feeds", in.feeds}, {"description", in.description},
                      {"pointer", in.pointer}});
  json loop_cuts = json::array();
  for (const Model::LoopCut& cut : model.loop_cuts) loop_cuts.push_back(cut.port);
  json differentiated = json::array();
  for (const auto& [e, k] : dae.reduction.differentiated)
    differentiated.push_back({{"pointer", model.pointer(e)},
                              {"origin", model.origin(e)},
                              {"equation", to_string(model.residual(e))},
                              {"times", k}});
  return {{"ok", true},
          {"model", model.name},
          {"components", model.instances.size()},
          {"variables", model.variables.size()},
          {"equations", model.equation_count()},
          {"unknowns", program.size()},
          {"structural_index", dae.reduction.index},
          {"states", states},
          {"dummy_derivatives", dae.reduction.dummy_derivatives},
          {"differentiated_equations", differentiated},
          {"states_chosen_during_run", dae.reduction.selectable},
          {"state_blocks_kept_and_watched", std::count_if(dae.reduction.pivots.begin(), dae.reduction.pivots.end(),
                                                          [](const PivotBlock& b) { return b.kept; })},
          {"loop_cuts", loop_cuts},
          {"released_closure_rows", model.released_closures},
          {"event_indicators", program.indicator_count()},
          {"unconnected_ports", model.unconnected_ports},
          {"inputs", inputs},
          {"initial_parameters", initial_parameters},
          {"notes", notes},
          {"initial_values", initial},
          {"nominals", nominals},
          {"low_targets_not_met", dropped}};
}

nlohmann::json singular_parts_report(const SingularParts& parts) {
  // Each list keeps its first kListedParts entries (100000 copies of a damper without its ground
  // made a report of 70 MB); `equations_total` and `unknowns_total` count them all.
  constexpr std::size_t kListedParts = 100;
  auto equations = [](const std::vector<SingularParts::Equation>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t k = 0; k < list.size() && k < kListedParts; ++k) {
      const auto& e = list[k];
      out.push_back({{"pointer", e.pointer}, {"origin", e.origin}, {"description", e.description}, {"residual", e.residual}});
    }
    return out;
  };
  auto unknowns = [](const std::vector<SingularParts::Unknown>& list) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t k = 0; k < list.size() && k < kListedParts; ++k)
      out.push_back({{"variable", list[k].name}, {"instance", list[k].instance}, {"pointer", list[k].pointer}});
    return out;
  };
  const auto part = [&](const std::vector<SingularParts::Equation>& e, const std::vector<SingularParts::Unknown>& u) {
    return nlohmann::json{{"equations", equations(e)}, {"unknowns", unknowns(u)}, {"equations_total", e.size()},
                          {"unknowns_total", u.size()}};
  };
  return {{"over_determined", part(parts.over_equations, parts.over_unknowns)},
          {"under_determined", part(parts.under_equations, parts.under_unknowns)}};
}

nlohmann::json check_netlist(const Netlist& netlist, const Registry& registry) {
  try {
    Model model = build_model(netlist, registry);
    Program program(model, analyze(model));
    return check_report(model, program);
  } catch (const ModelError& e) {
    return error_report(e);
  }
}

nlohmann::json error_report(const ModelError& e) {
  nlohmann::json error = {{"pointer", e.pointer()}, {"message", e.message()}};
  if (const auto* structural = dynamic_cast<const StructuralError*>(&e)) error["parts"] = singular_parts_report(structural->parts());
  return {{"ok", false}, {"error", error}};
}

}  // namespace acausal
