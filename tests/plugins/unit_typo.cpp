// A component library whose spring declares its stiffness in "Nm/rad" (N*m/rad meant).

#include <acausal/plugin.hpp>

namespace {

class TypoSpring final : public acausal::Component {
 public:
  std::string_view type() const override { return "typo.Spring"; }
  std::string_view summary() const override { return "test: a spring with a unit typo"; }
  void define(acausal::ComponentBuilder& b) const override {
    const acausal::Expr c = b.parameter("c", "Nm/rad", 1.0, "Stiffness");
    const acausal::Compliant e = acausal::define_compliant(b, acausal::rotational());
    b.equation(e.flow - c * e.rel, "Hooke's law");
  }
};

}  // namespace

ACAUSAL_COMPONENT_LIBRARY(registry) { registry.add(std::make_unique<TypoSpring>()); }
