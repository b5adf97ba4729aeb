#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "solver/nonfinite.hpp"

TEST_CASE("first_nonfinite: the first NaN or infinity at every place of arrays of every length up to 40") {
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity()};
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<double> v(n);
    for (std::size_t k = 0; k < n; ++k) v[k] = (k % 3 == 0 ? -1.0 : 1.0) * std::ldexp(1.0, static_cast<int>(k) * 50 - 1000);
    CHECK(acausal::first_nonfinite(v.data(), n) == n);  // huge and tiny values are finite
    for (double b : bad)
      for (std::size_t at = 0; at < n; ++at) {
        CAPTURE(n);
        CAPTURE(at);
        std::vector<double> w = v;
        w[at] = b;
        if (at + 1 < n) w[n - 1] = bad[0];  // a later one does not count
        CHECK(acausal::first_nonfinite(w.data(), n) == at);
      }
  }
}
