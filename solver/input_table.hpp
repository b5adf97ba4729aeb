#pragma once
/// @file
/// An external input given as samples of time and value (read from a CSV file), linearly
/// interpolated: what `acausal simulate --input NAME=FILE.csv` hands to Simulator::set_input_function.

#include <stdexcept>
#include <string>
#include <vector>

namespace acausal {

/// A CSV file that cannot serve as an input: unreadable, no such column, a cell that is not a
/// number, times that do not increase. The message names the file and the line.
class InputFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Samples (t_k, v_k), t strictly increasing, at least two. Between two samples the value is
/// interpolated linearly; before the first and after the last it is held at theirs (whoever reads a
/// table checks that it covers the run: first_time(), last_time()).
class InputTable {
 public:
  /// @throws std::invalid_argument for fewer than two samples, sizes that differ, values that are
  ///         not finite, or times that do not increase strictly.
  InputTable(std::vector<double> times, std::vector<double> values);

  double operator()(double t) const;
  double first_time() const { return t_.front(); }
  double last_time() const { return t_.back(); }
  std::size_t size() const { return t_.size(); }

 private:
  std::vector<double> t_, v_;
};

/// Reads `path`: a header row of column names, then one row of numbers per sample, separated by
/// commas (a header cell may be quoted, as the result files quote names with commas). The first
/// column is the time [s]; the value is the column whose header is `column`, or, when there is none,
/// the second column of a file that has exactly two. Blank lines are skipped.
/// @throws InputFileError naming the file (and the line).
InputTable read_input_csv(const std::string& path, const std::string& column);

}  // namespace acausal
