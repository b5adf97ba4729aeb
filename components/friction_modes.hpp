#pragma once
/// @file
/// The stick–slip state machine of Modelica's PartialFriction (Rotational and Translational), shared
/// by the friction elements (brakes, clutches, bearing and support friction).
///
/// The equations keep one structure in every mode: a path parameter `sa` stands for the relative
/// acceleration while the element slides or is free, and for the friction force (torque) while it is
/// stuck, so that the analysis and the Jacobian's pattern never change; the modes are discrete
/// variables that only the event iteration changes.

#include <functional>
#include <string_view>

#include "core/model/component.hpp"

namespace acausal {

/// Modelica's mode numbers (PartialFriction's constants).
namespace friction_mode {
inline constexpr int kUnknown = 3, kFree = 2, kForward = 1, kStuck = 0, kBackward = -1;
}

/// What the friction law of an element reads.
struct FrictionInputs {
  Expr rate;          ///< relative speed of the rubbing surfaces (w_relfric, v_relfric)
  Expr acceleration;  ///< its derivative (a_relfric)
  Expr f0;            ///< friction force (torque) at zero speed while sliding
  Expr f0_max;        ///< breakaway force (torque): peak·f0
  Expr free;          ///< the condition under which the element transmits nothing (fn ≤ 0)
  double small = 0.0; ///< speed below which a reversal passes through stuck (w_small, v_small)
  /// Conditions that must hold to break away or slide forward (backward): a mass at its upper stop
  /// cannot start moving into it (MSL's PartialFrictionWithStop). Always, by default.
  Expr forward_allowed = 1.0, backward_allowed = 1.0;
};

/// The state machine's variables.
struct FrictionModes {
  Expr sa;  ///< the path parameter: the acceleration while free or sliding, the force while stuck
  Expr free, start_forward, start_backward, locked, mode;  ///< discrete
  /// Whether a sliding element uses the forward branch of its characteristic: startForward, or not
  /// startBackward and pre(mode) = Forward (MSL's nested conditions in one).
  Expr forward;
};

/// Declares `sa`, the discrete variables free, startForward, startBackward, locked and mode (with
/// MSL's start values: mode Unknown) and their equations, and the equation of the acceleration:
/// a = 0 stuck, sa free, sa ∓ f0_max sliding forward/backward. The element then writes its force:
/// f = sa stuck, 0 free, ±cgeo·fn·μ(±v) sliding (`friction_force`).
FrictionModes define_friction_modes(ComponentBuilder& b, const FrictionInputs& in);

/// How an element names its friction characteristic: the table `table` {x_name: [...], y_name: [...]}
/// over the sliding speed, or the constant `constant` without it.
struct CharacteristicNames {
  std::string_view table, x_name, x_unit, y_name, y_unit, table_description;
  std::string_view constant, constant_unit;
  double constant_default = 0.0;
  std::string_view constant_description;
};

/// Reads a friction characteristic (MSL's mu_pos, f_pos): the table, followed through its points
/// without events as MSL's interpolation inside a function, its values not negative; else the
/// constant. Returns the characteristic at a speed ≥ 0.
/// @throws ModelError for a table and the constant both given, or as require_non_negative_table.
std::function<Expr(const Expr&)> friction_characteristic(ComponentBuilder& b, const CharacteristicNames& names);

/// Checks a friction characteristic read with ComponentBuilder::table_parameter: its values (a
/// friction coefficient, force or torque over the sliding speed) must not be negative.
/// @throws ModelError at the table parameter, naming the entry, for a negative value.
void require_non_negative_table(ComponentBuilder& b, std::string_view name, std::string_view y_name, const Table1D& table);

/// The element's friction force (torque): sa when locked, 0 when free, else `forward_value` on the
/// forward branch and `backward_value` on the backward one.
Expr friction_force(const FrictionModes& m, const Expr& forward_value, const Expr& backward_value);

}  // namespace acausal
