#pragma once
/// @file
/// The component reference: what `acausal describe TYPE` prints for one type, and the whole catalog as
/// Markdown (`acausal components --markdown`, checked in as docs/components.md).

#include <iosfwd>
#include <string>

#include "core/model/registry.hpp"

namespace acausal::cli {

/// True for the constant 0: an energy term the component does not declare.
bool is_zero(const Expr& e);

/// `input` or `output` for a signal port, empty for a conserving port.
std::string direction_text(SignalDirection d);

/// Writes the reference of every type of `registry` as Markdown: a generated-file notice, then per domain
/// (rotational, translational, multibody, signal, then any other, each present one only) an index and,
/// per type sorted by name, its summary and the tables of ports, parameters and variables, the
/// equations with symbolic parameters and the non-zero energy terms (from describe_type()).
void write_components_markdown(std::ostream& out, const Registry& registry);

}  // namespace acausal::cli
