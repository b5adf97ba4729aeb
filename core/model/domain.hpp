#pragma once
/// @file
/// Physical domains (connector types): what a port carries and how power flows through it.

#include <functional>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

/// How strongly a variable wants to be a state (used by state selection during index reduction).
enum class StatePriority { Always, Prefer, Default, Avoid, Never };

/// One connector quantity. Vector and matrix quantities are stored element-wise with 1-based
/// indexed names (`r_0[2]`, `R[1,3]`), so every stage below the port sees scalars only.
struct PortQuantity {
  std::string name;
  std::string unit;
  int rows = 1;  ///< 3 for a vector, 3 for a matrix
  int cols = 1;  ///< 3 for a matrix
  /// Of every port variable of this quantity: rotation-matrix entries are `Never` states.
  StatePriority priority = StatePriority::Default;
  /// Start values (guesses) of the elements, row by row; empty: 0. A rotation matrix starts as the
  /// identity, so that a loop's orientation equations have a meaningful Jacobian before assembly.
  std::vector<double> start = {};
  int size() const { return rows * cols; }
  /// Name of element i (0-based): `name`, `name[i+1]` or `name[row,col]`.
  std::string element_name(int i) const;
};

/// Declared variables of one port of an instance.
struct Port;

/// The names a two-terminal element of a 1D domain gives its relative quantities
/// (define_compliant): rotational phi_rel, w_rel, tau; translational s_rel, v_rel, f.
struct CompliantNames {
  PortQuantity rel, rate, flow;
  std::string rel_description, rate_description, flow_description;
};

/// How a domain with an overconstrained across quantity closes a loop (MLS §9.4.3
/// equalityConstraint): at a port whose link to its connection node was cut by the orientation
/// graph, the `replaced` quantities are not equated with the node's; `residuals` relate them instead
/// (a frame: 3 residuals for the 9 entries of R, none for w).
struct LoopClosure {
  std::vector<std::string> replaced;
  std::function<std::vector<Expr>(const Port& node, const Port& cut)> residuals;
  /// How many residuals `residuals` returns (MLS §9.4.1: the size of equalityConstraint's output).
  /// A port's `replaced` quantities count as this many variables in a component's local balance
  /// (MLS §4.7), for each part of a component's orientation graph without a root: a frame's
  /// orientation (R and w, 12 variables) counts as 3.
  std::size_t constraint_size = 0;
  /// The closure's rows are the across quantities not replaced (equalities), then the residuals.
  /// For a row that the rest of the loop already implies (core/model/redundant_closures.hpp): the
  /// quantity of the cut port that row would have carried, as a residual that sets it to zero (for a
  /// frame: the cut force along a world axis for an origin row, the cut torque about a frame axis
  /// for an orientation residual). With its description.
  std::function<std::pair<Expr, std::string>(const Port& cut, std::size_t row)> released;
};

class Domain {
 public:
  /// Power into a component through one of its ports of this domain.
  using PowerRule = std::function<Expr(const Port&)>;

  Domain(std::string name, std::vector<PortQuantity> across, std::vector<PortQuantity> through, bool causal,
         PowerRule power, std::optional<CompliantNames> compliant = std::nullopt,
         std::optional<LoopClosure> loop_closure = std::nullopt);

  const std::string& name() const { return name_; }
  /// Potential quantities: equal at a connection node.
  const std::vector<PortQuantity>& across() const { return across_; }
  /// Flow quantities: sum to zero at a connection node; positive into the component.
  const std::vector<PortQuantity>& through() const { return through_; }
  /// Signals are causal: a node has exactly one output and no through quantity.
  bool causal() const { return causal_; }

  /// Power flowing into a component through `port`: rotational τ·φ̇, translational f·ṡ, frame
  /// f·v + t·ω, thermal the heat flow Q_flow; zero for signals.
  Expr power(const Port& port) const { return power_(port); }
  /// A 1D domain's names for a two-terminal element's relative quantities; nullopt for others.
  const std::optional<CompliantNames>& compliant() const { return compliant_; }
  /// For an overconstrained domain (frame): how a cut connection is closed.
  const std::optional<LoopClosure>& loop_closure() const { return loop_closure_; }

 private:
  std::string name_;
  std::vector<PortQuantity> across_;
  std::vector<PortQuantity> through_;
  bool causal_;
  PowerRule power_;
  std::optional<CompliantNames> compliant_;
  std::optional<LoopClosure> loop_closure_;
};

/// rotational: across phi [rad], through tau [N*m].
const Domain& rotational();
/// translational: across s [m], through f [N].
const Domain& translational();
/// signal: a real value, causal.
const Domain& signal();
/// thermal (heat transfer, MSL's HeatPort): across T [K], through Q_flow [W], the heat flow into the
/// component. Its power is the heat flow itself: energy crosses a heat port as heat, Q_flow joules
/// per second (T·Q_flow, in W·K, is no power: the across quantity is not an effort here).
const Domain& thermal();
/// frame (3D, Modelica MultiBody): across r_0 (3) [m], the origin in world coordinates; R (3×3),
/// the rotation that maps world coordinates to frame coordinates; w (3) [rad/s], the frame's
/// angular velocity resolved in the frame (Modelica's Orientation record holds R.T and R.w);
/// through f (3) [N] and t (3) [N·m], cut force and torque resolved in the frame.
const Domain& frame();

enum class SignalDirection { None, Input, Output };

/// The variables of one port of an instance: `spring1.R.phi`, `spring1.R.tau`; for a signal port the
/// single variable is named after the port itself (`torque1.tau`).
struct Port {
  std::string name;
  const Domain* domain = nullptr;
  SignalDirection direction = SignalDirection::None;
  std::vector<Expr> across;   ///< element-wise, in the order of Domain::across()
  std::vector<Expr> through;  ///< element-wise, in the order of Domain::through()

  /// The across (through) variable of a domain with one scalar across (through) quantity.
  /// @throws std::logic_error for a port of another domain (a frame port has 15 across variables).
  const Expr& potential() const;
  const Expr& flow() const;
};

}  // namespace acausal
