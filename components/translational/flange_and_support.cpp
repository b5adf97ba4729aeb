#include "components/translational/flange_and_support.hpp"

namespace acausal::translational_components {

FlangeAndSupport define_flange_and_support(ComponentBuilder& b, std::string_view flange_description) {
  const bool use_support =
      b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  FlangeAndSupport h;
  h.flange = b.port("flange", translational(), flange_description);
  if (use_support) {
    h.support = b.port("support", translational(), "Support (housing): takes the reaction force");
    h.s_support = h.support->potential();
    h.s_rel = h.flange.potential() - h.s_support;
    h.v_rel = der(h.flange.potential()) - der(h.s_support);
    b.equation(h.support->flow() + h.flange.flow(), "the support takes the reaction");
  } else {
    h.s_support = Expr(0.0);
    h.s_rel = h.flange.potential();
    h.v_rel = der(h.flange.potential());
  }
  return h;
}

}  // namespace acausal::translational_components
