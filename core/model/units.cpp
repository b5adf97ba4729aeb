/// @file
/// Unit strings: a small recursive-descent parser over a fixed table of unit symbols.
///
/// Accepted symbols (factor to SI, dimension):
///
///   symbol  meaning              factor                 dimension   SI prefixes
///   m       metre                1                      m           yes
///   g       gram                 1e-3                   kg          yes (kg = k + g)
///   s       second               1                      s           yes
///   A       ampere               1                      A           yes
///   K       kelvin               1                      K           yes
///   mol     mole                 1                      mol         yes
///   cd      candela              1                      cd          yes
///   N       newton               1                      kg*m/s^2    yes
///   J       joule                1                      kg*m^2/s^2  yes
///   W       watt                 1                      kg*m^2/s^3  yes
///   Pa      pascal               1                      kg/(m*s^2)  yes
///   Hz      hertz                1                      1/s         yes
///   rad     radian               1                      1           yes
///   deg     degree               π/180                  1           no
///   rev     revolution           2π                     1           no
///   rpm     revolution/minute    2π/60                  1/s         no
///   min     minute               60                     s           no
///   h       hour                 3600                   s           no
///   ft      foot                 0.3048                 m           no
///   in      inch                 0.0254                 m           no
///   mph     mile per hour        0.44704                m/s         no
///   lbf     pound-force          4.4482216152605        kg*m/s^2    no
///   lb, lbm pound (mass)         0.45359237             kg          no
///
/// SI prefixes: G (1e9), M (1e6), k (1e3), c (1e-2), m (1e-3), u, µ (U+00B5) or μ (U+03BC) (1e-6),
/// n (1e-9), p (1e-12). `h` is the hour, never hecto. An exact symbol wins over prefix + symbol
/// ("min" is the minute, "cd" the candela); otherwise a prefix applies to one unprefixed symbol of
/// the table ("mm", "ms", "kN", "kg"), never to a prefixed one ("mkg" is unknown).
///
/// Grammar (whitespace allowed between tokens):
///
///   unit       := term { ('*' | '.' | '/') term }      left-associative: N/m/s = N/(m*s)
///   term       := primary [ '^' exponent ]
///   primary    := symbol | '1' | '(' unit ')'
///   exponent   := integer | '(' integer ')'            integer := ['+' | '-'] digits
///
/// Exponents, written and accumulated, are at most 64 in magnitude.
///
/// Angles are dimensionless (rad = 1), as in SI. Errors are std::invalid_argument whose message
/// quotes the text as given; positions count characters from 1. An unknown symbol gets a
/// suggestion only when one is plausible and itself a valid unit ("Nm" → "N*m", "sec" → "s").
///
/// Quantities ("<number> <unit>", to_si): the number is read by std::from_chars (general format,
/// plus an optional leading '+'); the unit may follow without a space ("30deg", "5mm") — no symbol
/// starts with 'e' or a digit, so this is unambiguous — or be omitted, in which case the value is
/// already SI. The expected unit only fixes the dimension: the result is always in SI base units.

