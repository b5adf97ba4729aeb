#include "core/model/netlist.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/netlist_inputs.hpp"
#include "core/model/plain_json.hpp"
#include "core/model/subsystem_reader.hpp"

namespace acausal {

using nlohmann::json;
using namespace json_checks;

NetlistComponent* Netlist::find(std::string_view component) {
  for (NetlistComponent& c : components)
    if (c.name == component) return &c;
  return nullptr;
}

void release_json_values(std::vector<NetlistComponent>& components) noexcept {
  for (NetlistComponent& c : components)
    for (json* value : {&c.params, &c.initial, &c.nominal, &c.state_select}) release_json(*value);
}

const Subsystem* Netlist::find_subsystem(const std::string& file, std::string_view type) const {
  if (subsystems.empty()) return nullptr;
  const std::string key = type.starts_with(kFileTypePrefix)
                              ? subsystem_key(resolve_include(file, type.substr(kFileTypePrefix.size())), "")
                              : subsystem_key(file, type);
  auto found = subsystems.find(key);
  return found == subsystems.end() ? nullptr : &found->second;
}

const SubsystemParameter* Subsystem::find_parameter(std::string_view parameter) const {
  for (const SubsystemParameter& p : parameters)
    if (p.name == parameter) return &p;
  return nullptr;
}

std::string subsystem_key(const std::string& file, std::string_view name) { return file + "#" + std::string(name); }

std::string resolve_include(const std::string& file, std::string_view path) {
  return (std::filesystem::path(file).parent_path() / std::filesystem::path(path)).lexically_normal().generic_string();
}

bool name_less(std::string_view a, std::string_view b) {
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      // A run of digits each: compare their values (without leading zeros, the longer is larger).
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      std::size_t si = i, sj = j;
      while (si + 1 < ei && a[si] == '0') ++si;
      while (sj + 1 < ej && b[sj] == '0') ++sj;
      if (ei - si != ej - sj) return ei - si < ej - sj;
      if (const int c = a.substr(si, ei - si).compare(b.substr(sj, ej - sj)); c != 0) return c < 0;
      i = ei;
      j = ej;
      continue;
    }
    if (a[i] != b[j]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
    ++i;
    ++j;
  }
  if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
  return a < b;  // equal as numbers and text: leading zeros decide
}

namespace {

const char* type_name(const json& j) { return j.type_name(); }

/// Sorts components by name (name_less): their names sorted with their places, then each component moved once
/// to its place (following the permutation's cycles). Sorting the components themselves moved each
/// of a large netlist's about 20 times.
void sort_by_name(std::vector<NetlistComponent>& components) {
  std::vector<std::pair<std::string_view, std::size_t>> names;
  names.reserve(components.size());
  for (std::size_t i = 0; i < components.size(); ++i) names.emplace_back(components[i].name, i);
  std::sort(names.begin(), names.end(), [](const auto& x, const auto& y) { return name_less(x.first, y.first); });
  // Place i takes the component at names[i].second; a place whose component is in place is marked
  // by pointing at itself.
  std::vector<std::size_t> from(components.size());
  for (std::size_t i = 0; i < names.size(); ++i) from[i] = names[i].second;
  names = decltype(names)();
  for (std::size_t start = 0; start < components.size(); ++start) {
    if (from[start] == start) continue;
    NetlistComponent moving = std::move(components[start]);
    std::size_t place = start;
    while (from[place] != start) {
      components[place] = std::move(components[from[place]]);
      const std::size_t next = from[place];
      from[place] = place;
      place = next;
    }
    components[place] = std::move(moving);
    from[place] = place;
  }
}
const char* type_name(json::value_t type) { return json(type).type_name(); }

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
  if (auto problem = time_grid_problem(e.start, e.stop, e.interval.value_or((e.stop - e.start) / 500.0)))
    throw ModelError(e.interval && !(e.stop - e.start > kMaxRunSpan) ? "/experiment/interval" : "/experiment/stop", *problem);
  if (!(e.tolerance > 0 && e.tolerance < 1)) throw ModelError("/experiment/tolerance", "tolerance must lie in (0, 1)");
}

