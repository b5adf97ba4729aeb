// libFuzzer target: a netlist read from arbitrary bytes and built into a model with the built-in
// components (parse_netlist, then build_model). Their documented refusal is ModelError (with
// StructuralError); any other exception (uncaught: abort), a crash or a sanitizer report is a finding.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "components/registry.hpp"
#include "core/expr/expr_context.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "tests/fuzz/in_memory_netlist.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (acausal::fuzz::names_a_file(text)) return -1;  // not kept in the corpus
  acausal::ExprContext context;  // each input's expressions in a store of their own, freed after it
  try {
    const acausal::Netlist netlist = acausal::parse_netlist(text, "fuzz.json");
    acausal::build_model(netlist, acausal::builtin_registry());
  } catch (const acausal::ModelError&) {
  }
  return 0;
}
