#include "core/model/json_checks.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/model/units.hpp"

namespace acausal::json_checks {

using nlohmann::json;

namespace {

/// Line and column of a byte offset, 1-based.
std::string line_column(std::string_view text, std::size_t offset) {
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

ModelError wrong_type(const std::string& pointer, const std::string& what, const std::string& expected,
                      const char* got) {
  return ModelError(pointer, what + " must be " + expected + ", got " + got);
}

ModelError unknown_key(const std::string& pointer, const std::string& key,
                       std::initializer_list<std::string_view> allowed) {
  std::string list;
  for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + ("\"" + std::string(a) + "\"");
  return ModelError(pointer + "/" + json_pointer_token(key), "unknown key \"" + key + "\"; valid keys: " + list);
}

void check_keys(const json& object, const std::string& pointer, std::initializer_list<std::string_view> allowed) {
  for (auto it = object.begin(); it != object.end(); ++it)
    if (std::find(allowed.begin(), allowed.end(), it.key()) == allowed.end())
      throw unknown_key(pointer, it.key(), allowed);
}

const json& require_object(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_object()) throw wrong_type(pointer, what, "an object", j.type_name());
  return j;
}

std::string require_string(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_string()) throw wrong_type(pointer, what, "a string", j.type_name());
  return j.get<std::string>();
}

double require_number(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_number()) throw wrong_type(pointer, what, "a number", j.type_name());
  double v = j.get<double>();
  if (!std::isfinite(v)) throw ModelError(pointer, what + " must be finite");
  return v;
}

double quantity(const json& value, const std::string& unit, const std::string& pointer, const std::string& what) {
  const std::string prefix = what.empty() ? "" : what + ": ";
  if (value.is_number()) return require_number(value, pointer, what.empty() ? "the value" : what);
  if (!value.is_string())
    throw ModelError(pointer, prefix + "expected a number or a \"<number> <unit>\" string in " + unit + ", got " +
                                  value.dump());
  try {
    return units::to_si(value.get<std::string>(), unit);  // finite, or it throws
  } catch (const std::invalid_argument& e) {
    throw ModelError(pointer, prefix + e.what());
  }
}

void check_format(const json& document, const std::string& pointer) {
  if (!document.contains("format")) throw ModelError(pointer + "/format", "missing \"format\": \"acausal/1\"");
  std::string format = require_string(document["format"], pointer + "/format", "\"format\"");
  if (format != "acausal/1")
    throw ModelError(pointer + "/format", "unsupported format \"" + format + "\"; this version reads \"acausal/1\"");
}

bool valid_name(std::string_view s) {
  // A loop, since std::regex costs microseconds per name.
  auto letter = [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_'; };
  auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  if (s.empty() || !letter(s[0])) return false;
  return std::all_of(s.begin() + 1, s.end(), [&](char ch) { return letter(ch) || digit(ch); });
}

void check_name(const std::string& name, const std::string& pointer, const char* what) {
  if (!valid_name(name))
    throw ModelError(pointer, std::string("invalid ") + what + " name \"" + name +
                                  "\": use letters, digits and _, not starting with a digit");
}

std::string connection_end_problem(const std::string& end, const std::vector<std::string>& before) {
  if (std::find(before.begin(), before.end(), end) != before.end()) return end + " appears twice in this connection";
  auto dot = end.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == end.size())
    return "\"" + end + "\" is not of the form \"instance.port\"";
  return "";
}

void rethrow_as_model_error(std::string_view text, const std::string& source) {
  try {
    throw;
  } catch (const json::out_of_range& e) {
    // A number too large for a double (JSON has no inf or NaN otherwise).
    std::string what = e.what();
    auto open = what.find('\'');
    auto close = what.rfind('\'');
    std::string number = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : what;
    throw ModelError("", source + ": JSON number out of range: " + number);
  } catch (const json::parse_error& e) {
    // nlohmann reports the byte offset; users want line and column.
    std::string what = e.what();
    auto colon = what.find("error while parsing");
    std::string detail = colon == std::string::npos ? what : what.substr(colon);
    throw ModelError("", source + ": JSON syntax error at " + line_column(text, e.byte == 0 ? 0 : e.byte - 1) +
                             ": " + detail);
  }
}

}  // namespace acausal::json_checks
