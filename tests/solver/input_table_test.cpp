// An external input's samples (solver/input_table.hpp): linear interpolation, its ends held, and
// the CSV files `acausal simulate --input` reads, with the messages for the files it refuses.

#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "solver/input_table.hpp"
#include "tests/support/scratch_directory.hpp"

using namespace acausal;

namespace {

std::string write(const std::string& name, const std::string& text) {
  const std::string path = (test_support::scratch_directory() / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

}  // namespace

TEST_CASE("input table: linear between samples, the samples exactly, the ends held") {
  const InputTable table({0.0, 1.0, 3.0}, {0.0, 10.0, -10.0});
  CHECK(table(0.5) == 5.0);
  CHECK(table(2.0) == 0.0);   // halfway from 10 down to -10
  CHECK(table(1.0) == 10.0);  // a sample's own value, not a neighbour's
  CHECK(table(2.5) == doctest::Approx(-5.0).epsilon(1e-15));
  CHECK(table(-1.0) == 0.0);
  CHECK(table(4.0) == -10.0);
  CHECK(table.first_time() == 0.0);
  CHECK(table.last_time() == 3.0);
  CHECK_THROWS_WITH_AS(InputTable({0.0}, {1.0}), "input table: at least two samples are needed, got 1",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(InputTable({0.0, 1.0, 1.0}, {1.0, 2.0, 3.0}), "input table: the times do not increase at sample 3",
                       std::invalid_argument);
}

TEST_CASE("input table: a CSV file's column named after the input, or the second of two") {
  const std::string named = write("named.csv", "time,speed,torque_cmd\n0,1,2\n0.5,3,4\n1,5,6\n");
  const InputTable torque = read_input_csv(named, "torque_cmd");
  CHECK(torque(0.25) == 3.0);
  CHECK(torque(1.0) == 6.0);
  CHECK(read_input_csv(named, "speed")(0.75) == 4.0);
  // Two columns: the second, whatever its header; Windows line ends, blanks and blank lines are fine.
  const std::string two = write("two.csv", "t [s], tau [N*m]\r\n0, 0\r\n\r\n2, 8\r\n");
  CHECK(read_input_csv(two, "torque_cmd")(0.5) == 2.0);
  // A quoted header cell, as the result files write a name with a comma.
  const std::string quoted = write("quoted.csv", "time,\"body.R[1,3]\",u\n0,1,0\n1,1,-1\n");
  CHECK(read_input_csv(quoted, "u")(0.5) == -0.5);
  CHECK(read_input_csv(quoted, "body.R[1,3]")(0.5) == 1.0);
}

TEST_CASE("input table: the files it refuses, by file and line") {
  const std::string three = write("three.csv", "time,a,b\n0,1,2\n1,1,2\n");
  CHECK_THROWS_WITH_AS(read_input_csv(three, "torque_cmd"),
                       (three + ": no column \"torque_cmd\" among time, a, b (the first column is the time; the value "
                                "is the column named after the input, or the second of two)")
                           .c_str(),
                       InputFileError);
  const std::string text = write("text.csv", "time,u\n0,1\n0.5,one\n");
  CHECK_THROWS_WITH_AS(read_input_csv(text, "u"), (text + ": line 3: \"one\" (u) is not a finite number").c_str(),
                       InputFileError);
  const std::string back = write("back.csv", "time,u\n0,1\n0.5,2\n0.5,3\n");
  CHECK_THROWS_WITH_AS(
      read_input_csv(back, "u"),
      (back + ": line 4: the time 0.5 does not increase (times must increase strictly; give a step a short ramp)").c_str(),
      InputFileError);
  const std::string short_row = write("short.csv", "time,u\n0,1\n0.5\n");
  CHECK_THROWS_WITH_AS(read_input_csv(short_row, "u"), (short_row + ": line 3: 1 cells, the header has 2").c_str(),
                       InputFileError);
  const std::string one = write("one.csv", "time,u\n0,1\n");
  CHECK_THROWS_WITH_AS(read_input_csv(one, "u"), (one + ": 1 row of samples; an input table needs at least two").c_str(),
                       InputFileError);
  const std::string empty = write("empty.csv", "\n");
  CHECK_THROWS_WITH_AS(read_input_csv(empty, "u"),
                       (empty + ": empty (expected a header row, then rows of time and value)").c_str(), InputFileError);
  CHECK_THROWS_WITH_AS(read_input_csv("/nonexistent/u.csv", "u"), "cannot read input file /nonexistent/u.csv: No such file or directory",
                       InputFileError);
}
