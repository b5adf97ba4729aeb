#pragma once
#include "core/model/component.hpp"

namespace acausal::signal_components {

/// Table of an input signal with several columns (Modelica.Blocks.Tables.CombiTable1Ds), given inline
/// as rows [u, v1, v2, …] or read from a CSV file; outputs y[i] = column i at the input u. See
/// details() for the parameters.
/// @throws ModelError at …/params/<name>: no table or both a table and a file, a file that cannot
///         be read or is not a table of numbers, u not increasing strictly, a column out of range.
class CombiTable1Ds final : public Component {
 public:
  std::string_view type() const override { return "signal.CombiTable1Ds"; }
  std::string_view summary() const override {
    return "Table of the input with n columns (inline or from a CSV file): y[i] = column i at u, linear or constant "
           "between rows";
  }
  std::string_view details() const override;
  void define(ComponentBuilder& b) const override;
};

}  // namespace acausal::signal_components
