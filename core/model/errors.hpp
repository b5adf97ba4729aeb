#pragma once
/// @file
/// Errors a user can act on. Every one names where in the netlist the problem is.

#include <array>
#include <charconv>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace acausal {

/// A number as messages print it: `significant` digits (6 for a parameter's value, as
/// `std::ostream <<` prints it; 15 for a table's times, exact for what a netlist or a CSV file
/// writes), no trailing zeros.
inline std::string number_text(double v, int significant = 6) {
  std::array<char, 32> buffer{};
  const auto end =
      std::to_chars(buffer.data(), buffer.data() + buffer.size(), v, std::chars_format::general, significant).ptr;
  return std::string(buffer.data(), end);
}

/// A bad model or input: syntax, unknown names, units, values, structure, initial targets.
/// `pointer` is a JSON pointer into the netlist (`/components/spring1/params/c`), or empty when
/// the problem has no single location; a place in a subsystem file is `file:<file>#<JSON pointer>`
/// (`file:lib/gearbox.json#/components/shaft/params/J`).
class ModelError : public std::runtime_error {
 public:
  ModelError(std::string pointer, const std::string& message)
      : std::runtime_error(pointer.empty() ? message : pointer + ": " + message),
        pointer_(std::move(pointer)), message_(message) {}
  const std::string& pointer() const { return pointer_; }
  /// The message without the location prefix.
  const std::string& message() const { return message_; }

 private:
  std::string pointer_;
  std::string message_;
};

/// A ModelError about a file as a whole, whose message names the file: it cannot be read, is too
/// large, or is not JSON (syntax, a number out of range). Messages of other errors get the netlist's
/// file name in front (cli::guarded); these have it already.
class FileError : public ModelError {
 public:
  using ModelError::ModelError;
};

/// The Dulmage–Mendelsohn parts of a structurally singular model, in the netlist's terms (for
/// `acausal check --json`; the message says the same in words).
struct SingularParts {
  struct Equation {
    std::string pointer, origin, description, residual;
  };
  struct Unknown {
    std::string name, instance, pointer;
  };
  std::vector<Equation> over_equations;  ///< more equations than the unknowns they fix
  std::vector<Unknown> over_unknowns;
  std::vector<Equation> under_equations;  ///< fewer equations than the unknowns in them
  std::vector<Unknown> under_unknowns;
};

/// A structurally singular model: a ModelError that also carries its parts.
class StructuralError : public ModelError {
 public:
  StructuralError(std::string pointer, const std::string& message, SingularParts parts)
      : ModelError(std::move(pointer), message), parts_(std::move(parts)) {}
  const SingularParts& parts() const { return parts_; }

 private:
  SingularParts parts_;
};

/// True for a location in a subsystem file, `file:<file>#<JSON pointer>` (a JSON pointer into the
/// netlist itself is empty or starts with `/`).
inline bool in_subsystem_file(std::string_view location) { return location.starts_with("file:"); }

/// JSON pointer escaping of one reference token (RFC 6901): `~` → `~0`, `/` → `~1`.
std::string json_pointer_token(const std::string& token);

/// `a, b, c` for a message; beyond `limit` items `, ... (N in all)`.
template <typename Strings>
std::string join(const Strings& items, std::size_t limit = 12) {
  std::string s;
  for (std::size_t i = 0; i < items.size() && i < limit; ++i) s.append(i ? ", " : "").append(items[i]);
  if (items.size() > limit) s += ", ... (" + std::to_string(items.size()) + " in all)";
  return s;
}

}  // namespace acausal
