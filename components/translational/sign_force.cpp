#include "components/translational/sign_force.hpp"

#include "components/rotational/sign_regularization.hpp"
#include "components/translational/force_source.hpp"

namespace acausal::translational_components {

std::string_view SignForce::details() const {
  return R"(MSL 4.0.0's SignForce: a force of constant size whose sign follows the direction of
motion, f = f_nominal·sign(v), with v the flange's velocity relative to its housing and f the
force on the flange, positive toward +s (flange.f = −f; MSL's PartialForce calls flange.f itself
f). A positive f_nominal accelerates in both directions, a negative one brakes in both (a Coulomb
drag). With `"use_support": true` the port `support` takes the reaction (support.f = f);
otherwise the housing is grounded.

Around v = 0 the sign is regularized over |v| < v0 as MSL's parameter `reg` chooses (values in
lower case):

    "exp" (default)  f = f_nominal·(2/(1 + exp(−v/(0.01·v0))) − 1) = f_nominal·tanh(50·v/v0)
    "sine"           f = f_nominal·sin(π/2·v/v0)                for |v| < v0
    "linear"         f = f_nominal·v/v0                         for |v| < v0
    "cosine"         f = f_nominal·sign(v)·(1 − cos(π/2·v/v0))  for |v| < v0

and f = f_nominal·sign(v) beyond v0 (events at |v| = v0, and for "cosine" at v = 0; "exp" has
none). The same law as rotational.SignTorque.

Energy: injected power f·v (negative while it brakes); nothing stored, nothing lost, as MSL's
source.)";
}

void SignForce::define(ComponentBuilder& b) const {
  const Expr f_nominal = b.parameter("f_nominal", "N", 0.0,
                                     "Nominal force (positive: accelerates, negative: brakes in both directions)");
  const Expr v0 = b.parameter("v0", "m/s", 0.1, "Regularization below v0", positive());
  const ForceSource s = define_force_source(b);
  b.equation(s.f - f_nominal * rotational_components::regularized_sign(b, s.v / v0),
             "force with the sign of v, regularized");
}

}  // namespace acausal::translational_components
