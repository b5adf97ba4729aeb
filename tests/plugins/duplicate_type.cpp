// A component library that registers a type under a name the built-in library has.

#include <acausal/plugin.hpp>

namespace {

class AnotherSpring final : public acausal::Component {
 public:
  std::string_view type() const override { return "translational.Spring"; }
  std::string_view summary() const override { return "test: a second translational.Spring"; }
  void define(acausal::ComponentBuilder& b) const override { acausal::define_compliant(b, acausal::translational()); }
};

}  // namespace

ACAUSAL_COMPONENT_LIBRARY(registry) { registry.add(std::make_unique<AnotherSpring>()); }
