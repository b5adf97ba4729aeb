#pragma once
/// @file
/// The netlist format `acausal/1` (DESIGN §5): parsing and structural validation of the JSON.
/// Component types, parameters and ports are checked later, when the model is built.
///
/// A netlist may use subsystems (docs/netlist-format.md): definitions in its "subsystems" section or
/// in files (`"type": "file:gearbox.json"`). Parsing reads them all; build_model flattens the
/// instances (core/model/subsystems.hpp). A location in a subsystem file is written
/// `file:<file>#<JSON pointer>`, e.g. `file:lib/gearbox.json#/components/shaft/params/J`.

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace acausal {

/// Where entries were written, by key (a parameter or a variable), for the few components that have
/// any: one pointer while empty.
class PointerMap {
 public:
  PointerMap() = default;
  PointerMap(const PointerMap& other) : map_(other.map_ ? std::make_unique<Map>(*other.map_) : nullptr) {}
  PointerMap& operator=(const PointerMap& other) {
    map_ = other.map_ ? std::make_unique<Map>(*other.map_) : nullptr;
    return *this;
  }
  PointerMap(PointerMap&&) noexcept = default;
  PointerMap& operator=(PointerMap&&) noexcept = default;

  /// The pointer written for `key`, or nullptr.
  const std::string* find(const std::string& key) const {
    if (!map_) return nullptr;
    const auto it = map_->find(key);
    return it == map_->end() ? nullptr : &it->second;
  }
  /// @throws std::out_of_range when none is written for `key`.
  const std::string& at(const std::string& key) const {
    if (const std::string* p = find(key)) return *p;
    throw std::out_of_range("no pointer for " + key);
  }
  std::string& operator[](const std::string& key) {
    if (!map_) map_ = std::make_unique<Map>();
    return (*map_)[key];
  }

 private:
  using Map = std::map<std::string, std::string>;
  std::unique_ptr<Map> map_;
};

struct NetlistComponent {
  std::string name;
  std::string type;
  nlohmann::json params = nlohmann::json::object();
  nlohmann::json initial = nlohmann::json::object();  ///< null when a netlist gives none (reads as empty)
  std::string pointer;  ///< `/components/<name>`; for a component of a subsystem, its definition's location
  /// Where a parameter value, an initial target or a nominal was written when not in this
  /// component's own "params", "initial" or "nominal": a subsystem parameter's value (at the subsystem
  /// instance, or the parameter's default) and a target or nominal that a subsystem instance sets.
  /// Key: the parameter or variable.
  PointerMap param_pointers, initial_pointers, nominal_pointers, state_select_pointers;
  /// Variable → its nominal magnitude (a positive number in SI or "<number> <unit>"): absolute
  /// tolerances of the unknowns are scaled by it, as Modelica's `nominal` attribute does. Null when
  /// a netlist gives none (reads as empty).
  nlohmann::json nominal = nlohmann::json::object();
  /// Variable → how strongly it should be a state: "never", "avoid", "default", "prefer" or
  /// "always" (Modelica's `stateSelect`). Null when a netlist gives none (reads as empty).
  nlohmann::json state_select = nlohmann::json::object();
};

struct NetlistConnection {
  std::vector<std::string> ports;  ///< "instance.port"
  std::string pointer;             ///< `/connections/<k>`
};

struct Experiment {
  double start = 0.0;
  double stop = 1.0;
  std::optional<double> interval;  ///< output grid; default (stop − start)/500
  double tolerance = 1e-6;
};

/// The deepest nesting of arrays and objects a netlist or subsystem file may have (a document is
/// level 1; a bundled netlist needs at most 8). Deeper JSON is an error when it is read: printing
/// or copying a value nested tens of thousands of levels deep would overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

/// The most bytes a netlist or a subsystem file may have (1 GiB; a chain of 10⁶ masses written
/// by bench/chain_netlist.cpp is about 330 MB).
inline constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{1} << 30;
/// The most components a netlist may have once its subsystem instances are expanded, and the
/// deepest nesting of subsystem instances.
inline constexpr std::size_t kMaxComponents = 10'000'000;
inline constexpr std::size_t kMaxSubsystemDepth = 100;

/// The longest run [s] (about 31 700 years) and the most points of an output grid a run may have.
inline constexpr double kMaxRunSpan = 1e12;
inline constexpr double kMaxOutputPoints = 1e8;
/// What is wrong with a run from `start` to `stop` with output `interval` (all finite, stop after
/// start, a span of at most kMaxRunSpan, at most kMaxOutputPoints grid points), or nullopt.
std::optional<std::string> time_grid_problem(double start, double stop, double interval);

/// An external input (the netlist's `inputs`): a value the run sets from outside — per step or as a
/// function of time (Simulator::set_input, set_input_function; `acausal simulate --input`) — that
/// drives the signal input ports it feeds.
struct NetlistInput {
  std::string name;         ///< [A-Za-z_][A-Za-z0-9_]*
  std::string unit;         ///< the unit its values are given in (a valid unit expression)
  std::string description;  ///< for people
  std::vector<std::string> feeds;  ///< "instance.port": unconnected signal inputs (checked by build_model)
  std::string pointer;             ///< `/inputs/<name>`
};

/// A parameter of a subsystem: a real quantity that its components read as `{"param": "<name>"}`.
struct SubsystemParameter {
  std::string name;
  std::string unit;                     ///< its dimension is checked where it is used and given
  /// SI, a number or an array of numbers (for a vector parameter); none: every instance must give it.
  std::optional<nlohmann::json> default_value;
  std::string pointer;                  ///< its entry: `/subsystems/gearbox/parameters/J`
};

/// A port a subsystem exposes: `"flange_a": "gear.C"` (an inner component's port, or a port of an
/// inner subsystem instance).
struct SubsystemPort {
  std::string name;
  std::string target;  ///< "instance.port" inside the subsystem
  std::string pointer;
};

/// Frees the JSON values of `components` without allocating (json_checks::release_json): what
/// the destructors of Netlist and Subsystem do, so that a netlist freed while a std::bad_alloc
/// unwinds the stack does not end the program.
void release_json_values(std::vector<NetlistComponent>& components) noexcept;

/// A subsystem definition: an entry of a "subsystems" section, or a whole subsystem file.
struct Subsystem {
  Subsystem() = default;
  Subsystem(const Subsystem&) = default;
  Subsystem(Subsystem&&) = default;
  Subsystem& operator=(const Subsystem&) = default;
  Subsystem& operator=(Subsystem&&) = default;
  ~Subsystem() { release_json_values(components); }

  std::string name;     ///< for messages: `gearbox`, `file:lib/gearbox.json`, `stage of file:lib/gearbox.json`
  std::string file;     ///< the file it is written in: the subsystem types it uses resolve there
  std::string pointer;  ///< where: `/subsystems/gearbox`, `file:lib/gearbox.json#`, `file:lib/gearbox.json#/subsystems/stage`
  std::vector<SubsystemParameter> parameters;   ///< sorted by name
  std::vector<NetlistComponent> components;     ///< sorted by name; their pointers are locations
  std::vector<NetlistConnection> connections;
  std::vector<SubsystemPort> ports;             ///< sorted by name

  const SubsystemParameter* find_parameter(std::string_view name) const;
};

/// A component port that a subsystem instance exposes, for build_model to check once the
/// components are defined.
struct ExposedPort {
  std::string path;     ///< `gearbox1.gear.C`
  std::string pointer;  ///< the subsystem's "ports" entry that names it
};

struct Netlist {
  Netlist() = default;
  Netlist(const Netlist&) = default;
  Netlist(Netlist&&) = default;
  Netlist& operator=(const Netlist&) = default;
  Netlist& operator=(Netlist&&) = default;
  ~Netlist() { release_json_values(components); }

  std::string source;  ///< file name, for messages; subsystem files are found relative to it
  /// The directories given to parse_netlist besides source's own whose trees the netlist may name
  /// files in (--subsystem-path): its subsystem files, and the data files its parameters name.
  std::vector<std::string> search_path;
  std::string name;
  std::string description;
  std::vector<NetlistComponent> components;
  std::vector<NetlistConnection> connections;
  Experiment experiment;
  std::vector<std::string> outputs;  ///< empty: all variables
  /// Frame ports (`instance.port`) whose connection is where a kinematic loop should be cut
  /// ("loop_cuts"; core/model/orientation_graph.hpp).
  std::vector<std::string> loop_cuts;
  std::vector<NetlistInput> inputs;  ///< in the order of their names (name_less)
  /// The subsystem definitions the netlist can use, keyed by subsystem_key(): those of its
  /// "subsystems" section and of every subsystem file it includes, directly or through others.
  std::map<std::string, Subsystem> subsystems;
  /// Set by flattening (expand_subsystems); empty otherwise.
  std::vector<ExposedPort> exposed_ports;
  /// Set by flattening: each subsystem instance's path (`gearbox1`, `drive.gearbox1`) with its type,
  /// and each of its ports (`gearbox1.flange_a`) with the flat port it stands for (`gearbox1.gear.C`).
  std::map<std::string, std::string> subsystem_instances;
  std::map<std::string, std::string> subsystem_ports;
  /// The parameters to compile as tunable (`instance.param`, or `*` for every one): numbers a
  /// compiled model may change for a run without a rebuild (ProgramState::set_tunable). Set by the
  /// caller before build_model, not read from the file; empty: every parameter folds into the
  /// equations as a number.
  std::vector<std::string> tunable;

  /// The component with this name, or nullptr.
  NetlistComponent* find(std::string_view name);
  /// The definition that component type `type`, written in `file`, instantiates: a subsystem of
  /// that file's "subsystems" section, or `file:<path>` (relative to `file`); nullptr when `type`
  /// is neither (a component class, or an unknown type).
  const Subsystem* find_subsystem(const std::string& file, std::string_view type) const;
};

/// The key of a definition in Netlist::subsystems: `<file>#<name>`, `<file>#` for a whole file.
std::string subsystem_key(const std::string& file, std::string_view name);
/// The file a `file:<path>` type written in `file` names: `path` relative to `file`'s directory,
/// lexically normalized.
std::string resolve_include(const std::string& file, std::string_view path);
/// `"file:"`: the prefix of a type that names a subsystem file.
inline constexpr std::string_view kFileTypePrefix = "file:";

/// The order of component names (Netlist::components, a subsystem's components, and so the model's
/// instances and variables): digits compare as numbers, so `mass2` comes before `mass10` and a chain
/// written `mass1` … `mass100000` keeps its order (its neighbours' unknowns side by side); other
/// characters compare as bytes; names that differ only in leading zeros, by bytes.
bool name_less(std::string_view a, std::string_view b);

/// Splits `instance.rest` where the instance name may hold dots (a component inside a subsystem:
/// `gearbox1.shaft.flange.phi`): the shortest prefix before a dot that `index_of` knows (it returns
/// an index or `npos`). Returns the index and the position of that dot, or npos and the position of
/// the first dot.
template <typename IndexOf>
std::pair<std::size_t, std::size_t> split_instance_path(std::string_view path, const IndexOf& index_of) {
  constexpr std::size_t npos = static_cast<std::size_t>(-1);
  const std::size_t first = path.find('.');
  for (std::size_t dot = first; dot != std::string_view::npos; dot = path.find('.', dot + 1))
    if (std::size_t i = index_of(path.substr(0, dot)); i != npos) return {i, dot};
  return {npos, first};
}

/// Parses netlist JSON, and reads the subsystem files it includes (relative to the directory of
/// `source`). Subsystem files must be regular files of at most kMaxFileBytes inside the directory
/// tree of `source` or of one of `subsystem_path` (their real paths, symbolic links resolved).
/// @throws ModelError: syntax (with line and column), unknown keys, wrong types, invalid
/// instance names, NaN/inf in the experiment, bad connection entries, bad subsystem definitions, a
/// subsystem file that cannot be read or is outside those trees, more than kMaxComponents
/// components once subsystems are expanded; a FileError when memory runs out.
Netlist parse_netlist(std::string_view text, std::string source = "netlist",
                      const std::vector<std::string>& subsystem_path = {});

/// Parses JSON text into a tree, with the netlist's messages for a syntax error (line and column,
/// naming `source`, quoting the text read there when `quote_text`), for nesting deeper than
/// kMaxJsonDepth and for a repeated key (the first one, at its pointer). @throws ModelError.
nlohmann::json read_json(std::string_view text, const std::string& source, bool quote_text = true);

/// The text of the regular file at `path` (or, with `pipes`, of the pipe), of at most
/// kMaxFileBytes; nullopt and `problem` set (the system's reason, "a directory", "not a regular
/// file …", the size) when it is not one. Devices and sockets are refused, so /dev/zero is never
/// read without end; a pipe is read to its end or to kMaxFileBytes, a FIFO without a writer is empty.
std::optional<std::string> read_regular_file(const std::string& path, std::string& problem, bool pipes = false);

/// Reads and parses a netlist file (a regular file or a pipe: `generate | acausal check
/// /dev/stdin`; see parse_netlist for `subsystem_path`).
/// @throws ModelError (a FileError when the file cannot be read).
Netlist load_netlist(const std::string& path, const std::vector<std::string>& subsystem_path = {});

/// Applies `instance.param=value` (value: JSON, or else a string such as "30 deg") to a component
/// of the netlist (not inside a subsystem; a subsystem instance takes its subsystem's parameters).
/// @throws ModelError for an unknown instance or a malformed assignment.
void apply_override(Netlist& netlist, std::string_view assignment);

}  // namespace acausal
