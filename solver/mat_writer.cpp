#include "solver/mat_writer.hpp"

#include <matio.h>

#include "solver/linearization.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <unordered_map>
#include <memory>
#include <stdexcept>

namespace acausal {
namespace {

/// Closes a libmatio file (and frees a variable) when it goes.
struct MatFile {
  mat_t* file = nullptr;
  ~MatFile() {
    if (file != nullptr) Mat_Close(file);
  }
};

/// Writes one matrix (`values` column-major, not copied). @throws OutputError naming it, the file
/// and the system's reason.
void write_matrix(const MatFile& mat, const std::string& path, const char* name, matio_classes cls, matio_types type,
                  std::size_t rows, std::size_t columns, void* values) {
  std::size_t dims[2] = {rows, columns};
  errno = 0;
  matvar_t* v = Mat_VarCreate(name, cls, type, 2, dims, values, MAT_F_DONT_COPY_DATA);
  const bool ok = v != nullptr && Mat_VarWrite(mat.file, v, MAT_COMPRESSION_NONE) == 0;
  const std::string problem = ok ? "" : output_problem("cannot write " + std::string(name) + " to", path);
  if (v != nullptr) Mat_VarFree(v);
  if (!ok) throw OutputError(problem);
}

/// Closes `mat`. @throws OutputError when the last of the file cannot be written.
void close(MatFile& mat, const std::string& path) {
  errno = 0;
  const int closed = Mat_Close(mat.file);
  mat.file = nullptr;
  if (closed != 0) throw OutputError(output_problem("cannot write", path));
}

/// Strings as a char matrix of `rows` = the longest × one column each (binTrans), blank-padded.
std::vector<char> columns_of(const std::vector<std::string>& strings, std::size_t& rows) {
  rows = 1;
  for (const std::string& s : strings) rows = std::max(rows, s.size());
  std::vector<char> out(rows * strings.size(), ' ');
  for (std::size_t j = 0; j < strings.size(); ++j) std::copy(strings[j].begin(), strings[j].end(), out.begin() + static_cast<std::ptrdiff_t>(j * rows));
  return out;
}

/// Strings as a char matrix with one row each (Aclass), blank-padded.
std::vector<char> rows_of(const std::vector<std::string>& strings, std::size_t& columns) {
  columns = 1;
  for (const std::string& s : strings) columns = std::max(columns, s.size());
  std::vector<char> out(columns * strings.size(), ' ');
  for (std::size_t i = 0; i < strings.size(); ++i)
    for (std::size_t c = 0; c < strings[i].size(); ++c) out[c * strings.size() + i] = strings[i][c];  // column-major
  return out;
}

}  // namespace

MatWriter::MatWriter(const std::string& path, ResultMetadata metadata) : path_(path), metadata_(std::move(metadata)) {
  // Can the file be written? Asked of the partial file beside it: an earlier result stays until
  // this run has rows to replace it with.
  const std::string probe_path = partial_result_path(path_);
  {
    errno = 0;
    std::ofstream probe(probe_path, std::ios::binary | std::ios::app);
    if (!probe) throw OutputError(output_problem("cannot write result file", path_));
  }
  if (probe_path != path_) std::filesystem::remove(probe_path);
}

MatWriter::~MatWriter() {
  if (written_ || rows_ == 0) return;  // no rows: an earlier result stays as it was
  try {
    write();  // a run that failed: what it computed
  } catch (const std::exception&) {
    // nothing to report to from a destructor; the run's own error is on its way
  }
}

void MatWriter::begin(const std::vector<std::string>& names) { names_ = names; }

void MatWriter::row(double time, const std::vector<double>& values) {
  data_.push_back(time);
  data_.insert(data_.end(), values.begin(), values.end());
  ++rows_;
}

void MatWriter::end() {
  written_ = true;  // once: a write that failed is not tried again when the writer goes
  write();
}

std::vector<std::int32_t> MatWriter::alias_columns(std::size_t outputs) const {
  const std::size_t stride = outputs + 1;
  auto value = [&](std::size_t k, std::size_t r) { return data_[r * stride + k + 1]; };
  // Columns are grouped by a hash of their absolute values (−0 as 0), then compared exactly.
  auto hash_of = [&](std::size_t k) {
    std::size_t h = 0;
    for (std::size_t r = 0; r < rows_; ++r) h = h * 1000003u ^ std::hash<double>{}(std::fabs(value(k, r)) + 0.0);
    return h;
  };
  auto same = [&](std::size_t a, std::size_t b, double sign) {
    for (std::size_t r = 0; r < rows_; ++r)
      if (!(value(a, r) == sign * value(b, r))) return false;
    return true;
  };
  std::vector<std::int32_t> column(outputs);
  std::unordered_map<std::size_t, std::vector<std::size_t>> written;  // hash → outputs with a column
  std::int32_t next = 2;                                              // 1 is the time
  for (std::size_t k = 0; k < outputs; ++k) {
    std::vector<std::size_t>& group = written[hash_of(k)];
    column[k] = 0;
    for (std::size_t earlier : group) {
      if (same(k, earlier, 1.0)) column[k] = column[earlier];
      else if (same(k, earlier, -1.0)) column[k] = -column[earlier];
      if (column[k] != 0) break;
    }
    if (column[k] == 0) {
      column[k] = next++;
      group.push_back(k);
    }
  }
  return column;
}

void MatWriter::write() {
  const std::size_t outputs = names_.size(), parameters = metadata_.parameters.size();
  std::vector<std::string> names{"time"}, descriptions{"Time [s]"};
  for (std::size_t k = 0; k < outputs; ++k) {
    names.push_back(names_[k]);
    descriptions.push_back(k < metadata_.output_descriptions.size() ? metadata_.output_descriptions[k] : "");
  }
  for (const ResultParameter& p : metadata_.parameters) {
    names.push_back(p.name);
    descriptions.push_back(p.description);
  }
  // data_2 keeps one column per distinct trajectory: an output equal at every row to an earlier one
  // (an alias: a flange's position and its mass's) or to its negation (a connection's two forces)
  // is a dataInfo entry of that column, with the sign (as Modelica tools write aliases).
  const std::vector<std::int32_t> column = alias_columns(outputs);
  std::size_t distinct = 1;
  for (std::int32_t c : column) distinct = std::max(distinct, static_cast<std::size_t>(std::abs(c)));
  std::vector<double> data_2(distinct * rows_);
  for (std::size_t r = 0; r < rows_; ++r) {
    const double* row = data_.data() + r * (outputs + 1);
    data_2[r * distinct] = row[0];
    for (std::size_t k = 0; k < outputs; ++k)
      if (column[k] > 0) data_2[r * distinct + static_cast<std::size_t>(column[k]) - 1] = row[k + 1];
  }
  // dataInfo: per variable (a column) matrix, column, interpolation, extrapolation.
  std::vector<std::int32_t> info{0, 1, 0, -1};
  for (std::size_t k = 0; k < outputs; ++k) info.insert(info.end(), {2, column[k], 0, -1});
  for (std::size_t k = 0; k < parameters; ++k) info.insert(info.end(), {1, static_cast<std::int32_t>(k + 2), 0, 0});
  // data_1: time and the parameters, at the first and the last time.
  const double first = rows_ ? data_.front() : 0.0, last = rows_ ? data_[(rows_ - 1) * (outputs + 1)] : 0.0;
  std::vector<double> data_1{first};
  for (const ResultParameter& p : metadata_.parameters) data_1.push_back(p.value);
  data_1.push_back(last);
  for (const ResultParameter& p : metadata_.parameters) data_1.push_back(p.value);

  const std::string writing = partial_result_path(path_);
  MatFile mat;
  errno = 0;
  mat.file = Mat_CreateVer(writing.c_str(), nullptr, MAT_FT_MAT4);
  if (mat.file == nullptr) throw OutputError(output_problem("cannot write result file", path_));
  auto put = [&](const char* name, matio_classes cls, matio_types type, std::size_t rows, std::size_t columns, void* values) {
    write_matrix(mat, path_, name, cls, type, rows, columns, values);
  };
  try {
    std::size_t width = 0;
    std::vector<char> aclass = rows_of({"Atrajectory", "1.1", "", "binTrans"}, width);
    put("Aclass", MAT_C_CHAR, MAT_T_UINT8, 4, width, aclass.data());
    std::vector<char> name_chars = columns_of(names, width);
    put("name", MAT_C_CHAR, MAT_T_UINT8, width, names.size(), name_chars.data());
    std::vector<char> description_chars = columns_of(descriptions, width);
    put("description", MAT_C_CHAR, MAT_T_UINT8, width, descriptions.size(), description_chars.data());
    put("dataInfo", MAT_C_INT32, MAT_T_INT32, 4, names.size(), info.data());
    put("data_1", MAT_C_DOUBLE, MAT_T_DOUBLE, parameters + 1, 2, data_1.data());
    put("data_2", MAT_C_DOUBLE, MAT_T_DOUBLE, distinct, rows_, data_2.data());
    close(mat, path_);
  } catch (const OutputError&) {
    if (mat.file != nullptr) Mat_Close(mat.file);
    mat.file = nullptr;
    std::error_code ec;
    if (writing != path_) std::filesystem::remove(writing, ec);  // cut short: an earlier result stays
    throw;
  }
  if (writing != path_) {
    std::error_code ec;
    std::filesystem::rename(writing, path_, ec);
    if (ec) throw OutputError("cannot move results from " + writing + " to " + path_ + ": " + ec.message());
  }
}

void write_linearization_mat(const std::string& path, const Linearization& lin) {
  MatFile mat;
  errno = 0;
  mat.file = Mat_CreateVer(path.c_str(), nullptr, MAT_FT_MAT5);
  if (mat.file == nullptr) throw OutputError(output_problem("cannot write", path));
  auto put = [&](const char* name, matio_classes cls, matio_types type, std::size_t rows, std::size_t columns, void* values) {
    write_matrix(mat, path, name, cls, type, rows, columns, values);
  };
  for (const auto& [name, m] : {std::pair<const char*, const Eigen::MatrixXd*>{"A", &lin.A}, {"B", &lin.B}, {"C", &lin.C},
                                {"D", &lin.D}}) {
    Eigen::MatrixXd copy = *m;  // column-major, as MAT files store matrices
    put(name, MAT_C_DOUBLE, MAT_T_DOUBLE, static_cast<std::size_t>(copy.rows()), static_cast<std::size_t>(copy.cols()),
        copy.data());
  }
  for (const auto& [name, list] : {std::pair<const char*, const std::vector<std::string>*>{"states", &lin.states},
                                   {"inputs", &lin.inputs}, {"outputs", &lin.outputs}}) {
    std::size_t width = 0;
    std::vector<char> chars = rows_of(*list, width);
    put(name, MAT_C_CHAR, MAT_T_UINT8, list->size(), list->empty() ? 0 : width, chars.data());
  }
  double time = lin.time;
  put("time", MAT_C_DOUBLE, MAT_T_DOUBLE, 1, 1, &time);
  close(mat, path);
}

}  // namespace acausal
