#include "solver/input_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

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

namespace {

/// The cells of one CSV line; a cell may be quoted ("a,b", quotes doubled inside).
std::vector<std::string> split_cells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c != '"') cells.back() += c;
      else if (i + 1 < line.size() && line[i + 1] == '"') cells.back() += '"', ++i;
      else quoted = false;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

std::string trimmed(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

InputTable read_input_csv(const std::string& path, const std::string& column) {
  std::ifstream in(path);
  if (!in) throw InputFileError("cannot read input file " + path);
  std::string line;
  std::size_t line_number = 0;
  auto next_line = [&] {
    while (std::getline(in, line)) {
      ++line_number;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!trimmed(line).empty()) return true;
    }
    return false;
  };
  if (!next_line()) throw InputFileError(path + ": empty (expected a header row, then rows of time and value)");
  std::vector<std::string> header = split_cells(line);
  for (std::string& h : header) h = trimmed(h);
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
  while (next_line()) {
    const std::vector<std::string> cells = split_cells(line);
    const std::string where = path + ": line " + std::to_string(line_number) + ": ";
    if (cells.size() != header.size())
      throw InputFileError(where + std::to_string(cells.size()) + " cells, the header has " + std::to_string(header.size()));
    auto number = [&](std::size_t c) {
      const std::string text = trimmed(cells[c]);
      char* end = nullptr;
      const double v = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v))
        throw InputFileError(where + "\"" + text + "\" (" + header[c] + ") is not a finite number");
      return v;
    };
    const double t = number(0);
    if (!times.empty() && !(t > times.back()))
      throw InputFileError(where + "the time " + trimmed(cells[0]) + " does not increase (times must increase strictly; "
                           "give a step a short ramp)");
    times.push_back(t);
    values.push_back(number(value_column));
  }
  if (times.size() < 2)
    throw InputFileError(path + ": " + std::to_string(times.size()) + " row" + (times.size() == 1 ? "" : "s") +
                         " of samples; an input table needs at least two");
  return InputTable(std::move(times), std::move(values));
}

}  // namespace acausal
