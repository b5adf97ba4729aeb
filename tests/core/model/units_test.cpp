#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "core/model/units.hpp"

using namespace acausal::units;

namespace {

constexpr double pi = std::numbers::pi;

/// Relative closeness, 1e-12 (exact zero only equals zero).
bool close(double actual, double expected) {
  return std::abs(actual - expected) <= 1e-12 * std::max(std::abs(actual), std::abs(expected));
}

Dimension dim(int m, int kg, int s, int ampere = 0, int kelvin = 0, int mol = 0, int cd = 0) {
  return Dimension{{m, kg, s, ampere, kelvin, mol, cd}};
}

/// `text` parses to `factor` (relative 1e-12) times `dimension`.
void check_unit(const std::string& text, double factor, const Dimension& dimension) {
  CAPTURE(text);
  const Unit unit = parse_unit(text);
  CHECK_MESSAGE(close(unit.factor, factor), unit.factor, " != ", factor);
  CHECK(unit.dimension.to_string() == dimension.to_string());
  CHECK(unit.dimension == dimension);
}

Dimension dimension_of(const std::string& text) { return parse_unit(text).dimension; }

}  // namespace

TEST_SUITE("units") {

TEST_CASE("dimension strings") {
  CHECK(Dimension{}.to_string() == "1");
  CHECK(dim(1, 0, 0).to_string() == "m");
  CHECK(dim(0, 1, 0).to_string() == "kg");
  CHECK(dim(0, 0, -1).to_string() == "1/s");
  CHECK(dim(0, 0, -2).to_string() == "1/s^2");
  CHECK(dim(1, 0, -1).to_string() == "m/s");
  CHECK(dim(1, 1, -2).to_string() == "kg*m/s^2");
  CHECK(dim(2, 1, -2).to_string() == "kg*m^2/s^2");
  CHECK(dim(0, 1, -2).to_string() == "kg/s^2");
  CHECK(dim(-1, 1, -2).to_string() == "kg/(m*s^2)");
  CHECK(dim(2, 1, -3, -1).to_string() == "kg*m^2/(s^3*A)");
  CHECK(dim(0, 0, 1, 1).to_string() == "s*A");
  CHECK(dim(0, 0, 0, 0, 1, -1).to_string() == "K/mol");
  CHECK(dim(0, 0, 0, 0, 0, 0, 1).to_string() == "cd");
  CHECK(dim(-3, 0, 0).to_string() == "1/m^3");
}

TEST_CASE("every symbol of the table") {
  check_unit("m", 1.0, dim(1, 0, 0));
  check_unit("g", 1e-3, dim(0, 1, 0));
  check_unit("s", 1.0, dim(0, 0, 1));
  check_unit("A", 1.0, dim(0, 0, 0, 1));
  check_unit("K", 1.0, dim(0, 0, 0, 0, 1));
  check_unit("mol", 1.0, dim(0, 0, 0, 0, 0, 1));
  check_unit("cd", 1.0, dim(0, 0, 0, 0, 0, 0, 1));
  check_unit("N", 1.0, dim(1, 1, -2));
  check_unit("J", 1.0, dim(2, 1, -2));
  check_unit("W", 1.0, dim(2, 1, -3));
  check_unit("Pa", 1.0, dim(-1, 1, -2));
  check_unit("Hz", 1.0, dim(0, 0, -1));
  check_unit("rad", 1.0, Dimension{});
  check_unit("deg", pi / 180.0, Dimension{});
  check_unit("rev", 2.0 * pi, Dimension{});
  check_unit("rpm", 2.0 * pi / 60.0, dim(0, 0, -1));
  check_unit("min", 60.0, dim(0, 0, 1));
  check_unit("h", 3600.0, dim(0, 0, 1));
  check_unit("ft", 0.3048, dim(1, 0, 0));
  check_unit("in", 0.0254, dim(1, 0, 0));
  check_unit("mph", 1609.344 / 3600.0, dim(1, 0, -1));
  check_unit("lbf", 4.4482216152605, dim(1, 1, -2));
  check_unit("lb", 0.45359237, dim(0, 1, 0));
  check_unit("lbm", 0.45359237, dim(0, 1, 0));
  check_unit("1", 1.0, Dimension{});
}

TEST_CASE("prefixes") {
  check_unit("Gm", 1e9, dim(1, 0, 0));
  check_unit("MPa", 1e6, dim(-1, 1, -2));
  check_unit("GPa", 1e9, dim(-1, 1, -2));
  check_unit("kN", 1e3, dim(1, 1, -2));
  check_unit("kg", 1.0, dim(0, 1, 0));
  check_unit("kHz", 1e3, dim(0, 0, -1));
  check_unit("cm", 1e-2, dim(1, 0, 0));
  check_unit("mg", 1e-6, dim(0, 1, 0));
  check_unit("mrad", 1e-3, Dimension{});
  check_unit("mmol", 1e-3, dim(0, 0, 0, 0, 0, 1));
  check_unit("kcd", 1e3, dim(0, 0, 0, 0, 0, 0, 1));
  check_unit("mA", 1e-3, dim(0, 0, 0, 1));
  check_unit("kK", 1e3, dim(0, 0, 0, 0, 1));
  check_unit("kJ", 1e3, dim(2, 1, -2));
  check_unit("MW", 1e6, dim(2, 1, -3));
  check_unit("um", 1e-6, dim(1, 0, 0));
  check_unit("\u00b5m", 1e-6, dim(1, 0, 0));  // micro sign
  check_unit("\u03bcs", 1e-6, dim(0, 0, 1));  // Greek small mu
  check_unit("nm", 1e-9, dim(1, 0, 0));
  check_unit("pm", 1e-12, dim(1, 0, 0));
}

TEST_CASE("an exact symbol wins over prefix + symbol") {
  check_unit("min", 60.0, dim(0, 0, 1));    // not milli-inch
  check_unit("cd", 1.0, dim(0, 0, 0, 0, 0, 0, 1));
  check_unit("mol", 1.0, dim(0, 0, 0, 0, 0, 1));
  check_unit("mph", 0.44704, dim(1, 0, -1));
  check_unit("m", 1.0, dim(1, 0, 0));
  check_unit("mm", 1e-3, dim(1, 0, 0));
  check_unit("ms", 1e-3, dim(0, 0, 1));
  check_unit("mN*m", 1e-3, dim(2, 1, -2));
  check_unit("km/h", 1000.0 / 3600.0, dim(1, 0, -1));
  check_unit("h", 3600.0, dim(0, 0, 1));
}

TEST_CASE("prefixes apply only where allowed") {
  // 'h' is the hour, never hecto; non-SI units take no prefix; a prefix applies once.
  CHECK_THROWS_WITH_AS(parse_unit("hPa"), "unknown unit 'hPa' ('h' is the hour, not a prefix)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("hm"), "unknown unit 'hm' ('h' is the hour, not a prefix)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("kh"), "unknown unit 'kh'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("kdeg"), "unknown unit 'kdeg'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("klbf"), "unknown unit 'klbf'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("mkg"), "unknown unit 'mkg' (did you mean 'm*kg'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("dm"), "unknown unit 'dm'", std::invalid_argument);
}

TEST_CASE("products, quotients, powers and parentheses") {
  check_unit("N*m", 1.0, dim(2, 1, -2));
  check_unit("N.m", 1.0, dim(2, 1, -2));
  check_unit("N/m/s", 1.0, dim(0, 1, -3));  // left-associative: N/(m*s)
  check_unit("N/(m*s)", 1.0, dim(0, 1, -3));
  check_unit("N/m*s", 1.0, dim(0, 1, -1));  // (N/m)*s
  check_unit("m/s^2", 1.0, dim(1, 0, -2));
  check_unit("m*s^-2", 1.0, dim(1, 0, -2));
  check_unit("m*s^(-2)", 1.0, dim(1, 0, -2));
  check_unit("m*s^+2", 1.0, dim(1, 0, 2));
  check_unit("m*s^(+2)", 1.0, dim(1, 0, 2));
  check_unit("m^0", 1.0, Dimension{});
  check_unit("(N*m)^2", 1.0, dim(4, 2, -4));
  check_unit("ft^2", 0.3048 * 0.3048, dim(2, 0, 0));
  check_unit("cm^3", 1e-6, dim(3, 0, 0));
  check_unit("((m))", 1.0, dim(1, 0, 0));
  check_unit("1/s", 1.0, dim(0, 0, -1));
  check_unit("1/s^2", 1.0, dim(0, 0, -2));
  check_unit("1*m", 1.0, dim(1, 0, 0));
  check_unit("  N * m / ( rad / s ) ", 1.0, dim(2, 1, -1));
  check_unit("s ^ - 2", 1.0, dim(0, 0, -2));
  check_unit("s^( -2 )", 1.0, dim(0, 0, -2));
  check_unit("ft*lbf/(rad/s)", 0.3048 * 4.4482216152605, dim(2, 1, -1));
  check_unit("rev/min", 2.0 * pi / 60.0, dim(0, 0, -1));
  check_unit("deg/s", pi / 180.0, dim(0, 0, -1));
  check_unit("lbf/in", 4.4482216152605 / 0.0254, dim(0, 1, -2));
  check_unit("kg*m^2", 1.0, dim(2, 1, 0));
}

TEST_CASE("equivalent units have equal dimensions") {
  CHECK(dimension_of("N*m") == dimension_of("J"));
  CHECK(dimension_of("W") == dimension_of("N*m/s"));
  CHECK(dimension_of("W") == dimension_of("J/s"));
  CHECK(dimension_of("Pa*m^2") == dimension_of("N"));
  CHECK(dimension_of("N") == dimension_of("kg*m/s^2"));
  CHECK(dimension_of("Hz") == dimension_of("1/s"));
  CHECK(dimension_of("rpm") == dimension_of("rad/s"));
  CHECK(dimension_of("N*m/(rad/s)") == dimension_of("N*m*s"));
  CHECK(dimension_of("lbf") == dimension_of("N"));
  CHECK(dimension_of("deg") == dimension_of("1"));
  CHECK(dimension_of("rad") == Dimension{});
  CHECK(dimension_of("N/m") != dimension_of("N*m"));
  CHECK(dimension_of("J").to_string() == "kg*m^2/s^2");
  CHECK(dimension_of("N/m").to_string() == "kg/s^2");
}

TEST_CASE("unknown symbols, with honest suggestions") {
  CHECK_THROWS_WITH_AS(parse_unit("Nm"), "unknown unit 'Nm' (did you mean 'N*m'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("Nm/s"), "unknown unit 'Nm' in 'Nm/s' (did you mean 'N*m'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit(" Nm "), "unknown unit 'Nm' (did you mean 'N*m'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("kNm"), "unknown unit 'kNm' (did you mean 'kN*m'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("Nms"), "unknown unit 'Nms' (did you mean 'N*ms' or 'N*m*s'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("ftlbf"), "unknown unit 'ftlbf' (did you mean 'ft*lbf'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("sec"), "unknown unit 'sec' (did you mean 's'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("deg/sec"), "unknown unit 'sec' in 'deg/sec' (did you mean 's'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("degrees"), "unknown unit 'degrees' (did you mean 'deg'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("\u00b0"), "unknown unit '\u00b0' (did you mean 'deg'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("lbs"), "unknown unit 'lbs' (did you mean 'lb'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("Kg"), "unknown unit 'Kg' (did you mean 'kg'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("KN"), "unknown unit 'KN' (did you mean 'kN'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("KPa"), "unknown unit 'KPa' (did you mean 'kPa'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("RPM"), "unknown unit 'RPM' (did you mean 'rpm'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("hz"), "unknown unit 'hz' (did you mean 'Hz'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("MPA"), "unknown unit 'MPA' (did you mean 'MPa' or 'mPa'?)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("furlong"), "unknown unit 'furlong'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("x"), "unknown unit 'x'", std::invalid_argument);
}

TEST_CASE("syntax errors quote the text and the position") {
  CHECK_THROWS_WITH_AS(parse_unit(""), "empty unit ''", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("   "), "empty unit '   '", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N/(m*s"), "unbalanced parentheses in 'N/(m*s': '(' at position 3 is not closed",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("((m)"), "unbalanced parentheses in '((m)': '(' at position 1 is not closed",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N/m)"), "unbalanced parentheses in 'N/m)': ')' at position 4 has no '('",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("s^(-2"), "unbalanced parentheses in 's^(-2': '(' at position 3 is not closed",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("s^("), "unbalanced parentheses in 's^(': '(' at position 3 is not closed",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N m"), "unexpected 'm' at position 3 in 'N m' (multiply with '*' or '.')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N-m"), "unexpected '-' at position 2 in 'N-m' (multiply with '*' or '.')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N\u00b7m"),
                       "unexpected '\u00b7' at position 2 in 'N\u00b7m' (multiply with '*' or '.')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("\u00b5m m"),
                       "unexpected 'm' at position 4 in '\u00b5m m' (multiply with '*' or '.')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("(m m)"), "unexpected 'm' at position 4 in '(m m)' (multiply with '*' or '.')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m2"), "unexpected '2' at position 2 in 'm2' (powers are written with '^')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N/m;"), "unexpected ';' at position 4 in 'N/m;'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^2^3"), "unexpected '^' at position 4 in 'm^2^3'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N*"), "unexpected end of 'N*' (expected a unit)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("N*/m"), "unexpected '/' at position 3 in 'N*/m' (expected a unit)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("/s"), "unexpected '/' at position 1 in '/s' (expected a unit)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("()"), "unexpected ')' at position 2 in '()' (expected a unit)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("2*m"), "unexpected '2' at position 1 in '2*m' (the only number in a unit is 1)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("10/s"), "unexpected '10' at position 1 in '10/s' (the only number in a unit is 1)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^"), "unexpected end of 'm^' (expected an integer exponent)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^x"), "unexpected 'x' at position 3 in 'm^x' (expected an integer exponent)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^-"), "unexpected end of 'm^-' (expected an integer exponent)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^1.5"), "unexpected '.' at position 4 in 'm^1.5' (exponents are integers)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("s^(2 3)"), "unexpected '3' at position 6 in 's^(2 3)' (expected ')')",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^100"), "exponent out of range at position 3 in 'm^100' (at most 64)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("m^99999999999999999999"),
                       "exponent out of range at position 3 in 'm^99999999999999999999' (at most 64)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("(m^40)^2"), "unit '(m^40)^2' is out of range", std::invalid_argument);
  CHECK_THROWS_WITH_AS(parse_unit("Gm^64"), "unit 'Gm^64' is out of range", std::invalid_argument);
  CHECK_NOTHROW(parse_unit("m^64"));
  CHECK_NOTHROW(parse_unit("m^-64"));
}

TEST_CASE("quantities convert to SI") {
  CHECK(to_si("100 N/m", "N/m") == 100.0);
  CHECK(close(to_si("30 deg", "rad"), pi / 6.0));
  CHECK(close(to_si("3000 rpm", "rad/s"), 100.0 * pi));
  CHECK(close(to_si("5 ft*lbf/(rad/s)", "N*m*s/rad"), 5.0 * 0.3048 * 4.4482216152605));
  CHECK(to_si("2", "kg") == 2.0);  // no unit: already SI
  CHECK(to_si("2", "1") == 2.0);
  CHECK(close(to_si("1e-3 m", "m"), 1e-3));
  CHECK(close(to_si("-4.5 mm", "m"), -4.5e-3));
  CHECK(close(to_si("+2 km", "m"), 2000.0));
  CHECK(close(to_si(".5 s", "s"), 0.5));
  CHECK(close(to_si("  7.25   N*m  ", " N*m "), 7.25));
  CHECK(close(to_si("2 rev", "rad"), 4.0 * pi));
  CHECK(close(to_si("90 deg", "1"), pi / 2.0));
  CHECK(close(to_si("1.5 h", "s"), 5400.0));
  CHECK(close(to_si("2 min", "s"), 120.0));
  CHECK(close(to_si("12 in", "m"), 0.3048));
  CHECK(close(to_si("60 mph", "m/s"), 26.8224));
  CHECK(close(to_si("3 lb", "kg"), 3.0 * 0.45359237));
  CHECK(close(to_si("3 lbm", "kg"), 3.0 * 0.45359237));
  CHECK(close(to_si("1 lbf", "N"), 4.4482216152605));
  CHECK(close(to_si("36 km/h", "m/s"), 10.0));
  CHECK(close(to_si("2.5 g*cm^2", "kg*m^2"), 2.5e-7));
  CHECK(close(to_si("210 GPa", "N/m^2"), 2.1e11));
  CHECK(close(to_si("4 1/s", "Hz"), 4.0));
  CHECK(close(to_si("50 Hz", "rad/s"), 50.0));  // angles are dimensionless
  CHECK(close(to_si("1 km", "mm"), 1000.0));    // the result is SI; the expected unit only checks
  CHECK(close(to_si("2 kN*m", "J"), 2000.0));
  CHECK(close(to_si("0.1 N*m*s/rad", "N*m/(rad/s)"), 0.1));
}

TEST_CASE("a number directly followed by its unit") {
  CHECK(close(to_si("30deg", "rad"), pi / 6.0));
  CHECK(close(to_si("5mm", "m"), 5e-3));
  CHECK(close(to_si("1e3m", "m"), 1000.0));
  CHECK(close(to_si("2.5e-2kN", "N"), 25.0));
  CHECK(close(to_si("5in", "m"), 0.127));
}

TEST_CASE("bad quantities") {
  CHECK_THROWS_WITH_AS(to_si("3 kg", "N/m"), "expected a value in N/m (kg/s^2), got '3 kg' (kg)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("3 m/s", "rad"), "expected a value in rad (dimensionless), got '3 m/s' (m/s)",
                       std::invalid_argument);
  CHECK(to_si("3 N*m", "N*m/rad") == 3.0);  // rad = 1: equal dimensions
  CHECK_THROWS_WITH_AS(to_si("1 N", "Pa"), "expected a value in Pa (kg/(m*s^2)), got '1 N' (kg*m/s^2)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("abc N", "N"), "not a number: 'abc N'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("N", "N"), "not a number: 'N'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("", "N"), "not a number: ''", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("- 3 m", "m"), "not a number: '- 3 m'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("+-3 m", "m"), "not a number: '+-3 m'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("inf m", "m"), "not a finite number: 'inf m'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("-inf m", "m"), "not a finite number: '-inf m'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("nan", "m"), "not a finite number: 'nan'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("1e999 m", "m"), "number out of range: '1e999 m'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("1e300 Gm", "m"), "number out of range: '1e300 Gm'", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("3 Nm", "N*m"), "unknown unit 'Nm' (did you mean 'N*m'?)", std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("3 N/(m", "N/m"), "unbalanced parentheses in 'N/(m': '(' at position 3 is not closed",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("1,5 m", "m"), "unexpected ',' at position 1 in ',5 m' (expected a unit)",
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(to_si("3 m", "Nm"), "unknown unit 'Nm' (did you mean 'N*m'?)", std::invalid_argument);
}

}  // TEST_SUITE
