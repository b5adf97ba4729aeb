#include "solver/result_writer.hpp"

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace acausal {
namespace {

/// Appends the shortest text that reads back to the same double.
void put(std::string& line, double v) {
  if (v == 0.0) v = 0.0;  // no "-0" in results
  char buf[32];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  line.append(buf, end);
}

/// A header cell as RFC 4180 wants it: quoted (with quotes doubled) when it holds a comma, a quote
/// or a line break — a matrix element `frame_a.R[1,3]` — and as it is otherwise.
void put_name(std::ofstream& out, const std::string& name) {
  if (name.find_first_of(",\"\r\n") == std::string::npos) {
    out << name;
    return;
  }
  out << '"';
  for (char c : name) out << (c == '"' ? "\"\"" : std::string(1, c));
  out << '"';
}

}  // namespace

std::string output_problem(const std::string& what, const std::string& path) {
  const int error = errno;
  return what + " " + path + ": " + (error != 0 ? std::strerror(error) : "an input/output error");
}

std::string partial_result_path(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) return path;
  return path + ".partial";
}

CsvWriter::CsvWriter(const std::string& path) : path_(path), writing_(partial_result_path(path)) {
  errno = 0;
  out_.open(writing_);
  if (!out_) throw OutputError(output_problem("cannot write results to", path));
}

void CsvWriter::fail() {
  const std::string problem = output_problem("writing results to", path_ + " failed");
  out_.close();
  std::error_code ec;
  if (writing_ != path_) std::filesystem::remove(writing_, ec);  // cut short: an earlier result stays
  throw OutputError(problem);
}

void CsvWriter::publish() {
  if (writing_ == path_) return;
  std::error_code ec;
  std::filesystem::rename(writing_, path_, ec);
  if (ec) throw OutputError("cannot move results from " + writing_ + " to " + path_ + ": " + ec.message());
  writing_ = path_;
}

void CsvWriter::begin(const std::vector<std::string>& names) {
  out_ << "time";
  for (const std::string& n : names) {
    out_ << ',';
    put_name(out_, n);
  }
  out_ << '\n';
  errno = 0;
  out_.flush();
  if (!out_) fail();
}

void CsvWriter::row(double time, const std::vector<double>& values) {
  line_.clear();
  put(line_, time);
  for (double v : values) {
    line_ += ',';
    put(line_, v);
  }
  line_ += '\n';
  errno = 0;
  out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
  // On disk at most a tenth of a second after they are computed: a flush per row was a system call
  // per row, most of a short run with a fine grid (3001 rows of netlists/rotational_chain.json: 12 of
  // its 14 ms of integration).
  // The clock is read every 16th row (a read per row was 2 % of a short run).
  if (++rows_ % 16 == 0) {
    const auto now = std::chrono::steady_clock::now();
    if (now - flushed_ >= kFlushInterval) {
      out_.flush();
      flushed_ = now;
    }
  }
  if (!out_) fail();
}

void CsvWriter::end() {
  errno = 0;
  out_.close();
  if (!out_) fail();
  publish();
}

CsvWriter::~CsvWriter() {
  if (!out_.is_open()) return;  // ended
  out_.close();
  std::error_code ec;
  if (rows_ == 0 && writing_ != path_) {
    std::filesystem::remove(writing_, ec);  // nothing computed: an earlier result stays as it was
    return;
  }
  try {
    publish();  // a failed run: what it computed
  } catch (const std::exception&) {
    // nothing to report to from a destructor; the rows stay in the partial file
  }
}

namespace {

std::vector<double> only(const std::vector<bool>& keep, const std::vector<double>& values) {
  std::vector<double> out;
  for (std::size_t k = 0; k < values.size(); ++k)
    if (keep[k]) out.push_back(values[k]);
  return out;
}

}  // namespace

std::vector<double> MemoryWriter::grid_column(const std::string& name) const {
  return only(on_grid_, column(name));
}

std::vector<double> MemoryWriter::grid_times() const { return only(on_grid_, times_); }

std::vector<double> MemoryWriter::column(const std::string& name) const {
  for (std::size_t c = 0; c < names_.size(); ++c) {
    if (names_[c] != name) continue;
    std::vector<double> out;
    for (const auto& r : rows_) out.push_back(r[c]);
    return out;
  }
  throw std::out_of_range("no output named " + name);
}

}  // namespace acausal
