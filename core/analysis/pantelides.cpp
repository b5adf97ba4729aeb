#include "core/analysis/pantelides.hpp"

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace acausal {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

/// The growing system: every derivative of a variable and every differentiated equation is a node of
/// its own, as in Pantelides' paper.
class Graph {
 public:
  Graph(const std::vector<std::vector<Incidence>>& equations, std::size_t variables) {
    // Variable nodes for each base variable up to the highest order that occurs.
    std::vector<int> highest(variables, 0);
    for (const auto& eq : equations)
      for (const Incidence& in : eq) {
        if (in.variable >= variables) throw std::invalid_argument("pantelides: variable index out of range");
        highest[in.variable] = std::max(highest[in.variable], in.order);
      }
    // Base variables are nodes 0 .. variables − 1; their derivatives follow.
    for (std::size_t v = 0; v < variables; ++v) add_variable(v, 0);
    for (std::size_t v = 0; v < variables; ++v) {
      std::size_t node = v;
      for (int k = 1; k <= highest[v]; ++k) {
        std::size_t next = add_variable(v, k);
        derivative_[node] = next;
        node = next;
      }
    }
    for (const auto& eq : equations) {
      std::vector<std::size_t> vars;
      for (const Incidence& in : eq)
        for (int k = 0; k <= in.order; ++k) vars.push_back(node_of(in.variable, k));
      add_equation(std::move(vars), equations_.size());
    }
  }

  /// Augmenting path from equation `root` over highest-derivative variables; colors what it visits.
  /// Depth first with an explicit stack: a long chain of constraints cannot overflow the call stack.
  bool augment(std::size_t root) {
    struct Frame {
      std::size_t equation;
      std::size_t next;  ///< position in its variables of the next one to try
      std::size_t via;   ///< the variable, assigned to this equation, through which it was entered
    };
    std::vector<Frame> stack;
    // Colors `e`; true if it has a free highest derivative (which it then takes).
    auto enter = [&](std::size_t e, std::size_t via) {
      color_equation(e);
      for (std::size_t v : equations_[e])
        if (derivative_[v] == kNone && assign_[v] == kNone) {
          assign_[v] = e;
          return true;
        }
      stack.push_back({e, 0, via});
      return false;
    };
    if (enter(root, kNone)) return true;
    while (!stack.empty()) {
      Frame& top = stack.back();
      const std::vector<std::size_t>& vars = equations_[top.equation];
      std::size_t v = kNone;
      while (top.next < vars.size()) {
        const std::size_t candidate = vars[top.next++];
        if (derivative_[candidate] != kNone || colored_variable(candidate)) continue;
        v = candidate;
        break;
      }
      if (v == kNone) {
        stack.pop_back();  // no augmenting path through this equation
        continue;
      }
      color_variable(v);
      const std::size_t parent = top.equation;
      if (!enter(assign_[v], v)) continue;
      // The path ends: every variable on it moves to the equation before it.
      assign_[v] = parent;
      for (std::size_t k = stack.size(); k-- > 1;) assign_[stack[k].via] = stack[k - 1].equation;
      return true;
    }
    return false;
  }

  /// Forgets the colors of the last augment: a new generation, so that clearing costs nothing
  /// however large the graph has grown.
  void clear_colors() {
    ++generation_;
    colored_equations_.clear();
    colored_variables_.clear();
  }

  /// Differentiates every colored variable and equation; returns the derivative of `e`.
  std::size_t differentiate_colored(std::size_t e) {
    for (std::size_t v : colored_variables_) derivative_[v] = add_variable(base_of_[v], order_[v] + 1);
    for (std::size_t l : colored_equations_) {
      std::vector<std::size_t> vars = equations_[l];
      for (std::size_t v : equations_[l]) {
        if (derivative_[v] == kNone) derivative_[v] = add_variable(base_of_[v], order_[v] + 1);
        vars.push_back(derivative_[v]);
      }
      std::sort(vars.begin(), vars.end());
      vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
      equation_derivative_[l] = add_equation(std::move(vars), origin_[l]);
      differentiations_[equation_derivative_[l]] = differentiations_[l] + 1;
    }
    for (std::size_t v : colored_variables_) assign_[derivative_[v]] = equation_derivative_[assign_[v]];
    return equation_derivative_[e];
  }

  PantelidesResult result(std::size_t original_equations, std::size_t variables) const {
    PantelidesResult r;
    r.equation_differentiations.assign(original_equations, 0);
    for (std::size_t e = 0; e < equations_.size(); ++e)
      r.equation_differentiations[origin_[e]] = std::max(r.equation_differentiations[origin_[e]], differentiations_[e]);
    r.variable_order.assign(variables, 0);
    for (std::size_t v = 0; v < base_of_.size(); ++v)
      r.variable_order[base_of_[v]] = std::max(r.variable_order[base_of_[v]], order_[v]);
    return r;
  }

 private:
  std::size_t node_of(std::size_t base, int order) const {
    std::size_t node = base;  // base variables are the first nodes, in order
    for (int k = 0; k < order; ++k) node = derivative_[node];
    return node;
  }
  void color_equation(std::size_t e) {
    if (equation_color_[e] == generation_) return;
    equation_color_[e] = generation_;
    colored_equations_.push_back(e);
  }
  void color_variable(std::size_t v) {
    variable_color_[v] = generation_;
    colored_variables_.push_back(v);
  }
  bool colored_variable(std::size_t v) const { return variable_color_[v] == generation_; }

  std::size_t add_variable(std::size_t base, int order) {
    base_of_.push_back(base);
    order_.push_back(order);
    derivative_.push_back(kNone);
    assign_.push_back(kNone);
    variable_color_.push_back(0);
    return base_of_.size() - 1;
  }
  std::size_t add_equation(std::vector<std::size_t> vars, std::size_t origin) {
    equations_.push_back(std::move(vars));
    origin_.push_back(origin);
    differentiations_.push_back(0);
    equation_derivative_.push_back(kNone);
    equation_color_.push_back(0);
    return equations_.size() - 1;
  }

  // variable nodes
  std::vector<std::size_t> base_of_;
  std::vector<int> order_;
  std::vector<std::size_t> derivative_;  ///< node of der(this), or kNone
  std::vector<std::size_t> assign_;      ///< equation matched to this variable, or kNone
  std::vector<std::uint32_t> variable_color_;  ///< generation in which it was last colored
  // equation nodes
  std::vector<std::vector<std::size_t>> equations_;
  std::vector<std::size_t> origin_;               ///< the original equation it derives from
  std::vector<int> differentiations_;             ///< how often the original was differentiated
  std::vector<std::size_t> equation_derivative_;  ///< node of its derivative, or kNone
  std::vector<std::uint32_t> equation_color_;
  // the colors of the current augment
  std::uint32_t generation_ = 1;
  std::vector<std::size_t> colored_equations_, colored_variables_;
};

}  // namespace

PantelidesResult pantelides(const std::vector<std::vector<Incidence>>& equations, std::size_t variables) {
  Graph g(equations, variables);
  const std::size_t n = equations.size();
  // Each differentiation adds a derivative level; more than (number of equations) levels cannot help.
  const std::size_t limit = n + 1;
  for (std::size_t k = 0; k < n; ++k) {
    std::size_t e = k;
    for (std::size_t round = 0;; ++round) {
      if (round > limit)
        throw std::invalid_argument("pantelides: the system is structurally singular (equation " + std::to_string(k) +
                                    " can never be matched)");
      g.clear_colors();
      if (g.augment(e)) break;
      e = g.differentiate_colored(e);
    }
  }
  PantelidesResult r = g.result(n, variables);
  int most = 0;
  for (int d : r.equation_differentiations) most = std::max(most, d);
  r.index = most + 1;
  return r;
}

}  // namespace acausal
