#pragma once
/// @file
/// The catalog of component types, by name.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/component.hpp"

namespace acausal {

class Registry {
 public:
  /// @throws std::logic_error if a type of the same name is registered already.
  void add(std::unique_ptr<Component> component);
  /// The type, or nullptr.
  const Component* find(std::string_view type) const;
  /// The registered types closest to `type` (edit distance, or the same Name in another domain),
  /// all at the smallest distance found; for "unknown component type" messages.
  std::vector<std::string> close_matches(std::string_view type) const;
  /// All types, sorted by name.
  std::vector<const Component*> all() const;

 private:
  std::vector<std::unique_ptr<Component>> components_;
};

}  // namespace acausal
