#pragma once
/// @file
/// The checks of JSON values that the netlist reader and the subsystem reader share, with their
/// messages: wrong types, unknown keys, names, connection ends, and JSON syntax errors as line and
/// column.

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"

namespace acausal::json_checks {

/// The most characters of a JSON value that a message shows (json_excerpt).
inline constexpr std::size_t kExcerptLength = 80;

/// `value` as JSON text for a message: whole when it is at most `length` characters, else its
/// first characters and "…". Written without recursion and stopping at `length`, so a value nested
/// thousands of levels deep or holding millions of elements prints as quickly as a small one.
std::string json_excerpt(const nlohmann::json& value, std::size_t length = kExcerptLength);

/// `text` for a message: whole when it is at most `length` bytes, else its start and "…".
std::string text_excerpt(std::string_view text, std::size_t length = kExcerptLength);

/// Empties `value` (and leaves it null) without allocating. nlohmann's destructor allocates a
/// vector the size of the largest array or object it frees, which throws std::bad_alloc, and so
/// terminates the program, when it runs while an earlier std::bad_alloc unwinds the stack.
void release_json(nlohmann::json& value) noexcept;

/// "<what> must be <expected>, got <type>".
ModelError wrong_type(const std::string& pointer, const std::string& what, const std::string& expected,
                      const char* got);

/// `unknown key "<key>"; valid keys: "a", "b"` at `pointer/<key>`.
ModelError unknown_key(const std::string& pointer, const std::string& key,
                       std::initializer_list<std::string_view> allowed);

/// The first key of `object` (in its sorted order) that is not allowed is an error.
void check_keys(const nlohmann::json& object, const std::string& pointer,
                std::initializer_list<std::string_view> allowed);

const nlohmann::json& require_object(const nlohmann::json& j, const std::string& pointer, const std::string& what);
std::string require_string(const nlohmann::json& j, const std::string& pointer, const std::string& what);
/// A finite number.
double require_number(const nlohmann::json& j, const std::string& pointer, const std::string& what);

/// A real quantity given as a number (SI) or a string `"<number> <unit>"` whose unit has the
/// dimension of `unit`: its value in SI. @throws ModelError at `pointer` (the message prefixed with
/// `<what>: ` when `what` is given).
double quantity(const nlohmann::json& value, const std::string& unit, const std::string& pointer,
                const std::string& what = "");

/// A quantity (as quantity()) or a non-empty array of them, each in `unit`: a number or an array of
/// numbers in SI. @throws ModelError at the value or the element.
nlohmann::json quantities(const nlohmann::json& value, const std::string& unit, const std::string& pointer,
                          const std::string& what = "");

/// `"format": "acausal/1"`, required in `document` (a netlist or a subsystem file).
void check_format(const nlohmann::json& document, const std::string& pointer);

/// [A-Za-z_][A-Za-z0-9_]*: instance, subsystem, parameter and port names.
bool valid_name(std::string_view s);
/// @throws ModelError `invalid <what> name "<name>": use letters, …` unless valid_name(name).
void check_name(const std::string& name, const std::string& pointer, const char* what);

/// The message of a connection entry that is not an array of two or more strings.
inline constexpr const char* kConnectionShape = "a connection is an array of two or more \"instance.port\" strings";
/// The message of a connection with the single end `port`, quoting it.
inline std::string one_port_connection(const std::string& port) {
  return "a connection joins two or more ports, this one has only \"" + port +
         "\" (a port left out of every connection is open)";
}

/// The problem of one connection end among the ends before it ("appears twice", "is not of the
/// form \"instance.port\""), or an empty string.
std::string connection_end_problem(const std::string& end, const std::vector<std::string>& before);

/// The FileError for a JSON syntax error (line and column) or a number out of range, thrown by
/// nlohmann while reading `text` from `source`; rethrows anything else. The text read where the
/// error is (nlohmann's "last read") is quoted, shortened, when `quote_text`, else left out.
[[noreturn]] void rethrow_as_model_error(std::string_view text, const std::string& source, bool quote_text = true);

}  // namespace acausal::json_checks
