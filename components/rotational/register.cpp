#include "components/registry.hpp"
#include "components/rotational/dry_friction.hpp"
#include "components/rotational/acc_sensor.hpp"
#include "components/rotational/angle_sensor.hpp"
#include "components/rotational/constant_torque.hpp"
#include "components/rotational/damper.hpp"
#include "components/rotational/elasto_backlash.hpp"
#include "components/rotational/elasto_backlash2.hpp"
#include "components/rotational/fixed.hpp"
#include "components/rotational/bearing_friction.hpp"
#include "components/rotational/brake.hpp"
#include "components/rotational/clutch.hpp"
#include "components/rotational/ideal_gear.hpp"
#include "components/rotational/ideal_gear_r2t.hpp"
#include "components/rotational/ideal_planetary.hpp"
#include "components/rotational/ideal_rolling_wheel.hpp"
#include "components/rotational/inertia.hpp"
#include "components/rotational/linear_speed_dependent_torque.hpp"
#include "components/rotational/lossy_gear.hpp"
#include "components/rotational/nonlinear_damper.hpp"
#include "components/rotational/nonlinear_spring.hpp"
#include "components/rotational/one_way_clutch.hpp"
#include "components/rotational/position.hpp"
#include "components/rotational/quadratic_speed_dependent_torque.hpp"
#include "components/rotational/relative_angle_sensor.hpp"
#include "components/rotational/relative_speed_sensor.hpp"
#include "components/rotational/sign_torque.hpp"
#include "components/rotational/speed.hpp"
#include "components/rotational/speed_sensor.hpp"
#include "components/rotational/spring.hpp"
#include "components/rotational/spring_damper.hpp"
#include "components/rotational/torque.hpp"
#include "components/rotational/torque_step.hpp"
#include "components/rotational/torque_sensor.hpp"
#include "components/rotational/variable_damper.hpp"

namespace acausal {

void register_rotational(Registry& r) {
  using namespace rotational_components;
  r.add(std::make_unique<Fixed>());
  r.add(std::make_unique<Inertia>());
  r.add(std::make_unique<Spring>());
  r.add(std::make_unique<Damper>());
  r.add(std::make_unique<SpringDamper>());
  r.add(std::make_unique<ElastoBacklash>());
  r.add(std::make_unique<ElastoBacklash2>());
  r.add(std::make_unique<IdealGear>());
  r.add(std::make_unique<IdealGearR2T>());
  r.add(std::make_unique<IdealRollingWheel>());
  r.add(std::make_unique<IdealPlanetary>());
  r.add(std::make_unique<LossyGear>());
  r.add(std::make_unique<Brake>());
  r.add(std::make_unique<DryFriction>());
  r.add(std::make_unique<Clutch>());
  r.add(std::make_unique<OneWayClutch>());
  r.add(std::make_unique<BearingFriction>());
  r.add(std::make_unique<Torque>());
  r.add(std::make_unique<ConstantTorque>());
  r.add(std::make_unique<QuadraticSpeedDependentTorque>());
  r.add(std::make_unique<LinearSpeedDependentTorque>());
  r.add(std::make_unique<TorqueStep>());
  r.add(std::make_unique<SignTorque>());
  r.add(std::make_unique<Speed>());
  r.add(std::make_unique<Position>());
  r.add(std::make_unique<AngleSensor>());
  r.add(std::make_unique<SpeedSensor>());
  r.add(std::make_unique<AccSensor>());
  r.add(std::make_unique<TorqueSensor>());
  r.add(std::make_unique<RelativeAngleSensor>());
  r.add(std::make_unique<RelativeSpeedSensor>());
  r.add(std::make_unique<NonlinearSpring>());
  r.add(std::make_unique<NonlinearDamper>());
  r.add(std::make_unique<VariableDamper>());
}

}  // namespace acausal
