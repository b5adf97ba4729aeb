#pragma once
/// @file
/// Where each equation of a flat model comes from and what it says, in words: what messages quote
/// (`mass1 (Newton's second law), /components/mass1`). Shared by the model and the compiled program,
/// which keeps it for its messages once the model is gone.
///
/// A connection's equations are described when a message asks, from the instances and ports at its
/// node: a large model has hundreds of thousands of them, and its messages quote a few.

#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace acausal {

struct Definition;
class Domain;

/// What messages read of a definition — its ports' names and domains, its variables' names, its
/// equations' descriptions — without its expressions: labels outlive the model's expressions (a
/// compiled program keeps them, and holds no expression).
struct DefinitionText {
  struct PortText {
    std::string name;
    const Domain* domain;
  };
  std::vector<PortText> ports;
  std::vector<std::string_view> variables;  ///< local names (kept text)
  std::vector<std::string_view> equations;  ///< descriptions (kept text)
};

/// Where equations come from: an instance or a connection. Shared by all equations of that source.
struct EquationSource {
  /// `pointer` is kept only where it is not `/components/<origin>` (a subsystem's component): a
  /// large model's hundreds of thousands of instances would each keep one more string.
  EquationSource(std::string origin_name, const std::string& written_pointer) : origin(std::move(origin_name)) {
    if (written_pointer != "/components/" + origin) pointer_ = std::make_unique<const std::string>(written_pointer);
  }
  std::string origin;  ///< the instance
  /// `/components/spring1`, or where a subsystem's component is written
  std::string pointer() const { return pointer_ ? *pointer_ : "/components/" + origin; }

 private:
  std::unique_ptr<const std::string> pointer_;  ///< null: at /components/<origin>
};

class EquationLabels {
 public:
  /// Who wrote an equation: an instance's definition (its equation `local`), the model
  /// (kWritten: a loop closure, its description `local`), or a connection or open port (kLinear:
  /// its LinearLabel `local`).
  static constexpr std::uint32_t kWritten = static_cast<std::uint32_t>(-1);
  static constexpr std::uint32_t kLinear = static_cast<std::uint32_t>(-2);
  struct Label {
    std::uint32_t who = kWritten;  ///< an instance index, kWritten or kLinear
    std::uint32_t local = 0;
  };
  /// A port at a connection node: its instance and the index of the port in its definition.
  struct NodeEnd {
    std::uint32_t instance = 0;
    std::uint32_t port = 0;
  };

  // Building (the assembler), in the model's order of instances and equations.

  /// Room for `equations` labels, `connection_equations` of them a connection's (a large model's
  /// take megabytes: growing twice over would leave half of them empty).
  void reserve(std::size_t equations, std::size_t connection_equations) {
    equations_.reserve(equations);
    linear_.reserve(connection_equations);
  }
  /// Instance i (the next one): its definition and its source. The source stays in place.
  const EquationSource& add_instance(std::shared_ptr<const Definition> definition, EquationSource source);
  /// The next equation is instance i's definition's equation `local`.
  void add_instance_equation(std::uint32_t instance, std::uint32_t local) { equations_.push_back({instance, local}); }
  /// The next equation is one the model wrote at `node` (kWritten: a loop closure), described so.
  void add_written_equation(std::uint32_t node, std::string description);
  /// The next equation is one the model wrote for an external input (kWritten, origin "inputs"):
  /// a port it feeds reads it. `pointer`: where the netlist names the port (`/inputs/u/feeds/0`).
  void add_input_equation(std::string pointer, std::string description);
  /// A connection node: `connection` is where the netlist writes it (`pointer`), `ends` its ports in
  /// node order, `source` the position among them of the end whose across quantities the others
  /// share (signal nodes: the output). Returns the node's index.
  std::uint32_t add_node(std::uint32_t connection, std::string_view pointer, std::span<const NodeEnd> ends,
                         std::uint32_t source);
  /// The next equation: the end at `position` of `node` shares the source's across variable
  /// `variable` (an index among the source instance's variables).
  void add_share(std::uint32_t node, std::uint32_t position, std::uint32_t variable) {
    add_linear({LinearLabel::Share, node, position, variable});
  }
  /// The next equation: the through quantities at `node` sum to zero.
  void add_sum(std::uint32_t node) { add_linear({LinearLabel::Sum, node, 0, 0}); }
  /// The next equation: the signal input at `position` of `node` reads the node's output.
  void add_reads(std::uint32_t node, std::uint32_t position) { add_linear({LinearLabel::Reads, node, position, 0}); }
  /// The next equation: the flow of instance i's open port `port` is zero.
  void add_open_port(std::uint32_t instance, std::uint32_t port) { add_linear({LinearLabel::OpenPort, instance, port, 0}); }