#include "core/model/units.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace acausal::units {
namespace {

constexpr double pi = std::numbers::pi;

/// Largest magnitude of a dimension exponent (literal or accumulated); beyond it a unit is
/// certainly a mistake, and the bound keeps integer arithmetic far from overflow.
constexpr int max_exponent = 64;

constexpr Dimension dimension(int m, int kg, int s, int ampere = 0, int kelvin = 0, int mol = 0,
                              int cd = 0) {
  return Dimension{{m, kg, s, ampere, kelvin, mol, cd}};
}

struct Symbol {
  std::string_view name;
  double factor;
  Dimension dimension;
  bool prefixable;
};

constexpr std::array symbols{
    Symbol{"m", 1.0, dimension(1, 0, 0), true},
    Symbol{"g", 1e-3, dimension(0, 1, 0), true},
    Symbol{"s", 1.0, dimension(0, 0, 1), true},
    Symbol{"A", 1.0, dimension(0, 0, 0, 1), true},
    Symbol{"K", 1.0, dimension(0, 0, 0, 0, 1), true},
    Symbol{"mol", 1.0, dimension(0, 0, 0, 0, 0, 1), true},
    Symbol{"cd", 1.0, dimension(0, 0, 0, 0, 0, 0, 1), true},
    Symbol{"N", 1.0, dimension(1, 1, -2), true},
    Symbol{"J", 1.0, dimension(2, 1, -2), true},
    Symbol{"W", 1.0, dimension(2, 1, -3), true},
    Symbol{"Pa", 1.0, dimension(-1, 1, -2), true},
    Symbol{"Hz", 1.0, dimension(0, 0, -1), true},
    Symbol{"rad", 1.0, dimension(0, 0, 0), true},
    Symbol{"deg", pi / 180.0, dimension(0, 0, 0), false},
    Symbol{"rev", 2.0 * pi, dimension(0, 0, 0), false},
    Symbol{"rpm", 2.0 * pi / 60.0, dimension(0, 0, -1), false},
    Symbol{"min", 60.0, dimension(0, 0, 1), false},
    Symbol{"h", 3600.0, dimension(0, 0, 1), false},
    Symbol{"ft", 0.3048, dimension(1, 0, 0), false},
    Symbol{"in", 0.0254, dimension(1, 0, 0), false},
    Symbol{"mph", 0.44704, dimension(1, 0, -1), false},
    Symbol{"lbf", 4.4482216152605, dimension(1, 1, -2), false},
    Symbol{"lb", 0.45359237, dimension(0, 1, 0), false},
    Symbol{"lbm", 0.45359237, dimension(0, 1, 0), false},
};

struct Prefix {
  std::string_view name;
  double factor;
};

constexpr std::array prefixes{
    Prefix{"G", 1e9},       Prefix{"M", 1e6},       Prefix{"k", 1e3},  Prefix{"c", 1e-2},
    Prefix{"m", 1e-3},      Prefix{"u", 1e-6},      Prefix{"\u00b5", 1e-6},  // micro sign
    Prefix{"\u03bc", 1e-6},  // Greek small mu
    Prefix{"n", 1e-9},      Prefix{"p", 1e-12},
};

/// Common spellings that are not symbols here, and the symbol meant.
struct Alias {
  std::string_view spelling;
  std::string_view symbol;
};

constexpr std::array aliases{
    Alias{"sec", "s"},        Alias{"secs", "s"},        Alias{"second", "s"},
    Alias{"seconds", "s"},    Alias{"mins", "min"},      Alias{"minute", "min"},
    Alias{"minutes", "min"},  Alias{"hr", "h"},          Alias{"hrs", "h"},
    Alias{"hour", "h"},       Alias{"hours", "h"},       Alias{"degree", "deg"},
    Alias{"degrees", "deg"},  Alias{"\u00b0", "deg"},    Alias{"radian", "rad"},
    Alias{"radians", "rad"},  Alias{"revolution", "rev"}, Alias{"revolutions", "rev"},
    Alias{"lbs", "lb"},       Alias{"inch", "in"},       Alias{"inches", "in"},
    Alias{"foot", "ft"},      Alias{"feet", "ft"},       Alias{"meter", "m"},
    Alias{"meters", "m"},     Alias{"metre", "m"},       Alias{"metres", "m"},
    Alias{"gram", "g"},       Alias{"grams", "g"},
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }
char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

/// `text` in quotes for a message; a text longer than 80 bytes, its start and "…".
std::string quoted(std::string_view text) {
  constexpr std::size_t kLength = 80;
  if (text.size() <= kLength) return "'" + std::string(text) + "'";
  std::size_t cut = kLength - 1;
  while (cut > 0 && is_continuation(text[cut])) --cut;
  return "'" + std::string(text.substr(0, cut)) + "…'";
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

/// Length in bytes of the non-ASCII characters that may be part of a symbol (µ, μ, °) at `at`,
/// or 0.
std::size_t symbol_multibyte(std::string_view text, std::size_t at) {
  for (std::string_view special : {"\u00b5", "\u03bc", "\u00b0"})
    if (text.substr(at, special.size()) == special) return special.size();
  return 0;
}

/// Length in bytes of the symbol starting at `at` (a run of letters, µ, μ and °), or 0.
std::size_t symbol_length(std::string_view text, std::size_t at) {
  std::size_t end = at;
  while (end < text.size()) {
    if (is_ascii_letter(text[end])) {
      ++end;
    } else if (std::size_t n = symbol_multibyte(text, end); n > 0) {
      end += n;
    } else {
      break;
    }
  }
  return end - at;
}

std::optional<Unit> lookup(std::string_view name) {
  for (const Symbol& symbol : symbols)
    if (symbol.name == name) return Unit{symbol.factor, symbol.dimension};
  return std::nullopt;
}

/// The unit of a symbol: an exact symbol first, then prefix + prefixable symbol.
std::optional<Unit> resolve(std::string_view name) {
  if (std::optional<Unit> exact = lookup(name)) return exact;
  for (const Prefix& prefix : prefixes) {
    if (name.size() <= prefix.name.size() || !name.starts_with(prefix.name)) continue;
    std::string_view rest = name.substr(prefix.name.size());
    for (const Symbol& symbol : symbols)
      if (symbol.prefixable && symbol.name == rest)
        return Unit{prefix.factor * symbol.factor, symbol.dimension};
  }
  return std::nullopt;
}

/// Every symbol the parser knows, prefixed ones included (for case-insensitive suggestions).
std::vector<std::string> known_symbols() {
  std::vector<std::string> all;
  for (const Symbol& symbol : symbols) {
    all.emplace_back(symbol.name);
    if (symbol.prefixable)
      for (const Prefix& prefix : prefixes) all.push_back(std::string(prefix.name) + std::string(symbol.name));
  }
  return all;
}

bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

/// What the user may have meant by an unknown symbol, tried in order: a common spelling
/// ("sec" → "s"), a capital K for the kilo prefix ("KN" → "kN"), a product written without
/// operators ("Nm" → "N*m", in two or three parts), a symbol differing only in ASCII case
/// ("RPM" → "rpm"). More than three candidates suggest nothing.
std::vector<std::string> suggestions(std::string_view name) {
  for (const Alias& alias : aliases)
    if (alias.spelling == name) return {std::string(alias.symbol)};

  if (name.size() > 1 && name.front() == 'K') {
    std::string kilo = "k" + std::string(name.substr(1));
    if (resolve(kilo)) return {kilo};
  }

  std::vector<std::string> found;
  const std::size_t n = name.size();
  if (n <= 16) {
    for (std::size_t i = 1; i < n; ++i)
      if (resolve(name.substr(0, i)) && resolve(name.substr(i)))
        found.push_back(std::string(name.substr(0, i)) + "*" + std::string(name.substr(i)));
    for (std::size_t i = 1; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (resolve(name.substr(0, i)) && resolve(name.substr(i, j - i)) && resolve(name.substr(j)))
          found.push_back(std::string(name.substr(0, i)) + "*" + std::string(name.substr(i, j - i)) + "*" +
                          std::string(name.substr(j)));
  }
  if (found.empty())
    for (const std::string& known : known_symbols())
      if (equal_ignoring_ascii_case(known, name)) found.push_back(known);
  if (found.size() > 3) found.clear();
  return found;
}

std::string unknown_symbol_message(std::string_view name, std::string_view text) {
  std::string message = "unknown unit " + quoted(name);
  if (name != trim(text)) message += " in " + quoted(text);
  const std::string_view after_h = name.substr(std::min<std::size_t>(1, name.size()));
  if (name.starts_with('h') && std::any_of(symbols.begin(), symbols.end(), [&](const Symbol& symbol) {
        return symbol.prefixable && symbol.name == after_h;
      }))
    return message + " ('h' is the hour, not a prefix)";
  std::vector<std::string> candidates = suggestions(name);
  if (candidates.empty()) return message;
  message += " (did you mean ";
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) message += i + 1 == candidates.size() ? " or " : ", ";
    message += quoted(candidates[i]);
  }
  return message + "?)";
}

void check_range(const Unit& unit, std::string_view text) {
  bool ok = std::isnormal(unit.factor);
  for (int e : unit.dimension.exponent) ok = ok && e >= -max_exponent && e <= max_exponent;
  if (!ok) throw std::invalid_argument("unit " + quoted(text) + " is out of range");
}

Unit multiply(const Unit& a, const Unit& b, int sign) {
  Unit result{sign > 0 ? a.factor * b.factor : a.factor / b.factor, a.dimension};
  for (std::size_t i = 0; i < result.dimension.exponent.size(); ++i)
    result.dimension.exponent[i] += sign * b.dimension.exponent[i];
  return result;
}

Unit power(const Unit& base, int n) {
  Unit result{std::pow(base.factor, n), base.dimension};
  for (int& e : result.dimension.exponent) e *= n;
  return result;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Unit parse() {
    if (trim(text_).empty()) throw std::invalid_argument("empty unit " + quoted(text_));
    Unit unit = expression();
    skip_space();
    if (pos_ < text_.size()) {
      if (text_[pos_] == ')')
        throw std::invalid_argument("unbalanced parentheses in " + quoted(text_) + ": ')' at position " +
                                    std::to_string(position(pos_)) + " has no '('");
      unexpected(hint_after_term());
    }
    return unit;
  }

 private:
  /// Each '(' is a call deeper in this recursive parser: a bound keeps a hostile text from
  /// overflowing the stack.
  static constexpr int kMaxParentheses = 32;

  std::string_view text_;
  std::size_t pos_ = 0;
  int depth_ = 0;  ///< the parentheses open at pos_

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }

