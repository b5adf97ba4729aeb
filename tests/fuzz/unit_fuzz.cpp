// libFuzzer target: the unit parser (core/model/units.hpp). The input's first line is a quantity
// and the rest an expected unit: parse_unit reads each, to_si the pair. Their documented refusal is
// std::invalid_argument; any other exception (uncaught: abort), a crash or a sanitizer report is a
// finding.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "core/model/units.hpp"

namespace {

void parse(std::string_view unit) {
  try {
    acausal::units::parse_unit(unit);
  } catch (const std::invalid_argument&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = text.find('\n');
  const std::string_view quantity = text.substr(0, newline);
  const std::string_view expected = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
  parse(quantity);
  parse(expected);
  try {
    acausal::units::to_si(quantity, expected);
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
