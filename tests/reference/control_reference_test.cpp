// Comparison of the control blocks with the Modelica Standard Library reference trajectories
// (tests/reference/data): netlists/reference/<Case>.json on the reference's grid, every column
// within 1e-3 of its range (reference_case.hpp).

#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "tests/reference/reference_case.hpp"

using namespace acausal;
using namespace acausal::reference;

TEST_SUITE("reference") {

TEST_CASE("Blocks_PID_Controller: Modelica.Blocks.Examples.PID_Controller with LimPID KinematicPTP and Integrator") {
  // The kept rows are every other row of the reference's 0.0008 s grid, and each event's two rows
  // shift which ones: between the events they lie on even, then odd multiples of 0.0008 s. So the
  // run keeps the model's own grid (0.0008 s, model.md), on which every kept row lies, instead of
  // compare_case's check that the run's interval is the kept rows' spacing.
  const std::string dir = ACAUSAL_SOURCE_DIR;
  const Netlist n = load_netlist(dir + "/netlists/reference/Blocks_PID_Controller.json");
  const ReferenceData ref = read_reference_csv(dir + "/tests/reference/data/Blocks_PID_Controller/reference.csv");
  Model model = build_model(n, builtin_registry());
  auto program = compile(model);
  const SimulationOptions o = options_from(n.experiment);
  CHECK(o.start == doctest::Approx(ref.time.front()));
  CHECK(o.stop == doctest::Approx(ref.time.back()));
  CHECK(o.interval == doctest::Approx(0.0008));
  CaseRun run;
  simulate(*program, o, run.result);
  const std::vector<SignalMap> table = {{"PI.I.y", "PI.xi"},           {"inertia1.phi", "inertia1.phi"},
                                        {"inertia1.w", "inertia1.w"},   {"integrator.y", "integrator.y"},
                                        {"spring.phi_rel", "spring.phi_rel"}, {"spring.w_rel", "spring.w_rel"}};
  CHECK(table.size() == ref.names.size());
  for (const SignalMap& s : table) {
    const SignalError e = compare_signal(ref.time, ref.column(s.modelica), run.result.times(), run.result.column(s.ours), 1.0,
                                         0.0, 0.0, kEventWindow);
    MESSAGE("Blocks_PID_Controller " << describe(s.modelica + " vs " + s.ours, e));
    CHECK(e.relative <= kTolerance);
  }
  // The initialization of model.md: the controller's integrator in steady state with the load torque
  // of 10 N·m held by the motor: spring.phi_rel = 10/c, PI.I.y = −10/k, the motor at rest.
  const std::vector<double>& t = run.result.times();
  CHECK(run.result.column("spring.phi_rel").front() == doctest::Approx(1e-3).epsilon(1e-10));
  CHECK(run.result.column("PI.xi").front() == doctest::Approx(-0.1).epsilon(1e-10));
  CHECK(std::fabs(run.result.column("inertia1.w").front()) < 1e-12);
  // The limiter's state events: the output reaches −12 at 2.1018661 s and leaves it at 3.4951549 s
  // (the reference's duplicated rows); the run has an event (two rows at one time) within 1e-4 s
  // of each.
  for (const double event : {2.1018661, 3.4951549}) {
    CAPTURE(event);
    bool found = false;
    for (std::size_t k = 0; k + 1 < t.size(); ++k) found = found || (t[k] == t[k + 1] && std::fabs(t[k] - event) < 1e-4);
    CHECK(found);
  }
}

}  // TEST_SUITE("reference")