  void skip_space() {
    while (!at_end() && is_space(peek())) ++pos_;
  }

  /// 1-based character position of byte `at` (UTF-8 continuation bytes do not count).
  std::size_t position(std::size_t at) const {
    return 1 + static_cast<std::size_t>(std::count_if(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(at),
                                                      [](char c) { return !is_continuation(c); }));
  }

  /// The token at `pos_` as the user sees it: a symbol, a run of digits or one character.
  std::string_view token() const {
    std::size_t n = symbol_length(text_, pos_);
    if (n == 0 && is_digit(peek()))
      while (pos_ + n < text_.size() && is_digit(text_[pos_ + n])) ++n;
    if (n == 0) {
      n = 1;
      while (pos_ + n < text_.size() && is_continuation(text_[pos_ + n])) ++n;
    }
    return text_.substr(pos_, n);
  }

  [[noreturn]] void unexpected(std::string_view hint) const {
    std::string message = at_end() ? "unexpected end of " + quoted(text_)
                                   : "unexpected " + quoted(token()) + " at position " +
                                         std::to_string(position(pos_)) + " in " + quoted(text_);
    if (!hint.empty()) message += " (" + std::string(hint) + ")";
    throw std::invalid_argument(message);
  }

  [[noreturn]] void unclosed(std::size_t open) const {
    throw std::invalid_argument("unbalanced parentheses in " + quoted(text_) + ": '(' at position " +
                                std::to_string(position(open)) + " is not closed");
  }

