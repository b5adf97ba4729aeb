// `acausal test-component TYPE`: check_component() of the testing API from the command line —
// balance, and at random operating points the energy audit, passivity and the Jacobian.

#include <iostream>
#include <nlohmann/json.hpp>

#include "acausal/testing.hpp"
#include "cli/common.hpp"
#include "core/model/errors.hpp"

namespace acausal::cli {
namespace {

struct TestComponentArguments {
  std::string type;
  std::vector<std::string> params;  ///< name=value, the value as in a netlist (JSON, else a string)
  std::vector<std::string> libraries;
  std::size_t points = 5;
  unsigned seed = 1;
};

nlohmann::json parameters(const std::vector<std::string>& assignments) {
  nlohmann::json params = nlohmann::json::object();
  for (const std::string& a : assignments) {
    const std::size_t eq = a.find('=');
    if (eq == std::string::npos || eq == 0)
      throw ModelError("", "--param expects name=value, got \"" + a + "\"");
    const std::string value = a.substr(eq + 1);
    nlohmann::json v = nlohmann::json::parse(value, nullptr, false);
    params[a.substr(0, eq)] = v.is_discarded() ? nlohmann::json(value) : v;
  }
  return params;
}

int run(const TestComponentArguments& args) {
  const Registry& registry = command_registry(args.libraries);
  if (registry.find(args.type) == nullptr) throw ModelError("", registry.unknown_type_message(args.type));
  testing::ComponentCheckOptions options;
  options.params = parameters(args.params);
  options.points = args.points;
  options.seed = args.seed;
  const testing::CheckResult result = testing::check_component(registry, args.type, options);
  std::cout << result << "\n";
  return result ? kOk : kModelError;
}

}  // namespace

Command add_test_component_command(CLI::App& app) {
  auto args = std::make_shared<TestComponentArguments>();
  CLI::App* sub = app.add_subcommand(
      "test-component",
      "Check a component type: balance, and at random operating points its energy audit, passivity and Jacobian");
  sub->add_option("TYPE", args->type, "Component type, e.g. translational.Spring")->required();
  sub->add_option("--param", args->params, "A parameter of the instance checked, name=value as in a netlist")
      ->type_name("NAME=VALUE");
  sub->add_option("--points", args->points, "How many random operating points (default 5)")->check(CLI::Range(1, 1000));
  sub->add_option("--seed", args->seed, "Seed of the random operating points (default 1)");
  add_library_option(*sub, args->libraries);
  return {sub, [args] { return guarded("", [&] { return run(*args); }); }};
}

}  // namespace acausal::cli