/// The keys of one open object, to find a repeated one. A few keys (a component's, its
/// parameters') are scanned; many (the components) are looked up in an open-addressing table of
/// their positions (a std::unordered_set, with a node allocation per key, made the load of a
/// netlist of 20 000 components about 20 % slower).
class KeySet {
 public:
  /// False when `key` is there already.
  bool insert(const std::string& key) {
    if (keys_.size() < kScanned) {
      if (std::find(keys_.begin(), keys_.end(), key) != keys_.end()) return false;
    } else {
      if (2 * (keys_.size() + 1) > table_.size()) grow();
      std::size_t& slot = slot_of(key);
      if (slot != kEmpty) return false;
      slot = keys_.size();
    }
    keys_.push_back(key);
    return true;
  }
  void clear() {
    keys_.clear();
    table_.clear();
  }

 private:
  static constexpr std::size_t kScanned = 16;
  static constexpr std::size_t kEmpty = static_cast<std::size_t>(-1);

  /// The slot holding the position of `key`, or the empty slot where it goes (linear probing).
  std::size_t& slot_of(const std::string& key) {
    const std::size_t mask = table_.size() - 1;
    for (std::size_t i = std::hash<std::string>{}(key) & mask;; i = (i + 1) & mask)
      if (table_[i] == kEmpty || keys_[table_[i]] == key) return table_[i];
  }
  /// Doubles the table (a power of two, kept at most half full) and enters every key again.
  void grow() {
    table_.assign(std::max<std::size_t>(4 * kScanned, 2 * table_.size()), kEmpty);
    for (std::size_t k = 0; k < keys_.size(); ++k) slot_of(keys_[k]) = k;
  }

  std::vector<std::string> keys_;
  std::vector<std::size_t> table_;  ///< positions in keys_, or kEmpty; empty while keys are scanned
};

/// Reads a netlist in one SAX pass over the text. Components and connections go straight into the
/// Netlist; only a component's "params", "initial" and "nominal" and the other members of the netlist
/// ("format", "experiment", "outputs", ...) are built as json values. Only a syntax error (or a
/// number out of range) is thrown during the pass, so that one anywhere in the text comes first:
/// every other problem is noted, and the checks after the pass report it in the order they had when
/// they walked a tree of the whole document — the first repeated key, then the netlist's members
/// one by one, the components in the order of their names (name_less, the order of
/// Netlist::components), the connections in theirs.
class NetlistReader {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  /// `netlist`: a netlist, its components and connections read into the Netlist; `tree`: any JSON
  /// document, kept whole as a tree (take_tree), with its repeated keys found.
  enum class Mode { netlist, tree };

  explicit NetlistReader(Netlist& n, Mode mode = Mode::netlist) : n_(n), mode_(mode) {}
  NetlistReader(const NetlistReader&) = delete;
  NetlistReader& operator=(const NetlistReader&) = delete;
  ~NetlistReader() { release_json(members_); }

