#pragma once
/// @file
/// Test helpers for component classes: the testing API (acausal/testing.hpp: instantiate a class,
/// evaluate its equations, Jacobian and energy audit at chosen values), plus a check of the built-in
/// catalog that only this project's tests need.

#include "acausal/testing.hpp"

namespace acausal::testing {

/// Checks that `type` is registered in the built-in library under its own name with a one-line
/// summary (doctest checks), and returns its described definition (symbolic parameters, as
/// `acausal describe` shows it).
Definition described_catalog_entry(const std::string& type);

}  // namespace acausal::testing
