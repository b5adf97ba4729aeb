#pragma once
/// @file
/// What `acausal check --json` reports about a netlist, as JSON: the model's size, structural index,
/// states, dummy derivatives, inputs, where each unknown's initial value comes from, … (the CLI
/// prints it; the Python package's Model.check() returns it).

#include <nlohmann/json.hpp>

namespace acausal {

struct Model;
class ModelError;
class Program;
class Registry;
struct Netlist;
struct SingularParts;

/// The report of a model built and compiled with its analysis kept (ProgramOptions::keep_analysis).
nlohmann::json check_report(const Model& model, Program& program);
/// A structurally singular model's over- and under-determined parts (StructuralError::parts).
nlohmann::json singular_parts_report(const SingularParts& parts);
/// A model error as `check --json` reports it: `{"ok": false, "error": {"pointer", "message"[,
/// "parts"]}}` (the parts of a structurally singular model).
nlohmann::json error_report(const ModelError& e);
/// Builds, analyzes and compiles `netlist` and reports it; a model that cannot be built is its
/// error_report().
nlohmann::json check_netlist(const Netlist& netlist, const Registry& registry);

}  // namespace acausal
