#pragma once
/// @file
/// Where results go as the simulation runs.

#include <chrono>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace acausal {

/// A result file that cannot be written — no such directory, no permission, a full disk —: the
/// message names the file and the system's reason. The user's to fix (`acausal` exits with 1).
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "<what> <path>: <the reason errno gives>" for an OutputError (errno read at once).
std::string output_problem(const std::string& what, const std::string& path);

/// Receives the output rows in time order, as they are computed.
class ResultWriter {
 public:
  virtual ~ResultWriter() = default;
  virtual void begin(const std::vector<std::string>& names) = 0;
  /// A point of the output grid.
  virtual void row(double time, const std::vector<double>& values) = 0;
  /// An event: the values just before it and just after, at its time (`on_grid`: the event falls
  /// on a point of the output grid, which gets no row of its own). Written as two rows.
  virtual void event(double time, const std::vector<double>& before, const std::vector<double>& after, bool on_grid) {
    (void)on_grid;
    row(time, before);
    row(time, after);
  }
  virtual void end() {}
};

/// Where a result for `path` is written while the run goes: `<path>.partial` beside it, renamed into
/// place at the end (atomic within a directory); `path` itself for a special file (a device, a pipe).
std::string partial_result_path(const std::string& path);

/// CSV: a header row (`time`, then the output names), then one row per output time. The rows reach
/// the disk as the run goes, at most 0.1 s after they are written, into `<path>.partial` beside the
/// result; end() — or the writer's destruction after a failure, when it has rows — renames that to
/// `path`. So a failed run keeps everything computed before the failure, and a run that fails before
/// its first row (a model error at the initialization) leaves an earlier result at `path` as it was.
/// A path that is not a regular file (`/dev/stdout`) is written directly. When a write fails (a full
/// disk), the partial file is removed — an earlier result stays — and an OutputError says why.
class CsvWriter final : public ResultWriter {
 public:
  /// @throws OutputError if the file cannot be opened.
  explicit CsvWriter(const std::string& path);
  ~CsvWriter() override;
  CsvWriter(const CsvWriter&) = delete;
  CsvWriter& operator=(const CsvWriter&) = delete;
  void begin(const std::vector<std::string>& names) override;
  void row(double time, const std::vector<double>& values) override;
  void end() override;

 private:
  static constexpr std::chrono::milliseconds kFlushInterval{100};
  /// Renames the partial file to the result's path (once; no-op when written directly).
  void publish();
  /// After a failed write: closes and removes the partial file. @throws OutputError.
  [[noreturn]] void fail();
  std::string path_;
  std::string writing_;  ///< the file written: `<path>.partial`, or the path itself
  std::ofstream out_;
  std::string line_;  ///< a row's text, written with one call (a call per number cost more than the numbers)
  std::size_t rows_ = 0;
  std::chrono::steady_clock::time_point flushed_ = std::chrono::steady_clock::now();
};

/// Keeps the rows in memory (tests, library use).
class MemoryWriter final : public ResultWriter {
 public:
  void begin(const std::vector<std::string>& names) override { names_ = names; }
  void row(double time, const std::vector<double>& values) override {
    times_.push_back(time);
    rows_.push_back(values);
    on_grid_.push_back(true);
  }
  void event(double time, const std::vector<double>& before, const std::vector<double>& after, bool on_grid) override {
    times_.insert(times_.end(), {time, time});
    rows_.push_back(before);
    rows_.push_back(after);
    on_grid_.insert(on_grid_.end(), {false, on_grid});
  }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<double>& times() const { return times_; }
  const std::vector<std::vector<double>>& rows() const { return rows_; }
  /// The column of output `name`. @throws std::out_of_range if there is none.
  std::vector<double> column(const std::string& name) const;
  /// The same at the points of the output grid alone: without the rows of events, but where an
  /// event falls on a grid point, whose value there is the event's right limit.
  std::vector<double> grid_column(const std::string& name) const;
  std::vector<double> grid_times() const;

 private:
  std::vector<std::string> names_;
  std::vector<double> times_;
  std::vector<std::vector<double>> rows_;
  std::vector<bool> on_grid_;  ///< per row: whether it is (or stands for) a point of the output grid
};

}  // namespace acausal
