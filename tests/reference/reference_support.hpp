#pragma once
/// @file
/// Reading the Modelica reference trajectories (tests/reference/data/<case>/reference.csv) and
/// comparing a simulated signal with one of their columns.
///
/// Header-only: the test module is built from tests/reference/*_test.cpp alone.
///
/// Error measure (tests/reference/data/README.md): for a reference column r and our signal y,
///   error = max_k |ŷ(t_k) − r_k| / scale,   scale = max(r) − min(r),
/// where ŷ is our signal mapped to Modelica's quantity (ŷ = gain·y + offset) and evaluated at every
/// reference time t_k: the value at the same time stamp if our grid has it, else linear
/// interpolation between our neighbouring rows. If the reference column is constant (range 0, or
/// below 1e-12 of its magnitude or of 1: rounding noise), the scale is max(1, |r|) instead, and
/// SignalError::constant_reference says so.
/// At an event the reference repeats the time stamp (left limit first, then right limit); the first
/// of a repeated time is compared with our first row at that time, the last with our last row.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace acausal::reference {

/// One reference CSV: the `time` column and the signal columns, in file order.
struct ReferenceData {
  std::string path;
  std::vector<std::string> names;          ///< signal names (header without `time`)
  std::vector<double> time;
  std::vector<std::vector<double>> columns;  ///< columns[j] belongs to names[j]

  /// The column named `name`. @throws std::out_of_range if there is none.
  const std::vector<double>& column(const std::string& name) const {
    for (std::size_t j = 0; j < names.size(); ++j)
      if (names[j] == name) return columns[j];
    throw std::out_of_range(path + ": no column \"" + name + "\"");
  }
};

namespace detail {

inline std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  bool quoted = false;
  for (char ch : line) {
    if (ch == '"') {
      quoted = !quoted;
    } else if (ch == ',' && !quoted) {
      fields.push_back(field);
      field.clear();
    } else if (ch != '\r') {
      field += ch;
    }
  }
  fields.push_back(field);
  return fields;
}

}  // namespace detail

/// Reads a reference CSV: a header row (quoted names, the first one `time`), then numeric rows.
/// @throws std::runtime_error if the file cannot be read, the first column is not `time`, a row has
///         the wrong number of fields or a field is not a number, or time decreases.
inline ReferenceData read_reference_csv(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open reference file " + path);
  ReferenceData d;
  d.path = path;
  std::string line;
  if (!std::getline(in, line)) throw std::runtime_error(path + ": empty file");
  std::vector<std::string> header = detail::split_csv_line(line);
  if (header.empty() || header[0] != "time") throw std::runtime_error(path + ": the first column must be \"time\"");
  d.names.assign(header.begin() + 1, header.end());
  d.columns.resize(d.names.size());
  std::size_t line_no = 1;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r") continue;
    std::vector<std::string> fields = detail::split_csv_line(line);
    if (fields.size() != header.size())
      throw std::runtime_error(path + ":" + std::to_string(line_no) + ": " + std::to_string(fields.size()) +
                               " fields, the header has " + std::to_string(header.size()));
    std::vector<double> values(fields.size());
    for (std::size_t j = 0; j < fields.size(); ++j) {
      std::size_t used = 0;
      try {
        values[j] = std::stod(fields[j], &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used == 0 || used != fields[j].size())
        throw std::runtime_error(path + ":" + std::to_string(line_no) + ": \"" + fields[j] + "\" is not a number");
    }
    if (!d.time.empty() && values[0] < d.time.back())
      throw std::runtime_error(path + ":" + std::to_string(line_no) + ": time decreases");
    d.time.push_back(values[0]);
    for (std::size_t j = 1; j < values.size(); ++j) d.columns[j - 1].push_back(values[j]);
  }
  if (d.time.empty()) throw std::runtime_error(path + ": no data rows");
  return d;
}

/// Which side of a repeated time stamp (an event) to take.
enum class Side { Left, Right };

/// Our signal y(t) at time t: the value of the row with exactly that time (the first such row for
/// Side::Left, the last for Side::Right), else linear interpolation between the neighbours.
/// Times within `snap` of a grid time count as that time (grids built by repeated addition drift).
/// @throws std::out_of_range if t lies outside [times.front(), times.back()] by more than `snap`.
inline double sample(const std::vector<double>& times, const std::vector<double>& values, double t, Side side,
                     double snap) {
  if (times.empty() || times.size() != values.size()) throw std::out_of_range("sample: empty or ragged signal");
  if (t < times.front() - snap || t > times.back() + snap)
    throw std::out_of_range("sample: time " + std::to_string(t) + " outside the simulated interval [" +
                            std::to_string(times.front()) + ", " + std::to_string(times.back()) + "]");
  // Rows whose time is within snap of t.
  auto lo = std::lower_bound(times.begin(), times.end(), t - snap);
  auto hi = std::upper_bound(times.begin(), times.end(), t + snap);
  if (lo != hi) {
    const std::size_t k = static_cast<std::size_t>(side == Side::Left ? lo - times.begin() : (hi - times.begin()) - 1);
    return values[k];
  }
  // No row at t: interpolate between the last row before and the first row after.
  const std::size_t k1 = static_cast<std::size_t>(lo - times.begin());
  const std::size_t k0 = k1 - 1;
  const double w = (t - times[k0]) / (times[k1] - times[k0]);
  return values[k0] + w * (values[k1] - values[k0]);
}

