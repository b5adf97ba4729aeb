#pragma once
/// @file
/// The definitions of a netlist's instances, with the repeats of a large netlist made cheap.

#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

#include "core/model/component.hpp"
#include "core/model/netlist.hpp"

namespace acausal {

/// An expression of `copy`'s template (copy.copy_of) in `copy`'s variables.
Expr in_copy(const Definition& copy, const Expr& e);
/// The equations of `d`: its own, or for a copy its template's in its variables.
std::vector<Definition::Equation> equations_of(const Definition& d);

/// Builds instance definitions. Instances of one type with equal parameters differ only in their
/// name, so the first one is built by the type's define() and each later one is a copy of it with
/// its variables renamed: no define(), no expression simplification, one node lookup per node; its
/// equations are not copied at all (Definition::copy_of: the model splits them once per type). A
/// definition that depends on more than its parameters (it asked for its instance name, or holds
/// a table, which is named after the instance) is never copied.
class InstanceFactory {
 public:
  /// The definition of `c`, an instance of `type`, whose frame ports the orientation graph reached
  /// as `roles` says (nullptr: built alone). @throws ModelError as Component::define does.
  Definition build(const Component& type, const NetlistComponent& c, const FrameRoles* roles = nullptr);
  /// The environment every later definition sees (ComponentBuilder::gravity).
  void set_environment(const Environment* environment) { environment_ = environment; }

 private:
  struct Template {
    nlohmann::json params;
    std::string roles;  ///< FrameRoles::key()
    std::shared_ptr<const Definition> first;
  };
  /// Templates kept per type: the most recent parameter sets (a netlist that gives every instance
  /// its own values never matches, and must not pay for comparing against all of them).
  static constexpr std::size_t kTemplatesPerType = 4;

  Definition rename(const std::shared_ptr<const Definition>& first, const NetlistComponent& c);

  std::unordered_map<const Component*, std::vector<Template>> templates_;
  std::string names_;  ///< rename(): the qualified names of one instance, one after the other
  const Environment* environment_ = nullptr;
};

}  // namespace acausal
