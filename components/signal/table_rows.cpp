#include "components/signal/table_rows.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "components/signal/control_state.hpp"
#include "core/model/csv_table.hpp"

namespace acausal::signal_components {

TableRows read_table_rows(ComponentBuilder& b, const Abscissa& x) {
  const std::string name(x.name);
  const std::size_t width = b.first_row_length("table");
  std::vector<std::string> names{name};
  for (std::size_t c = 1; c < std::max<std::size_t>(width, 2); ++c) names.push_back("v" + std::to_string(c));
  std::vector<ComponentBuilder::RowColumn> columns{{names[0], x.unit}};
  for (std::size_t c = 1; c < names.size(); ++c) columns.push_back({names[c], "1"});
  TableRows rows;
  rows.values = b.rows_parameter("table", columns, {}, "The table inline (instead of file)");
  const std::optional<ComponentBuilder::DataFile> file = b.data_file(
      "file", "A CSV file of the table: a column of " + name + " [" + std::string(x.unit) + "], then the values (instead of table)");
  if (file && !rows.values.empty()) b.fail("file", "give the table inline (table) or as a file (file), not both");
  if (!file) {
    rows.fail_at = [&b](std::size_t r, std::size_t c, const std::string& message) { b.fail("table", {r, c}, message); };
    return rows;
  }
  CsvTable csv;
  try {
    csv = parse_csv(file->text, file->path, CsvHeader::Optional);
  } catch (const CsvError& e) {
    b.fail("file", e.what());
  }
  if (csv.rows.empty()) b.fail("file", file->path + ": no rows of numbers (expected rows of " + name + " and values)");
  if (csv.rows.front().size() < 2)
    b.fail("file", file->path + ": one column; the table needs a column of " + name + " and at least one of values");
  rows.values = std::move(csv.rows);
  rows.fail_at = [&b, path = file->path, lines = std::move(csv.lines)](std::size_t r, std::size_t, const std::string& message) {
    b.fail("file", path + ": line " + std::to_string(lines[r]) + ": " + message);
  };
  return rows;
}

std::vector<std::size_t> selected_columns(ComponentBuilder& b, std::size_t width, const Abscissa& x) {
  const std::string name(x.name);
  std::vector<double> all;
  for (std::size_t c = 2; c <= width; ++c) all.push_back(static_cast<double>(c));
  const std::vector<double> given = b.vector_parameter(
      "columns", "1", all, "The columns to output (" + name + " is column 1; default: all others)");
  if (given.empty()) b.fail("columns", "columns must name at least one column");
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < given.size(); ++i) {
    if (given[i] != std::floor(given[i]) || given[i] < 2.0 || given[i] > static_cast<double>(width))
      b.fail("columns", {i}, "column " + number_text(given[i], 15) + " is not a column of values: the table has columns 2 to " +
                                 std::to_string(width) + " after its " + name + " column 1");
    out.push_back(static_cast<std::size_t>(given[i]) - 1);
  }
  return out;
}

void stop_outside_range(ComponentBuilder& b, const Expr& u, double low, double high) {
  const double slack = 1e-9 * std::max(high - low, 1e-300);
  const std::string range = "[" + number_text(low, 15) + ", " + number_text(high, 15) + "]";
  b.assertion(u - (low - slack), "the input u is below the table's range " + range + " (no_extrapolation)");
  b.assertion((high + slack) - u, "the input u is above the table's range " + range + " (no_extrapolation)");
}

}  // namespace acausal::signal_components