/// The result of comparing one signal.
struct SignalError {
  double max_abs = 0.0;        ///< max |ŷ − r| over the reference rows
  double at_time = 0.0;        ///< where it occurs
  double scale = 0.0;          ///< max(r) − min(r), or max(1, |r|) for a constant reference
  bool constant_reference = false;
  double relative = 0.0;       ///< max_abs / scale
  std::size_t points = 0;      ///< reference rows compared
};

/// Compares our signal (times, values), mapped to Modelica's quantity as gain·y + offset, with the
/// reference column (ref_time, ref_values) at every reference time; see the file comment.
/// `event_window` > 0 (a mode's column): where ours differs at a reference time, it counts as equal
/// if it takes the reference's value within that many seconds (an event found that much apart).
/// `align_events` > 0: a reference event row (a repeated time stamp) may also match the same side of
/// any of our events within that many seconds: a jump at an event found a little apart (an impact's
/// velocity) is compared limit to limit, and a cluster of events (an impact, then a mode change a
/// nanosecond later) side by side.
inline SignalError compare_signal(const std::vector<double>& ref_time, const std::vector<double>& ref_values,
                                  const std::vector<double>& times, const std::vector<double>& values,
                                  double gain = 1.0, double offset = 0.0, double event_window = 0.0,
                                  double align_events = 0.0) {
  if (ref_time.size() != ref_values.size() || ref_time.empty())
    throw std::invalid_argument("compare_signal: empty or ragged reference column");
  const double span = std::max(1.0, std::fabs(ref_time.back() - ref_time.front()));
  const double snap = 1e-9 * span;
  SignalError e;
  const auto [mn, mx] = std::minmax_element(ref_values.begin(), ref_values.end());
  e.scale = *mx - *mn;
  // A column that is zero but for the reference tool's rounding (1e-20 in MB_SpringDamperSystem's
  // out-of-plane motion) is constant: its "range" is noise.
  if (!(e.scale > 1e-12 * std::max(1.0, std::max(std::fabs(*mx), std::fabs(*mn))))) {
    e.constant_reference = true;
    e.scale = std::max(1.0, std::fabs(*mx));
  }
  for (std::size_t k = 0; k < ref_time.size(); ++k) {
    const double t = ref_time[k];
    // The first of a repeated time stamp is the left limit, any later one the right limit.
    const Side side = (k > 0 && std::fabs(ref_time[k - 1] - t) <= snap) ? Side::Right : Side::Left;
    const bool event_row = side == Side::Right || (k + 1 < ref_time.size() && std::fabs(ref_time[k + 1] - t) <= snap);
    const double ours = gain * sample(times, values, t, side, snap) + offset;
    double err = std::fabs(ours - ref_values[k]);
    if (err > 0.0 && event_row && align_events > 0.0)
      for (std::size_t j = 1; j < times.size(); ++j)
        if (times[j] - times[j - 1] <= snap && std::fabs(times[j] - t) <= align_events)
          err = std::min(err, std::fabs(gain * sample(times, values, times[j], side, snap) + offset - ref_values[k]));
    if (err > 0.0 && event_window > 0.0) {
      const double from = std::max(t - event_window, times.front()), to = std::min(t + event_window, times.back());
      for (double edge : {from, to}) err = std::min(err, std::fabs(gain * sample(times, values, edge, side, snap) + offset - ref_values[k]));
      for (std::size_t j = 0; j < times.size(); ++j)
        if (times[j] >= from && times[j] <= to) err = std::min(err, std::fabs(gain * values[j] + offset - ref_values[k]));
    }
    if (!(err <= e.max_abs)) {  // also catches NaN
      e.max_abs = std::isnan(err) ? std::numeric_limits<double>::infinity() : err;
      e.at_time = t;
    }
  }
  e.points = ref_time.size();
  e.relative = e.max_abs / e.scale;
  return e;
}

/// One line for a test log: "<name>: max rel. error 1.2e-05 (abs 3.4e-06 at t = 0.5, range 0.28)".
inline std::string describe(const std::string& name, const SignalError& e) {
  std::ostringstream s;
  s.precision(3);
  s << name << ": max rel. error " << e.relative << " (abs " << e.max_abs << " at t = " << e.at_time << ", "
    << (e.constant_reference ? "constant reference, scale " : "range ") << e.scale << ", " << e.points
    << " points)";
  return s.str();
}

}  // namespace acausal::reference
