#include "components/rotational/sign_torque.hpp"

#include "components/rotational/sign_regularization.hpp"
#include "components/rotational/torque_source.hpp"

namespace acausal::rotational_components {

std::string_view SignTorque::details() const {
  return R"(MSL 4.0.0's SignTorque: a torque of constant size whose sign follows the direction of
rotation, tau = tau_nominal·sign(w), with w the flange's speed relative to its housing. A positive
tau_nominal accelerates in both directions, a negative one brakes in both (a Coulomb drag). The
source applies tau to the flange (flange.tau = −tau); with `"use_support": true` the port `support`
takes the reaction (support.tau = tau), otherwise the housing is grounded.

Around w = 0 the sign is regularized over |w| < w0, as MSL's parameter `reg` chooses (here its
values in lower case):

    "exp" (default)  tau = tau_nominal·(2/(1 + exp(−w/(0.01·w0))) − 1) = tau_nominal·tanh(50·w/w0)
    "sine"           tau = tau_nominal·sin(π/2·w/w0)                for |w| < w0
    "linear"         tau = tau_nominal·w/w0                         for |w| < w0
    "cosine"         tau = tau_nominal·sign(w)·(1 − cos(π/2·w/w0))  for |w| < w0

and tau = tau_nominal·sign(w) beyond w0. "exp" is smooth (at |w| = w0 it is 0.99999…·tau_nominal
and never exactly ±tau_nominal); the others reach ±tau_nominal at |w| = w0, which is an event (and
"cosine" also at w = 0).

Energy: injected power tau·w (negative while it brakes); nothing stored, nothing lost, as MSL's
source.)";
}

void SignTorque::define(ComponentBuilder& b) const {
  const Expr tau_nominal = b.parameter("tau_nominal", "N*m", 0.0,
                                       "Nominal torque (positive: accelerates, negative: brakes in both directions)");
  const Expr w0 = b.parameter("w0", "rad/s", 0.1, "Regularization below w0", positive());
  const TorqueSource s = define_torque_source(b);
  b.equation(s.tau - tau_nominal * regularized_sign(b, s.w / w0), "torque with the sign of w, regularized");
}

}  // namespace acausal::rotational_components
