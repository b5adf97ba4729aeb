#include "components/rotational/flange_and_support.hpp"

namespace acausal::rotational_components {

FlangeAndSupport define_flange_and_support(ComponentBuilder& b, std::string_view flange_description) {
  const bool use_support =
      b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  FlangeAndSupport h;
  h.flange = b.port("flange", rotational(), flange_description);
  if (use_support) {
    h.support = b.port("support", rotational(), "Support (housing): takes the reaction torque");
    h.phi_support = h.support->potential();
    h.phi_rel = h.flange.potential() - h.phi_support;
    h.w_rel = der(h.flange.potential()) - der(h.phi_support);
    b.equation(h.support->flow() + h.flange.flow(), "the support takes the reaction");
  } else {
    h.phi_support = Expr(0.0);
    h.phi_rel = h.flange.potential();
    h.w_rel = der(h.flange.potential());
  }
  return h;
}

}  // namespace acausal::rotational_components