  /// Why the character after a complete term cannot continue the unit.
  std::string_view hint_after_term() const {
    char c = peek();
    if (is_digit(c)) return "powers are written with '^'";
    const bool non_ascii = static_cast<unsigned char>(c) >= 0x80U;
    if (is_ascii_letter(c) || c == '(' || c == '-' || non_ascii)
      return "multiply with '*' or '.'";
    return "";
  }

  Unit expression() {
    Unit unit = term();
    for (;;) {
      skip_space();
      if (at_end()) return unit;
      char op = peek();
      if (op != '*' && op != '.' && op != '/') return unit;
      ++pos_;
      unit = multiply(unit, term(), op == '/' ? -1 : 1);
      check_range(unit, text_);
    }
  }

  Unit term() {
    Unit unit = primary();
    skip_space();
    if (!at_end() && peek() == '^') {
      ++pos_;
      unit = power(unit, exponent());
      check_range(unit, text_);
    }
    return unit;
  }

  Unit primary() {
    skip_space();
    if (at_end()) unexpected("expected a unit");
    if (peek() == '(') {
      const std::size_t open = pos_++;
      if (++depth_ > kMaxParentheses)
        throw std::invalid_argument("parentheses nested more than " + std::to_string(kMaxParentheses) +
                                    " deep in " + quoted(text_));
      Unit unit = expression();
      --depth_;
      skip_space();
      if (at_end()) unclosed(open);
      if (peek() != ')') unexpected(hint_after_term());
      ++pos_;
      return unit;
    }
    if (std::size_t n = symbol_length(text_, pos_); n > 0) {
      std::string_view name = text_.substr(pos_, n);
      std::optional<Unit> unit = resolve(name);
      if (!unit) throw std::invalid_argument(unknown_symbol_message(name, text_));
      pos_ += n;
      return *unit;
    }
    if (token() == "1") {
      ++pos_;
      return Unit{};
    }
    unexpected(is_digit(peek()) ? "the only number in a unit is 1" : "expected a unit");
  }

