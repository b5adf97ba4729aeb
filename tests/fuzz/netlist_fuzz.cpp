// libFuzzer target: the netlist reader (parse_netlist) on arbitrary bytes. Its documented refusal
// is ModelError; any other exception (uncaught: abort), a crash or a sanitizer report is a finding.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/model/errors.hpp"
#include "core/model/netlist.hpp"
#include "tests/fuzz/in_memory_netlist.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (acausal::fuzz::names_a_file(text)) return -1;  // not kept in the corpus
  try {
    acausal::parse_netlist(text, "fuzz.json");
  } catch (const acausal::ModelError&) {
  }
  return 0;
}
