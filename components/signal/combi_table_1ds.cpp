#include "components/signal/combi_table_1ds.hpp"

#include <memory>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"
#include "components/signal/table_rows.hpp"
#include "core/expr/table.hpp"

namespace acausal::signal_components {

std::string_view CombiTable1Ds::details() const {
  return R"(MSL's Tables.CombiTable1Ds: a table whose first column is the abscissa u and whose other
columns are read at the input u — an engine map with a column of full-load torque and one of
friction, a characteristic per gear. `signal.Table1D` is its one-column form.

- `table`: the rows inline, `[[u, v1, v2, …], …]` (every row as long as the first), or `file`: a CSV
  file with the same rules as `signal.CombiTimeTable`'s (relative to the netlist or the subsystem
  file the instance is written in, inside the netlist's directory or below; `#` lines and an
  optional header row skipped). u must increase strictly.
- `columns`: the columns to output, numbered as MSL does (u is column 1); default every column
  after u. Output `y[i]` is column `columns[i]`.
- `smoothness`: `"linear_segments"` (default) or `"constant_segments"` (each row's values hold from
  its u to the next row's).
- `extrapolation` outside the table's u: `"last_two_points"` (default: through the first or last two
  rows), `"hold_last_point"` (the end rows' values) or `"no_extrapolation"` (the run stops once u
  leaves the table by more than 1e-9 of its range).

Every u where a column's slope changes (or, with constant segments, its value) is an event. A
signal block: no energy terms.)";
}

void CombiTable1Ds::define(ComponentBuilder& b) const {
  static const Abscissa u_column{"u", "1"};
  TableRows rows = read_table_rows(b, u_column);
  if (rows.values.empty()) {
    if (b.mode() != ComponentBuilder::Mode::Describe)
      b.fail("table", "signal.CombiTable1Ds needs a table: rows [u, v1, v2, …] in table, or a CSV file in file");
    rows.values = {{0.0, 0.0}, {1.0, 0.0}};  // describing the type: a placeholder
  }
  const std::vector<std::vector<double>>& v = rows.values;
  for (std::size_t r = 1; r < v.size(); ++r)
    if (!(v[r][0] > v[r - 1][0]))
      rows.fail_at(r, 0, "u must increase strictly: " + number_text(v[r][0], 15) + " after " + number_text(v[r - 1][0], 15));
  const std::vector<std::size_t> columns = selected_columns(b, v.front().size(), u_column);
  const std::string smoothness = b.choice("smoothness", {"linear_segments", "constant_segments"}, "linear_segments",
                                          "Between rows: linear, or each row's values held");
  const std::string extrapolation =
      b.choice("extrapolation", {"last_two_points", "hold_last_point", "no_extrapolation"}, "last_two_points",
               "Outside the table's u: through the end rows, the end values, or an error");
  const Expr u = b.input("u", "1", "Input signal (the table's abscissa)");
  const Interpolation interpolation =
      smoothness == "constant_segments" ? Interpolation::Constant : Interpolation::Linear;
  const Extrapolation ends = extrapolation == "hold_last_point" ? Extrapolation::Nearest : Extrapolation::Linear;
  std::vector<double> x;
  for (const std::vector<double>& row : v) x.push_back(row[0]);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::size_t c = columns[i];
    std::vector<double> y;
    for (const std::vector<double>& row : v) y.push_back(row[c]);
    const auto table = std::make_shared<const Table1D>(b.instance() + ".table[" + std::to_string(c + 1) + "]", x,
                                                       std::move(y), interpolation, ends);
    const Expr out = b.output("y[" + std::to_string(i + 1) + "]", "1", "Column " + std::to_string(c + 1) + " at u");
    b.equation(out - interpolate(table, u), "table lookup, column " + std::to_string(c + 1));
  }
  if (extrapolation == "no_extrapolation") stop_outside_range(b, u, x.front(), x.back());
}

}  // namespace acausal::signal_components
