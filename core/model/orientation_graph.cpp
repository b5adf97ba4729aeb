#include "core/model/orientation_graph.hpp"

#include <algorithm>
#include <boost/pending/disjoint_sets.hpp>
#include <deque>
#include <optional>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"

namespace acausal {

bool FrameDeclaration::flag(std::string_view name, bool default_value) const {
  if (params_ == nullptr || !params_->is_object()) return default_value;
  const auto it = params_->find(std::string(name));
  return it != params_->end() && it->is_boolean() ? it->get<bool>() : default_value;
}

std::string FrameDeclaration::text(std::string_view name, std::string_view default_value) const {
  if (params_ == nullptr || !params_->is_object()) return std::string(default_value);
  const auto it = params_->find(std::string(name));
  return it != params_->end() && it->is_string() ? it->get<std::string>() : std::string(default_value);
}

std::vector<std::string> FrameDeclaration::keys(std::string_view name) const {
  std::vector<std::string> out;
  if (params_ == nullptr || !params_->is_object()) return out;
  const auto it = params_->find(std::string(name));
  if (it == params_->end() || !it->is_object()) return out;
  for (auto m = it->begin(); m != it->end(); ++m) out.push_back(m.key());
  return out;
}

std::string FrameRoles::key() const {
  std::string k;
  for (const std::string& r : chosen_roots_) k.append("root:").append(r).append(";");
  for (const std::string& r : rooted_) k.append("rooted:").append(r).append(";");
  return k;
}

namespace {

/// Boost's union–find (the one Boost.Graph's incremental components use), over 0 … n−1.
class Sets {
 public:
  explicit Sets(std::size_t n) : sets_(n) {
    for (std::size_t i = 0; i < n; ++i) sets_.make_set(i);
  }
  std::size_t find(std::size_t x) { return sets_.find_set(x); }
  void unite(std::size_t a, std::size_t b) { sets_.union_set(a, b); }

 private:
  boost::disjoint_sets_with_storage<> sets_;
};

}  // namespace

std::size_t parts_without_root(const FrameDeclaration& declaration, const std::vector<std::string>& frame_ports,
                               const FrameRoles* roles) {
  const auto index = [&](const std::string& port) {
    return static_cast<std::size_t>(std::find(frame_ports.begin(), frame_ports.end(), port) - frame_ports.begin());
  };
  Sets parts(frame_ports.size());
  for (const auto& branch : declaration.branches())
    if (index(branch.a) < frame_ports.size() && index(branch.b) < frame_ports.size())
      parts.unite(index(branch.a), index(branch.b));
  std::vector<bool> rooted(frame_ports.size(), false);
  for (const std::string& port : declaration.roots())
    if (index(port) < frame_ports.size()) rooted[parts.find(index(port))] = true;
  for (const std::string& port : declaration.potential_roots())
    if (index(port) < frame_ports.size() && (roles == nullptr || roles->is_root(port)))
      rooted[parts.find(index(port))] = true;
  std::size_t out = 0;
  for (std::size_t k = 0; k < frame_ports.size(); ++k)
    if (parts.find(k) == k && !rooted[k]) ++out;
  return out;
}

namespace {

struct Vertex {
  std::string path;                          ///< "instance.port", or "" for a connection node
  std::size_t instance = static_cast<std::size_t>(-1);
  std::string port;
  bool root = false, potential_root = false;
  bool joint = false;          ///< a port of a joint (FrameDeclaration::joint)
  std::size_t connection = 0;  ///< a node's first connection (for messages)
};

/// How much cutting a node–port link is wanted: the spanning forest takes the links in this order,
/// so a loop is cut at its most wanted link (within one rank, the last in netlist order).
enum class CutPreference { Plain, JointPort, Named };

struct Edge {
  std::size_t u, v;
  bool branch;        ///< a component's branch (never cut); otherwise a node–port link
  CutPreference preference = CutPreference::Plain;
  bool tree = false;  ///< in the spanning forest
};

class Builder {
 public:
  Builder(const Netlist& netlist, const Registry& registry) : netlist_(netlist), registry_(registry) {}

  OrientationGraph build() {
    OrientationGraph out;
    out.roles.resize(netlist_.components.size());
    declare();
    if (vertices_.empty()) return out;
    link_nodes();
    mark_named_cuts();
    choose_forest(out);
    check_named_cuts(out);
    orient(out);
    return out;
  }

 private:
  std::size_t vertex(const std::string& path, std::size_t instance, std::string_view port) {
    if (auto it = index_.find(path); it != index_.end()) return it->second;
    vertices_.push_back({path, instance, std::string(port)});
    index_.emplace(path, vertices_.size() - 1);
    return vertices_.size() - 1;
  }

