#pragma once
/// @file
/// Test helpers for component classes: instantiate one with parameters, evaluate its equations and
/// its energy audit at chosen values of its variables and their derivatives.

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "core/model/component.hpp"

namespace acausal::testing {

/// Values by name: a variable `x.flange.phi`, or a derivative `der(x.flange.phi)`; parameters in
/// Describe mode by their own name (`c`). Missing names throw std::out_of_range naming them.
using Values = std::map<std::string, double>;

/// The definition of `type` (from the built-in registry) as instance `instance` with `params`, in a
/// model whose World has the default gravity.
Definition instantiate(const std::string& type, const nlohmann::json& params = nlohmann::json::object(),
                       const std::string& instance = "x");
/// The definition of `component` (any class, registered or not) as instance `instance` with `params`.
Definition instantiate(const Component& component, const nlohmann::json& params = nlohmann::json::object(),
                       const std::string& instance = "x");

/// Checks that `type` is registered under its own name with a one-line summary, and returns its
/// described definition (symbolic parameters, as `acausal describe` shows it).
Definition described_catalog_entry(const std::string& type);

/// Value of an expression.
double value(const Expr& e, const Values& values);

/// Residuals of all equations, in declaration order.
std::vector<double> residuals(const Definition& d, const Values& values);

/// Modelica's local balance of a component: equations − (variables − signal inputs − through
/// variables). Zero for a balanced component: its connections supply one equation per through
/// variable, the inputs come from outside, and its own equations fix everything else.
std::ptrdiff_t balance_surplus(const Definition& d);

/// The component's power balance: Σ port power + injected − d(stored energy)/dt − loss.
/// Zero (to rounding) wherever the equations hold.
double energy_audit(const Definition& d, const Values& values);

}  // namespace acausal::testing
