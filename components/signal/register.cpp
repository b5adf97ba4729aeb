#include "components/registry.hpp"
#include "components/signal/add.hpp"
#include "components/signal/constant.hpp"
#include "components/signal/critical_damping.hpp"
#include "components/signal/first_order.hpp"
#include "components/signal/gain.hpp"
#include "components/signal/product.hpp"
#include "components/signal/pulse.hpp"
#include "components/signal/ramp.hpp"
#include "components/signal/second_order.hpp"
#include "components/signal/sine.hpp"
#include "components/signal/step.hpp"
#include "components/signal/table.hpp"
#include "components/signal/filter.hpp"
#include "components/signal/exp_sine.hpp"
#include "components/signal/table_1d.hpp"
#include "components/signal/time_table.hpp"
#include "components/signal/trapezoid.hpp"

namespace acausal {

void register_signal(Registry& r) {
  using namespace signal_components;
  r.add(std::make_unique<Add>());
  r.add(std::make_unique<Constant>());
  r.add(std::make_unique<CriticalDamping>());
  r.add(std::make_unique<FirstOrder>());
  r.add(std::make_unique<Gain>());
  r.add(std::make_unique<Product>());
  r.add(std::make_unique<Pulse>());
  r.add(std::make_unique<Ramp>());
  r.add(std::make_unique<SecondOrder>());
  r.add(std::make_unique<Sine>());
  r.add(std::make_unique<Step>());
  r.add(std::make_unique<Table>());
  r.add(std::make_unique<Filter>());
  r.add(std::make_unique<ExpSine>());
  r.add(std::make_unique<Table1DBlock>());
  r.add(std::make_unique<TimeTable>());
  r.add(std::make_unique<Trapezoid>());
}

}  // namespace acausal