  void declare() {
    const Component* type = nullptr;
    for (std::size_t i = 0; i < netlist_.components.size(); ++i) {
      const NetlistComponent& c = netlist_.components[i];
      // a large netlist's types come in runs: the one before is compared, not hashed
      if (i == 0 || c.type != netlist_.components[i - 1].type) type = registry_.find(c.type);
      if (type == nullptr) continue;  // reported when the model is built
      FrameDeclaration d(&c.params);
      type->declare_frames(d);
      const auto at = [&](const std::string& port) { return vertex(c.name + "." + port, i, port); };
      for (const std::string& p : d.roots()) vertices_[at(p)].root = true;
      for (const std::string& p : d.potential_roots()) vertices_[at(p)].potential_root = true;
      for (const FrameDeclaration::Branch& b : d.branches()) edges_.push_back({at(b.a), at(b.b), true});
      for (const std::string& p : d.read_ports()) at(p);
      for (const std::string& p : d.joint_ports()) vertices_[at(p)].joint = true;
    }
  }

  /// One vertex per connection node that touches a declared frame port, linked to all its ends.
  void link_nodes() {
    // The nodes: connections that share a port are one node (as the assembler joins them).
    Sets entries(netlist_.connections.size());
    std::unordered_map<std::string_view, std::size_t> first_entry;
    for (std::size_t k = 0; k < netlist_.connections.size(); ++k) {
      for (const std::string& p : netlist_.connections[k].ports) {
        auto [it, fresh] = first_entry.emplace(p, k);
        if (!fresh) entries.unite(k, it->second);
      }
    }
    std::unordered_map<std::string_view, std::size_t> instance_of;
    for (std::size_t i = 0; i < netlist_.components.size(); ++i) instance_of.emplace(netlist_.components[i].name, i);
    std::unordered_map<std::size_t, std::size_t> node_vertex;  // entry set → vertex
    for (std::size_t k = 0; k < netlist_.connections.size(); ++k) {
      const auto& ports = netlist_.connections[k].ports;
      bool frames = false;
      for (const std::string& p : ports) frames = frames || index_.count(p) > 0;
      if (!frames) continue;
      const std::size_t set = entries.find(k);
      auto [it, fresh] = node_vertex.emplace(set, 0);
      if (fresh) {
        vertices_.push_back({"", static_cast<std::size_t>(-1), "", false, false, false, k});
        it->second = vertices_.size() - 1;
      }
      for (const std::string& p : ports) {
        const auto [instance, dot] = split_instance_path(p, [&](std::string_view name) {
          const auto found = instance_of.find(name);
          return found == instance_of.end() ? static_cast<std::size_t>(-1) : found->second;
        });
        const std::size_t v = vertex(p, instance, dot == std::string::npos ? "" : p.substr(dot + 1));
        if (linked_.insert(p).second)
          edges_.push_back(
              {it->second, v, false, vertices_[v].joint ? CutPreference::JointPort : CutPreference::Plain});
      }
    }
  }

  /// The links of the netlist's "loop_cuts" ports become the most wanted cuts.
  void mark_named_cuts() {
    for (std::size_t k = 0; k < netlist_.loop_cuts.size(); ++k) {
      const std::string& path = netlist_.loop_cuts[k];
      Edge* link = nullptr;
      if (const auto it = index_.find(path); it != index_.end())
        for (Edge& e : edges_)
          if (!e.branch && e.v == it->second) link = &e;
      if (link == nullptr)
        throw ModelError("/loop_cuts/" + std::to_string(k),
                         "\"" + path + "\" is no connected frame port: a loop is cut where a frame port meets its "
                                      "connection");
      link->preference = CutPreference::Named;
    }
  }

  /// Every named cut opened a loop: a port whose connection lies on no loop (or on one another
  /// named port already opened) cannot be cut.
  void check_named_cuts(const OrientationGraph& out) const {
    for (std::size_t k = 0; k < netlist_.loop_cuts.size(); ++k)
      if (!out.cut_ports.count(netlist_.loop_cuts[k]))
        throw ModelError("/loop_cuts/" + std::to_string(k),
                         "no kinematic loop is left to cut at " + netlist_.loop_cuts[k] +
                             ": its connection lies on no loop, or on one that another of the loop_cuts opens");
  }

