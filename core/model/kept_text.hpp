#pragma once
/// @file
/// Text kept for the life of the process: the names, units and descriptions that components
/// declare. Every instance of a type declares the same few strings; keeping each once lets the
/// definitions of thousands of instances refer to it instead of holding copies.

#include <string_view>

namespace acausal {

/// A view of the kept copy of `text`; equal texts share one copy, which is never freed (the set of
/// distinct declared texts is small: the component library's words). Thread-safe (a mutex): models
/// built in several threads keep their words here alike.
std::string_view keep_text(std::string_view text);

}  // namespace acausal
