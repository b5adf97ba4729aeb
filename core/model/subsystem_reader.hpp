#pragma once
/// @file
/// Reading subsystem definitions (docs/netlist-format.md, "Subsystems"): the entries of a
/// "subsystems" section, and subsystem files, found through `"type": "file:<path>"`.

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/netlist.hpp"

namespace acausal {

/// Reads the "subsystems" section of a document written in `file` into `library` (keyed by
/// subsystem_key). `prefix` is what the section's locations start with: "" in the netlist itself,
/// `file:<file>#` in a subsystem file. @throws ModelError for a malformed definition.
void read_subsystem_section(const nlohmann::json& section, const std::string& file, const std::string& prefix,
                            std::map<std::string, Subsystem>& library);

/// Reads every subsystem file that `netlist` names in a component type, directly or through the
/// definitions it reads, each file once, into netlist.subsystems. A file must be a regular file of
/// at most kMaxFileBytes whose real path (links resolved) is inside the directory of
/// netlist.source or of one of `subsystem_path`; a message never quotes a file's text.
/// @throws ModelError at the type that names a file that cannot be read or is outside those
///         directories, or for a malformed file (its locations are `file:<file>#<pointer>`).
void load_subsystem_files(Netlist& netlist, const std::vector<std::string>& subsystem_path = {});

/// @throws ModelError when `netlist` has more than kMaxComponents components once its subsystem
///         instances are expanded (at the instance most of them come from, with the chain of
///         instances they come from), or subsystem instances nested deeper than kMaxSubsystemDepth.
void check_component_count(const Netlist& netlist);

}  // namespace acausal
