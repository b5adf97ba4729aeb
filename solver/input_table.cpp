#include "solver/input_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "core/model/csv_table.hpp"
#include "core/model/errors.hpp"
#include "core/model/netlist.hpp"

namespace acausal {

InputTable::InputTable(std::vector<double> times, std::vector<double> values)
    : t_(std::move(times)), v_(std::move(values)) {
  if (t_.size() != v_.size())
    throw std::invalid_argument("input table: " + std::to_string(t_.size()) + " times, " + std::to_string(v_.size()) +
                                " values");
  if (t_.size() < 2)
    throw std::invalid_argument("input table: at least two samples are needed, got " + std::to_string(t_.size()));
  for (std::size_t k = 0; k < t_.size(); ++k) {
    if (!std::isfinite(t_[k]) || !std::isfinite(v_[k]))
      throw std::invalid_argument("input table: sample " + std::to_string(k + 1) + " is not finite");
    if (k > 0 && !(t_[k] > t_[k - 1]))
      throw std::invalid_argument("input table: the times do not increase at sample " + std::to_string(k + 1));
  }
}

double InputTable::operator()(double t) const {
  if (t <= t_.front()) return v_.front();
  if (t >= t_.back()) return v_.back();
  // The sample interval [t_k, t_k+1) holding t; at a sample the value is that sample's exactly.
  const std::size_t k = static_cast<std::size_t>(std::upper_bound(t_.begin(), t_.end(), t) - t_.begin()) - 1;
  const double share = (t - t_[k]) / (t_[k + 1] - t_[k]);
  return v_[k] + share * (v_[k + 1] - v_[k]);
}

InputTable read_input_csv(const std::string& path, const std::string& column) {
  std::string problem;
  const std::optional<std::string> text = read_regular_file(path, problem, true);
  if (!text) throw InputFileError("cannot read input file " + path + ": " + problem);
  CsvTable csv;
  try {
    csv = parse_csv(*text, path, CsvHeader::Required);
  } catch (const CsvError& e) {
    throw InputFileError(e.what());
  }
  if (csv.header.empty()) throw InputFileError(path + ": empty (expected a header row, then rows of time and value)");
  const std::vector<std::string>& header = csv.header;
  auto value_column = static_cast<std::size_t>(std::find(header.begin(), header.end(), column) - header.begin());
  if (value_column == 0 || value_column == header.size()) {
    if (header.size() != 2) {
      std::string names;
      for (const std::string& h : header) names += (names.empty() ? "" : ", ") + h;
      throw InputFileError(path + ": no column \"" + column + "\" among " + names +
                           " (the first column is the time; the value is the column named after the input, or the "
                           "second of two)");
    }
    value_column = 1;
  }
  std::vector<double> times, values;
  for (std::size_t r = 0; r < csv.rows.size(); ++r) {
    const double t = csv.rows[r][0];
    if (!times.empty() && !(t > times.back()))
      throw InputFileError(path + ": line " + std::to_string(csv.lines[r]) + ": the time " + number_text(t, 15) +
                           " does not increase (times must increase strictly; give a step a short ramp)");
    times.push_back(t);
    values.push_back(csv.rows[r][value_column]);
  }
  if (times.size() < 2)
    throw InputFileError(path + ": " + std::to_string(times.size()) + " row" + (times.size() == 1 ? "" : "s") +
                         " of samples; an input table needs at least two");
  return InputTable(std::move(times), std::move(values));
}

}  // namespace acausal
