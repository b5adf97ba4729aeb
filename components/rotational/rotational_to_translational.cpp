#include "components/rotational/rotational_to_translational.hpp"

namespace acausal::rotational_components {

RotationalToTranslational define_rotational_to_translational(ComponentBuilder& b, std::string_view rotational_description,
                                                             std::string_view translational_description) {
  const bool support_R = b.flag("use_support_R", false,
                                "true: the port support_R takes the reaction torque; false: the rotational housing is grounded");
  const bool support_T = b.flag("use_support_T", false,
                                "true: the port support_T takes the reaction force; false: the translational housing is grounded");
  RotationalToTranslational c{b.port("flange_R", rotational(), rotational_description),
                              b.port("flange_T", translational(), translational_description), {}, {}};
  c.phi = c.flange_R.potential();
  c.s = c.flange_T.potential();
  if (support_R) {
    const Port support = b.port("support_R", rotational(), "Rotational support (housing): takes the reaction torque");
    c.phi = c.phi - support.potential();
    b.equation(support.flow() + c.flange_R.flow(), "the rotational support takes the reaction");
  }
  if (support_T) {
    const Port support = b.port("support_T", translational(), "Translational support (housing): takes the reaction force");
    c.s = c.s - support.potential();
    b.equation(support.flow() + c.flange_T.flow(), "the translational support takes the reaction");
  }
  return c;
}

}  // namespace acausal::rotational_components
