#pragma once
/// @file
/// Physical domains (connector types): what a port carries and how power flows through it.

#include <functional>
#include <string>
#include <vector>

#include "core/expr/expr.hpp"

namespace acausal {

/// One connector quantity. Vector and matrix quantities are stored element-wise with 1-based
/// indexed names (`r_0[2]`, `R[1,3]`), so every stage below the port sees scalars only.
struct PortQuantity {
  std::string name;
  std::string unit;
  int rows = 1;  ///< 3 for a vector, 3 for a matrix
  int cols = 1;  ///< 3 for a matrix
  int size() const { return rows * cols; }
  /// Name of element i (0-based): `name`, `name[i+1]` or `name[row,col]`.
  std::string element_name(int i) const;
};

/// Declared variables of one port of an instance.
struct Port;

class Domain {
 public:
  /// Power into a component through one of its ports of this domain.
  using PowerRule = std::function<Expr(const Port&)>;

  Domain(std::string name, std::vector<PortQuantity> across, std::vector<PortQuantity> through, bool causal,
         PowerRule power);

  const std::string& name() const { return name_; }
  /// Potential quantities: equal at a connection node.
  const std::vector<PortQuantity>& across() const { return across_; }
  /// Flow quantities: sum to zero at a connection node; positive into the component.
  const std::vector<PortQuantity>& through() const { return through_; }
  /// Signals are causal: a node has exactly one output and no through quantity.
  bool causal() const { return causal_; }

  /// Power flowing into a component through `port`: rotational τ·φ̇, translational f·ṡ, zero for signals.
  Expr power(const Port& port) const { return power_(port); }

 private:
  std::string name_;
  std::vector<PortQuantity> across_;
  std::vector<PortQuantity> through_;
  bool causal_;
  PowerRule power_;
};

/// rotational: across phi [rad], through tau [N*m].
const Domain& rotational();
/// translational: across s [m], through f [N].
const Domain& translational();
/// signal: a real value, causal.
const Domain& signal();

enum class SignalDirection { None, Input, Output };

/// The variables of one port of an instance: `spring1.R.phi`, `spring1.R.tau`; for a signal port the
/// single variable is named after the port itself (`torque1.tau`).
struct Port {
  std::string name;
  const Domain* domain = nullptr;
  SignalDirection direction = SignalDirection::None;
  std::vector<Expr> across;   ///< element-wise, in the order of Domain::across()
  std::vector<Expr> through;  ///< element-wise, in the order of Domain::through()

  /// The across (through) variable of a scalar domain.
  const Expr& potential() const { return across.at(0); }
  const Expr& flow() const { return through.at(0); }
};

}  // namespace acausal