  bool null() { return scalar(json(nullptr)); }
  bool boolean(bool b) { return scalar(json(b)); }
  bool number_integer(number_integer_t v) { return scalar(json(v)); }
  bool number_unsigned(number_unsigned_t v) { return scalar(json(v)); }
  bool number_float(number_float_t v, const string_t& /*text*/) { return scalar(json(v)); }
  bool binary(binary_t& v) { return scalar(json(std::move(v))); }  // not produced by JSON text
  bool string(string_t& s);
  bool start_object(std::size_t /*size*/) { return open(json::value_t::object); }
  bool start_array(std::size_t /*size*/) { return open(json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(string_t& k);
  template <typename Exception>
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/, const Exception& e) {
    throw e;  // a json::parse_error, or a json::out_of_range for a number too large for a double
  }

  // The checks after a successful pass, each to be called at its turn (see parse_netlist).

  /// The first repeated key anywhere (a tree would have kept the last value silently).
  void check_duplicates() const {
    if (duplicate_) throw *duplicate_;
  }
  /// The members of the netlist object, "components" and "connections" as null stand-ins when
  /// they were read directly. @throws ModelError when the document is not an object.
  const json& members() const {
    if (document_type_) throw wrong_type("", "the netlist", "an object", document_type_);
    return members_;
  }
  /// Mode::tree: the document.
  json take_tree() { return std::move(members_); }
  /// Sorts the components by name and checks them in that order. Call only when there is a
  /// "components" member.
  void check_components();
  /// Call only when there is a "connections" member.
  void check_connections() const;

 private:
  /// What a value is, decided when it starts; a container keeps its role in its frame.
  enum class Role {
    netlist,      ///< the document, an object
    components,   ///< the "components" object
    component,    ///< one component, an object
    type,         ///< a component's "type", a string
    connections,  ///< the "connections" array
    connection,   ///< one connection, an array
    end,          ///< a connection end, a string
    tree,         ///< a value kept as json, at slot_
    skipped,      ///< a value not kept (an unknown key's, or one of the wrong type: a problem is noted)
  };
  /// An open object or array.
  struct Frame {
    Role role = Role::skipped;
    bool array = false;
    std::size_t elements = 0;  ///< arrays: the elements started so far
    std::string key;           ///< objects: the key of the member being read
    KeySet keys;               ///< objects: the keys so far
    json* value = nullptr;     ///< Role::tree: the container being built
  };
  /// The problems of the component being read, noted as its members come.
  struct Body {
    bool type = false;
    bool params = false;
    bool initial = false;
    bool nominal = false;
    bool state_select = false;
    const char* type_not_string = nullptr;  ///< the JSON type of "type", when not a string
    std::optional<std::string> unknown_key;  ///< the first in sorted order, as a tree would list it
  };

  bool scalar(json&& v) {
    if (role_of(v.type()) == Role::tree) *slot_ = std::move(v);
    return true;
  }
  bool open(json::value_t type);
  bool close();
  Role role_of(json::value_t type);
  Role netlist_member(const std::string& key, json::value_t type);
  Role start_component(const std::string& name, json::value_t type);
  Role component_member(const std::string& key, json::value_t type);
  void finish_component();
  void note_component_problem(const std::string& name, ModelError problem);
  Role start_connection(std::size_t k, json::value_t type);
  Role connection_end(json::value_t type);
  void add_end(std::string& port);
  std::string end_pointer() const;
  void finish_connection(std::size_t size);
  void note_connection_problem(const std::string& pointer, const std::string& message);
  std::string pointer() const;

  Netlist& n_;
  Mode mode_;
  std::vector<Frame> frames_;  ///< the open containers, frames_[0, depth_); frames are reused
  std::size_t depth_ = 0;
  json* slot_ = nullptr;  ///< where the tree value that starts now goes
  std::optional<ModelError> duplicate_;
  const char* document_type_ = nullptr;  ///< set when the document is not an object
  json members_ = json::object();
  bool components_read_ = false;
  bool connections_read_ = false;
  Body body_;
  /// The problem of the component with the smallest name among those with a problem in their body
  /// (the checks before it in that order are on the name, those after it on params and initial).
  std::optional<std::pair<std::string, ModelError>> component_problem_;
  std::optional<ModelError> end_problem_;         ///< the first one in the connection being read
  std::optional<ModelError> connection_problem_;  ///< the first one in the connections' order
};

bool NetlistReader::open(json::value_t type) {
  const Role role = role_of(type);
  if (depth_ == kMaxJsonDepth)  // pointer() names the value starting now
    throw ModelError(pointer(), "arrays and objects nested more than " + std::to_string(kMaxJsonDepth) +
                                    " levels deep; a netlist needs only a few levels");
  json* value = nullptr;
  if (role == Role::tree) {
    *slot_ = json(type);
    value = slot_;
  }
  if (depth_ == frames_.size()) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.role = role;
  f.array = type == json::value_t::array;
  f.elements = 0;
  f.keys.clear();
  f.value = value;
  return true;
}

bool NetlistReader::close() {
  const Frame& f = frames_[--depth_];
  if (f.role == Role::component) finish_component();
  if (f.role == Role::connection) finish_connection(f.elements);
  return true;
}

bool NetlistReader::key(string_t& k) {
  Frame& f = frames_[depth_ - 1];
  f.key = std::move(k);
  if (!duplicate_ && !f.keys.insert(f.key))
    duplicate_.emplace(pointer(), "duplicate key \"" + f.key + "\"");
  return true;
}

bool NetlistReader::string(string_t& s) {
  switch (role_of(json::value_t::string)) {
    case Role::tree:
      *slot_ = std::move(s);
      break;
    case Role::type:
      n_.components.back().type = std::move(s);
      break;
    case Role::end:
      add_end(s);
      break;
    default:
      break;
  }
  return true;
}

NetlistReader::Role NetlistReader::role_of(json::value_t type) {
  if (depth_ == 0) {
    if (mode_ == Mode::tree) {
      slot_ = &members_;
      return Role::tree;
    }
    if (type == json::value_t::object) return Role::netlist;
    document_type_ = type_name(type);
    return Role::skipped;
  }
  Frame& f = frames_[depth_ - 1];
  if (f.array) ++f.elements;
  switch (f.role) {
    case Role::netlist:
      return netlist_member(f.key, type);
    case Role::components:
      return start_component(f.key, type);
    case Role::component:
      return component_member(f.key, type);
    case Role::connections:
      return start_connection(f.elements - 1, type);
    case Role::connection:
      return connection_end(type);
    case Role::tree:
      slot_ = f.array ? &f.value->emplace_back() : &(*f.value)[f.key];
      return Role::tree;
    default:
      return Role::skipped;
  }
}

NetlistReader::Role NetlistReader::netlist_member(const std::string& key, json::value_t type) {
  if (key == "components" && type == json::value_t::object) {
    components_read_ = true;
    members_[key] = nullptr;
    return Role::components;
  }
  if (key == "connections" && type == json::value_t::array) {
    connections_read_ = true;
    members_[key] = nullptr;
    return Role::connections;
  }
  slot_ = &members_[key];
  return Role::tree;
}

NetlistReader::Role NetlistReader::start_component(const std::string& name, json::value_t type) {
  std::string pointer = "/components/" + json_pointer_token(name);
  if (type == json::value_t::object) {
    // "params", "initial" and "nominal" stay null until read, or until the component ends (when
    // one is there, an empty object made now would be an allocation for nothing).
    n_.components.push_back({name, {}, json(), json(), std::move(pointer), {}, {}, {}, {}, json(), json()});
    body_ = Body{};
    return Role::component;
  }
  note_component_problem(name, wrong_type(pointer, "a component", "an object", type_name(type)));
  n_.components.push_back(
      {name, {}, json::object(), json::object(), std::move(pointer), {}, {}, {}, {}, json::object(), json::object()});
  return Role::skipped;
}

NetlistReader::Role NetlistReader::component_member(const std::string& key, json::value_t type) {
  NetlistComponent& c = n_.components.back();
  if (key == "type") {
    body_.type = true;
    if (type == json::value_t::string) return Role::type;
    body_.type_not_string = type_name(type);
    return Role::skipped;
  }
  if (key == "params") {
    body_.params = true;
    slot_ = &c.params;
    return Role::tree;
  }
  if (key == "initial") {
    body_.initial = true;
    slot_ = &c.initial;
    return Role::tree;
  }
  if (key == "nominal") {
    body_.nominal = true;
    slot_ = &c.nominal;
    return Role::tree;
  }
  if (key == "state_select") {
    body_.state_select = true;
    slot_ = &c.state_select;
    return Role::tree;
  }
  if (!body_.unknown_key || key < *body_.unknown_key) body_.unknown_key = key;
  return Role::skipped;
}

void NetlistReader::finish_component() {
  NetlistComponent& c = n_.components.back();
  // "initial" and "nominal" stay null when not given (most components of a large netlist have no
  // nominal, many no initial): they read as empty.
  if (!body_.params) c.params = json::object();
  const auto not_object = [&c](const json& j, const char* member) {
    return wrong_type(c.pointer + "/" + member, std::string("\"") + member + "\"", "an object", j.type_name());
  };
  if (body_.unknown_key)
    note_component_problem(c.name,
                           unknown_key(c.pointer, *body_.unknown_key, {"type", "params", "initial", "nominal", "state_select"}));
  else if (!body_.type)
    note_component_problem(c.name, ModelError(c.pointer, "missing \"type\""));
  else if (body_.type_not_string)
    note_component_problem(c.name, wrong_type(c.pointer + "/type", "\"type\"", "a string", body_.type_not_string));
  else if (!c.params.is_object())
    note_component_problem(c.name, not_object(c.params, "params"));
  else if (body_.initial && !c.initial.is_object())
    note_component_problem(c.name, not_object(c.initial, "initial"));
  else if (body_.nominal && !c.nominal.is_object())
    note_component_problem(c.name, not_object(c.nominal, "nominal"));
  else if (body_.state_select && !c.state_select.is_object())
    note_component_problem(c.name, not_object(c.state_select, "state_select"));
}

void NetlistReader::note_component_problem(const std::string& name, ModelError problem) {
  if (!component_problem_ || name_less(name, component_problem_->first)) component_problem_.emplace(name, std::move(problem));
}

void NetlistReader::check_components() {
  if (!components_read_) require_object(members_["components"], "/components", "\"components\"");  // throws
  if (n_.components.empty())
    throw ModelError("/components", "\"components\" is empty: a netlist needs at least one component");
  sort_by_name(n_.components);
  for (const NetlistComponent& c : n_.components) {
    check_name(c.name, c.pointer, "instance");
    if (component_problem_ && c.name == component_problem_->first) throw component_problem_->second;
  }
}

NetlistReader::Role NetlistReader::start_connection(std::size_t k, json::value_t type) {
  if (type != json::value_t::array) {
    note_connection_problem("/connections/" + std::to_string(k), kConnectionShape);
    return Role::skipped;
  }
  NetlistConnection& c = n_.connections.emplace_back();
  c.pointer = "/connections/" + std::to_string(k);
  c.ports.reserve(2);
  end_problem_.reset();
  return Role::connection;
}

/// The checks of an end, in the order they had: a string, not twice, "instance.port". Only the
/// first problem of a connection counts, and only if the connection has two ends or more.
NetlistReader::Role NetlistReader::connection_end(json::value_t type) {
  if (type == json::value_t::string) return Role::end;
  if (!end_problem_) end_problem_ = wrong_type(end_pointer(), "a connection end", "a string", type_name(type));
  return Role::skipped;
}

void NetlistReader::add_end(std::string& port) {
  if (end_problem_) return;
  std::vector<std::string>& ports = n_.connections.back().ports;
  if (std::string problem = connection_end_problem(port, ports); !problem.empty()) {
    end_problem_.emplace(end_pointer(), problem);
    return;
  }
  ports.push_back(std::move(port));
}

/// The pointer of the connection end being read (built only for a message).
std::string NetlistReader::end_pointer() const {
  return n_.connections.back().pointer + "/" + std::to_string(frames_[depth_ - 1].elements - 1);
}

void NetlistReader::finish_connection(std::size_t size) {
  const NetlistConnection& c = n_.connections.back();
  if (size == 1 && c.ports.size() == 1)
    note_connection_problem(c.pointer, one_port_connection(c.ports.front()));
  else if (size < 2)
    note_connection_problem(c.pointer, kConnectionShape);
  else if (end_problem_)
    note_connection_problem(end_problem_->pointer(), end_problem_->message());
}

void NetlistReader::note_connection_problem(const std::string& pointer, const std::string& message) {
  if (!connection_problem_) connection_problem_.emplace(pointer, message);
}

void NetlistReader::check_connections() const {
  if (!connections_read_)
    throw wrong_type("/connections", "\"connections\"", "an array", type_name(members_["connections"]));
  if (connection_problem_) throw *connection_problem_;
}

/// The JSON pointer of the member being read.
std::string NetlistReader::pointer() const {
  std::string p;
  for (std::size_t d = 0; d < depth_; ++d) {
    const Frame& f = frames_[d];
    p += "/" + (f.array ? std::to_string(f.elements - 1) : json_pointer_token(f.key));
  }
  return p;
}

}  // namespace

