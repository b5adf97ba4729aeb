#pragma once
/// @file
/// Where results go as the simulation runs.

#include <fstream>
#include <string>
#include <vector>

namespace acausal {

/// Receives the output rows in time order, as they are computed.
class ResultWriter {
 public:
  virtual ~ResultWriter() = default;
  virtual void begin(const std::vector<std::string>& names) = 0;
  virtual void row(double time, const std::vector<double>& values) = 0;
  virtual void end() {}
};

/// CSV: a header row (`time`, then the output names), then one row per output time, flushed as it
/// is written so that a failed run keeps everything computed before the failure.
class CsvWriter final : public ResultWriter {
 public:
  /// @throws std::runtime_error if the file cannot be opened.
  explicit CsvWriter(const std::string& path);
  void begin(const std::vector<std::string>& names) override;
  void row(double time, const std::vector<double>& values) override;
  void end() override;

 private:
  std::string path_;
  std::ofstream out_;
};

/// Keeps the rows in memory (tests, library use).
class MemoryWriter final : public ResultWriter {
 public:
  void begin(const std::vector<std::string>& names) override { names_ = names; }
  void row(double time, const std::vector<double>& values) override {
    times_.push_back(time);
    rows_.push_back(values);
  }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<double>& times() const { return times_; }
  const std::vector<std::vector<double>>& rows() const { return rows_; }
  /// The column of output `name`. @throws std::out_of_range if there is none.
  std::vector<double> column(const std::string& name) const;

 private:
  std::vector<std::string> names_;
  std::vector<double> times_;
  std::vector<std::vector<double>> rows_;
};

}  // namespace acausal
