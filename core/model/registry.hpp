#pragma once
/// @file
/// The catalog of component types, by name.

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/model/component.hpp"

namespace acausal {

class Registry {
 public:
  /// Adds a type that this program registers itself (the built-in library, a test's own class).
  /// @throws std::logic_error if a type of the same name is registered already.
  void add(std::unique_ptr<Component> component);
  /// Moves every type of `other` into this registry, each marked as coming from `origin` (the
  /// component library that registered them; origin()).
  /// @throws std::logic_error, and moves nothing, if one of the names is taken here.
  void adopt(Registry&& other, const std::string& origin);
  /// A second name for the registered `type` (Modelica's package path, `multibody.Forces.Force` for
  /// `multibody.Force`): find() takes either; all() lists the type once, by its own name.
  /// @throws std::logic_error if `type` is not registered or `alias` is taken.
  void add_alias(std::string alias, std::string_view type);
  /// The type, or nullptr.
  const Component* find(std::string_view type) const;
  /// Where a registered type came from: the component library given to adopt(), or empty for a type
  /// added with add() (and for a type that is not registered).
  const std::string& origin(std::string_view type) const;
  /// The registered types closest to `type` (edit distance, or the same Name in another domain),
  /// all at the smallest distance found; for "unknown component type" messages.
  std::vector<std::string> close_matches(std::string_view type) const;
  /// "unknown component type "<type>"" (shortened), with the closest types (close_matches()) or,
  /// when none is close, where the known types are listed and that a component library's types
  /// need it loaded.
  std::string unknown_type_message(std::string_view type) const;
  /// All types, sorted by name.
  std::vector<const Component*> all() const;

 private:
  struct Entry {
    std::unique_ptr<Component> component;
    std::string origin;
  };
  const Entry* entry(std::string_view type) const;
  std::vector<Entry> entries_;
  /// Each entry by its type name (a view of the component's own): a netlist looks a type up per
  /// component.
  std::unordered_map<std::string_view, std::size_t> index_;
  std::unordered_map<std::string, std::size_t> aliases_;  ///< second names, to entries
};

}  // namespace acausal
