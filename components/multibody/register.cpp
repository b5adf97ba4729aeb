#include <memory>

#include "components/multibody/absolute_angular_velocity_sensor.hpp"
#include "components/multibody/absolute_position_sensor.hpp"
#include "components/multibody/absolute_velocity_sensor.hpp"
#include "components/multibody/cut_force_and_torque_sensor.hpp"
#include "components/multibody/cylindrical.hpp"
#include "components/multibody/fixed_rotation.hpp"
#include "components/multibody/force.hpp"
#include "components/multibody/force_and_torque.hpp"
#include "components/multibody/free_motion.hpp"
#include "components/multibody/joint_ups.hpp"
#include "components/multibody/line_force_with_two_masses.hpp"
#include "components/multibody/planar.hpp"
#include "components/multibody/point_mass.hpp"
#include "components/multibody/relative_angular_velocity_sensor.hpp"
#include "components/multibody/relative_position_sensor.hpp"
#include "components/multibody/relative_velocity_sensor.hpp"
#include "components/multibody/spherical.hpp"
#include "components/multibody/spring_damper_parallel.hpp"
#include "components/multibody/spring_damper_series.hpp"
#include "components/multibody/torque.hpp"
#include "components/multibody/universal.hpp"
#include "components/multibody/universal_spherical.hpp"
#include "components/multibody/world_force.hpp"
#include "components/multibody/body.hpp"
#include "components/multibody/body_box.hpp"
#include "components/multibody/body_cylinder.hpp"
#include "components/multibody/body_shape.hpp"
#include "components/multibody/body_spring_damper.hpp"
#include "components/multibody/fixed.hpp"
#include "components/multibody/fixed_translation.hpp"
#include "components/multibody/line_damper.hpp"
#include "components/multibody/line_spring.hpp"
#include "components/multibody/prismatic.hpp"
#include "components/multibody/revolute.hpp"
#include "components/multibody/revolute_planar_loop_constraint.hpp"
#include "components/multibody/rod.hpp"
#include "components/multibody/world.hpp"
#include "components/registry.hpp"

namespace acausal {

void register_multibody(Registry& r) {
  using namespace multibody_components;
  r.add(std::make_unique<World>());
  r.add(std::make_unique<Fixed>());
  r.add(std::make_unique<FixedTranslation>());
  r.add(std::make_unique<Body>());
  r.add(std::make_unique<Revolute>());
  r.add(std::make_unique<Prismatic>());
  r.add(std::make_unique<LineSpring>());
  r.add(std::make_unique<LineDamper>());
  r.add(std::make_unique<BodyShape>());
  r.add(std::make_unique<BodyBox>());
  r.add(std::make_unique<BodyCylinder>());
  r.add(std::make_unique<BodySpringDamper>());
  r.add(std::make_unique<Rod>());
  r.add(std::make_unique<FixedRotation>());
  r.add(std::make_unique<Spherical>());
  r.add(std::make_unique<RevolutePlanarLoopConstraint>());
  r.add(std::make_unique<WorldForce>());
  r.add(std::make_unique<WorldTorque>());
  r.add(std::make_unique<AbsolutePositionSensor>());
  r.add(std::make_unique<AbsoluteVelocitySensor>());
  r.add(std::make_unique<AbsoluteAngularVelocitySensor>());
  r.add(std::make_unique<RelativePositionSensor>());
  r.add(std::make_unique<CutForceAndTorqueSensor>());
  r.add(std::make_unique<FreeMotion>());
  r.add(std::make_unique<ForceAndTorque>());
  r.add(std::make_unique<SpringDamperParallel>());
  r.add(std::make_unique<SpringDamperSeries>());
  r.add(std::make_unique<RelativeVelocitySensor>());
  r.add(std::make_unique<RelativeAngularVelocitySensor>());
  r.add(std::make_unique<PointMass>());
  r.add(std::make_unique<Force>());
  r.add(std::make_unique<Torque>());
  r.add(std::make_unique<Universal>());
  r.add(std::make_unique<Cylindrical>());
  r.add(std::make_unique<Planar>());
  r.add(std::make_unique<UniversalSpherical>());
  r.add(std::make_unique<JointUPS>());
  r.add(std::make_unique<LineForceWithTwoMasses>());
  // Modelica's package paths for the two-frame forces (Modelica.Mechanics.MultiBody.Forces.Force).
  r.add_alias("multibody.Forces.Force", "multibody.Force");
  r.add_alias("multibody.Forces.Torque", "multibody.Torque");
}

}  // namespace acausal
