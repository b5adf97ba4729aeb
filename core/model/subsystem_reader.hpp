#pragma once
/// @file
/// Reading subsystem definitions (docs/netlist-format.md, "Subsystems"): the entries of a
/// "subsystems" section, and subsystem files, found through `"type": "file:<path>"`.

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "core/model/netlist.hpp"

namespace acausal {

/// Reads the "subsystems" section of a document written in `file` into `library` (keyed by
/// subsystem_key). `prefix` is what the section's locations start with: "" in the netlist itself,
/// `file:<file>#` in a subsystem file. @throws ModelError for a malformed definition.
void read_subsystem_section(const nlohmann::json& section, const std::string& file, const std::string& prefix,
                            std::map<std::string, Subsystem>& library);

/// Reads every subsystem file that `netlist` names in a component type, directly or through the
/// definitions it reads, each file once, into netlist.subsystems.
/// @throws ModelError at the type that names a file that cannot be read, or for a malformed file
///         (its locations are `file:<file>#<pointer>`).
void load_subsystem_files(Netlist& netlist);

}  // namespace acausal