  // Reading.

  std::size_t size() const { return equations_.size(); }
  Label label(std::size_t e) const { return equations_[e]; }
  /// The instance that wrote equation e, or "connection".
  const std::string& origin(std::size_t e) const;
  /// Where the netlist writes it: `/components/mass1`, `/connections/3`.
  std::string pointer(std::size_t e) const;
  /// What it says: "Newton's second law", "sum of f at sd1.flange_b, mass1.flange_a is zero".
  std::string description(std::size_t e) const;
  /// The sources of the instances, in order (their names stay in place).
  const EquationSource& instance_source(std::size_t i) const { return instances_[i].source; }
  /// `<instance>.<local name>` of instance i's variable `local`.
  std::string variable_name(std::size_t i, std::size_t local) const;
  /// Where the netlist's "initial" entry of instance i's variable `local` is: `/components/mass/initial/s`.
  std::string initial_pointer(std::size_t i, std::size_t local) const;

  /// An initial target's place, when not initial_pointer() (an element of a vector's entry, a value
  /// a subsystem instance gives): kept, and named by the index returned.
  std::uint32_t add_target_pointer(std::string pointer);
  static constexpr std::uint32_t kAtEntry = static_cast<std::uint32_t>(-1);  ///< see target_pointer
  /// Where the netlist sets the initial target of instance i's variable `local`: initial_pointer()
  /// for kAtEntry, else the pointer add_target_pointer() kept as `written`.
  std::string target_pointer(std::size_t i, std::size_t local, std::uint32_t written) const;

 private:
  struct LinearLabel {
    enum Kind : std::uint32_t { Share, Sum, Reads, OpenPort };
    Kind kind;
    std::uint32_t who;       ///< the node (an instance for OpenPort)
    std::uint32_t position;  ///< the end in the node (the port for OpenPort)
    std::uint32_t variable;  ///< Share: the shared variable among the source instance's
  };
  struct Node {
    std::uint32_t connection = 0;
    std::uint32_t first_end = 0;  ///< into ends_
    std::uint32_t end_count = 0;
    std::uint32_t source = 0;
  };
  struct Instance {
    std::shared_ptr<const DefinitionText> definition;
    EquationSource source;
  };
  /// The text of each definition added so far, made once per definition (copies share theirs).
  std::unordered_map<const Definition*, std::shared_ptr<const DefinitionText>> texts_;

  void add_linear(LinearLabel l);
  /// The pointer of node n's connection.
  std::string node_pointer(std::uint32_t n) const;
  /// `instance.port` of end `position` of node n, as the netlist writes it.
  std::string path(const Node& n, std::uint32_t position) const;

  std::vector<Label> equations_;
  std::deque<Instance> instances_;  ///< a deque keeps the sources in place as it grows
  std::vector<LinearLabel> linear_;
  std::vector<Node> nodes_;
  std::vector<NodeEnd> ends_;
  struct Written {
    static constexpr std::uint32_t kInput = static_cast<std::uint32_t>(-1);  ///< `node` of an input's
    std::uint32_t node;
    std::string description;
    std::string pointer;  ///< an input's equation's (a loop closure's is its node's)
  };
  std::vector<Written> written_;  ///< the kWritten equations' (few: loop closures, inputs)
  std::vector<std::string> target_pointers_;  ///< add_target_pointer()'s
  /// Connection pointers other than `/connections/<k>` (those of flattened subsystems), by connection.
  std::unordered_map<std::uint32_t, std::string> connection_pointers_;
  const std::string connection_ = "connection";
  const std::string inputs_ = "inputs";
};

}  // namespace acausal
