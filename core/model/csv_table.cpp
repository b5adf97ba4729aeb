#include "core/model/csv_table.hpp"

#include <cmath>
#include <cstdlib>
#include <optional>

namespace acausal {

namespace {

/// The cells of one line; a cell may be quoted ("a,b", quotes doubled inside).
std::vector<std::string> split_cells(std::string_view line) {
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

std::optional<double> finite_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

CsvTable parse_csv(std::string_view text, const std::string& source, CsvHeader header) {
  CsvTable table;
  std::size_t width = 0;  // the first row's cells
  std::size_t line_number = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    begin = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::string first_text = trimmed(std::string(line));
    if (first_text.empty() || first_text.front() == '#') continue;
    std::vector<std::string> cells = split_cells(line);
    for (std::string& cell : cells) cell = trimmed(cell);
    const std::string where = source + ": line " + std::to_string(line_number) + ": ";
    if (width == 0) {
      width = cells.size();
      bool names = header == CsvHeader::Required;
      for (const std::string& cell : cells) names = names || !finite_number(cell);
      if (names) {
        table.header = std::move(cells);
        continue;
      }
    } else if (cells.size() != width) {
      throw CsvError(where + std::to_string(cells.size()) + " cells, the " +
                     (table.header.empty() ? "first row" : "header") + " has " + std::to_string(width));
    }
    std::vector<double> row(width);
    for (std::size_t c = 0; c < width; ++c) {
      const std::optional<double> v = finite_number(cells[c]);
      if (!v)
        throw CsvError(where + "\"" + cells[c] + "\" (" +
                       (table.header.empty() ? "column " + std::to_string(c + 1) : table.header[c]) +
                       ") is not a finite number");
      row[c] = *v;
    }
    table.rows.push_back(std::move(row));
    table.lines.push_back(line_number);
  }
  return table;
}

}  // namespace acausal
