#include "components/rotational/ideal_planetary.hpp"

namespace acausal::rotational_components {

std::string_view IdealPlanetary::details() const {
  return R"(MSL 4.0.0's IdealPlanetary: a sun wheel, a ring wheel and planet wheels between them
whose bearings sit on the carrier; ideal (no inertia, elasticity, damping, backlash or loss).
The planets are not a port, their inertia is neglected. With ratio = z_ring/z_sun (the teeth of
the ring over those of the sun; the planets then have (z_ring − z_sun)/2 teeth) the kinematics
is Willis' equation, written for the angles,

    (1 + ratio)·phi_carrier = phi_sun + ratio·phi_ring
    so (1 + ratio)·w_carrier = w_sun + ratio·w_ring,

and the torques entering at the flanges `sun`, `carrier` and `ring` are

    tau_ring = ratio·tau_sun,   tau_carrier = −(1 + ratio)·tau_sun.

With the ring held (w_ring = 0) the sun drives the carrier at 1/(1 + ratio) of its speed with
(1 + ratio) times its torque; with the carrier held, sun and ring turn in opposite directions,
w_ring = −w_sun/ratio. All angles are absolute: the gear has no housing port; hold a flange with
rotational.Fixed.

Energy: nothing stored, nothing lost. The port powers sum to
tau_sun·(w_sun − (1 + ratio)·w_carrier + ratio·w_ring) = 0 by Willis' equation.)";
}

void IdealPlanetary::define(ComponentBuilder& b) const {
  const Expr ratio = b.parameter("ratio", "1", 2.0, "Number of ring teeth over number of sun teeth", positive());
  const Port sun = b.port("sun", rotational(), "Flange of the sun shaft");
  const Port carrier = b.port("carrier", rotational(), "Flange of the carrier shaft");
  const Port ring = b.port("ring", rotational(), "Flange of the ring shaft");
  b.equation((1.0 + ratio) * carrier.potential() - sun.potential() - ratio * ring.potential(), "Willis' equation");
  b.equation(ring.flow() - ratio * sun.flow(), "ring torque");
  b.equation(carrier.flow() + (1.0 + ratio) * sun.flow(), "carrier torque");
}

}  // namespace acausal::rotational_components
