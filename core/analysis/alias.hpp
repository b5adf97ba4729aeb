#pragma once
/// @file
/// Alias elimination: equations a = ±b + c and a = c remove a variable, which is then rebuilt from
/// its representative for output.

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/model/model.hpp"

namespace acausal {

/// value(variable) = sign()·value(representative) + offset, or the constant offset when the
/// representative is kConstant. 16 bytes: one per variable of a large model. An alias equation
/// relates two variables with factors of equal magnitude (a scaled relation stays an equation), so
/// the sign is ±1.
struct AliasOf {
  static constexpr std::uint32_t kConstant = static_cast<std::uint32_t>(-1);
  double offset = 0.0;
  std::uint32_t representative = kConstant;
  bool negated = false;
  double sign() const { return negated ? -1.0 : 1.0; }
  bool is_constant() const { return representative == kConstant; }
};

/// An initial target on a representative, gathered from its aliases: 16 bytes, one per unknown of a
/// large model. What the netlist wrote (the value as given, where) is the Model's target of
/// `variable` (Model::targets), and its name Model::variable_name(variable).
struct Target {
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  double value = 0.0;                ///< for the representative (SI)
  std::uint32_t variable = kNone;    ///< the model variable the netlist gave it for
  TargetPriority priority = TargetPriority::None;
};

struct AliasElimination {
  /// Model variable v's alias (a representative maps to itself).
  AliasOf of(std::size_t v) const {
    const std::uint32_t bits = offset_and_sign_[v];
    return {offsets_[bits & kOffsetIndex], representative_[v], (bits & kNegated) != 0};
  }
  std::size_t size() const { return representative_.size(); }
  /// n model variables, each its own representative until set().
  void resize(std::size_t n);
  void set(std::size_t v, const AliasOf& a);
  std::vector<bool> eliminated_equation;     ///< per model equation: consumed as an alias
  /// By model variable, the representatives that have one (analyze() moves them to its unknowns,
  /// ReducedDae::targets, and leaves this empty).
  std::unordered_map<std::size_t, Target> target;
  /// By model variable, the representatives that have one: the smallest nominal given in the netlist
  /// among the variables of its class (they differ by sign and offset only).
  std::unordered_map<std::size_t, double> nominal;
  /// Likewise the smallest nominal the components declare (VariableOptions::nominal) for variables
  /// of the class that the netlist gives none.
  std::unordered_map<std::size_t, double> declared_nominal;
  const Model* model = nullptr;              ///< whose variables these are

  /// sign·representative + offset (or the constant) for an eliminated variable; nullopt for a
  /// representative or anything that is not a model variable. The model must still exist.
  std::optional<Expr> replacement(const Expr& variable) const;
  /// `e` with every eliminated variable replaced (in the representatives).
  Expr in_representatives(const Expr& e) const;

 private:
  // Eight bytes per model variable (a large model has millions): its representative, and its sign
  // with the index of its offset among the few distinct nonzero ones (0: none).
  static constexpr std::uint32_t kNegated = std::uint32_t{1} << 31;
  static constexpr std::uint32_t kOffsetIndex = kNegated - 1;
  std::vector<std::uint32_t> representative_;
  std::vector<std::uint32_t> offset_and_sign_;
  std::vector<double> offsets_{0.0};
};

/// Finds the alias equations, chooses representatives (internal variables before port variables,
/// stronger state priority, stronger initial target, then declaration order), moves the initial
/// targets onto them and gives each the smallest nominals of its class (given, declared). Equations that would close a loop of aliases
/// or tie a constant twice are kept, so that structural analysis reports them.
/// @throws ModelError when two high-priority initial targets of one quantity disagree, or a high
///         target contradicts a constant.
AliasElimination eliminate_aliases(const Model& model);

}  // namespace acausal
