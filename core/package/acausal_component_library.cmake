# acausal_add_component_library(<name> <source>...)
#
# Builds a component library: a shared library of component classes, loaded at run time by
# `acausal --library lib<name>.so` (or ACAUSAL_LIBRARIES) and by load_component_library(). One of the
# sources defines the registration function with ACAUSAL_COMPONENT_LIBRARY (acausal/plugin.hpp).
#
# The library links acausal::acausal — the shared libraries the `acausal` executable uses, so that
# its components join the executable's registry and expressions — and exports nothing but the two
# functions of ACAUSAL_COMPONENT_LIBRARY: its classes stay its own, so two libraries (or two builds
# of one, as a test of a deliberately broken variant does) may define classes of the same name in
# one process. It is a module (loaded, never linked); an unresolved symbol is a link error.
function(acausal_add_component_library name)
  if(NOT ARGN)
    message(FATAL_ERROR "acausal_add_component_library(${name}): no source files")
  endif()
  add_library(${name} MODULE ${ARGN})
  target_link_libraries(${name} PRIVATE acausal::acausal)
  set_target_properties(${name} PROPERTIES CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
  target_link_options(${name} PRIVATE LINKER:--no-undefined)
endfunction()
