#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Time series: y = table(time), through the breakpoints of the required table parameter
/// `table` = { "time": [...] (s), "y": [...] (1), "interpolation": "linear"|"smooth",
/// "extrapolation": "linear"|"nearest" } (defaults linear, linear). Output y [1].
/// Every breakpoint time is a time event. When describing the type, a placeholder table stands in.
/// @throws ModelError at …/params/table when the table is missing or invalid.
class Table final : public Component {
 public:
  std::string_view type() const override { return "signal.Table"; }
  std::string_view summary() const override { return "Time series: y = table(time), interpolated"; }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
