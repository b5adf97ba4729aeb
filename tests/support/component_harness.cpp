#include "tests/support/component_harness.hpp"

#include <doctest/doctest.h>

namespace acausal::testing {

Definition described_catalog_entry(const std::string& type) {
  const Component* c = builtin_registry().find(type);
  REQUIRE(c != nullptr);
  CHECK(c->type() == type);
  CHECK(!c->summary().empty());
  CHECK(c->summary().find('\n') == std::string_view::npos);
  return describe_type(*c);
}

}  // namespace acausal::testing
