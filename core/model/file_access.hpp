#pragma once
/// @file
/// Which files a netlist may make the program read: the subsystem files its types name
/// (`"type": "file:gearbox.json"`) and the data files its parameters name (signal.CombiTimeTable's
/// `"file"`). A name is relative to the file it is written in; the file's real path (links
/// resolved) must lie in the netlist's directory tree or in a tree given with --subsystem-path, so a
/// netlist from elsewhere cannot read /etc/passwd into its results.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace acausal {

/// The directories whose trees a netlist read from `source` may name files in: `source`'s own, and
/// each of `search_path`, with links resolved (one that does not exist holds no file).
std::vector<std::filesystem::path> allowed_directories(const std::string& source,
                                                       const std::vector<std::string>& search_path);

/// Why the file at `path` (as resolved from where it is named) may not be read: nullopt when it
/// may, "" when there is no such file (a reason the caller's message need not give), else the
/// reason, naming `kind` ("subsystem files", "data files"). `real` gets its path, links resolved.
std::optional<std::string> file_refusal(const std::string& path, const std::vector<std::filesystem::path>& allowed,
                                        std::string_view kind, std::filesystem::path& real);

}  // namespace acausal
