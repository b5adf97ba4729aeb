#include <doctest/doctest.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/plain_json.hpp"

using nlohmann::json;

namespace {

/// Writes down every event with its value exactly (doubles by their bits), to compare two readers.
struct Recorder {
  std::vector<std::string> events;

  bool null() { return add("null"); }
  bool boolean(bool b) { return add(b ? "true" : "false"); }
  bool number_integer(json::number_integer_t v) { return add("int " + std::to_string(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return add("unsigned " + std::to_string(v)); }
  bool number_float(json::number_float_t v, const std::string& /*text*/) {
    char bits[32];
    std::snprintf(bits, sizeof bits, "%a", v);
    return add(std::string("float ") + bits);
  }
  bool string(std::string& s) { return add("string " + s); }
  bool binary(json::binary_t& /*b*/) { return add("binary"); }
  bool start_object(std::size_t /*n*/) { return add("{"); }
  bool key(std::string& k) { return add("key " + k); }
  bool end_object() { return add("}"); }
  bool start_array(std::size_t /*n*/) { return add("["); }
  bool end_array() { return add("]"); }
  template <typename Exception>
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& /*e*/) {
    return add("error");
  }

  bool add(std::string e) {
    events.push_back(std::move(e));
    return true;
  }
};

std::vector<std::string> nlohmann_events(const std::string& text) {
  Recorder r;
  json::sax_parse(text, &r);
  return r.events;
}

/// The plain reader's events, or nothing when it leaves the text to nlohmann.
std::optional<std::vector<std::string>> plain_events(const std::string& text) {
  Recorder r;
  if (!acausal::plain_json::sax_parse(text, r)) return std::nullopt;
  return r.events;
}

}  // namespace

TEST_CASE("plain JSON: the same events and values as nlohmann's parser") {
  const std::vector<std::string> documents{
      R"({"a": 1, "b": [true, false, null], "c": {"d": "text with spaces", "e": ""}, "f": []})",
      R"( [0, -0, 12, -12, 9223372036854775807, -9223372036854775808, 18446744073709551615] )",
      R"([0.1, -2.5, 1e3, 2.5E+3, 7e-5, 1.7976931348623157e308, 4.9e-324, -0.0, 123456789012345678901234.5])",
      "{\n\t\"components\": {\"m\": {\"type\": \"translational.Mass\", \"params\": {\"m\": 1.0}}}\r\n}",
      R"({})",
      R"([[[[]]]])",
      R"("a string alone")",
      R"(3.25)",
  };
  for (const std::string& text : documents) {
    CAPTURE(text);
    const auto plain = plain_events(text);
    REQUIRE(plain);
    CHECK(*plain == nlohmann_events(text));
  }
}

TEST_CASE("plain JSON: decimal numbers round as strtod rounds them") {
  // 2000 numbers of 1 to 19 significant digits, exponents from -320 to 300 (a fixed sequence).
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return state;
  };
  std::string text = "[";
  for (int k = 0; k < 2000; ++k) {
    const std::string digits = std::to_string(next() % 10000000000000000000ull);
    const int exponent = static_cast<int>(next() % 621) - 320;
    text += (k ? "," : "") + digits.substr(0, 1) + "." + digits.substr(1) + "e" + std::to_string(exponent);
  }
  text += "]";
  const auto plain = plain_events(text);
  REQUIRE(plain);  // subnormal results too (from_chars reports only what rounds to 0 or overflows)
  CHECK(*plain == nlohmann_events(text));
}

TEST_CASE("plain JSON: escapes, non-ASCII text, numbers out of range and syntax errors are left to nlohmann") {
  for (const std::string text : {R"({"a": "line\nbreak"})", "{\"a\": \"caf\xC3\xA9\"}", R"([18446744073709551616])",
                                 R"([1e400])", R"({"a": 1,})", R"({"a" 1})", R"([1 2])", R"([01])", R"([1.])",
                                 R"([.5])", R"([tru])", R"({"a": 1} x)", "", R"([-])", R"({"a": "unterminated)"}) {
    CAPTURE(text);
    CHECK_FALSE(plain_events(text));
  }
}
