#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Step signal: y = offset + (height if time ≥ start_time, else 0).
/// Parameters: height [1] (default 1), offset [1] (default 0), start_time [s] (default 0).
/// Output y [1]. The switch at start_time is a time event (indicator time − start_time).
class Step final : public Component {
 public:
  std::string_view type() const override { return "signal.Step"; }
  std::string_view summary() const override {
    return "Step signal: y = offset + (time ≥ start_time ? height : 0)";
  }
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
