#pragma once
/// @file
/// The definitions of a netlist's instances, with the repeats of a large netlist made cheap.

#include <nlohmann/json.hpp>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/model/component.hpp"
#include "core/model/netlist.hpp"

namespace acausal {

/// `e`, an expression in `first`'s variables, with the k-th of them replaced by `symbols[k]`.
Expr renamed(const Definition& first, std::span<const Expr> symbols, const Expr& e);

/// The variables of a copy of `first` named `instance`: `<instance>.<local name>`, in first's order.
std::vector<Expr> copy_symbols(const Definition& first, std::string_view instance);
/// The definition of a copy of `first` named `instance`, at `pointer`, whose variables are `symbols`.
Definition copied_definition(const Definition& first, std::string instance, std::string pointer,
                             std::span<const Expr> symbols);

/// An instance's definition, shared: its own, or for a copy its type's first instance's.
struct BuiltInstance {
  std::shared_ptr<const Definition> definition;
  bool copy = false;  ///< `definition` is an earlier instance's, in that instance's variables
};

/// Builds instance definitions. Instances of one type with equal parameters differ only in their
/// name, so the first one is built by the type's define() and each later one is a copy of it: no
/// define(), no expressions at all, not even its variables' symbols; the model reads the first
/// instance's definition in the copy's variables where it needs an expression. A definition that
/// depends on more than its parameters (it asked for its instance name, or holds a table, which is
/// named after the instance) is never copied.
class InstanceFactory {
 public:
  /// The definition of `c`, an instance of `type`, whose frame ports the orientation graph reached
  /// as `roles` says (nullptr: built alone). @throws ModelError as Component::define does.
  BuiltInstance build(const Component& type, const NetlistComponent& c, const FrameRoles* roles = nullptr);
  /// The environment every later definition sees (ComponentBuilder::gravity).
  void set_environment(const Environment* environment) { environment_ = environment; }
  /// The parameters to give as tunable numbers (Netlist::tunable; nullptr: none).
  void set_tunable(const TunableNames* tunable) { tunable_ = tunable; }

 private:
  struct Template {
    nlohmann::json params;
    std::string roles;  ///< FrameRoles::key()
    std::shared_ptr<const Definition> first;
  };
  /// Templates kept per type: the most recent parameter sets (a netlist that gives every instance
  /// its own values never matches, and must not pay for comparing against all of them).
  static constexpr std::size_t kTemplatesPerType = 4;

  std::unordered_map<const Component*, std::vector<Template>> templates_;
  const Environment* environment_ = nullptr;
  const TunableNames* tunable_ = nullptr;
};

}  // namespace acausal
