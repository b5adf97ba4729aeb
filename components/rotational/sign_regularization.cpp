#include "components/rotational/sign_regularization.hpp"

#include <numbers>

namespace acausal::rotational_components {

Expr regularized_sign(ComponentBuilder& b, const Expr& x) {
  const std::string reg = b.choice("reg", {"exp", "sine", "linear", "cosine"}, "exp",
                                   "Regularization around zero speed (MSL's Regularization: Exp, Sine, Linear, CoSine)");
  if (reg == "exp") return tanh(50.0 * x);  // = 2/(1 + exp(−x/0.01)) − 1, without overflow of exp
  const Expr clipped = max(Expr(-1.0), min(Expr(1.0), x));
  const double half_pi = std::numbers::pi / 2.0;
  if (reg == "sine") return sin(half_pi * clipped);
  if (reg == "linear") return clipped;
  return sign(x) * (1.0 - cos(half_pi * clipped));
}

}  // namespace acausal::rotational_components
