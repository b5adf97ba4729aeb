#include "tests/support/simulation_run.hpp"

#include <cstdio>

namespace acausal::testing {

std::string json_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

}  // namespace acausal::testing
