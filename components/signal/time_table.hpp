#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Time table (Modelica.Blocks.Sources.TimeTable): y = offset before start_time, then
/// y = offset + the table at (t − shift_time)/time_scale, linear between its rows and through the first or last
/// two rows outside them; a time given in two consecutive rows is a step from the first row's value
/// to the second's. Parameters: table (rows [time (s), y (1)], times non-decreasing, at most two
/// rows per time, the first time 0 when there is more than one row; one row: a constant), offset
/// [1] (default 0), start_time [s] (default 0), shift_time [s] (default start_time), time_scale [s]
/// (default 1 s: the table's times are in units of it). Output y [1].
/// Every row's time is a time event (the slope changes or the value steps there).
/// @throws ModelError at …/params/table for a missing table, decreasing times, three rows of one
///         time or a first time other than 0.
class TimeTable final : public Component {
 public:
  std::string_view type() const override { return "signal.TimeTable"; }
  std::string_view summary() const override {
    return "Time table: y = offset + table((t − shift_time)/time_scale), linear between rows, a step where a time "
           "repeats";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
