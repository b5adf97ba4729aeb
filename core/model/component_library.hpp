#pragma once
/// @file
/// Component libraries: shared libraries of component classes that a program loads at run time into
/// its registry (`acausal simulate --library ./libmine.so`, the ACAUSAL_LIBRARIES environment
/// variable). A library defines its registration function with ACAUSAL_COMPONENT_LIBRARY
/// (acausal/plugin.hpp) and is built with the CMake function acausal_add_component_library.

#include <string>
#include <string_view>
#include <vector>

#include "core/model/errors.hpp"
#include "core/model/registry.hpp"

namespace acausal {

/// The registration function a component library exports (C linkage): adds its types to the registry.
inline constexpr const char* kRegisterComponentsSymbol = "acausal_register_components";
/// The function a component library exports (C linkage) that returns the version of acausal it was
/// compiled against ("MAJOR.MINOR.PATCH").
inline constexpr const char* kLibraryVersionSymbol = "acausal_component_library_version";
/// Their types.
using RegisterComponentsFunction = void (*)(Registry& registry);
using LibraryVersionFunction = const char* (*)();

/// A component library that cannot be used. An input error (exit code 1 in the command line) with no
/// place in a netlist: the message names the library as it was given.
class ComponentLibraryError : public ModelError {
 public:
  explicit ComponentLibraryError(const std::string& message) : ModelError("", message) {}
};

/// Loads the component library at `path` (a file path, relative to the working directory; no search
/// path), checks that it was compiled against this version of acausal, and adds its types to
/// `registry`, each with the library as its origin (Registry::origin): all of them, or none if one
/// cannot be added. A loaded library stays loaded until the process ends (the code of its classes
/// must outlive every registry that holds them).
/// @throws ComponentLibraryError, the message starting with "component library <path>":
///   ": no such file";
///   ": cannot be loaded: <the dynamic loader's message>";
///   ": no registration function acausal_register_components (…)";
///   ": no version mark acausal_component_library_version (…)";
///   " was built against acausal <its version>, this is acausal <version()>: rebuild it against this version";
///   ": component type "<type>" is registered already[, by component library <origin>]";
///   ": registering its components failed: <what the registration threw>".
void load_component_library(Registry& registry, const std::string& path);

/// The entries of a path list such as the value of ACAUSAL_LIBRARIES: separated by ':', empty
/// entries skipped.
std::vector<std::string> split_library_list(std::string_view list);

/// Loads the component libraries the environment variable ACAUSAL_LIBRARIES lists, then `named`,
/// each file once (a file named twice, by any path, is loaded the first time): what the CLI's
/// `--library` and the Python package's `load(…, libraries=)` do.
/// @throws ComponentLibraryError as load_component_library.
void load_component_libraries(Registry& registry, const std::vector<std::string>& named);

}  // namespace acausal
