#include "core/model/file_access.hpp"

#include <iterator>
#include <system_error>

namespace acausal {

namespace {

/// True when `path` is `directory` or inside it (both absolute and without links, `.` or `..`).
bool inside(const std::filesystem::path& path, const std::filesystem::path& directory) {
  auto p = path.begin();
  for (auto d = directory.begin(); d != directory.end(); ++d, ++p) {
    if (d->empty() && std::next(d) == directory.end()) return true;  // a trailing separator
    if (p == path.end() || *p != *d) return false;
  }
  return true;
}

}  // namespace

std::vector<std::filesystem::path> allowed_directories(const std::string& source,
                                                       const std::vector<std::string>& search_path) {
  std::vector<std::filesystem::path> out;
  auto add = [&out](const std::filesystem::path& directory) {
    std::error_code error;
    std::filesystem::path real = std::filesystem::canonical(directory.empty() ? "." : directory, error);
    if (!error) out.push_back(std::move(real));
  };
  add(std::filesystem::path(source).parent_path());
  for (const std::string& directory : search_path) add(directory);
  return out;
}

std::optional<std::string> file_refusal(const std::string& path, const std::vector<std::filesystem::path>& allowed,
                                        std::string_view kind, std::filesystem::path& real) {
  std::error_code error;
  real = std::filesystem::canonical(path, error);
  if (error == std::errc::no_such_file_or_directory) return "";
  if (error) return error.message();
  for (const std::filesystem::path& directory : allowed)
    if (inside(real, directory)) return std::nullopt;
  std::string list;
  for (const std::filesystem::path& directory : allowed) list += (list.empty() ? "" : ", ") + directory.string();
  return "it is " + real.string() + ", outside the directories " + std::string(kind) + " may be in (" + list +
         "); a netlist may name only files in its own directory or below, or in a directory given with "
         "--subsystem-path";
}

}  // namespace acausal
