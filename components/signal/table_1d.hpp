#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Lookup table of an input signal (Modelica.Blocks.Tables.CombiTable1Ds with one column and linear
/// interpolation): y = table(u), an engine map of torque over speed. `table` = { "u": [...],
/// "y": [...] }, u strictly increasing (one point: a constant). `extrapolation` outside the table:
/// "last_two_points" (default, MSL's LastTwoPoints: through the first or last two points),
/// "hold_last_point" (MSL's HoldLastPoint: the end value) or "no_extrapolation" (MSL's
/// NoExtrapolation: the simulation stops once u leaves the table by more than 1e-9 of its range).
/// Input u [1], output y [1]. Every breakpoint where the slope changes is an event.
/// @throws ModelError at …/params/table for a missing or invalid table.
class Table1DBlock final : public Component {
 public:
  std::string_view type() const override { return "signal.Table1D"; }
  std::string_view summary() const override { return "Lookup table of the input: y = table(u), linear, MSL's extrapolations"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