namespace {

/// A reader's pass over `text` into `n`. Plain text (plain_json.hpp) is read by the fast pass;
/// other text, from the start again into a fresh netlist, by nlohmann's parser, whose syntax errors
/// and numbers out of range become FileErrors (quoting the text read there when `quote_text`).
std::unique_ptr<NetlistReader> read(std::string_view text, const std::string& source, Netlist& n,
                                    NetlistReader::Mode mode, bool quote_text = true) {
  auto reader = std::make_unique<NetlistReader>(n, mode);
  if (plain_json::sax_parse(text, *reader)) return reader;
  reader.reset();
  release_json_values(n.components);
  n = Netlist();
  reader = std::make_unique<NetlistReader>(n, mode);
  try {
    json::sax_parse(text.begin(), text.end(), reader.get());
  } catch (const json::exception&) {
    rethrow_as_model_error(text, source, quote_text);
  }
  return reader;
}

std::string megabytes(std::uintmax_t bytes) {
  std::ostringstream os;
  os << static_cast<double>(bytes) / 1e6;
  return os.str() + " MB";
}

}  // namespace

Netlist parse_netlist(std::string_view text, std::string source, const std::vector<std::string>& subsystem_path) {
  Netlist n;
  try {
    // Room for the components at once (each "type" key is one, or a few more): a large netlist's
    // vector would otherwise move them all a few times as it grows.
    std::size_t types = 0;
    for (std::size_t at = text.find("\"type\""); at != std::string_view::npos; at = text.find("\"type\"", at + 6)) ++types;
    n.components.reserve(types);
    const std::unique_ptr<NetlistReader> read_into_n = read(text, source, n, NetlistReader::Mode::netlist);
    NetlistReader& reader = *read_into_n;
    n.source = source;
    n.search_path = subsystem_path;
    // The checks in their order (see NetlistReader).
    reader.check_duplicates();
    const json& root = reader.members();
    check_keys(root, "",
               {"format", "name", "description", "components", "connections", "experiment", "outputs", "inputs",
                "subsystems", "loop_cuts"});
    check_format(root, "");
    if (root.contains("name")) n.name = require_string(root["name"], "/name", "\"name\"");
    if (root.contains("description")) n.description = require_string(root["description"], "/description", "\"description\"");
    if (!root.contains("components")) throw ModelError("/components", "missing \"components\"");
    reader.check_components();
    if (root.contains("connections")) reader.check_connections();
    if (root.contains("experiment")) parse_experiment(root["experiment"], n);
    if (root.contains("outputs")) {
      const json& o = root["outputs"];
      if (!o.is_array()) throw ModelError("/outputs", "\"outputs\" must be an array of variable paths");
      for (std::size_t i = 0; i < o.size(); ++i)
        n.outputs.push_back(require_string(o[i], "/outputs/" + std::to_string(i), "an output"));
    }
    if (root.contains("inputs")) n.inputs = parse_inputs(root["inputs"]);
    if (root.contains("loop_cuts")) {
      const json& o = root["loop_cuts"];
      if (!o.is_array()) throw ModelError("/loop_cuts", "\"loop_cuts\" must be an array of frame ports (\"instance.port\")");
      for (std::size_t i = 0; i < o.size(); ++i)
        n.loop_cuts.push_back(require_string(o[i], "/loop_cuts/" + std::to_string(i), "a loop cut"));
    }
    if (root.contains("subsystems")) read_subsystem_section(root["subsystems"], n.source, "", n.subsystems);
    load_subsystem_files(n, subsystem_path);
    check_component_count(n);
  } catch (const std::bad_alloc&) {
    // The memory the netlist holds is freed first, without allocating (release_json_values; the
    // reader's values went with ~NetlistReader), then the message is written.
    release_json_values(n.components);
    n.subsystems.clear();
    n = Netlist();
    throw FileError("", source + ": not enough memory to read the netlist (" + megabytes(text.size()) + " of JSON)");
  }
  return n;
}

