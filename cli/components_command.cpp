// `acausal components`: the catalog.

#include <iostream>

#include "cli/common.hpp"
#include "components/registry.hpp"

namespace acausal::cli {

Command add_components_command(CLI::App& app) {
  CLI::App* sub = app.add_subcommand("components", "List every component type with a one-line summary");
  return {sub, [] {
            return guarded("", [] {
              const auto all = builtin_registry().all();
              std::size_t width = 0;
              for (const Component* c : all) width = std::max(width, c->type().size());
              for (const Component* c : all)
                std::cout << pad(std::string(c->type()), width + 2) << c->summary() << "\n";
              return static_cast<int>(kOk);
            });
          }};
}

}  // namespace acausal::cli