  /// Kruskal: branches first (a loop of branches is an error), then node links by CutPreference
  /// (in netlist order within one), each kept unless it closes a loop or joins two parts that both
  /// have a definite root.
  void choose_forest(OrientationGraph& out) {
    sets_.emplace(vertices_.size());
    std::vector<bool> has_root(vertices_.size());
    for (std::size_t v = 0; v < vertices_.size(); ++v) has_root[v] = vertices_[v].root;
    auto merge = [&](std::size_t a, std::size_t b) {
      const std::size_t ra = sets_->find(a), rb = sets_->find(b);
      const bool rooted = has_root[ra] || has_root[rb];
      sets_->unite(ra, rb);
      has_root[sets_->find(ra)] = rooted;
    };
    for (Edge& e : edges_) {
      if (!e.branch) continue;
      if (sets_->find(e.u) == sets_->find(e.v))
        throw ModelError(netlist_.components[vertices_[e.u].instance].pointer,
                         "the frames of " + vertices_[e.u].path + " and " + vertices_[e.v].path +
                             " are already rigidly related through other components: a loop of joints and rigid "
                             "parts with no connection that can be cut");
      if (has_root[sets_->find(e.u)] && has_root[sets_->find(e.v)]) two_roots(e.u, e.v);
      merge(e.u, e.v);
      e.tree = true;
    }
    std::vector<std::size_t> links;
    for (std::size_t k = 0; k < edges_.size(); ++k)
      if (!edges_[k].branch) links.push_back(k);
    std::stable_sort(links.begin(), links.end(),
                     [&](std::size_t a, std::size_t b) { return edges_[a].preference < edges_[b].preference; });
    for (std::size_t k : links) {
      Edge& e = edges_[k];
      const std::size_t ru = sets_->find(e.u), rv = sets_->find(e.v);
      if (ru == rv || (has_root[ru] && has_root[rv])) {
        if (vertices_[e.v].root) {
          // The node's orientation comes from elsewhere and this port is a root itself.
          for (const Edge& f : edges_)
            if (!f.branch && f.u == e.u && f.v != e.v && vertices_[f.v].root) two_roots(f.v, e.v);
        }
        out.cut_ports.insert(vertices_[e.v].path);
        continue;
      }
      merge(e.u, e.v);
      e.tree = true;
    }
  }

  [[noreturn]] void two_roots(std::size_t a, std::size_t b) const {
    throw ModelError(netlist_.components[vertices_[b].instance].pointer,
                     vertices_[a].path + " and " + vertices_[b].path +
                         " both fix the orientation (World, Fixed) and are joined rigidly: remove one of them");
  }

  /// Picks each part's root and walks the forest from it, telling every branch which port the
  /// orientation reaches first.
  void orient(OrientationGraph& out) {
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> adjacent(vertices_.size());  // (vertex, edge)
    for (std::size_t k = 0; k < edges_.size(); ++k) {
      if (!edges_[k].tree) continue;
      adjacent[edges_[k].u].push_back({edges_[k].v, k});
      adjacent[edges_[k].v].push_back({edges_[k].u, k});
    }
    std::vector<bool> seen(vertices_.size(), false);
    auto walk = [&](std::size_t start) {
      std::deque<std::size_t> queue{start};
      seen[start] = true;
      while (!queue.empty()) {
        const std::size_t u = queue.front();
        queue.pop_front();
        for (auto [v, k] : adjacent[u]) {
          if (seen[v]) continue;
          seen[v] = true;
          if (edges_[k].branch) out.roles[vertices_[u].instance].set_rooted(vertices_[u].port);
          queue.push_back(v);
        }
      }
    };
    for (std::size_t v = 0; v < vertices_.size(); ++v)
      if (vertices_[v].root && !seen[v]) walk(v);
    for (std::size_t v = 0; v < vertices_.size(); ++v)
      if (vertices_[v].potential_root && !seen[v]) {
        out.roles[vertices_[v].instance].set_root(vertices_[v].port);
        walk(v);
      }
    for (std::size_t v = 0; v < vertices_.size(); ++v) {
      if (seen[v]) continue;
      // A part of the graph without a root: list its ports in the user's terms.
      std::vector<std::string> ports;
      std::size_t instance = vertices_[v].instance;
      for (std::size_t w = 0; w < vertices_.size(); ++w)
        if (sets_->find(w) == sets_->find(v) && !vertices_[w].path.empty()) {
          ports.push_back(vertices_[w].path);
          if (instance == static_cast<std::size_t>(-1)) instance = vertices_[w].instance;
        }
      const std::string pointer = instance < netlist_.components.size() ? netlist_.components[instance].pointer
                                                                        : netlist_.connections[vertices_[v].connection].pointer;
      throw ModelError(pointer, join(ports, 8) + (ports.size() == 1 ? " is" : " are") +
                                    " not connected to the World, a Fixed frame or a free body: nothing sets " +
                                    (ports.size() == 1 ? "its" : "their") + " orientation");
    }
  }

  const Netlist& netlist_;
  const Registry& registry_;
  std::vector<Vertex> vertices_;
  std::unordered_map<std::string, std::size_t> index_;
  std::unordered_set<std::string> linked_;
  std::vector<Edge> edges_;
  std::optional<Sets> sets_;  ///< the parts of the forest, made once every vertex is known
};

}  // namespace

OrientationGraph build_orientation_graph(const Netlist& netlist, const Registry& registry) {
  return Builder(netlist, registry).build();
}

}  // namespace acausal
