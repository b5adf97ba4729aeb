#include "components/signal/combi_time_table.hpp"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"
#include "components/signal/table_rows.hpp"
#include "core/expr/table.hpp"

namespace acausal::signal_components {

std::string_view CombiTimeTable::details() const {
  return R"(MSL's Sources.CombiTimeTable: a table whose first column is the time and whose other
columns are signals, read once when the model is built.

- `table`: the rows inline, `[[t, v1, v2, …], …]` (every row as long as the first; a time may be
  written `"2 min"`), or `file`: a CSV file, a path relative to the netlist (or to the subsystem
  file the instance is written in) inside the netlist's directory or below (or a `--subsystem-path`
  directory). The file has one row per line, cells separated by commas; lines that are blank or
  start with `#` are skipped, and a first row with a cell that is not a number names the columns
  (it is read and ignored). The first column is the time in s, the others plain numbers.
- `columns`: the table's columns to output, numbered as MSL does (the time is column 1, so the
  signals are 2, 3, …); default: every column after the time. Output `y[i]` is column
  `columns[i]`.
- Times must not decrease; a time written in two consecutive rows is a step from the first row's
  values to the second's (at most two rows per time).
- `smoothness`: `"linear_segments"` (default: linear between rows) or `"constant_segments"` (each
  row's values hold until the next row's time). MSL's continuous-derivative (Akima and monotone
  cubic) interpolations are not offered.
- `extrapolation` outside the table's times: `"last_two_points"` (default: through the first or
  last two rows; with constant segments the end values hold), `"hold_last_point"` (the first or last
  row's values), `"no_extrapolation"` (the run stops with an error when the table time leaves the
  table), `"periodic"` (the table repeats with the period last time − first time, a drive cycle
  driven again and again; the Integer `period` counts the repetitions, changing at an event each
  time the table time passes a period's end, either way; a run that starts more than 24 periods
  away from the table's first period cannot find its count at initialization).
- `offset` (one value for every output, or one per output; default 0), `start_time` [s] (default
  0: before it every output is its offset), `shift_time` [s] (default start_time) and `time_scale`
  [s] (default 1 s): the table is read at the table time (t − shift_time)/time_scale.

`time_events`: `"always"` (default, as MSL): each row's time where the slope or the value changes is
an event, so the integrator never steps across a corner of the table; `"at_discontinuities"`: only
the jumps (a time in two rows, constant segments) are events, and the integrator's error control
steps over the corners of linear segments. Each event is a root function the integrator watches at
every step, so a long table is far faster without them: a table of 10 001 rows and two columns
integrated over its 100 s took 24 s with events at every row, 0.06 s with `"at_discontinuities"`
(the integrals agreeing to 2e-6 at tolerance 1e-6). A signal source: no energy terms.)";
}

namespace {

std::string number(double v) { return number_text(v, 15); }

/// The checks of the time column: not decreasing, at most two rows per time.
void check_times(const TableRows& rows) {
  const std::vector<std::vector<double>>& v = rows.values;
  for (std::size_t r = 1; r < v.size(); ++r) {
    if (v[r][0] < v[r - 1][0])
      rows.fail_at(r, 0, "times must not decrease: " + number(v[r][0]) + " s after " + number(v[r - 1][0]) + " s");
    if (r >= 2 && v[r][0] == v[r - 1][0] && v[r][0] == v[r - 2][0])
      rows.fail_at(r, 0, "a time may be in two rows (a step), not three: " + number(v[r][0]) + " s");
  }
}

const Abscissa kTime{"time", "s"};

/// Above this many corner events `acausal check` suggests time_events "at_discontinuities".
constexpr std::size_t kManyCornerEvents = 1000;

}  // namespace

