#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Table of time and several columns (Modelica.Blocks.Sources.CombiTimeTable), given inline as rows
/// [time, v1, v2, …] or read from a CSV file; outputs y[1] … y[n], one per selected column. See
/// details() for the parameters and the semantics.
/// @throws ModelError at …/params/<name>: no table or both a table and a file, a file that cannot
///         be read or is not a table of numbers, decreasing times, three rows of one time, a column
///         out of range, an offset of the wrong length.
class CombiTimeTable final : public Component {
 public:
  std::string_view type() const override { return "signal.CombiTimeTable"; }
  std::string_view summary() const override {
    return "Table of time and n columns (inline or from a CSV file): y[i] = offset[i] + column i at t, "
           "linear or constant between rows";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
