#include "tests/fuzz/in_memory_netlist.hpp"

#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/netlist.hpp"

namespace acausal::fuzz {

bool names_a_file(std::string_view text) {
  const nlohmann::json tree = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (tree.is_discarded()) return false;
  // Iterative: a fuzzed netlist may nest thousands of levels deep.
  std::vector<const nlohmann::json*> pending{&tree};
  while (!pending.empty()) {
    const nlohmann::json* value = pending.back();
    pending.pop_back();
    if (value->is_string() && value->get_ref<const std::string&>().starts_with(kFileTypePrefix)) return true;
    if (value->is_structured())
      for (const nlohmann::json& element : *value) pending.push_back(&element);
  }
  return false;
}

}  // namespace acausal::fuzz
