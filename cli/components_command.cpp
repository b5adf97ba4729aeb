// `acausal components`: the catalog; with --markdown, the whole component reference (docs/components.md).

#include <iostream>
#include <memory>

#include "cli/common.hpp"
#include "cli/component_doc.hpp"

namespace acausal::cli {

Command add_components_command(CLI::App& app) {
  auto markdown = std::make_shared<bool>(false);
  auto libraries = std::make_shared<std::vector<std::string>>();
  CLI::App* sub = app.add_subcommand("components", "List every component type with a one-line summary");
  sub->add_flag("--markdown", *markdown,
                "Print the full reference of every type as Markdown (the text of docs/components.md)");
  add_library_option(*sub, *libraries);
  return {sub, [markdown, libraries] {
            return guarded("", [&] {
              const Registry& registry = command_registry(*libraries);
              if (*markdown) {
                write_components_markdown(std::cout, registry);
                return static_cast<int>(kOk);
              }
              const auto all = registry.all();
              std::size_t width = 0;
              for (const Component* c : all) width = std::max(width, c->type().size());
              for (const Component* c : all)
                std::cout << pad(std::string(c->type()), width + 2) << c->summary() << "\n";
              return static_cast<int>(kOk);
            });
          }};
}

}  // namespace acausal::cli
