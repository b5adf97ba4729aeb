#pragma once
/// @file
/// The tables of the Combi blocks (signal.CombiTimeTable, signal.CombiTable1Ds): rows of an abscissa
/// and n columns of values, given inline (`table`) or as a CSV file (`file`), and the columns a
/// block outputs (`columns`, MSL's numbering: the abscissa is column 1).

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/component.hpp"

namespace acausal::signal_components {

/// The table's first column: its name in messages ("time", "u") and its unit ("s", "1").
struct Abscissa {
  std::string_view name, unit;
};

/// The rows, each as long as the first (at least two values), and where to report a bad entry:
/// `fail_at(row, column, message)` at the inline element, or at `file` with the file's line.
struct TableRows {
  std::vector<std::vector<double>> values;  ///< empty when the netlist gives neither table nor file
  std::function<void(std::size_t row, std::size_t column, const std::string& message)> fail_at;
};

/// Reads `table` (rows [x, v1, v2, …], a value of x may carry a unit) or `file` (a CSV file,
/// ComponentBuilder::data_file; its numbers are in SI).
/// @throws ModelError: both given, a file that is not a table of numbers, no rows, one column.
TableRows read_table_rows(ComponentBuilder& b, const Abscissa& x);

/// The `columns` to output, 0-based (MSL's numbering from 1, the abscissa column 1; default every
/// column after it). @throws ModelError at a column that is not one of values.
std::vector<std::size_t> selected_columns(ComponentBuilder& b, std::size_t width, const Abscissa& x);

/// MSL's NoExtrapolation for a table read at the input u: the run stops once u leaves [low, high]
/// by more than 1e-9 of its width ("the input u is below the table's range [0, 2] (no_extrapolation)").
void stop_outside_range(ComponentBuilder& b, const Expr& u, double low, double high);

}  // namespace acausal::signal_components
