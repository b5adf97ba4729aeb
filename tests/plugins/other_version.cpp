// A component library as one compiled against another version of acausal would be: the two
// functions of ACAUSAL_COMPONENT_LIBRARY, written out, with a version that is not this one.

#include <acausal/component.hpp>

extern "C" __attribute__((visibility("default"))) const char* acausal_component_library_version() { return "0.0.1"; }
extern "C" __attribute__((visibility("default"))) void acausal_register_components(acausal::Registry&) {}