  int exponent() {
    skip_space();
    if (at_end()) unexpected("expected an integer exponent");
    std::optional<std::size_t> open;
    if (peek() == '(') {
      open = pos_++;
      skip_space();
      if (at_end()) unclosed(*open);
    }
    const std::size_t start = pos_;
    int sign = 1;
    if (peek() == '+' || peek() == '-') {
      sign = peek() == '-' ? -1 : 1;
      ++pos_;
      skip_space();
    }
    if (at_end() || !is_digit(peek())) {
      if (at_end() && open) unclosed(*open);
      unexpected("expected an integer exponent");
    }
    int value = 0;
    for (; !at_end() && is_digit(peek()); ++pos_)
      value = std::min(10 * value + (peek() - '0'), 10 * max_exponent);
    if (pos_ + 1 < text_.size() && peek() == '.' && is_digit(text_[pos_ + 1]))
      unexpected("exponents are integers");
    if (value > max_exponent)
      throw std::invalid_argument("exponent out of range at position " + std::to_string(position(start)) + " in " +
                                  quoted(text_) + " (at most " + std::to_string(max_exponent) + ")");
    if (open) {
      skip_space();
      if (at_end()) unclosed(*open);
      if (peek() != ')') unexpected("expected ')'");
      ++pos_;
    }
    return sign * value;
  }
};

}  // namespace

std::string Dimension::to_string() const {
  static constexpr std::array<std::string_view, 7> names{"m", "kg", "s", "A", "K", "mol", "cd"};
  static constexpr std::array<std::size_t, 7> order{1, 0, 2, 3, 4, 5, 6};  // kg*m^2/s^2
  // Built by appending only: GCC 12 at -O3 reports a false -Wrestrict on some string concatenations.
  auto factors = [&](int sign, int& count) {
    std::string side;
    for (std::size_t i : order) {
      const int e = sign * exponent[i];
      if (e <= 0) continue;
      if (count++ > 0) side += '*';
      side += names[i];
      if (e != 1) {
        side += '^';
        side += std::to_string(e);
      }
    }
    return side;
  };
  int above = 0;
  int below = 0;
  std::string text = factors(1, above);
  const std::string denominator = factors(-1, below);
  if (above == 0) text += '1';
  if (below == 0) return text;
  text += '/';
  if (below > 1) text += '(';
  text += denominator;
  if (below > 1) text += ')';
  return text;
}

Unit parse_unit(std::string_view text) { return Parser(text).parse(); }

double to_si(std::string_view quantity, std::string_view expected_unit) {
  const std::string_view text = trim(quantity);
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (text.size() > 1 && text[0] == '+' && (is_digit(text[1]) || text[1] == '.')) ++first;
  double value = 0.0;
  const std::from_chars_result number = std::from_chars(first, last, value);
  if (number.ec == std::errc::invalid_argument) throw std::invalid_argument("not a number: " + quoted(quantity));
  if (number.ec == std::errc::result_out_of_range)
    throw std::invalid_argument("number out of range: " + quoted(quantity));
  if (!std::isfinite(value)) throw std::invalid_argument("not a finite number: " + quoted(quantity));

  const Unit expected = parse_unit(expected_unit);
  const std::string_view unit_text = trim(std::string_view(number.ptr, static_cast<std::size_t>(last - number.ptr)));
  if (unit_text.empty()) return value;  // no unit: already SI
  const Unit unit = parse_unit(unit_text);
  if (unit.dimension != expected.dimension) {
    const std::string expected_text(trim(expected_unit));
    const std::string wanted =
        expected.dimension != Dimension{} ? "a value in " + expected_text + " (" + expected.dimension.to_string() + ")"
        : expected_text == "1"            ? std::string("a dimensionless value")
                                          : "a value in " + expected_text + " (dimensionless)";
    throw std::invalid_argument("expected " + wanted + ", got " + quoted(quantity) + " (" +
                                unit.dimension.to_string() + ")");
  }
  const double si = value * unit.factor;
  if (!std::isfinite(si)) throw std::invalid_argument("number out of range: " + quoted(quantity));
  return si;
}

}  // namespace acausal::units