json read_json(std::string_view text, const std::string& source, bool quote_text) {
  Netlist unused;
  const std::unique_ptr<NetlistReader> reader = read(text, source, unused, NetlistReader::Mode::tree, quote_text);
  reader->check_duplicates();
  return reader->take_tree();
}

namespace {

/// Appends what `fd` gives to `text`, up to `limit` bytes in all or to its end; false, with
/// `problem` set, on a read error.
bool read_up_to(int fd, std::size_t limit, std::string& text, std::string& problem) {
  char buffer[65536];
  while (text.size() < limit) {
    const ssize_t got = ::read(fd, buffer, std::min(sizeof buffer, limit - text.size()));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      problem = std::strerror(errno);
      return false;
    }
    if (got == 0) break;  // its end (a regular file: shorter now than when fstat looked)
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return true;
}

}  // namespace

std::optional<std::string> read_regular_file(const std::string& path, std::string& problem, bool pipes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);  // a FIFO: no wait for a writer
  if (fd < 0) {
    problem = std::strerror(errno);
    return std::nullopt;
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0) {
    problem = std::strerror(errno);
    return std::nullopt;
  }
  if (S_ISDIR(info.st_mode)) {
    problem = "a directory";
    return std::nullopt;
  }
  std::string text;
  if (pipes && S_ISFIFO(info.st_mode)) {  // read to its end, now waiting for the writer
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
      problem = std::strerror(errno);
      return std::nullopt;
    }
    if (!read_up_to(fd, kMaxFileBytes + 1, text, problem)) return std::nullopt;
    if (text.size() > kMaxFileBytes) {
      problem = "more than the 1 GiB (" + std::to_string(kMaxFileBytes) + " bytes) a netlist may have";
      return std::nullopt;
    }
    return text;
  }
  if (!S_ISREG(info.st_mode)) {
    problem = pipes ? "not a regular file or a pipe (a device or a socket)"
                    : "not a regular file (a device, a pipe or a socket)";
    return std::nullopt;
  }
  const auto size = static_cast<std::uintmax_t>(info.st_size);
  if (size > kMaxFileBytes) {
    problem = std::to_string(size) + " bytes, more than the 1 GiB (" + std::to_string(kMaxFileBytes) +
              " bytes) a netlist or subsystem file may have";
    return std::nullopt;
  }
  // The size fstat gives (0 for a file of /proc, whose text is made as it is read: none is read).
  text.reserve(static_cast<std::size_t>(size));
  if (!read_up_to(fd, static_cast<std::size_t>(size), text, problem)) return std::nullopt;
  return text;
}

