#include "components/signal/kinematic_ptp.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view KinematicPTP::details() const {
  return R"(MSL 4.0.0's Sources.KinematicPTP block: the acceleration of a point-to-point motion of n axes
that move by deltaq[i] together, each within its speed limit qd_max[i] and acceleration limit
qdd_max[i], in the shortest time, starting at start_time (MSL's startTime). The axes share one path
parameter s from 0 to 1:

    sd_max  = 1/max_i |deltaq[i]/qd_max[i]|       (fastest path speed)
    sdd_max = 1/max_i |deltaq[i]/qdd_max[i]|      (fastest path acceleration)
    Ta1 = √(1/sdd_max),  Ta2 = sd_max/sdd_max

If Ta2 ≥ Ta1 the speed limit is never reached (a triangle: accelerate for Ta1, decelerate for Ta1);
otherwise the path accelerates for Ta2, runs at sd_max until Tv = 1/sd_max and decelerates for Ta2
(a trapezoid, ending at Te = Tv + Ta2). With t measured from start_time,

    s̈ = sdd_max on [0, Ta),  0 on [Ta, Tv),  −sdd_max on [Tv, Te),  0 before and after
    y[i] = deltaq[i]·s̈                               (Ta = Ta2, Tv = 1/sd_max; triangle: Ta = Tv = Ta1)

The switches are time events. deltaq, qd_max, qdd_max are arrays; one of length 1 is used for every
axis, the others must have the same length n (MSL's nout). With every deltaq zero the output is 0.
Integrate y once for the speeds and twice for the positions (MSL's KinematicPTP2 has them as
outputs). A source: no energy terms.)";
}

void KinematicPTP::define(ComponentBuilder& b) const {
  const std::vector<double> deltaq = b.vector_parameter("deltaq", "1", {1.0}, "Distances to move, per axis");
  const std::vector<double> qd_max = b.vector_parameter("qd_max", "1/s", {1.0}, "Maximum speeds, per axis (> 0)");
  const std::vector<double> qdd_max =
      b.vector_parameter("qdd_max", "1/s^2", {1.0}, "Maximum accelerations, per axis (> 0)");
  const Expr start_time = b.parameter("start_time", "s", 0.0, "Time the motion starts");
  for (const auto& [name, values] : {std::pair{"qd_max", &qd_max}, std::pair{"qdd_max", &qdd_max}})
    for (std::size_t i = 0; i < values->size(); ++i)
      if (!((*values)[i] > 0.0))
        b.fail(name, {i}, std::string(name) + " must be positive, got " + number_text((*values)[i]));
  const std::size_t n = std::max({deltaq.size(), qd_max.size(), qdd_max.size()});
  for (const auto& [name, values] :
       {std::pair{"deltaq", &deltaq}, std::pair{"qd_max", &qd_max}, std::pair{"qdd_max", &qdd_max}})
    if (values->size() != 1 && values->size() != n)
      b.fail(name, std::string(name) + " must have 1 or " + std::to_string(n) + " values (the number of axes), got " +
                       std::to_string(values->size()));
  const auto at = [](const std::vector<double>& v, std::size_t i) { return v.size() == 1 ? v[0] : v[i]; };

  double speed_time = 0.0, acceleration_time = 0.0;  // max |deltaq/qd_max|, max |deltaq/qdd_max|
  for (std::size_t i = 0; i < n; ++i) {
    speed_time = std::max(speed_time, std::fabs(at(deltaq, i) / at(qd_max, i)));
    acceleration_time = std::max(acceleration_time, std::fabs(at(deltaq, i) / at(qdd_max, i)));
  }
  Expr sdd = 0.0;
  if (speed_time > 0.0) {
    const double sd_max = 1.0 / speed_time, sdd_max = 1.0 / acceleration_time;
    const double Ta1 = std::sqrt(1.0 / sdd_max), Ta2 = sd_max / sdd_max;
    const bool triangle = Ta2 >= Ta1;
    const double Ta = triangle ? Ta1 : Ta2, Tv = triangle ? Ta1 : 1.0 / sd_max, Te = Tv + Ta;
    const Expr t = Expr::time() - start_time;
    sdd = if_else(t < 0.0, 0.0,
                  if_else(t < Ta, sdd_max, if_else(t < Tv, 0.0, if_else(t < Te, -sdd_max, 0.0))));
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::string index = "[" + std::to_string(i + 1) + "]";
    const Expr y = b.output("y" + index, "1", "Acceleration of axis " + std::to_string(i + 1));
    b.equation(y - at(deltaq, i) * sdd, "acceleration of axis " + std::to_string(i + 1));
  }
}

}  // namespace acausal::signal_components
