// libFuzzer target: flattening of subsystem instances (expand_subsystems) in a netlist read from
// arbitrary bytes, with the built-in components. The documented refusal is ModelError; any other
// exception (uncaught: abort), a crash or a sanitizer report is a finding.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "components/registry.hpp"
#include "core/expr/expr_context.hpp"
#include "core/model/errors.hpp"
#include "core/model/netlist.hpp"
#include "core/model/subsystems.hpp"
#include "tests/fuzz/in_memory_netlist.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (acausal::fuzz::names_a_file(text)) return -1;  // not kept in the corpus
  acausal::ExprContext context;
  try {
    const acausal::Netlist netlist = acausal::parse_netlist(text, "fuzz.json");
    if (!acausal::has_subsystem_instances(netlist)) return -1;  // nothing to flatten: not kept
    acausal::expand_subsystems(netlist, acausal::builtin_registry());
  } catch (const acausal::ModelError&) {
  }
  return 0;
}