Netlist load_netlist(const std::string& path, const std::vector<std::string>& subsystem_path) {
  std::string problem;
  std::optional<std::string> text;
  try {
    text = read_regular_file(path, problem, true);
  } catch (const std::bad_alloc&) {
    throw FileError("", "cannot read netlist file " + path + ": not enough memory");
  }
  if (!text) throw FileError("", "cannot read netlist file " + path + ": " + problem);
  return parse_netlist(*text, path, subsystem_path);
}

void apply_override(Netlist& netlist, std::string_view assignment) {
  const std::string a(assignment);
  auto eq = a.find('=');
  auto dot = a.find('.');
  if (eq == std::string::npos || dot == std::string::npos || dot > eq || dot == 0 || dot + 1 == eq)
    throw ModelError("", "--set expects instance.parameter=value, got \"" + text_excerpt(a) + "\"");
  std::string instance = a.substr(0, dot);
  std::string param = a.substr(dot + 1, eq - dot - 1);
  std::string value = a.substr(eq + 1);
  NetlistComponent* c = netlist.find(instance);
  if (c == nullptr)
    throw ModelError("/components", "--set " + text_excerpt(a) + ": no component named \"" + text_excerpt(instance) + "\"");
  // nlohmann's parser keeps its open containers in a vector, not on the stack; the depth is
  // checked as the netlist's is.
  bool too_deep = false;
  json v = json::parse(
      value,
      [&too_deep](int depth, json::parse_event_t event, json&) {
        // `depth`: the containers open around the one starting
        const bool opens = event == json::parse_event_t::object_start || event == json::parse_event_t::array_start;
        too_deep = too_deep || (opens && depth >= static_cast<int>(kMaxJsonDepth));
        return true;
      },
      false);
  if (too_deep)
    throw ModelError("", "--set " + text_excerpt(a) + ": arrays and objects nested more than " +
                             std::to_string(kMaxJsonDepth) + " levels deep");
  c->params[param] = v.is_discarded() ? json(value) : std::move(v);
}

std::optional<std::string> time_grid_problem(double start, double stop, double interval) {
  auto text = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  if (!std::isfinite(start) || !std::isfinite(stop) || !std::isfinite(interval))
    return "the start, stop and interval must be finite numbers of seconds";
  if (!(stop > start)) return "the stop time " + text(stop) + " must be after the start time " + text(start);
  if (!(stop - start <= kMaxRunSpan))
    return "a run from " + text(start) + " to " + text(stop) + " s is longer than " + text(kMaxRunSpan) +
           " s (about 31 700 years): choose a stop time closer to the start";
  if (!(interval > 0.0) || !((stop - start) / interval <= kMaxOutputPoints))
    return "an output interval of " + text(interval) + " s from " + text(start) + " to " + text(stop) +
           " s makes more than " + text(kMaxOutputPoints) + " rows: choose an interval of at least " +
           text((stop - start) / kMaxOutputPoints) + " s";
  return std::nullopt;
}

}  // namespace acausal
