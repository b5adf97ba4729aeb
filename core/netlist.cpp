#include "core/netlist.hpp"

#include <cmath>
#include <fstream>
#include <optional>
#include <algorithm>
#include <initializer_list>
#include <string_view>
#include <set>
#include <sstream>

#include "core/errors.hpp"

namespace acausal {

using nlohmann::json;

NetlistComponent* Netlist::find(std::string_view component) {
  for (NetlistComponent& c : components)
    if (c.name == component) return &c;
  return nullptr;
}

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

std::string type_name(const json& j) { return j.type_name(); }

void check_keys(const json& object, const std::string& pointer, std::initializer_list<std::string_view> allowed) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (std::find(allowed.begin(), allowed.end(), it.key()) != allowed.end()) continue;
    std::string list;
    for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + ("\"" + std::string(a) + "\"");
    throw ModelError(pointer + "/" + json_pointer_token(it.key()),
                     "unknown key \"" + it.key() + "\"; valid keys: " + list);
  }
}

const json& require_object(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_object()) throw ModelError(pointer, what + " must be an object, got " + type_name(j));
  return j;
}

std::string require_string(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_string()) throw ModelError(pointer, what + " must be a string, got " + type_name(j));
  return j.get<std::string>();
}

double require_number(const json& j, const std::string& pointer, const std::string& what) {
  if (!j.is_number()) throw ModelError(pointer, what + " must be a number, got " + type_name(j));
  double v = j.get<double>();
  if (!std::isfinite(v)) throw ModelError(pointer, what + " must be finite");
  return v;
}

/// [A-Za-z_][A-Za-z0-9_]* (ASCII only; a loop, since std::regex costs microseconds per name).
bool valid_instance_name(const std::string& s) {
  auto letter = [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_'; };
  auto digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  if (s.empty() || !letter(s[0])) return false;
  return std::all_of(s.begin() + 1, s.end(), [&](char ch) { return letter(ch) || digit(ch); });
}

/// Moves the parameter and initial-value objects out of `j` (the tree is dropped after parsing).
void parse_components(json& j, Netlist& n) {
  require_object(j, "/components", "\"components\"");
  if (j.empty()) throw ModelError("/components", "\"components\" is empty: a netlist needs at least one component");
  n.components.reserve(j.size());
  for (auto it = j.begin(); it != j.end(); ++it) {
    NetlistComponent c;
    c.name = it.key();
    c.pointer = "/components/" + json_pointer_token(c.name);
    if (!valid_instance_name(c.name))
      throw ModelError(c.pointer, "invalid instance name \"" + c.name +
                                      "\": use letters, digits and _, not starting with a digit");
    json& body = it.value();
    require_object(body, c.pointer, "a component");
    check_keys(body, c.pointer, {"type", "params", "initial"});
    // The pointers below are built only for a message: a netlist has tens of thousands of these.
    auto type = body.find("type");
    if (type == body.end()) throw ModelError(c.pointer, "missing \"type\"");
    if (!type->is_string()) require_string(*type, c.pointer + "/type", "\"type\"");
    c.type = std::move(type->get_ref<std::string&>());
    if (auto params = body.find("params"); params != body.end()) c.params = std::move(*params);
    if (auto initial = body.find("initial"); initial != body.end()) c.initial = std::move(*initial);
    if (!c.params.is_object()) require_object(c.params, c.pointer + "/params", "\"params\"");
    if (!c.initial.is_object()) require_object(c.initial, c.pointer + "/initial", "\"initial\"");
    n.components.push_back(std::move(c));
  }
}

/// Moves the port strings out of `j` (the tree is dropped after parsing).
void parse_connections(json& j, Netlist& n) {
  if (!j.is_array()) throw ModelError("/connections", "\"connections\" must be an array, got " + type_name(j));
  n.connections.reserve(j.size());
  for (std::size_t k = 0; k < j.size(); ++k) {
    NetlistConnection c;
    c.pointer = "/connections/" + std::to_string(k);
    json& entry = j[k];
    if (!entry.is_array() || entry.size() < 2)
      throw ModelError(c.pointer, "a connection is an array of two or more \"instance.port\" strings");
    c.ports.reserve(entry.size());
    for (std::size_t i = 0; i < entry.size(); ++i) {
      auto here = [&] { return c.pointer + "/" + std::to_string(i); };  // for a message only
      if (!entry[i].is_string()) require_string(entry[i], here(), "a connection end");
      std::string& port = entry[i].get_ref<std::string&>();
      if (std::find(c.ports.begin(), c.ports.end(), port) != c.ports.end())
        throw ModelError(here(), port + " appears twice in this connection");
      auto dot = port.find('.');
      if (dot == std::string::npos || dot == 0 || dot + 1 == port.size())
        throw ModelError(here(), "\"" + port + "\" is not of the form \"instance.port\"");
      c.ports.push_back(std::move(port));
    }
    n.connections.push_back(std::move(c));
  }
}

void parse_experiment(const json& j, Netlist& n) {
  require_object(j, "/experiment", "\"experiment\"");
  check_keys(j, "/experiment", {"start", "stop", "interval", "tolerance"});
  Experiment& e = n.experiment;
  if (j.contains("start")) e.start = require_number(j["start"], "/experiment/start", "start");
  if (j.contains("stop")) e.stop = require_number(j["stop"], "/experiment/stop", "stop");
  if (j.contains("interval")) e.interval = require_number(j["interval"], "/experiment/interval", "interval");
  if (j.contains("tolerance")) e.tolerance = require_number(j["tolerance"], "/experiment/tolerance", "tolerance");
  if (!(e.stop > e.start)) throw ModelError("/experiment/stop", "stop must be after start");
  if (e.interval && !(*e.interval > 0)) throw ModelError("/experiment/interval", "interval must be positive");
  if (!(e.tolerance > 0 && e.tolerance < 1)) throw ModelError("/experiment/tolerance", "tolerance must lie in (0, 1)");
}

/// Builds the document tree and checks that no object repeats a key (the tree would keep the last
/// one silently), in one SAX pass over the text: every event goes to nlohmann's own tree builder
/// (the one `json::parse` uses, so the tree and the parse errors are the same), and the check keeps
/// the path and the keys of every open object. The first repeated key is only noted: a syntax error
/// anywhere in the text is reported before it, as when the check was a second pass.
class CheckedTreeParser {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  explicit CheckedTreeParser(json& root) : tree_(root) {}

  bool null() { return element() && tree_.null(); }
  bool boolean(bool b) { return element() && tree_.boolean(b); }
  bool number_integer(number_integer_t v) { return element() && tree_.number_integer(v); }
  bool number_unsigned(number_unsigned_t v) { return element() && tree_.number_unsigned(v); }
  bool number_float(number_float_t v, const string_t& text) { return element() && tree_.number_float(v, text); }
  bool string(string_t& v) { return element() && tree_.string(v); }
  bool binary(binary_t& v) { return element() && tree_.binary(v); }
  bool start_object(std::size_t n) { return open(false) && tree_.start_object(n); }
  bool start_array(std::size_t n) { return open(true) && tree_.start_array(n); }
  bool end_object() { return close() && tree_.end_object(); }
  bool end_array() { return close() && tree_.end_array(); }
  bool key(string_t& k) {
    Frame& f = frames_.back();
    f.key = k;
    if (!f.keys.insert(k).second && !duplicate_) duplicate_ = {pointer(), "duplicate key \"" + k + "\""};
    return tree_.key(k);
  }
  template <typename Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& e) {
    return tree_.parse_error(position, token, e);  // throws e
  }

  /// After a successful parse: the first repeated key, if any.
  void check_duplicates() const {
    if (duplicate_) throw ModelError(duplicate_->first, duplicate_->second);
  }

 private:
  struct Frame {
    bool array;
    long index;
    std::set<std::string> keys;
    std::string key;
  };
  bool element() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
    return true;
  }
  bool open(bool array) {
    element();
    frames_.push_back({array, -1, {}, {}});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }
  std::string pointer() const {
    std::string p;
    for (const Frame& f : frames_) p += "/" + (f.array ? std::to_string(f.index) : json_pointer_token(f.key));
    return p;
  }
  nlohmann::detail::json_sax_dom_parser<json> tree_;
  std::vector<Frame> frames_;
  std::optional<std::pair<std::string, std::string>> duplicate_;  ///< pointer and message
};

}  // namespace

