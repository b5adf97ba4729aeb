#include "python/src/runs.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "core/model/result_metadata.hpp"
#include "solver/mat_writer.hpp"

namespace acausal::python {
namespace {

/// The built-in component types and those of the component libraries (load_component_libraries).
std::shared_ptr<const Registry> registry_with(const std::vector<std::string>& libraries) {
  auto registry = std::make_shared<Registry>();
  register_builtin(*registry);
  load_component_libraries(*registry, libraries);
  return registry;
}

/// The rows' values at each grid point, an event's two rows at its time.
class FlatWriter final : public ResultWriter {
 public:
  explicit FlatWriter(RunResult& out) : out_(out) {}
  void begin(const std::vector<std::string>& names) override { out_.names = names; }
  void row(double time, const std::vector<double>& values) override {
    out_.times.push_back(time);
    out_.values.insert(out_.values.end(), values.begin(), values.end());
  }
  void event(double time, const std::vector<double>& before, const std::vector<double>& after, bool) override {
    out_.event_times.push_back(time);
    row(time, before);
    row(time, after);
  }

 private:
  RunResult& out_;
};

}  // namespace

std::shared_ptr<LoadedNetlist> LoadedNetlist::from_file(const std::string& path, const std::vector<std::string>& libraries) {
  auto registry = registry_with(libraries);
  return std::shared_ptr<LoadedNetlist>(new LoadedNetlist(std::move(registry), load_netlist(path)));
}

std::shared_ptr<LoadedNetlist> LoadedNetlist::from_text(const std::string& text, const std::string& source,
                                                        const std::vector<std::string>& libraries) {
  auto registry = registry_with(libraries);
  return std::shared_ptr<LoadedNetlist>(new LoadedNetlist(std::move(registry), parse_netlist(text, source)));
}

std::shared_ptr<LoadedNetlist> LoadedNetlist::with_values(const std::vector<std::string>& assignments) const {
  Netlist copy = netlist_;
  for (const std::string& a : assignments) apply_override(copy, a);
  return std::shared_ptr<LoadedNetlist>(new LoadedNetlist(registry_, std::move(copy)));
}

std::vector<std::vector<std::string>> LoadedNetlist::parameters() const {
  const Model model = build_model(netlist_, *registry_);
  std::unordered_map<std::string_view, const NetlistComponent*> by_name;  // the netlist's own components
  for (const NetlistComponent& c : netlist_.components) by_name.emplace(c.name, &c);
  std::vector<std::vector<std::string>> out;
  for (const ModelInstance& instance : model.instances) {
    const std::string name = instance.name();
    const auto found = by_name.find(name);
    const NetlistComponent* written = found == by_name.end() ? nullptr : found->second;
    for (const Definition::Parameter& p : instance.definition->parameters) {
      std::string value(p.default_text);
      if (p.given && written != nullptr) {
        const auto it = written->params.find(std::string(p.name));
        if (it != written->params.end()) value = it->is_string() ? it->get<std::string>() : it->dump();
      }
      out.push_back({name + "." + std::string(p.name), std::string(p.unit), std::string(p.description), value,
                     p.value ? nlohmann::json(*p.value).dump() : std::string()});
    }
  }
  return out;
}

void LoadedNetlist::write_mat(const std::string& path, const std::vector<std::string>& names,
                              const std::vector<double>& times, const std::vector<double>& values,
                              const std::vector<std::pair<std::string, double>>& changed) const {
  ResultMetadata metadata = result_metadata(build_model(netlist_, *registry_));
  for (ResultParameter& p : metadata.parameters)
    for (const auto& [name, value] : changed)
      if (p.name == name) p.value = value;
  MatWriter writer(path, std::move(metadata));
  writer.begin(names);
  std::vector<double> row(names.size());
  for (std::size_t r = 0; r < times.size(); ++r) {
    std::copy_n(values.begin() + static_cast<std::ptrdiff_t>(r * names.size()), names.size(), row.begin());
    writer.row(times[r], row);
  }
  writer.end();
}

CompiledRun::CompiledRun(std::shared_ptr<const LoadedNetlist> netlist, bool energy, std::vector<std::string> tunable)
    : netlist_(std::move(netlist)),
      energy_(energy),
      model_(netlist_->netlist(), netlist_->registry(), {.energy = energy, .tunable = std::move(tunable)}) {}

std::vector<std::string> CompiledRun::unknown_names() const {
  std::vector<std::string> names;
  for (std::size_t k = 0; k < model_.unknown_count(); ++k) names.push_back(model_.unknown_name(k));
  return names;
}

SimulationOptions CompiledRun::options_for(const RunSettings& settings) const {
  SimulationOptions options = settings.options;
  auto index_in = [](const std::vector<std::string>& names, const std::string& name, const char* what) {
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end()) throw std::invalid_argument(std::string("no ") + what + " \"" + name + "\"");
    return static_cast<std::size_t>(it - names.begin());
  };
  if (!settings.parameters.empty()) {
    options.tunable_values = model_.tunable_values();
    for (const auto& [name, value] : settings.parameters)
      options.tunable_values[index_in(model_.tunable_names(), name, "tunable parameter")] = value;
  }
  options.inputs.resize(model_.input_names().size());
  for (const auto& [name, value] : settings.input_values)
    options.inputs[index_in(model_.input_names(), name, "input")] = [v = value](double) { return v; };
  for (const auto& [name, f] : settings.input_functions) options.inputs[index_in(model_.input_names(), name, "input")] = f;
  options.initial = settings.initial;
  return options;
}

std::unique_ptr<Simulator> CompiledRun::simulator(const RunSettings& settings) const {
  return std::make_unique<Simulator>(model_, options_for(settings));
}

Linearization CompiledRun::linearize(const RunSettings& settings, double at, const std::vector<std::string>& inputs,
                                     const std::vector<std::string>& outputs) const {
  RunSettings held = settings;
  held.options.stop = std::max(held.options.stop, at);
  for (const std::string& name : model_.input_names()) {
    const auto given = [&](const auto& list) {
      return std::any_of(list.begin(), list.end(), [&](const auto& entry) { return entry.first == name; });
    };
    if (!given(held.input_values) && !given(held.input_functions)) held.input_values.emplace_back(name, 0.0);
  }
  const std::unique_ptr<Simulator> sim = simulator(held);
  if (at > held.options.start) sim->step_to(at);
  return acausal::linearize(*sim, inputs, outputs);
}

RunResult CompiledRun::run(const RunSettings& settings) const {
  RunResult result;
  SimulationOptions options = options_for(settings);
  options.on_row = [&result](const Simulator& sim) {
    if (const std::optional<EnergyTotals> e = sim.energy_totals_so_far())
      result.energy_series.insert(result.energy_series.end(), {e->time, e->stored, e->work_lost, e->work_injected});
  };
  FlatWriter writer(result);
  SimulationResult r = simulate(model_, options, writer);
  result.statistics = r.statistics;
  result.energy = std::move(r.energy);
  const InitialParameters& computed = model_.program().initial_parameters();
  for (std::size_t k = computed.defined; k < computed.names.size(); ++k)
    result.initial_parameters.emplace_back(computed.names[k], r.initial.parameters[k]);
  return result;
}

std::vector<double> SteppedRun::outputs() {
  std::vector<double> out(sim_->program().output_names().size());
  sim_->outputs(out.data());
  return out;
}

}  // namespace acausal::python
