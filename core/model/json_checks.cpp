#include "core/model/json_checks.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <stdexcept>
#include <utility>
#include <vector>

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

/// `text` cut to at most `length` bytes, not inside a UTF-8 sequence.
std::string_view utf8_prefix(std::string_view text, std::size_t length) {
  if (text.size() <= length) return text;
  while (length > 0 && (static_cast<unsigned char>(text[length]) & 0xC0U) == 0x80U) --length;
  return text.substr(0, length);
}

/// A string as JSON text; of a long one, only the start (enough to fill `length`).
std::string quoted_start(std::string_view s, std::size_t length) {
  return json(std::string(utf8_prefix(s, length + 1))).dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace

namespace {

bool is_container(const json& value) { return value.is_array() || value.is_object(); }
json& last_element(json& container) {
  return container.is_array() ? container.get_ref<json::array_t&>().back()
                              : std::prev(container.get_ref<json::object_t&>().end())->second;
}
void drop_last_element(json& container) {
  if (container.is_array())
    container.get_ref<json::array_t&>().pop_back();
  else
    container.get_ref<json::object_t&>().erase(std::prev(container.get_ref<json::object_t&>().end()));
}

}  // namespace

void release_json(json& value) noexcept {
  // Down the last elements to a container whose last element holds no other (a scalar or an
  // empty container): it is dropped, and so are the ones before it alike; an emptied container is
  // dropped by its parent in turn. Dropping those frees without allocating. The parents on the way
  // down are kept in a ring of kKept on the stack; a parent older than that is found again from
  // the top (the path down is always the last elements).
  constexpr std::size_t kKept = 256;
  json* ring[kKept];
  std::size_t depth = 0;       // the parents of `node`
  std::size_t valid_from = 0;  // the least depth whose parent the ring still holds
  json* node = &value;
  auto nonempty_container = [](const json& v) { return is_container(v) && !v.empty(); };
  for (;;) {
    while (nonempty_container(*node) && !nonempty_container(last_element(*node))) drop_last_element(*node);
    if (nonempty_container(*node)) {
      if (depth >= kKept) valid_from = std::max(valid_from, depth - kKept + 1);
      ring[depth % kKept] = node;
      ++depth;
      node = &last_element(*node);
      continue;
    }
    if (depth == 0) break;
    --depth;
    if (depth < valid_from) {  // from the top again, refilling the ring
      node = &value;
      valid_from = depth >= kKept ? depth - kKept + 1 : 0;
      for (std::size_t d = 0; d < depth; ++d) {
        if (d >= valid_from) ring[d % kKept] = node;
        node = &last_element(*node);
      }
      ring[depth % kKept] = node;
    }
    node = ring[depth % kKept];
  }
  value = nullptr;
}

std::string text_excerpt(std::string_view text, std::size_t length) {
  if (text.size() <= length) return std::string(text);
  return std::string(utf8_prefix(text, length - 1)) + "…";
}

std::string json_excerpt(const json& value, std::size_t length) {
  std::string out;
  // The containers being written, each with the position of its next element.
  std::vector<std::pair<const json*, json::const_iterator>> open;
  auto write = [&](const json& v) {
    if (v.is_array() || v.is_object()) {
      out += v.is_array() ? '[' : '{';
      open.emplace_back(&v, v.cbegin());
    } else {
      out += v.is_string() ? quoted_start(v.get_ref<const std::string&>(), length) : v.dump();
    }
  };
  write(value);
  while (!open.empty() && out.size() <= length) {
    auto& [container, next] = open.back();
    if (next == container->cend()) {
      out += container->is_array() ? ']' : '}';
      open.pop_back();
      continue;
    }
    if (next != container->cbegin()) out += ',';
    const json::const_iterator element = next++;
    if (container->is_object()) out += quoted_start(element.key(), length) + ':';
    write(*element);
  }
  return text_excerpt(out, length);
}

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
                                  json_excerpt(value));
  try {
    return units::to_si(value.get<std::string>(), unit);  // finite, or it throws
  } catch (const std::invalid_argument& e) {
    throw ModelError(pointer, prefix + e.what());
  }
}

json quantities(const json& value, const std::string& unit, const std::string& pointer, const std::string& what) {
  if (!value.is_array()) return quantity(value, unit, pointer, what);
  if (value.empty()) throw ModelError(pointer, (what.empty() ? "" : what + ": ") + "an empty array");
  json out = json::array();
  for (std::size_t k = 0; k < value.size(); ++k) out.push_back(quantity(value[k], unit, pointer + "/" + std::to_string(k), what));
  return out;
}

void check_format(const json& document, const std::string& pointer) {
  if (!document.contains("format")) throw ModelError(pointer + "/format", "missing \"format\": \"acausal/1\"");
  std::string format = require_string(document["format"], pointer + "/format", "\"format\"");
  if (format != "acausal/1")
    throw ModelError(pointer + "/format", "unsupported format \"" + text_excerpt(format) + "\"; this version reads \"acausal/1\"");
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
  if (std::find(before.begin(), before.end(), end) != before.end())
    return text_excerpt(end) + " appears twice in this connection";
  auto dot = end.find('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == end.size())
    return "\"" + text_excerpt(end) + "\" is not of the form \"instance.port\"";
  return "";
}

void rethrow_as_model_error(std::string_view text, const std::string& source, bool quote_text) {
  try {
    throw;
  } catch (const json::out_of_range& e) {
    // A number too large for a double (JSON has no inf or NaN otherwise).
    std::string what = e.what();
    auto open = what.find('\'');
    auto close = what.rfind('\'');
    std::string number = open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : what;
    throw FileError("", source + ": JSON number out of range" + (quote_text ? ": " + text_excerpt(number) : ""));
  } catch (const json::parse_error& e) {
    // nlohmann reports the byte offset; users want line and column.
    std::string what = e.what();
    auto colon = what.find("error while parsing");
    std::string detail = colon == std::string::npos ? what : what.substr(colon);
    // "…; last read: '<the text read>'; expected …": the text shortened, or left out.
    constexpr std::string_view kLastRead = "; last read: '";
    if (const auto start = detail.find(kLastRead); start != std::string::npos) {
      const auto expected = detail.rfind("'; expected");
      const auto end = expected != std::string::npos && expected >= start + kLastRead.size() ? expected : detail.size() - 1;
      const std::string read = detail.substr(start + kLastRead.size(), end - start - kLastRead.size());
      detail = detail.substr(0, start) + (quote_text ? std::string(kLastRead) + text_excerpt(read, 40) + "'" : "") +
               detail.substr(end + 1);
    }
    throw FileError("", source + ": JSON syntax error at " + line_column(text, e.byte == 0 ? 0 : e.byte - 1) +
                            ": " + detail);
  }
}

}  // namespace acausal::json_checks
