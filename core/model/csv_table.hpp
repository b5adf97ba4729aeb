#pragma once
/// @file
/// Tables of numbers in comma-separated text: the data files a netlist names
/// (signal.CombiTimeTable) and the external inputs `acausal simulate --input` reads.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace acausal {

/// Text that is not a table of numbers; the message names the source and the line.
class CsvError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CsvTable {
  std::vector<std::string> header;        ///< the column names; empty when the text has none
  std::vector<std::vector<double>> rows;  ///< the numbers of each row, all of the same length
  std::vector<std::size_t> lines;         ///< each row's line number (from 1), for messages
};

/// Whether the first row names the columns.
enum class CsvHeader { Required, Optional };

/// Parses `text`: rows of cells separated by commas (a cell may be quoted: "a,b", a quote doubled
/// inside); blank lines and lines whose first character is `#` are skipped, as is a line end's
/// `\r`. The first row is the header when `header` is Required, or, when Optional, when one of its
/// cells is not a number. Every row must have as many cells as the first, each a finite number.
/// @throws CsvError naming `source` and the line: a cell that is not a finite number (with its
///         column's name, or number), a row of another length.
CsvTable parse_csv(std::string_view text, const std::string& source, CsvHeader header);

}  // namespace acausal
