#include <memory>

#include "components/registry.hpp"
#include "components/translational/dry_friction.hpp"
#include "components/translational/acc_sensor.hpp"
#include "components/translational/accelerate.hpp"
#include "components/translational/brake.hpp"
#include "components/translational/constant_force.hpp"
#include "components/translational/damper.hpp"
#include "components/translational/elasto_gap.hpp"
#include "components/translational/fixed.hpp"
#include "components/translational/force.hpp"
#include "components/translational/force_sensor.hpp"
#include "components/translational/force_step.hpp"
#include "components/translational/gas_force2.hpp"
#include "components/translational/linear_speed_dependent_force.hpp"
#include "components/translational/mass.hpp"
#include "components/translational/mass_with_stop_and_friction.hpp"
#include "components/translational/multi_sensor.hpp"
#include "components/translational/position.hpp"
#include "components/translational/position_sensor.hpp"
#include "components/translational/quadratic_speed_dependent_force.hpp"
#include "components/translational/relative_position_sensor.hpp"
#include "components/translational/relative_speed_sensor.hpp"
#include "components/translational/rod.hpp"
#include "components/translational/sign_force.hpp"
#include "components/translational/speed.hpp"
#include "components/translational/speed_sensor.hpp"
#include "components/translational/spring.hpp"
#include "components/translational/spring_damper.hpp"
#include "components/translational/support_friction.hpp"

namespace acausal {

void register_translational(Registry& r) {
  using namespace translational_components;
  r.add(std::make_unique<Fixed>());
  r.add(std::make_unique<Mass>());
  r.add(std::make_unique<Spring>());
  r.add(std::make_unique<Damper>());
  r.add(std::make_unique<SpringDamper>());
  r.add(std::make_unique<ElastoGap>());
  r.add(std::make_unique<GasForce2>());
  r.add(std::make_unique<Rod>());
  r.add(std::make_unique<Force>());
  r.add(std::make_unique<ConstantForce>());
  r.add(std::make_unique<QuadraticSpeedDependentForce>());
  r.add(std::make_unique<LinearSpeedDependentForce>());
  r.add(std::make_unique<SignForce>());
  r.add(std::make_unique<ForceStep>());
  r.add(std::make_unique<Position>());
  r.add(std::make_unique<Speed>());
  r.add(std::make_unique<Accelerate>());
  r.add(std::make_unique<PositionSensor>());
  r.add(std::make_unique<SpeedSensor>());
  r.add(std::make_unique<AccSensor>());
  r.add(std::make_unique<ForceSensor>());
  r.add(std::make_unique<RelativePositionSensor>());
  r.add(std::make_unique<RelativeSpeedSensor>());
  r.add(std::make_unique<MultiSensor>());
  r.add(std::make_unique<Brake>());
  r.add(std::make_unique<DryFriction>());
  r.add(std::make_unique<SupportFriction>());
  r.add(std::make_unique<MassWithStopAndFriction>());
}

}  // namespace acausal
