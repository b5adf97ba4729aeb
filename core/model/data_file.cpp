// ComponentBuilder's data files: parameters that name a file of numbers (signal.CombiTimeTable).
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/model/component.hpp"
#include "core/model/environment.hpp"
#include "core/model/file_access.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/netlist.hpp"

namespace acausal {

std::size_t ComponentBuilder::first_row_length(std::string_view name) const {
  if (mode_ != Mode::Instance || params_ == nullptr) return 0;
  const auto it = params_->find(std::string(name));
  if (it == params_->end() || !it->is_array() || it->empty() || !it->front().is_array()) return 0;
  return it->front().size();
}

std::optional<ComponentBuilder::DataFile> ComponentBuilder::data_file(std::string_view name,
                                                                      std::string_view description) {
  const nlohmann::json* j = given(name);
  declare(name, "", std::string(description) + " (a path relative to the netlist)", "none", j != nullptr);
  if (j == nullptr) return std::nullopt;
  if (!j->is_string() || j->get_ref<const std::string&>().empty())
    fail(name, std::string(name) + " must be the path of a file, got " + json_checks::json_excerpt(*j));
  const std::string& written = j->get_ref<const std::string&>();
  const std::string netlist = environment_ != nullptr ? environment_->netlist_source : std::string("netlist");
  // The file the instance is written in: a subsystem file's locations are `file:<file>#<pointer>`.
  const std::string where =
      def_.pointer.starts_with(kFileTypePrefix)
          ? def_.pointer.substr(kFileTypePrefix.size(), def_.pointer.find('#') - kFileTypePrefix.size())
          : netlist;
  const std::string path = resolve_include(where, written);
  const std::vector<std::filesystem::path> allowed = allowed_directories(
      netlist, environment_ != nullptr ? environment_->search_path : std::vector<std::string>{});
  const std::string cannot = "cannot read data file \"" + json_checks::text_excerpt(written) + "\" (looked for " +
                             json_checks::text_excerpt(path) + ")";
  std::filesystem::path real;
  if (const std::optional<std::string> refused = file_refusal(path, allowed, "data files", real))
    fail(name, refused->empty() ? cannot + ": no such file" : cannot + ": " + *refused);
  std::string problem;
  std::optional<std::string> text = read_regular_file(real.string(), problem);
  if (!text) fail(name, cannot + ": " + problem);
  depends_on_name_ = true;  // the same path names another file in another subsystem file
  return DataFile{path, std::move(*text)};
}

}  // namespace acausal
