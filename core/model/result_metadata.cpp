#include "core/model/result_metadata.hpp"

#include "core/model/model.hpp"

namespace acausal {
namespace {

std::string described(std::string_view description, std::string_view unit) {
  std::string text(description);
  if (!unit.empty() && unit != "1") text += (text.empty() ? "[" : " [") + std::string(unit) + "]";
  return text;
}

}  // namespace

ResultMetadata result_metadata(const Model& model) {
  ResultMetadata out;
  out.output_descriptions.resize(model.outputs.size());
  std::vector<bool> discrete(model.outputs.size(), false);
  for (const Model::OutputDiscrete& d : model.output_discretes) {
    out.output_descriptions[d.position] = std::string(model.instances[d.instance].definition->discretes[d.local].description);
    discrete[d.position] = true;
  }
  std::size_t next = 0;
  for (std::size_t k = 0; k < model.outputs.size(); ++k) {
    if (discrete[k]) continue;
    const Definition::Variable& v = model.declared(model.output_variables[next++]);
    out.output_descriptions[k] = described(v.description, v.unit);
  }
  for (const ModelInstance& instance : model.instances)
    for (const Definition::Parameter& p : instance.definition->parameters)
      if (p.value) out.parameters.push_back({instance.name() + "." + std::string(p.name), *p.value, described(p.description, p.unit)});
  return out;
}

}  // namespace acausal
