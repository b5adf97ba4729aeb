#pragma once
#include <string>

#include "core/model/component.hpp"

namespace acausal::rotational_components {

/// MSL's Modelica.Blocks.Types.Regularization for a sign that changes with the speed (SignTorque,
/// SignForce): reads the choice `reg` ("exp" (default), "sine", "linear", "cosine") and returns
/// the regularized sign of x = speed/speed0, a smooth step from −1 to +1:
///   exp:    2/(1 + exp(−x/0.01)) − 1 = tanh(50·x)   (smooth, never exactly ±1, no event)
///   sine:   sin(π/2·x) for |x| < 1, sign(x) beyond  (C¹; events at |x| = 1)
///   linear: x for |x| < 1, sign(x) beyond            (events at |x| = 1)
///   cosine: sign(x)·(1 − cos(π/2·x)) for |x| < 1, sign(x) beyond (events at x = 0 and |x| = 1)
/// The last three clip x to [−1, 1] (min, max) and read sin, x and 1 − cos there, so beyond the
/// band the value is exactly ±1.
Expr regularized_sign(ComponentBuilder& b, const Expr& x);

}  // namespace acausal::rotational_components
