#pragma once
/// @file
/// Results as a Modelica result file (the Dymola format, MAT version 4, "binTrans"): what DyMat,
/// OMPlot, Dymola, scipy.io.loadmat and Octave read. Written with libmatio.
///
///   Aclass       "Atrajectory", "1.1", "", "binTrans"
///   name         the variables' names, one per column: `time`, the outputs, the parameters
///   description  one per column: `Time [s]`, `Absolute rotation angle [rad]`, `Spring constant [N/m]`
///   dataInfo     4 rows per variable: matrix (0: the abscissa, 1: data_1, 2: data_2), column in it
///                (1-based), interpolation 0, extrapolation −1 (data_2) or 0 (data_1)
///   data_1       the parameters: time and each parameter at the start and at the end (2 columns)
///   data_2       the trajectories: time and each distinct output, a column per row of results (an
///                event's two rows share its time); an output equal to another at every row (or to
///                its negation) is an alias: a dataInfo entry of that one's row, negative for −1

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "core/model/result_metadata.hpp"
#include "solver/result_writer.hpp"

namespace acausal {

/// The rows are kept in memory and the file is written at end() — or when the writer is destroyed
/// without it (a failed run), with the rows computed so far; a run without rows leaves an earlier
/// result as it was. The format's matrices carry their sizes before their values, and libmatio
/// writes whole matrices. Written to `<path>.partial` and renamed into place.
class MatWriter final : public ResultWriter {
 public:
  /// @throws OutputError if the file cannot be created (it is created at once, empty).
  MatWriter(const std::string& path, ResultMetadata metadata);
  ~MatWriter() override;
  MatWriter(const MatWriter&) = delete;
  MatWriter& operator=(const MatWriter&) = delete;
  void begin(const std::vector<std::string>& names) override;
  void row(double time, const std::vector<double>& values) override;
  void end() override;

 private:
  /// @throws OutputError naming the file when libmatio cannot write it (the partial file is removed).
  void write();
  /// Per output, its signed column in data_2 (time is column 1): an earlier output's (negated for
  /// −1) when the two are equal, or negated, at every row; else a column of its own.
  std::vector<std::int32_t> alias_columns(std::size_t outputs) const;
  std::string path_;
  ResultMetadata metadata_;
  std::vector<std::string> names_;
  std::vector<double> data_;  ///< data_2, column-major: time and the outputs of each row in turn
  std::size_t rows_ = 0;
  bool written_ = false;
};

struct Linearization;

/// A linear model as a MAT file (version 5, as MATLAB's `save`): matrices A, B, C, D and the
/// names as char matrices, one name per row: states, inputs, outputs; and the time.
/// @throws OutputError if the file cannot be written.
void write_linearization_mat(const std::string& path, const Linearization& lin);

}  // namespace acausal
