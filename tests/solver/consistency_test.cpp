#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "components/registry.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/consistency.hpp"
#include "solver/initialization.hpp"

using namespace acausal;

namespace {

struct Point {
  std::vector<double> y, yp;
};

double largest(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

/// max |a − b| over both vectors, relative to the largest magnitude in a.
double difference(const Point& a, const Point& b) {
  double d = 0.0;
  for (std::size_t i = 0; i < a.y.size(); ++i) d = std::max(d, std::fabs(a.y[i] - b.y[i]));
  for (std::size_t i = 0; i < a.yp.size(); ++i) d = std::max(d, std::fabs(a.yp[i] - b.yp[i]));
  return d / std::max({largest(a.y), largest(a.yp), 1e-300});
}

}  // namespace

// The energy ledger makes y' consistent at every quadrature point with one SparseLu for the whole run
// (its ordering is reused). Whatever factorization it holds from an earlier point, close (a nearby
// point) or far (another configuration), the answer must be a fresh solver's.
TEST_CASE("consistent derivatives: a factorization kept from another point gives the fresh answer") {
  Model model = build_model(load_netlist(ACAUSAL_SOURCE_DIR "/netlists/two_bodies_spring.json"), builtin_registry());
  auto program = compile(model, ProgramOptions{.energy = true, .power_audit = true});
  ProgramState state(*program);
  const InitialState start = initialize(state, 0.0);
  REQUIRE(std::count(program->id().begin(), program->id().end(), 0.0) > 0);  // algebraic unknowns too
  // Another configuration: the differential unknowns moved (angles by 0.02 or 1 rad, speeds by 0.3).
  auto moved = [&](double by) {
    Point p{start.y, start.yp};
    for (std::size_t i = 0; i < p.y.size(); ++i)
      if (program->id()[i] == 1.0) p.y[i] += by * (1.0 + 0.1 * static_cast<double>(i));
    return p;
  };
  for (double by : {0.02, 1.0}) {
    CAPTURE(by);
    Point fresh = moved(by);
    SparseLu new_lu;
    make_consistent(state, 0.0, fresh.y, fresh.yp, new_lu);

    Point kept = moved(by);
    SparseLu old_lu;
    Point first{start.y, start.yp};
    make_consistent(state, 0.0, first.y, first.yp, old_lu);  // factors the start's matrix
    make_consistent(state, 0.0, kept.y, kept.yp, old_lu);
    CHECK(difference(fresh, kept) < 1e-13);

    // And the equations hold there, to rounding.
    std::vector<double> f(program->size());
    state.residual(0.0, kept.y.data(), kept.yp.data(), f.data());
    CHECK(largest(f) < 1e-12 * std::max(1.0, largest(kept.yp)));
  }
}
