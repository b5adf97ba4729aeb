// A shared library that is not a component library: it exports no registration function.

extern "C" __attribute__((visibility("default"))) int not_a_component_library() { return 1; }
