#pragma once
// What the tests share: the registry with the component library under test.

#include <acausal/testing.hpp>

namespace maglev_tests {

/// The built-in components and those of libmaglev.so, the library `acausal --library` loads: the
/// tests check the classes as they are shipped.
inline const acausal::Registry& registry() {
  static const acausal::Registry r = acausal::testing::registry_with_libraries({MAGLEV_LIBRARY});
  return r;
}

}  // namespace maglev_tests
