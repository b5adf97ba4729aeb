#include "components/signal/time_table.hpp"

#include <memory>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"
#include "core/expr/table.hpp"

namespace acausal::signal_components {

namespace {

std::string number(double v) { return number_text(v, 15); }

}  // namespace

void TimeTable::define(ComponentBuilder& b) const {
  std::vector<std::vector<double>> rows = b.rows_parameter("table", {{"time", "s"}, {"y", "1"}}, {},
                                                           "Rows of time and value (a time in two rows: a step)");
  const Expr offset = b.parameter("offset", "1", 0.0, "Offset of the output");
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Output offset before this time");
  const bool shift_given = b.is_given("shift_time");
  const Expr shift = b.parameter("shift_time", "s", 0.0, "Time the table's time 0 is at (default start_time)");
  const Expr shift_time = shift_given ? shift : start_time;
  const Expr time_scale = b.parameter("time_scale", "s", 1.0, "The table's time unit", positive());
  const Expr y = b.output("y", "1", "Output signal");
  if (rows.empty()) {
    if (b.mode() != ComponentBuilder::Mode::Describe)
      b.fail("table", "signal.TimeTable needs a table: rows [time, y], e.g. [[0, 0], [1, 1], [1, 2]]");
    rows = {{0.0, 0.0}, {1.0, 0.0}};  // describing the type: a placeholder
  }
  if (rows.size() > 1 && rows[0][0] != 0.0)
    b.fail("table", {0, 0}, "the first time must be 0 (shift the table with shift_time), got " + number(rows[0][0]));
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r][0] < rows[r - 1][0])
      b.fail("table", {r, 0}, "times must not decrease: row " + std::to_string(r) + " has " + number(rows[r][0]) +
                                  " s after " + number(rows[r - 1][0]) + " s");
    if (r >= 2 && rows[r][0] == rows[r - 1][0] && rows[r][0] == rows[r - 2][0])
      b.fail("table", {r, 0}, "a time may be in two rows (a step), not three: " + number(rows[r][0]) + " s");
  }
  // The pieces between steps, each a linear table extrapolated through its end rows; the steps.
  const std::string label = b.instance() + ".table";
  std::vector<std::shared_ptr<const Table1D>> pieces;
  std::vector<double> steps;
  std::vector<double> x, v;
  const auto close_piece = [&] {
    pieces.push_back(std::make_shared<const Table1D>(label + (pieces.empty() ? "" : "." + std::to_string(pieces.size())),
                                                     x, v));
    x.clear();
    v.clear();
  };
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (r > 0 && rows[r][0] == rows[r - 1][0]) {
      close_piece();
      steps.push_back(rows[r][0]);
    }
    x.push_back(rows[r][0]);
    v.push_back(rows[r][1]);
  }
  close_piece();

  const Expr time = Expr::time();
  const Expr tau = (time - shift_time) / time_scale;
  Expr value = interpolate(pieces.back(), tau);
  for (std::size_t j = steps.size(); j-- > 0;) value = if_else(tau - steps[j] < Expr(0.0), interpolate(pieces[j], tau), value);
  b.equation(y - (offset + if_else(time - start_time >= Expr(0.0), value, 0.0)), "time table");
}

}  // namespace acausal::signal_components
