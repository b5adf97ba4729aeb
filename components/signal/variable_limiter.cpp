#include "components/signal/variable_limiter.hpp"

namespace acausal::signal_components {

std::string_view VariableLimiter::details() const {
  return R"(MSL 4.0.0's Nonlinear.VariableLimiter block (strict = false): the input limited to the
range the inputs limit1 (upper) and limit2 (lower) give,

    y = limit1   if u > limit1
    y = limit2   if u < limit2
    y = u        otherwise

Each switch is an event. MSL asserts limit1 ≥ limit2; here, where they cross, the upper limit
wins above it (u > limit1 gives limit1). A signal block: no energy terms.)";
}

void VariableLimiter::define(ComponentBuilder& b) const {
  const Expr u = b.input("u", "1", "Input signal");
  const Expr limit1 = b.input("limit1", "1", "Upper limit");
  const Expr limit2 = b.input("limit2", "1", "Lower limit");
  const Expr y = b.output("y", "1", "Output signal, u limited to [limit2, limit1]");
  b.equation(y - if_else(u > limit1, limit1, if_else(u < limit2, limit2, u)), "variable limiter");
}

}  // namespace acausal::signal_components
