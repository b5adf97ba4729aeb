// parse_csv: rows of numbers with or without a header, comments and blank lines skipped, and the
// messages of text that is not a table, by line.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/model/csv_table.hpp"

using namespace acausal;

TEST_CASE("parse_csv reads a header when one is there, skipping comments, blank lines and line ends") {
  const CsvTable named = parse_csv("# a drive cycle\r\ntime, \"speed, km/h\"\r\n\r\n0, 1.5\r\n2,-3e2\r\n", "c.csv",
                                   CsvHeader::Optional);
  CHECK(named.header == std::vector<std::string>{"time", "speed, km/h"});
  CHECK(named.rows == std::vector<std::vector<double>>{{0.0, 1.5}, {2.0, -300.0}});
  CHECK(named.lines == std::vector<std::size_t>{4, 5});
  const CsvTable bare = parse_csv("0,1\n1,2", "c.csv", CsvHeader::Optional);  // no header, no last line end
  CHECK(bare.header.empty());
  CHECK(bare.rows.size() == 2);
  // A required header is the first row even when it holds numbers.
  const CsvTable numbered = parse_csv("0,1\n1,2\n", "c.csv", CsvHeader::Required);
  CHECK(numbered.header == std::vector<std::string>{"0", "1"});
  CHECK(numbered.rows == std::vector<std::vector<double>>{{1.0, 2.0}});
  CHECK(parse_csv("# nothing\n\n", "c.csv", CsvHeader::Optional).rows.empty());
}

TEST_CASE("parse_csv names the line and the column of a cell it cannot read") {
  CHECK_THROWS_WITH_AS(parse_csv("t,u\n0,1\n1,nan\n", "c.csv", CsvHeader::Optional),
                       "c.csv: line 3: \"nan\" (u) is not a finite number", CsvError);
  CHECK_THROWS_WITH_AS(parse_csv("0,1\n1,\n", "c.csv", CsvHeader::Optional),
                       "c.csv: line 2: \"\" (column 2) is not a finite number", CsvError);
  CHECK_THROWS_WITH_AS(parse_csv("0,1\n1,2,3\n", "c.csv", CsvHeader::Optional),
                       "c.csv: line 2: 3 cells, the first row has 2", CsvError);
  CHECK_THROWS_WITH_AS(parse_csv("t,u\n1\n", "c.csv", CsvHeader::Optional), "c.csv: line 2: 1 cells, the header has 2",
                       CsvError);
}
