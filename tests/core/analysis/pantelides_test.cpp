#include <doctest/doctest.h>

#include <stdexcept>

#include "core/analysis/pantelides.hpp"

using namespace acausal;

TEST_CASE("pantelides: a semi-explicit index-1 system needs no differentiation") {
  // x' = -x + z, 0 = z - x²: variables x (0), z (1)
  const auto r = pantelides({{{0, 1}, {1, 0}}, {{1, 0}, {0, 0}}}, 2);
  CHECK(r.index == 1);
  CHECK(r.equation_differentiations == std::vector<int>{0, 0});
  CHECK(r.variable_order == std::vector<int>{1, 0});
}

TEST_CASE("pantelides: the Cartesian pendulum is index 3, its constraint differentiated twice") {
  // variables x, y, vx, vy, λ = 0..4
  // x' = vx; y' = vy; m·vx' = −x·λ; m·vy' = −y·λ − m·g; x² + y² = L²
  const auto r = pantelides({{{0, 1}, {2, 0}},
                             {{1, 1}, {3, 0}},
                             {{2, 1}, {0, 0}, {4, 0}},
                             {{3, 1}, {1, 0}, {4, 0}},
                             {{0, 0}, {1, 0}}},
                            5);
  CHECK(r.index == 3);
  CHECK(r.equation_differentiations == std::vector<int>{1, 1, 0, 0, 2});
  CHECK(r.variable_order == std::vector<int>{2, 2, 1, 1, 0});
}

TEST_CASE("pantelides: two rigidly coupled inertias (phi1 = phi2) differentiate the coupling twice") {
  // variables phi1, w1, phi2, w2, tau = 0..4
  // phi1' = w1; J1·w1' = tau; phi2' = w2; J2·w2' = −tau; phi1 = phi2
  const auto r = pantelides(
      {{{0, 1}, {1, 0}}, {{1, 1}, {4, 0}}, {{2, 1}, {3, 0}}, {{3, 1}, {4, 0}}, {{0, 0}, {2, 0}}}, 5);
  CHECK(r.index == 3);
  CHECK(r.equation_differentiations[4] == 2);
  CHECK(r.equation_differentiations[0] == 1);  // phi1' = w1 once, so that w1' appears
  CHECK(r.variable_order[0] == 2);
}

TEST_CASE("pantelides: a structurally singular system is reported") {
  // 0 = x, 0 = x (y never appears): no number of differentiations helps
  CHECK_THROWS_AS(pantelides({{{0, 0}}, {{0, 0}}}, 2), std::invalid_argument);
}
