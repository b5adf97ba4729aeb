#include "components/rotational/ideal_gear.hpp"

#include <optional>
#include <string>

namespace acausal::rotational_components {

namespace {
ParameterCheck non_zero() {
  return [](double v) -> std::optional<std::string> {
    if (v < 0.0 || v > 0.0) return std::nullopt;
    return "must not be zero";
  };
}
}  // namespace

void IdealGear::define(ComponentBuilder& b) const {
  Expr ratio = b.parameter("ratio", "1", 1.0,
                           "Transmission ratio: phi_C − phi_support = ratio·(phi_R − phi_support)", non_zero());
  const bool use_support =
      b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  Port R = b.port("R", rotational(), "Flange R (Modelica flange_b): turns 1/ratio as fast as C");
  Port C = b.port("C", rotational(), "Flange C (Modelica flange_a): turns ratio times as fast as R");
  Expr phi_s = 0.0;
  if (use_support) {
    Port support = b.port("support", rotational(), "Support (housing): takes the reaction torque");
    phi_s = support.potential();
    b.equation(support.flow() + R.flow() + C.flow(), "the support takes the reaction");
  }
  b.equation(C.potential() - phi_s - ratio * (R.potential() - phi_s), "gear kinematics");
  b.equation(R.flow() + ratio * C.flow(), "lossless torque transmission");
}

}  // namespace acausal::rotational_components
