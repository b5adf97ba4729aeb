#pragma once
/// @file
/// Overconstrained orientation (Modelica Language Specification §9.4) as components see it. Before
/// any component defines itself, each one declares what it does with the orientation of its frame
/// ports: a root sets it (World, Fixed), a potential root may set it when nothing else does (a free
/// Body), a branch carries it from one port to another (joints, fixed translations). The assembler
/// builds the virtual connection graph of these ports and the netlist's connections, picks a
/// spanning forest (core/model/orientation_graph.hpp), and tells every component how its ports
/// were reached (FrameRoles) so that it writes each orientation equation once, in the direction the
/// orientation flows.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace acausal {

/// What a component declares about its frame ports (Component::declare_frames).
class FrameDeclaration {
 public:
  /// `params`: the instance's "params" object (or null), for declarations that depend on a flag.
  explicit FrameDeclaration(const nlohmann::json* params = nullptr) : params_(params) {}
  /// The boolean parameter `name` as the netlist gives it, else `default_value` (define() reads
  /// and validates the same parameter with ComponentBuilder::flag).
  bool flag(std::string_view name, bool default_value) const;
  /// The member names of the object parameter `name` (none when not given or not an object).
  std::vector<std::string> keys(std::string_view name) const;
  /// The string parameter `name` as the netlist gives it, else `default_value`.
  std::string text(std::string_view name, std::string_view default_value) const;
  struct Branch {
    std::string a, b;
  };
  /// `port`'s orientation is set by the component (Connections.root).
  void root(std::string_view port) { roots_.emplace_back(port); }
  /// `port`'s orientation is set by the component if no root reaches it (Connections.potentialRoot).
  void potential_root(std::string_view port) { potential_roots_.emplace_back(port); }
  /// The component relates the orientations of `a` and `b` (Connections.branch).
  void branch(std::string_view a, std::string_view b) { branches_.push_back({std::string(a), std::string(b)}); }
  /// A branch across a joint: `a` and `b` move relative to each other. A kinematic loop is cut
  /// preferably at a joint's port (core/model/orientation_graph.hpp).
  void joint(std::string_view a, std::string_view b) {
    branch(a, b);
    joint_ports_.emplace_back(a);
    joint_ports_.emplace_back(b);
  }
  /// The component reads `port`'s orientation and sets none: a connection must bring it from a
  /// root (a frame_resolve). Left open, the port is reported as orientated by nothing.
  void reads(std::string_view port) { reads_.emplace_back(port); }

  const std::vector<std::string>& roots() const { return roots_; }
  const std::vector<std::string>& potential_roots() const { return potential_roots_; }
  const std::vector<Branch>& branches() const { return branches_; }
  const std::vector<std::string>& read_ports() const { return reads_; }
  const std::vector<std::string>& joint_ports() const { return joint_ports_; }

 private:
  const nlohmann::json* params_;
  std::vector<std::string> roots_, potential_roots_, reads_, joint_ports_;
  std::vector<Branch> branches_;
};

/// How the spanning forest reached one instance's frame ports.
class FrameRoles {
 public:
  /// The potential root `port` was chosen as the root of its part of the graph (Connections.isRoot).
  bool is_root(std::string_view port) const { return contains(chosen_roots_, port); }
  /// Of a branch a–b: true when the orientation reaches `port` first, so that the component
  /// computes the other port's orientation from this one (Connections.rooted).
  bool rooted(std::string_view port) const { return contains(rooted_, port); }

  void set_root(std::string_view port) { chosen_roots_.emplace_back(port); }
  void set_rooted(std::string_view port) { rooted_.emplace_back(port); }
  /// A text that differs when the roles differ (for caching definitions).
  std::string key() const;

 private:
  static bool contains(const std::vector<std::string>& v, std::string_view s) {
    for (const std::string& x : v)
      if (x == s) return true;
    return false;
  }
  std::vector<std::string> chosen_roots_, rooted_;
};

/// The parts of a component's own orientation graph — `frame_ports` joined by its declared
/// branches — that hold no root or potential root: in a model the connections bring each such
/// part its orientation (MLS §4.7 counts it as equalityConstraint's output, 3, not as the 12
/// variables of R and w).
/// `roles`: how a model's orientation graph reached the instance — a potential root counts as a
/// root only where it was chosen (FrameRoles::is_root); nullptr (the component alone): every one.
std::size_t parts_without_root(const FrameDeclaration& declaration, const std::vector<std::string>& frame_ports,
                               const FrameRoles* roles = nullptr);

}  // namespace acausal