void CombiTimeTable::define(ComponentBuilder& b) const {
  TableRows rows = read_table_rows(b, kTime);
  const bool describing = b.mode() == ComponentBuilder::Mode::Describe;
  if (rows.values.empty()) {
    if (!describing)
      b.fail("table", "signal.CombiTimeTable needs a table: rows [time, v1, v2, …] in table, or a CSV file in file");
    rows.values = {{0.0, 0.0}, {1.0, 0.0}};  // describing the type: a placeholder
  }
  check_times(rows);
  const std::size_t width = rows.values.front().size();
  const std::vector<std::size_t> columns = selected_columns(b, width, kTime);
  const std::string smoothness = b.choice("smoothness", {"linear_segments", "constant_segments"}, "linear_segments",
                                          "Between rows: linear, or each row's values held");
  const std::string extrapolation =
      b.choice("extrapolation", {"last_two_points", "hold_last_point", "no_extrapolation", "periodic"},
               "last_two_points", "Outside the table's times: through the end rows, the end values, an error, or the "
               "table repeated");
  const std::string time_events =
      b.choice("time_events", {"always", "at_discontinuities"}, "always",
               "Events at every row's time, or only where the outputs jump (linear corners stepped over)");
  const std::vector<double> offsets = b.vector_parameter("offset", "1", {0.0}, "Offsets of the outputs (one, or one per output)");
  if (offsets.size() != 1 && offsets.size() != columns.size())
    b.fail("offset", "offset must have one value or one per output (" + std::to_string(columns.size()) + "), got " +
                         std::to_string(offsets.size()));
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Outputs are their offsets before this time");
  const bool shift_given = b.is_given("shift_time");
  const Expr shift = b.parameter("shift_time", "s", 0.0, "Time the table's time 0 is at (default start_time)");
  const Expr time_scale = b.parameter("time_scale", "s", 1.0, "The table's time unit", positive());
  const Expr shift_time = shift_given ? shift : start_time;

  // Pieces between steps (a time in two rows), each a table of its own; the steps' times.
  const std::vector<std::vector<double>>& v = rows.values;
  std::vector<std::size_t> piece_starts{0};
  std::vector<double> steps;
  for (std::size_t r = 1; r < v.size(); ++r)
    if (v[r][0] == v[r - 1][0]) {
      piece_starts.push_back(r);
      steps.push_back(v[r][0]);
    }
  piece_starts.push_back(v.size());
  const Interpolation interpolation =
      smoothness == "constant_segments" ? Interpolation::Constant : Interpolation::Linear;
  const Extrapolation ends = extrapolation == "hold_last_point" ? Extrapolation::Nearest : Extrapolation::Linear;

  const Expr time = Expr::time();
  Expr tau = (time - shift_time) / time_scale;
  if (extrapolation == "periodic") {
    const double first = rows.values.front()[0], span = rows.values.back()[0] - first;
    if (!(span > 0.0))
      b.fail("extrapolation", "a periodic table needs rows at two times at least (its period is the last time − the first)");
    // The repetitions passed: up by one when the table time reaches the end of the current one,
    // down by one when it is below its start (found at initialization: the table time only grows
    // during a run). Each relation is `indicator >= 0` of the number the root finder watches (see
    // signal.Pulse). The root of the end of a repetition may be reported a rounding before it, and
    // the next repetition must not then count back: its start is behind only beyond a slack.
    const Expr period = b.integer("period", "Repetitions of the table before the current one");
    const Expr last = b.pre(period);
    const Expr ahead = tau - (first + (last + 1.0) * span) >= Expr(0.0);
    const Expr behind = tau - (first + last * span) + 1e-9 * span < Expr(0.0);
    b.discrete_equation(period, if_else(ahead, last + 1.0, if_else(behind, last - 1.0, last)));
    tau = tau - period * span;
  }
  const Expr started = time - start_time;
  const std::string label = b.instance() + ".table";
  std::size_t corner_events = 0;  // root functions of the tables' kinks, over every column
  for (std::size_t i = 0; i < columns.size(); ++i) {
    const std::size_t c = columns[i];
    std::vector<std::shared_ptr<const Table1D>> pieces;
    for (std::size_t p = 0; p + 1 < piece_starts.size(); ++p) {
      std::vector<double> x, y;
      for (std::size_t r = piece_starts[p]; r < piece_starts[p + 1]; ++r) {
        x.push_back(v[r][0]);
        y.push_back(v[r][c]);
      }
      const std::string name = label + "[" + std::to_string(c + 1) + "]" + (p == 0 ? "" : "." + std::to_string(p));
      Table1D piece(name, std::move(x), std::move(y), interpolation, ends);
      // A corner of linear segments may be stepped over by the integrator's error control; the
      // jumps of constant segments are always events.
      if (time_events == "at_discontinuities" && interpolation == Interpolation::Linear)
        piece = piece.without_kink_events();
      pieces.push_back(std::make_shared<const Table1D>(std::move(piece)));
    }
    for (const auto& piece : pieces) corner_events += piece->kinks().size();
    Expr value = interpolate(pieces.back(), tau);
    for (std::size_t j = steps.size(); j-- > 0;) value = if_else(tau - steps[j] < Expr(0.0), interpolate(pieces[j], tau), value);
    const Expr y = b.output("y[" + std::to_string(i + 1) + "]", "1", "Column " + std::to_string(c + 1) + " of the table");
    const Expr offset(offsets.size() == 1 ? offsets[0] : offsets[i]);
    b.equation(y - (offset + if_else(started >= Expr(0.0), value, 0.0)),
               "time table, column " + std::to_string(c + 1));
  }
  if (corner_events > kManyCornerEvents)
    b.note(std::to_string(corner_events) + " corners of the table are events, each a root function the integrator "
           "watches at every step: time_events \"at_discontinuities\" steps over the corners of linear segments "
           "(10 001 rows in two columns over 100 s: 24 s with their events, 0.06 s without)");
  if (extrapolation == "no_extrapolation") {
    const double low = v.front()[0], high = v.back()[0];
    const double slack = 1e-9 * std::max(high - low, 1e-300);
    const std::string range = "[" + number(low) + ", " + number(high) + "]";
    b.assertion(if_else(started >= Expr(0.0), tau - (low - slack), 1.0),
                "the table time is before the table's times " + range + " (no_extrapolation)");
    b.assertion(if_else(started >= Expr(0.0), (high + slack) - tau, 1.0),
                "the table time is after the table's times " + range + " (no_extrapolation)");
  }
}

}  // namespace acausal::signal_components