Netlist parse_netlist(std::string_view text, std::string source) {
  json root;
  CheckedTreeParser parser(root);
  try {
    json::sax_parse(text.begin(), text.end(), &parser);
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
  parser.check_duplicates();
  Netlist n;
  n.source = std::move(source);
  require_object(root, "", "the netlist");
  check_keys(root, "", {"format", "name", "description", "components", "connections", "experiment", "outputs"});
  if (!root.contains("format")) throw ModelError("/format", "missing \"format\": \"acausal/1\"");
  std::string format = require_string(root["format"], "/format", "\"format\"");
  if (format != "acausal/1")
    throw ModelError("/format", "unsupported format \"" + format + "\"; this version reads \"acausal/1\"");
  if (root.contains("name")) n.name = require_string(root["name"], "/name", "\"name\"");
  if (root.contains("description")) n.description = require_string(root["description"], "/description", "\"description\"");
  if (!root.contains("components")) throw ModelError("/components", "missing \"components\"");
  parse_components(root["components"], n);
  if (root.contains("connections")) parse_connections(root["connections"], n);
  if (root.contains("experiment")) parse_experiment(root["experiment"], n);
  if (root.contains("outputs")) {
    const json& o = root["outputs"];
    if (!o.is_array()) throw ModelError("/outputs", "\"outputs\" must be an array of variable paths");
    for (std::size_t i = 0; i < o.size(); ++i)
      n.outputs.push_back(require_string(o[i], "/outputs/" + std::to_string(i), "an output"));
  }
  return n;
}

Netlist load_netlist(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelError("", "cannot read netlist file " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse_netlist(text.str(), path);
}

void apply_override(Netlist& netlist, std::string_view assignment) {
  const std::string a(assignment);
  auto eq = a.find('=');
  auto dot = a.find('.');
  if (eq == std::string::npos || dot == std::string::npos || dot > eq || dot == 0 || dot + 1 == eq)
    throw ModelError("", "--set expects instance.parameter=value, got \"" + a + "\"");
  std::string instance = a.substr(0, dot);
  std::string param = a.substr(dot + 1, eq - dot - 1);
  std::string value = a.substr(eq + 1);
  NetlistComponent* c = netlist.find(instance);
  if (c == nullptr) throw ModelError("/components", "--set " + a + ": no component named \"" + instance + "\"");
  json v = json::parse(value, nullptr, false);
  c->params[param] = v.is_discarded() ? json(value) : v;
}

}  // namespace acausal
