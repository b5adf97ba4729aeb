#include "components/friction_modes.hpp"

#include <sstream>
#include <string>

namespace acausal {

FrictionModes define_friction_modes(ComponentBuilder& b, const FrictionInputs& in) {
  using namespace friction_mode;
  FrictionModes m;
  m.sa = b.variable("sa", "", "Path parameter without a fixed unit: the relative acceleration while free or sliding, the friction force (torque) while stuck (SI values)");
  m.free = b.boolean("free", "True while the element transmits nothing (no normal force)");
  m.start_forward = b.boolean("startForward", "True at the event where sliding forward starts");
  m.start_backward = b.boolean("startBackward", "True at the event where sliding backward starts");
  m.locked = b.boolean("locked", "True while stuck");
  m.mode = b.integer("mode", "Mode: 2 free, 1 forward, 0 stuck, -1 backward (3 unknown before the start)", kUnknown);
  const Expr pre_mode = b.pre(m.mode);
  const auto pre_is = [&](int mode) { return equals(pre_mode, Expr(mode)); };
  const Expr& v = in.rate;
  const Expr initial = ComponentBuilder::initial();

  b.discrete_equation(m.free, in.free);
  // Breakaway from stuck when the force needed exceeds the peak (or, once it started, the sliding
  // force); a reversal from sliding passes through stuck unless faster than `small`.
  b.discrete_equation(
      m.start_forward,
      logical_or(logical_or(logical_and(logical_and(pre_is(kStuck), in.forward_allowed),
                                        logical_or(m.sa > in.f0_max, logical_and(b.pre(m.start_forward), m.sa > in.f0))),
                            logical_and(pre_is(kBackward), v > Expr(in.small))),
                 logical_and(initial, v > Expr(0.0))));
  b.discrete_equation(
      m.start_backward,
      logical_or(logical_or(logical_and(logical_and(pre_is(kStuck), in.backward_allowed),
                                        logical_or(m.sa < -in.f0_max, logical_and(b.pre(m.start_backward), m.sa < -in.f0))),
                            logical_and(pre_is(kForward), v < Expr(-in.small))),
                 logical_and(initial, v < Expr(0.0))));
  const Expr moving = logical_or(logical_or(pre_is(kForward), m.start_forward), logical_or(pre_is(kBackward), m.start_backward));
  b.discrete_equation(m.locked, logical_and(logical_not(m.free), logical_not(moving)));
  const Expr may_forward = logical_or(logical_or(pre_is(kForward), pre_is(kFree)), m.start_forward);
  const Expr may_backward = logical_or(logical_or(pre_is(kBackward), pre_is(kFree)), m.start_backward);
  b.discrete_equation(m.mode, if_else(m.free, Expr(kFree),
                                      if_else(logical_and(logical_and(may_forward, v > Expr(0.0)), in.forward_allowed), Expr(kForward),
                                              if_else(logical_and(logical_and(may_backward, v < Expr(0.0)), in.backward_allowed),
                                                      Expr(kBackward), Expr(kStuck)))));

  m.forward = logical_or(m.start_forward, logical_and(logical_not(m.start_backward), pre_is(kForward)));
  b.equation(in.acceleration - if_else(m.locked, Expr(0.0),
                                       if_else(m.free, m.sa, if_else(m.forward, m.sa - in.f0_max, m.sa + in.f0_max))),
             "friction: the acceleration on the path sa (0 stuck, sa free, sa ∓ f0_max sliding)");
  return m;
}

void require_non_negative_table(ComponentBuilder& b, std::string_view name, std::string_view y_name, const Table1D& table) {
  for (std::size_t k = 0; k < table.y().size(); ++k) {
    if (table.y()[k] >= 0.0) continue;
    std::ostringstream os;
    os << y_name << "[" << k << "] must not be negative (friction opposes the motion), got " << table.y()[k];
    b.fail(name, os.str());
  }
}

std::function<Expr(const Expr&)> friction_characteristic(ComponentBuilder& b, const CharacteristicNames& n) {
  auto table = b.table_parameter(n.table, n.x_name, n.x_unit, n.y_name, n.y_unit, n.table_description);
  if (table) {
    table = std::make_shared<const Table1D>((**table).without_kink_events());
    require_non_negative_table(b, n.table, n.y_name, **table);
    if (b.is_given(n.constant))
      b.fail(n.constant, "give either " + std::string(n.constant) + " (a constant) or the table " + std::string(n.table) +
                             ", not both");
  }
  const Expr constant = b.parameter(n.constant, n.constant_unit, n.constant_default, n.constant_description, non_negative());
  return [table, constant](const Expr& speed) { return table ? interpolate(*table, speed) : constant; };
}

Expr friction_force(const FrictionModes& m, const Expr& forward_value, const Expr& backward_value) {
  return if_else(m.locked, m.sa, if_else(m.free, Expr(0.0), if_else(m.forward, forward_value, backward_value)));
}

}  // namespace acausal
