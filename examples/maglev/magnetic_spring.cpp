#include "magnetic_spring.hpp"

namespace maglev {

using namespace acausal;

void MagneticSpring::define(ComponentBuilder& b) const {
  Expr m_R = b.parameter("m_R", "A*m^2", 1.0, "Dipole moment of the magnet at R", positive());
  Expr m_C = b.parameter("m_C", "A*m^2", 1.0, "Dipole moment of the magnet at C", positive());
  Compliant e = define_compliant(b, translational());  // ports R, C; s_rel (the gap), v_rel, f
  const double mu_0_over_2pi = 2e-7;  // μ0/(2π), vacuum permeability over 2π [N/A²]
  Expr k = mu_0_over_2pi * m_R * m_C;  // [N·m⁴]
  b.equation(e.flow + 3 * k / pow(e.rel, 4), "dipole repulsion");
  b.stored_energy(k / pow(e.rel, 3));
  b.assertion(e.rel, "the magnets touch (gap s_rel ≤ 0)");
}

}  // namespace maglev
