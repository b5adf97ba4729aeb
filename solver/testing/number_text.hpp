#pragma once
/// @file
/// Numbers in the testing API's messages.

#include <cstdio>
#include <string>

namespace acausal::testing {

/// `printf("%.4g")`: enough to compare with a tolerance, short enough to read.
inline std::string number_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

}  // namespace acausal::testing
