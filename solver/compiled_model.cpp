#include "solver/compiled_model.hpp"

#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "core/model/registry.hpp"

namespace acausal {

struct CompiledModel::Parts {
  std::string name;
  Experiment experiment;
  std::unique_ptr<Program> program;
};

CompiledModel::CompiledModel(const Netlist& netlist, const Registry& registry, CompileOptions options)
    : parts_(std::make_unique<Parts>()) {
  Netlist n = netlist;
  n.tunable.insert(n.tunable.end(), options.tunable.begin(), options.tunable.end());
  const Model model = build_model(n, registry);
  parts_->name = netlist.name.empty() ? netlist.source : netlist.name;
  parts_->experiment = model.experiment;
  // The program keeps what its messages need; the model and the analysis go with this scope.
  parts_->program = std::make_unique<Program>(
      model, analyze(model),
      ProgramOptions{.energy = options.energy || options.power_audit, .power_audit = options.power_audit, .keep_analysis = false});
}

CompiledModel::CompiledModel(CompiledModel&&) noexcept = default;
CompiledModel& CompiledModel::operator=(CompiledModel&&) noexcept = default;
CompiledModel::~CompiledModel() = default;

const Program& CompiledModel::program() const { return *parts_->program; }
const std::string& CompiledModel::name() const { return parts_->name; }
const Experiment& CompiledModel::experiment() const { return parts_->experiment; }
std::size_t CompiledModel::unknown_count() const { return parts_->program->size(); }
const std::string& CompiledModel::unknown_name(std::size_t k) const { return parts_->program->name(k); }
std::optional<std::size_t> CompiledModel::unknown_index(std::string_view name) const {
  return parts_->program->unknown_index(name);
}
const std::vector<std::string>& CompiledModel::output_names() const { return parts_->program->output_names(); }
const std::vector<std::string>& CompiledModel::input_names() const { return parts_->program->input_names(); }
const std::vector<std::string>& CompiledModel::tunable_names() const { return parts_->program->tunable_names(); }
std::vector<double> CompiledModel::tunable_values() const {
  const std::span<const double> v = parts_->program->tunable_build_values();
  return {v.begin(), v.end()};
}

}  // namespace acausal
