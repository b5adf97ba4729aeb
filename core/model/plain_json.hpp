#pragma once
/// @file
/// A fast pass over plain JSON text for a SAX handler written for nlohmann::json (the same events:
/// null, boolean, number_integer/number_unsigned/number_float, string, key, start/end of objects
/// and arrays). "Plain" is what generated netlists are: ASCII strings without escapes, numbers that
/// fit their type. At anything else (an escape, a byte outside printable ASCII in a string, a number
/// out of range, a syntax error) it stops and returns false: the caller then starts over with
/// nlohmann's parser, which reads everything JSON allows and words the errors. On plain text both
/// give the handler the same events with the same values; this one reads a 32 MB netlist several
/// times faster (nlohmann's lexer reads a character at a time through an input adapter).

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <system_error>

namespace acausal::plain_json {

namespace detail {

/// The reader's position in the text; every step returns false when the text is not plain.
template <typename Sax>
class Reader {
 public:
  Reader(std::string_view text, Sax& sax) : p_(text.data()), end_(text.data() + text.size()), sax_(sax) {}

  bool document() {
    if (!value(0)) return false;
    skip_space();
    return p_ == end_;
  }

 private:
  /// Deeper documents are left to nlohmann (whose limit is memory, not this reader's stack).
  static constexpr int kMaxDepth = 200;

  void skip_space() {
    while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
  }

  bool value(int depth) {
    skip_space();
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return depth < kMaxDepth && object(depth + 1);
      case '[':
        return depth < kMaxDepth && array(depth + 1);
      case '"': {
        std::string s;
        return string(s) && sax_.string(s);
      }
      case 't':
        return literal("true") && sax_.boolean(true);
      case 'f':
        return literal("false") && sax_.boolean(false);
      case 'n':
        return literal("null") && sax_.null();
      default:
        return number();
    }
  }

  bool object(int depth) {
    ++p_;  // '{'
    if (!sax_.start_object(static_cast<std::size_t>(-1))) return false;
    skip_space();
    if (p_ != end_ && *p_ == '}') {
      ++p_;
      return sax_.end_object();
    }
    std::string key;
    for (;;) {
      skip_space();
      if (p_ == end_ || *p_ != '"' || !string(key) || !sax_.key(key)) return false;
      skip_space();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      if (!value(depth)) return false;
      skip_space();
      if (p_ == end_) return false;
      if (*p_ == '}') {
        ++p_;
        return sax_.end_object();
      }
      if (*p_++ != ',') return false;
    }
  }

  bool array(int depth) {
    ++p_;  // '['
    if (!sax_.start_array(static_cast<std::size_t>(-1))) return false;
    skip_space();
    if (p_ != end_ && *p_ == ']') {
      ++p_;
      return sax_.end_array();
    }
    for (;;) {
      if (!value(depth)) return false;
      skip_space();
      if (p_ == end_) return false;
      if (*p_ == ']') {
        ++p_;
        return sax_.end_array();
      }
      if (*p_++ != ',') return false;
    }
  }

  /// A string of printable ASCII without escapes, into `out`.
  bool string(std::string& out) {
    const char* start = ++p_;  // after '"'
    while (p_ != end_ && *p_ != '"') {
      const auto c = static_cast<unsigned char>(*p_);
      if (c < 0x20 || c >= 0x7F || c == '\\') return false;
      ++p_;
    }
    if (p_ == end_) return false;
    out.assign(start, p_);
    ++p_;  // '"'
    return true;
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }

  /// A number in JSON's grammar: an integer as nlohmann reads one (unsigned when not negative,
  /// signed when negative), else a double.
  bool number() {
    const char* start = p_;
    const bool negative = p_ != end_ && *p_ == '-';
    if (negative) ++p_;
    if (p_ == end_ || !is_digit(*p_)) return false;
    if (*p_ == '0') {
      ++p_;
    } else {
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    bool integer = true;
    if (p_ != end_ && *p_ == '.') {
      integer = false;
      ++p_;
      if (p_ == end_ || !is_digit(*p_)) return false;
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      integer = false;
      ++p_;
      if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
      if (p_ == end_ || !is_digit(*p_)) return false;
      while (p_ != end_ && is_digit(*p_)) ++p_;
    }
    if (integer && negative) {
      std::int64_t v = 0;
      return parsed(std::from_chars(start, p_, v)) && sax_.number_integer(v);
    }
    if (integer) {
      std::uint64_t v = 0;
      return parsed(std::from_chars(start, p_, v)) && sax_.number_unsigned(v);
    }
    double v = 0.0;
    // Correctly rounded, as strtod (nlohmann's) is; out of range (an overflow, or an underflow
    // that from_chars reports) is left to nlohmann to read or to word.
    std::string text(start, p_);
    return parsed(std::from_chars(start, p_, v)) && sax_.number_float(v, text);
  }

  bool parsed(std::from_chars_result r) const { return r.ec == std::errc() && r.ptr == p_; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }

  const char* p_;
  const char* end_;
  Sax& sax_;
};

}  // namespace detail

/// Gives `sax` the events of `text` when the text is plain; false (the events so far given) when
/// it is not, or when the handler returns false.
template <typename Sax>
bool sax_parse(std::string_view text, Sax& sax) {
  return detail::Reader<Sax>(text, sax).document();
}

}  // namespace acausal::plain_json
