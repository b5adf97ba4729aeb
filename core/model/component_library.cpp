#include "core/model/declared_units.hpp"
#include "core/model/component_library.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>

#include "acausal/version.hpp"

namespace acausal {
namespace {

/// A loaded library, closed again unless release()d (on every failure before its types are in).
class Handle {
 public:
  explicit Handle(void* handle) : handle_(handle) {}
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  ~Handle() {
    if (handle_ != nullptr) dlclose(handle_);
  }
  void* get() const { return handle_; }
  void release() { handle_ = nullptr; }

 private:
  void* handle_;
};

/// The function `name` of the library, or nullptr. (POSIX guarantees that a data pointer from dlsym
/// holds a function's address; memcpy converts it without the cast C++ leaves conditionally supported.)
template <typename Function>
Function function(const Handle& library, const char* name) {
  void* symbol = dlsym(library.get(), name);
  Function f = nullptr;
  static_assert(sizeof f == sizeof symbol);
  std::memcpy(&f, &symbol, sizeof f);
  return f;
}

}  // namespace

void load_component_library(Registry& registry, const std::string& path) {
  const std::string name = "component library " + path;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw ComponentLibraryError(name + ": no such file");
  // RTLD_NOW: an unresolved symbol is reported here, not at the first call. RTLD_LOCAL: the library's
  // own symbols stay its own, so two libraries may define classes of the same name.
  dlerror();
  Handle library(dlopen(std::filesystem::absolute(path).c_str(), RTLD_NOW | RTLD_LOCAL));
  if (library.get() == nullptr) {
    const char* why = dlerror();
    throw ComponentLibraryError(name + ": cannot be loaded: " + (why != nullptr ? why : "unknown reason"));
  }
  const std::string how = " (a component library defines it with ACAUSAL_COMPONENT_LIBRARY, acausal/plugin.hpp)";
  const auto register_components = function<RegisterComponentsFunction>(library, kRegisterComponentsSymbol);
  if (register_components == nullptr)
    throw ComponentLibraryError(name + ": no registration function " + kRegisterComponentsSymbol + how);
  const auto library_version = function<LibraryVersionFunction>(library, kLibraryVersionSymbol);
  if (library_version == nullptr)
    throw ComponentLibraryError(name + ": no version mark " + kLibraryVersionSymbol + how);
  const std::string built_against = library_version();
  if (built_against != version())
    throw ComponentLibraryError(name + " was built against acausal " + built_against + ", this is acausal " +
                                version() + ": rebuild it against this version");
  {
    // Registered apart first, so that a failure leaves `registry` as it was (and the library's
    // objects are gone before it is closed).
    Registry incoming;
    try {
      register_components(incoming);
    } catch (const std::exception& e) {
      throw ComponentLibraryError(name + ": registering its components failed: " + e.what());
    }
    for (const Component* c : incoming.all()) {
      if (registry.find(c->type()) == nullptr) continue;
      const std::string& owner = registry.origin(c->type());
      throw ComponentLibraryError(name + ": component type \"" + std::string(c->type()) + "\" is registered already" +
                                  (owner.empty() ? "" : ", by component library " + owner));
    }
    // A unit typo in a class's declarations ("Nm/rad") is the library's error, not the netlist's
    // that first gives the parameter a value.
    for (const Component* c : incoming.all()) {
      std::vector<std::string> problems;
      try {
        problems = declared_unit_problems(describe_type(*c));
      } catch (const std::exception& e) {
        throw ComponentLibraryError(name + ": component type \"" + std::string(c->type()) +
                                    "\" cannot describe itself: " + e.what());
      }
      if (!problems.empty())
        throw ComponentLibraryError(name + ": component type \"" + std::string(c->type()) + "\" declares " +
                                    problems.front());
    }
    registry.adopt(std::move(incoming), path);
  }
  library.release();  // its classes are in the registry now: never closed
}

void load_component_libraries(Registry& registry, const std::vector<std::string>& named) {
  std::vector<std::string> paths;
  if (const char* listed = std::getenv("ACAUSAL_LIBRARIES")) paths = split_library_list(listed);
  paths.insert(paths.end(), named.begin(), named.end());
  std::vector<std::filesystem::path> loaded;
  for (const std::string& path : paths) {
    std::error_code ec;
    const std::filesystem::path file = std::filesystem::weakly_canonical(path, ec);
    if (!ec && std::find(loaded.begin(), loaded.end(), file) != loaded.end()) continue;  // named twice
    load_component_library(registry, path);
    loaded.push_back(file);
  }
}

std::vector<std::string> split_library_list(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const std::size_t colon = list.find(':');
    const std::string_view entry = list.substr(0, colon);
    if (!entry.empty()) out.emplace_back(entry);
    if (colon == std::string_view::npos) break;
    list.remove_prefix(colon + 1);
  }
  return out;
}

}  // namespace acausal
