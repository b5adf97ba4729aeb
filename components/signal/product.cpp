#include "components/signal/product.hpp"

namespace acausal::signal_components {

void Product::define(ComponentBuilder& b) const {
  Expr u1 = b.input("u1", "1", "First input signal");
  Expr u2 = b.input("u2", "1", "Second input signal");
  Expr y = b.output("y", "1", "Output signal");
  b.equation(y - u1 * u2, "product");
}

}  // namespace acausal::signal_components
