#include "components/registry.hpp"
#include "components/signal/abs_block.hpp"
#include "components/signal/add.hpp"
#include "components/signal/add3.hpp"
#include "components/signal/combi_table_1ds.hpp"
#include "components/signal/combi_time_table.hpp"
#include "components/signal/constant.hpp"
#include "components/signal/critical_damping.hpp"
#include "components/signal/dead_zone.hpp"
#include "components/signal/derivative.hpp"
#include "components/signal/division.hpp"
#include "components/signal/exp_sine.hpp"
#include "components/signal/feedback.hpp"
#include "components/signal/filter.hpp"
#include "components/signal/first_order.hpp"
#include "components/signal/gain.hpp"
#include "components/signal/integrator.hpp"
#include "components/signal/inverse_block_constraints.hpp"
#include "components/signal/kinematic_ptp.hpp"
#include "components/signal/lim_pid.hpp"
#include "components/signal/limiter.hpp"
#include "components/signal/pi.hpp"
#include "components/signal/pid.hpp"
#include "components/signal/product.hpp"
#include "components/signal/pulse.hpp"
#include "components/signal/ramp.hpp"
#include "components/signal/second_order.hpp"
#include "components/signal/sign_block.hpp"
#include "components/signal/sine.hpp"
#include "components/signal/slew_rate_limiter.hpp"
#include "components/signal/state_space.hpp"
#include "components/signal/step.hpp"
#include "components/signal/sum.hpp"
#include "components/signal/table.hpp"
#include "components/signal/table_1d.hpp"
#include "components/signal/time_table.hpp"
#include "components/signal/transfer_function.hpp"
#include "components/signal/trapezoid.hpp"
#include "components/signal/variable_limiter.hpp"

namespace acausal {

void register_signal(Registry& r) {
  using namespace signal_components;
  r.add(std::make_unique<Abs>());
  r.add(std::make_unique<Add3>());
  r.add(std::make_unique<Add>());
  r.add(std::make_unique<Constant>());
  r.add(std::make_unique<CriticalDamping>());
  r.add(std::make_unique<DeadZone>());
  r.add(std::make_unique<Derivative>());
  r.add(std::make_unique<Division>());
  r.add(std::make_unique<ExpSine>());
  r.add(std::make_unique<Feedback>());
  r.add(std::make_unique<Filter>());
  r.add(std::make_unique<FirstOrder>());
  r.add(std::make_unique<Gain>());
  r.add(std::make_unique<Integrator>());
  r.add(std::make_unique<InverseBlockConstraints>());
  r.add(std::make_unique<KinematicPTP>());
  r.add(std::make_unique<Limiter>());
  r.add(std::make_unique<LimPID>());
  r.add(std::make_unique<PI>());
  r.add(std::make_unique<PID>());
  r.add(std::make_unique<Product>());
  r.add(std::make_unique<Pulse>());
  r.add(std::make_unique<Ramp>());
  r.add(std::make_unique<SecondOrder>());
  r.add(std::make_unique<Sign>());
  r.add(std::make_unique<Sine>());
  r.add(std::make_unique<SlewRateLimiter>());
  r.add(std::make_unique<StateSpace>());
  r.add(std::make_unique<Step>());
  r.add(std::make_unique<Sum>());
  r.add(std::make_unique<Table1DBlock>());
  r.add(std::make_unique<Table>());
  r.add(std::make_unique<TimeTable>());
  r.add(std::make_unique<CombiTimeTable>());
  r.add(std::make_unique<CombiTable1Ds>());
  r.add(std::make_unique<TransferFunction>());
  r.add(std::make_unique<Trapezoid>());
  r.add(std::make_unique<VariableLimiter>());
}

}  // namespace acausal
