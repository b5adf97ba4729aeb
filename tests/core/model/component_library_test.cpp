// Component libraries loaded at run time (core/model/component_library.hpp): the example project's
// library joins a registry and its components simulate with this process's core; the libraries that
// cannot be used are refused with exact messages (the error catalog, as in malformed_netlist_test.cpp),
// and leave the registry as it was.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "acausal/acausal.hpp"
#include "acausal/testing.hpp"
#include "core/expr/expr_walk.hpp"
#include "tests/support/scratch_directory.hpp"

using namespace acausal;
using namespace acausal::testing;
namespace fs = std::filesystem;

namespace {

const std::string kMaglev = TEST_MAGLEV_LIBRARY;
const std::string kMaglevNetlist = ACAUSAL_SOURCE_DIR "/examples/maglev/maglev.json";

/// A file in the scratch directory of this test process.
std::string scratch_file(const std::string& name) { return (test_support::scratch_directory() / name).string(); }

/// load_component_library(registry, path) fails with exactly `message`, and adds nothing.
void check_refused(Registry& registry, const std::string& path, const std::string& message) {
  const std::size_t before = registry.all().size();
  try {
    load_component_library(registry, path);
    FAIL("the library was loaded: " << path);
  } catch (const ComponentLibraryError& e) {
    CHECK(e.pointer() == "");
    CHECK(e.message() == message);
    CHECK(std::string(e.what()) == message);
  }
  CHECK(registry.all().size() == before);
}

}  // namespace

TEST_CASE("component library: its types join the registry, marked with the library") {
  Registry registry = registry_with_libraries({kMaglev});
  REQUIRE(registry.find("maglev.QuadraticDrag") != nullptr);
  REQUIRE(registry.find("maglev.MagneticSpring") != nullptr);
  CHECK(registry.all().size() == builtin_registry().all().size() + 4);
  CHECK(registry.origin("maglev.QuadraticDrag") == kMaglev);
  CHECK(registry.origin("translational.Spring") == "");
  CHECK(registry.find("maglev.QuadraticDrag")->summary() == "Quadratic drag: f = d·v_rel·|v_rel|");
  // Close matches for a typo include the library's types.
  CHECK(registry.close_matches("maglev.QuadraticDrug") == std::vector<std::string>{"maglev.QuadraticDrag"});
}

TEST_CASE("component library: its expressions are this process's (one expression store)") {
  const Registry registry = registry_with_libraries({kMaglev});
  const Definition d = instantiate(registry, "maglev.QuadraticDrag", {{"d", 2.0}}, "drag");
  // Expressions are hash-consed: the same variable built here and in the library is the same node.
  bool found = false;
  for (const Expr& leaf : leaves(d.equations.back().residual)) found = found || leaf == Expr::variable("drag.v_rel");
  CHECK(found);
  CHECK(to_string(d.equations.back().residual) == "drag.f - 2*drag.v_rel*abs(drag.v_rel)");
}

TEST_CASE("component library: a netlist of its components simulates and its energy account closes") {
  const Registry registry = registry_with_libraries({kMaglev});
  const auto run = simulate_netlist_file(kMaglevNetlist, &registry);
  CHECK(check_energy(*run, EnergyTolerance{.balance = 1e-6, .audit = 1e-9}));
  CHECK(run->result.statistics.events > 0);  // |v_rel| of the drag switched at every turn
  // Without the library the types are unknown.
  CHECK_THROWS_WITH_AS(simulate_netlist_file(kMaglevNetlist), doctest::Contains("unknown component type"), ModelError);
}

TEST_CASE("component library: the error catalog") {
  Registry registry;
  register_builtin(registry);
  SUBCASE("a missing file") {
    check_refused(registry, "no/such/libmine.so", "component library no/such/libmine.so: no such file");
  }
  SUBCASE("a file that is not a shared library") {
    const std::string text = scratch_file("libtext.so");
    std::ofstream(text) << "not a library\n";
    try {
      load_component_library(registry, text);
      FAIL("a text file was loaded");
    } catch (const ComponentLibraryError& e) {
      // The rest is the dynamic loader's words (glibc: "…: invalid ELF header").
      CHECK(e.message().starts_with("component library " + text + ": cannot be loaded: "));
    }
  }
  SUBCASE("a shared library without the registration function") {
    check_refused(registry, TEST_NO_REGISTRATION_LIBRARY,
                  "component library " TEST_NO_REGISTRATION_LIBRARY
                  ": no registration function acausal_register_components (a component library defines it with "
                  "ACAUSAL_COMPONENT_LIBRARY, acausal/plugin.hpp)");
  }
  SUBCASE("a library built against another version") {
    check_refused(registry, TEST_OTHER_VERSION_LIBRARY,
                  std::string("component library " TEST_OTHER_VERSION_LIBRARY
                              " was built against acausal 0.0.1, this is acausal ") +
                      version() + ": rebuild it against this version");
  }
  SUBCASE("a type name the built-in library has") {
    check_refused(registry, TEST_DUPLICATE_TYPE_LIBRARY,
                  "component library " TEST_DUPLICATE_TYPE_LIBRARY
                  ": component type \"translational.Spring\" is registered already");
    CHECK(registry.find("translational.Spring")->summary() == "Linear spring: f = c·(s_rel − s_rel0)");
  }
  SUBCASE("a unit that does not parse in a type's declarations") {
    check_refused(registry, TEST_UNIT_TYPO_LIBRARY,
                  "component library " TEST_UNIT_TYPO_LIBRARY
                  ": component type \"typo.Spring\" declares parameter c's unit \"Nm/rad\": unknown unit 'Nm' in "
                  "'Nm/rad' (did you mean 'N*m'?)");
  }
  SUBCASE("a type name another component library has") {
    load_component_library(registry, kMaglev);
    const std::string copy = scratch_file("libmaglev_copy.so");  // another file: loaded a second time
    fs::copy_file(kMaglev, copy, fs::copy_options::overwrite_existing);
    check_refused(registry, copy,
                  "component library " + copy + ": component type \"maglev.AirDrag\" is registered already, " +
                      "by component library " + kMaglev);
  }
}

TEST_CASE("component library: ACAUSAL_LIBRARIES-style lists") {
  CHECK(split_library_list("") == std::vector<std::string>{});
  CHECK(split_library_list("a.so") == std::vector<std::string>{"a.so"});
  CHECK(split_library_list(":./a.so::/x/b.so:") == std::vector<std::string>{"./a.so", "/x/b.so"});
}
