// `acausal --library` and ACAUSAL_LIBRARIES: the example project's component library (examples/maglev,
// built against this tree) from the command line — its netlist simulates, its types are listed and
// described — and the libraries that cannot be used, each with its exact message and exit code 1.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "tests/support/cli_run.hpp"

using namespace cli_run;

namespace {

const std::string kMaglev = TEST_MAGLEV_LIBRARY;
const std::string kMaglevNetlist = ACAUSAL_SOURCE_DIR "/examples/maglev/maglev.json";

/// The path in single quotes, for the shell.
std::string quoted(const std::string& path) { return "'" + path + "'"; }

}  // namespace

TEST_CASE("--library: a netlist of the library's components simulates, with its energy account") {
  fs::remove(scratch() / "maglev.csv");
  const Run r = acausal("simulate --library " + quoted(kMaglev) + " " + quoted(kMaglevNetlist) + " --energy");
  CHECK(r.code == 0);
  CHECK(r.err == "");
  CHECK(contains(r.out, "\n  drag       "));
  CHECK(contains(r.out, "\n  magnets    "));
  const Csv csv = read_csv(scratch() / "maglev.csv");
  CHECK(contains(r.out, "wrote " + std::to_string(csv.rows.size()) + " rows to maglev.csv (t = 0 to 2 s)"));
  CHECK(csv.header == "time,puck.s,puck.v,magnets.f,drag.f");
  // The 1001 points of the grid (every 2 ms), and two rows, at one time, at each reversal of the
  // puck (the drag's sign(v) event).
  std::size_t grid = 0, reversals = 0;
  for (std::size_t k = 0; k < csv.rows.size(); ++k) {
    const double t = csv.rows[k][0];
    const bool paired = k + 1 < csv.rows.size() && csv.rows[k + 1][0] == t;
    if (paired) ++reversals;
    if (std::fabs(t * 500 - std::round(t * 500)) < 1e-9 && !paired) ++grid;  // a grid point's row (or right limit)
    if (paired) ++k;
  }
  CHECK(reversals > 0);
  CHECK(csv.rows.size() == grid + 2 * reversals);
  CHECK(grid <= 1001);
  CHECK(grid + reversals >= 1001);  // a grid point on a reversal is that reversal's two rows
  // In the last half second the puck swings, ever less, about the gap where the magnets carry its
  // weight: 3·5e-8/g⁴ = 0.1·9.80665 N.
  const double gap = std::pow(1.5e-7 / 0.980665, 0.25);
  double low = 1.0, high = 0.0;
  for (std::size_t k = 750; k < csv.rows.size(); ++k) {
    low = std::min(low, csv.rows[k][1]);
    high = std::max(high, csv.rows[k][1]);
  }
  CHECK(low < gap);
  CHECK(high > gap);
  CHECK(high - low < 0.005);
}

TEST_CASE("--library: check, equations, components and describe know the library's types") {
  const std::string library = "--library " + quoted(kMaglev);
  const Run check = acausal("check " + library + " " + quoted(kMaglevNetlist));
  CHECK(check.code == 0);
  CHECK(contains(check.out, "balanced: yes"));
  const Run equations = acausal("equations " + library + " " + quoted(kMaglevNetlist));
  CHECK(equations.code == 0);
  CHECK(contains(equations.out, "# drag (maglev.QuadraticDrag)\n"));
  const Run components = acausal("components " + library);
  CHECK(components.code == 0);
  CHECK(contains(components.out, "maglev.MagneticSpring"));
  CHECK(contains(components.out, "maglev.QuadraticDrag"));
  const Run describe = acausal("describe " + library + " maglev.QuadraticDrag");
  CHECK(describe.code == 0);
  CHECK(describe.out.starts_with("maglev.QuadraticDrag: Quadratic drag: f = d·v_rel·|v_rel|\nfrom component library " +
                                 kMaglev + "\n"));
  CHECK(contains(describe.out, "  loss power [W]       d*abs(v_rel)^3\n"));
}

TEST_CASE("ACAUSAL_LIBRARIES names component libraries for every command") {
  const std::string environment = "ACAUSAL_LIBRARIES=" + quoted(kMaglev);
  CHECK(acausal("describe maglev.MagneticSpring", environment).code == 0);
  CHECK(acausal("check " + quoted(kMaglevNetlist), environment).code == 0);
  // The same file in the variable and on the command line is loaded once.
  CHECK(acausal("describe --library " + quoted(kMaglev) + " maglev.MagneticSpring", environment).code == 0);
  // Without either, the netlist's types are unknown.
  const Run unknown = acausal("check " + quoted(kMaglevNetlist));
  CHECK(unknown.code == 1);
  CHECK(contains(unknown.err, "/components/drag/type: unknown component type \"maglev.QuadraticDrag\""));
}

TEST_CASE("--library: libraries that cannot be used are input errors with exact messages") {
  struct Case {
    std::string library, message;
  };
  fs::remove(scratch() / "maglev.csv");
  const Run version = acausal("--version");  // "acausal 0.1.0"
  REQUIRE(version.out.starts_with("acausal "));
  const std::string this_version = version.out.substr(8, version.out.size() - 9);
  const std::string how = " (a component library defines it with ACAUSAL_COMPONENT_LIBRARY, acausal/plugin.hpp)";
  const std::vector<Case> cases = {
      {"./libnope.so", "component library ./libnope.so: no such file"},
      {TEST_NO_REGISTRATION_LIBRARY,
       "component library " TEST_NO_REGISTRATION_LIBRARY ": no registration function acausal_register_components" + how},
      {TEST_OTHER_VERSION_LIBRARY, std::string("component library " TEST_OTHER_VERSION_LIBRARY
                                               " was built against acausal 0.0.1, this is acausal ") +
                                       this_version + ": rebuild it against this version"},
      {TEST_DUPLICATE_TYPE_LIBRARY,
       "component library " TEST_DUPLICATE_TYPE_LIBRARY ": component type \"translational.Spring\" is registered already"},
  };
  for (const Case& c : cases) {
    INFO(c.library);
    for (const std::string& command : {"simulate --library " + quoted(c.library) + " " + quoted(kMaglevNetlist),
                                      "components --library " + quoted(c.library)}) {
      INFO(command);
      const Run r = acausal(command);
      CHECK(r.code == 1);
      CHECK(r.out == "");
      CHECK(r.err == "error: " + c.message + "\n");
    }
    const Run from_environment = acausal("describe translational.Spring", "ACAUSAL_LIBRARIES=" + quoted(c.library));
    CHECK(from_environment.code == 1);
    CHECK(from_environment.err == "error: " + c.message + "\n");
  }
  CHECK(!fs::exists(scratch() / "maglev.csv"));
}
