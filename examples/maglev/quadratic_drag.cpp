#include "quadratic_drag.hpp"

namespace maglev {

using namespace acausal;

void QuadraticDrag::define(ComponentBuilder& b) const {
  Expr d = b.parameter("d", "N*s^2/m^2", 1.0, "Drag coefficient", non_negative());
  Compliant e = define_compliant(b, translational());  // ports R, C; s_rel, v_rel, f
#ifdef MAGLEV_BREAK_DRAG_SIGN
  // The deliberately broken variant (tests/broken_drag_test.cpp): the law with the wrong sign, a
  // drag that pushes along the motion.
  b.equation(e.flow + d * e.rate * abs(e.rate), "quadratic drag");
#else
  b.equation(e.flow - d * e.rate * abs(e.rate), "quadratic drag");
#endif
  b.loss_power(d * pow(abs(e.rate), 3));
}

}  // namespace maglev
