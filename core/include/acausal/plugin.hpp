#pragma once
/// @file
/// A component library: a shared library of component classes that `acausal` loads at run time
/// (`acausal simulate --library ./libmine.so my.json`, or the ACAUSAL_LIBRARIES environment
/// variable), and that programs load with load_component_library(). It defines its registration
/// function with ACAUSAL_COMPONENT_LIBRARY, once, in one of its source files:
///
/// ```cpp
/// #include <acausal/plugin.hpp>
///
/// ACAUSAL_COMPONENT_LIBRARY(registry) {
///   registry.add(std::make_unique<maglev::QuadraticDrag>());
///   registry.add(std::make_unique<maglev::MagneticSpring>());
/// }
/// ```
///
/// and is built with the CMake function `acausal_add_component_library(<name> <sources>...)`
/// (from `find_package(acausal)`), which links it to acausal::acausal — the same shared libraries
/// the `acausal` executable uses, so that the library's components join the executable's registry
/// and expressions — and exports only the two functions below.

#include "acausal/component.hpp"
#include "acausal/version.hpp"

/// Defines the two functions a component library exports, with C linkage (their names are
/// acausal::kRegisterComponentsSymbol and acausal::kLibraryVersionSymbol):
/// `acausal_component_library_version()`, the version of the headers it is compiled against (a
/// loader refuses a library built against another version), and
/// `acausal_register_components(acausal::Registry& <registry>)`, whose body follows the macro and
/// adds the library's types. A type name that is registered already, by the built-in library or
/// another component library, is an error when the library is loaded.
#define ACAUSAL_COMPONENT_LIBRARY(registry)                                                              \
  extern "C" __attribute__((visibility("default"))) const char* acausal_component_library_version() {    \
    return ACAUSAL_VERSION;                                                                              \
  }                                                                                                      \
  extern "C" __attribute__((visibility("default"))) void acausal_register_components(                    \
      ::acausal::Registry& registry)
