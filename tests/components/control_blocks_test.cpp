// The control blocks of the signal library (MSL's Continuous, Math, Nonlinear blocks and the
// KinematicPTP source): each continuous block's step response against its closed form, written here
// from the transfer function, to 1e-8; every initialization choice; the nonlinear blocks' laws on
// both sides of their limits; the parameter validation messages.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/model/errors.hpp"
#include "tests/support/component_harness.hpp"
#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kClosedForm = 1e-8;  // every closed-form comparison

/// A netlist of `components` and `connections`, 0 to `stop` s on a grid of `interval`, integrated
/// with a relative tolerance of 1e-12 (the closed forms are compared to 1e-8).
std::string netlist(const json& components, const std::vector<std::vector<std::string>>& connections, double stop,
                    double interval, const std::vector<std::string>& outputs) {
  return json{{"format", "acausal/1"},
              {"name", "control_blocks"},
              {"components", components},
              {"connections", connections},
              {"experiment", {{"start", 0.0}, {"stop", stop}, {"interval", interval}, {"tolerance", 1e-12}}},
              {"outputs", outputs}}
      .dump();
}

/// Whether row k is one of the two rows of an event (the limits from the left and the right, at
/// one time), where a closed form with a jump has no single value.
bool event_row(const std::vector<double>& t, std::size_t k) {
  return (k > 0 && t[k - 1] == t[k]) || (k + 1 < t.size() && t[k + 1] == t[k]);
}

/// max over every row but the events' of |column − expected(t)|.
double max_error(const SimulationRun& run, const std::string& column, const std::function<double(double)>& expected) {
  const std::vector<double>& t = run.times();
  const std::vector<double> y = run.column(column);
  double worst = 0.0;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (!event_row(t, k)) worst = std::max(worst, std::fabs(y[k] - expected(t[k])));
  return worst;
}

/// The value of `column` at the first row at or after time t.
double at_time(const SimulationRun& run, const std::string& column, double t) {
  const std::vector<double>& times = run.times();
  const std::vector<double> y = run.column(column);
  for (std::size_t k = 0; k < times.size(); ++k)
    if (times[k] >= t) return y[k];
  return y.back();
}

json block(const std::string& type, const json& params = json::object()) {
  return {{"type", type}, {"params", params}};
}

/// A step input: `offset` before `at`, `offset + height` from then on.
json step(double offset, double height, double at) {
  return block("signal.Step", {{"offset", offset}, {"height", height}, {"start_time", at}});
}

json constant(double k) { return block("signal.Constant", {{"k", k}}); }

json ramp(double offset, double height, double duration) {
  return block("signal.Ramp", {{"offset", offset}, {"height", height}, {"duration", duration}, {"start_time", 0.0}});
}

/// e(t) of e'' + 2·D·w·e' + w²·e = 0 from e(0) = e0, e'(0) = 0, underdamped (D < 1).
double free_oscillation(double D, double w, double e0, double t) {
  const double sigma = D * w, wd = w * std::sqrt(1.0 - D * D);
  return e0 * std::exp(-sigma * t) * (std::cos(wd * t) + sigma / wd * std::sin(wd * t));
}

}  // namespace

// ---- catalog ------------------------------------------------------------------------------------

TEST_CASE("control blocks: every type is registered and documented and balanced in every initialization") {
  for (const std::string type :
       {"signal.Integrator", "signal.Derivative", "signal.PI", "signal.PID", "signal.LimPID", "signal.TransferFunction",
        "signal.StateSpace", "signal.Feedback", "signal.Division", "signal.Add3", "signal.Sum", "signal.Abs",
        "signal.Sign", "signal.Limiter", "signal.VariableLimiter", "signal.DeadZone", "signal.SlewRateLimiter",
        "signal.InverseBlockConstraints", "signal.KinematicPTP"}) {
    CAPTURE(type);
    const Definition d = described_catalog_entry(type);
    CHECK(!d.equations.empty());
    CHECK(balance_surplus(d) == 0);
    CHECK(builtin_registry().find(type)->details().find("MSL") != std::string_view::npos);
  }
  for (const std::string init : {"initial_state", "steady_state", "initial_output"}) {
    CAPTURE(init);
    for (const std::string type : {"signal.Integrator", "signal.Derivative", "signal.PI", "signal.PID", "signal.TransferFunction"})
      CHECK(balance_surplus(instantiate(type, {{"init", init}})) == 0);
    for (const std::string controller : {"PI", "PID"})
      CHECK(balance_surplus(instantiate("signal.LimPID", {{"init", init}, {"controller_type", controller}})) == 0);
  }
  for (const std::string init : {"initial_state", "steady_state", "initial_output"})
    CHECK(balance_surplus(instantiate("signal.StateSpace", {{"init", init}})) == 0);
  for (const std::string init : {"initial_state", "steady_state"}) {
    CHECK(balance_surplus(instantiate("signal.SlewRateLimiter", {{"init", init}})) == 0);
    for (const std::string controller : {"P", "PD"})
      CHECK(balance_surplus(instantiate("signal.LimPID", {{"init", init}, {"controller_type", controller}})) == 0);
  }
  // The ports a controller type and the feed-forward flag declare.
  const Definition pd = instantiate("signal.LimPID", {{"controller_type", "PD"}, {"with_feed_forward", true}});
  CHECK(pd.find_port("u_ff") != nullptr);
  CHECK(pd.find_variable("xd") != nullptr);
  CHECK(pd.find_variable("xi") == nullptr);
  CHECK(instantiate("signal.LimPID", {{"controller_type", "PI"}}).find_variable("xd") == nullptr);
  CHECK(instantiate("signal.LimPID", json::object()).find_port("u_ff") == nullptr);
  const Definition sum = instantiate("signal.Sum", {{"nin", 3}, {"k", {1.0, -2.0, 0.5}}});
  CHECK(sum.find_port("u[3]") != nullptr);
  CHECK(sum.find_port("u[4]") == nullptr);
}

// ---- Integrator -----------------------------------------------------------------------------------

TEST_CASE("signal.Integrator: the step response is a ramp from the initial value") {
  const double k = 2.5, y0 = -0.4, u0 = 0.6, u1 = -1.1, at = 0.3125;
  for (const std::string init : {"initial_state", "initial_output"}) {
    CAPTURE(init);
    const auto run = simulate_netlist(netlist(
        {{"input", step(u0, u1 - u0, at)},
         {"integrator", {{"type", "signal.Integrator"}, {"params", {{"k", k}, {"init", init}}}, {"initial", {{"y", y0}}}}}},
        {{"input.y", "integrator.u"}}, 1.0, 0.01, {"integrator.y"}));
    const auto expected = [&](double t) { return y0 + k * u0 * std::min(t, at) + k * u1 * std::max(t - at, 0.0); };
    const double error = max_error(*run, "integrator.y", expected);
    MESSAGE("Integrator (" << init << ") ramp: max error " << error);
    CHECK(error < kClosedForm);
  }
}

TEST_CASE("signal.Integrator: steady_state makes its input zero at the start and takes the output the loop needs") {
  // der(y) = k·(r − y) closed through a Feedback: steady at y = r0, then a lag toward r1.
  const double k = 4.0, r0 = 1.5, r1 = 0.5, at = 0.2;
  const auto run = simulate_netlist(netlist({{"command", step(r0, r1 - r0, at)},
                                             {"error", block("signal.Feedback")},
                                             {"integrator", block("signal.Integrator", {{"k", k}, {"init", "steady_state"}})}},
                                            {{"command.y", "error.u1"}, {"integrator.y", "error.u2"}, {"error.y", "integrator.u"}},
                                            1.5, 0.01, {"integrator.y", "error.y"}));
  CHECK(run->column("integrator.y").front() == doctest::Approx(r0).epsilon(1e-14));
  CHECK(std::fabs(run->column("error.y").front()) < 1e-14);
  const auto expected = [&](double t) { return t < at ? r0 : r1 + (r0 - r1) * std::exp(-k * (t - at)); };
  const double error = max_error(*run, "integrator.y", expected);
  MESSAGE("Integrator in steady state, closed loop: max error " << error);
  CHECK(error < kClosedForm);
}

TEST_CASE("signal.Integrator: a reset input sets y to the set input or to y_start at each rising edge") {
  // A pulse of amplitude 1 rises at 0.5, 1.5 and 2.5 s. "ramp" integrates 1 and is set to 2 there;
  // "loop" integrates 4·(1.5 − y), starts steady at y = 1.5 and is reset to y_start = −1, after
  // which it relaxes back: y = 1.5 − 2.5·exp(−4·(t − t_reset)).
  const json pulse = block("signal.Pulse", {{"amplitude", 1.0}, {"width", 20.0}, {"period", 1.0}, {"start_time", 0.5}});
  const auto run = simulate_netlist(netlist(
      {{"one", constant(1.0)}, {"two", constant(2.0)}, {"command", constant(1.5)}, {"pulse", pulse},
       {"error", block("signal.Feedback")},
       {"ramp", block("signal.Integrator", {{"use_reset", true}, {"use_set", true}})},
       {"loop", block("signal.Integrator", {{"k", 4.0}, {"init", "steady_state"}, {"use_reset", true}, {"y_start", -1.0}})}},
      {{"one.y", "ramp.u"}, {"two.y", "ramp.set"}, {"pulse.y", "ramp.reset"}, {"pulse.y", "loop.reset"},
       {"command.y", "error.u1"}, {"loop.y", "error.u2"}, {"error.y", "loop.u"}},
      3.0, 0.01, {"ramp.y", "loop.y"}));
  const auto last_reset = [](double t) { return t < 0.5 ? -1.0 : std::floor(t - 0.5) + 0.5; };
  CHECK(max_error(*run, "ramp.y", [&](double t) { return t < 0.5 ? t : 2.0 + (t - last_reset(t)); }) < kClosedForm);
  CHECK(max_error(*run, "loop.y", [&](double t) {
          return t < 0.5 ? 1.5 : 1.5 - 2.5 * std::exp(-4.0 * (t - last_reset(t)));
        }) < kClosedForm);
  CHECK_THROWS_WITH_AS(instantiate("signal.Integrator", {{"use_set", true}}, "i"),
                       "/components/i/params/use_set: use_set needs use_reset: the set input is read when a reset happens",
                       ModelError);
}

// ---- Derivative -----------------------------------------------------------------------------------

TEST_CASE("signal.Derivative: the step response decays with T in every initialization") {
  const double k = 2.0, T = 0.1, u0 = 0.5, h = 1.5, at = 0.2;
  SUBCASE("steady_state: y = 0 until the step, then (k·h/T)·exp(−(t − t1)/T)") {
    const auto run = simulate_netlist(
        netlist({{"input", step(u0, h, at)}, {"d", block("signal.Derivative", {{"k", k}, {"T", T}, {"init", "steady_state"}})}},
                {{"input.y", "d.u"}}, 1.0, 0.01, {"d.y", "d.x"}));
    CHECK(run->column("d.x").front() == doctest::Approx(u0).epsilon(1e-14));
    const auto expected = [&](double t) { return t < at ? 0.0 : k * h / T * std::exp(-(t - at) / T); };
    const double error = max_error(*run, "d.y", expected);
    MESSAGE("Derivative step response: max error " << error << " (peak " << k * h / T << ")");
    CHECK(error < kClosedForm);
  }
  SUBCASE("initial_state: x starts at the netlist's value") {
    const double x0 = -0.25;
    const auto run = simulate_netlist(
        netlist({{"input", constant(u0)},
                 {"d", {{"type", "signal.Derivative"}, {"params", {{"k", k}, {"T", T}}}, {"initial", {{"x", x0}}}}}},
                {{"input.y", "d.u"}}, 0.5, 0.01, {"d.y"}));
    const double error = max_error(*run, "d.y", [&](double t) { return k / T * (u0 - x0) * std::exp(-t / T); });
    CHECK(error < kClosedForm);
  }
  SUBCASE("initial_output: y starts at y_start") {
    const double y_start = 3.0;
    const auto run = simulate_netlist(
        netlist({{"input", constant(u0)},
                 {"d", block("signal.Derivative", {{"k", k}, {"T", T}, {"init", "initial_output"}, {"y_start", y_start}})}},
                {{"input.y", "d.u"}}, 0.5, 0.01, {"d.y", "d.x"}));
    CHECK(run->column("d.x").front() == doctest::Approx(u0 - T * y_start / k).epsilon(1e-14));
    CHECK(max_error(*run, "d.y", [&](double t) { return y_start * std::exp(-t / T); }) < kClosedForm);
  }
}

// ---- PI -------------------------------------------------------------------------------------------

TEST_CASE("signal.PI: the step response is k·h·(1 + (t − t1)/T) from rest") {
  const double k = 1.5, T = 0.4, h = 2.0, at = 0.25;
  const auto run = simulate_netlist(netlist({{"input", step(0.0, h, at)}, {"pi", block("signal.PI", {{"k", k}, {"T", T}})}},
                                            {{"input.y", "pi.u"}}, 1.0, 0.01, {"pi.y"}));
  const auto expected = [&](double t) { return t < at ? 0.0 : k * h * (1.0 + (t - at) / T); };
  const double error = max_error(*run, "pi.y", expected);
  MESSAGE("PI step response: max error " << error);
  CHECK(error < kClosedForm);
}

TEST_CASE("signal.PI: initial_state and initial_output set x or y at the start") {
  const double k = 2.0, T = 0.5, c = 0.3;
  SUBCASE("initial_state") {
    const double x0 = 0.7;
    const auto run = simulate_netlist(
        netlist({{"input", constant(c)}, {"pi", {{"type", "signal.PI"}, {"params", {{"k", k}, {"T", T}}}, {"initial", {{"x", x0}}}}}},
                {{"input.y", "pi.u"}}, 1.0, 0.01, {"pi.y"}));
    CHECK(max_error(*run, "pi.y", [&](double t) { return k * (x0 + c * t / T + c); }) < kClosedForm);
  }
  SUBCASE("initial_output") {
    const double y_start = -1.0;
    const auto run = simulate_netlist(
        netlist({{"input", constant(c)}, {"pi", block("signal.PI", {{"k", k}, {"T", T}, {"init", "initial_output"}, {"y_start", y_start}})}},
                {{"input.y", "pi.u"}}, 1.0, 0.01, {"pi.y", "pi.x"}));
    CHECK(run->column("pi.x").front() == doctest::Approx(y_start / k - c).epsilon(1e-14));
    CHECK(max_error(*run, "pi.y", [&](double t) { return y_start + k * c * t / T; }) < kClosedForm);
  }
}

TEST_CASE("signal.PI: steady_state closes the loop at zero error") {
  // PI on a first-order plant k_p/(T_p·s + 1), both in steady state at the set point r:
  // the error is zero, the plant's input is r/k_p, so x = r/(k·k_p).
  const double k = 3.0, T = 0.2, k_p = 2.0, T_p = 0.5, r = 0.8;
  const auto run = simulate_netlist(netlist({{"setpoint", constant(r)},
                                             {"error", block("signal.Feedback")},
                                             {"pi", block("signal.PI", {{"k", k}, {"T", T}, {"init", "steady_state"}})},
                                             {"plant", block("signal.FirstOrder", {{"k", k_p}, {"T", T_p}, {"init", "steady_state"}})}},
                                            {{"setpoint.y", "error.u1"}, {"plant.y", "error.u2"}, {"error.y", "pi.u"}, {"pi.y", "plant.u"}},
                                            1.0, 0.05, {"pi.x", "pi.y", "plant.y"}));
  CHECK(max_error(*run, "pi.x", [&](double) { return r / (k * k_p); }) < 1e-12);
  CHECK(max_error(*run, "plant.y", [&](double) { return r; }) < 1e-12);
}

// ---- PID ------------------------------------------------------------------------------------------

TEST_CASE("signal.PID: the step response is k·h·(1 + (t − t1)/Ti + Nd·exp(−(t − t1)·Nd/Td)) from rest") {
  const double k = 2.0, Ti = 0.5, Td = 0.2, Nd = 4.0, h = 1.5, at = 0.2;
  const auto run = simulate_netlist(
      netlist({{"input", step(0.0, h, at)}, {"pid", block("signal.PID", {{"k", k}, {"Ti", Ti}, {"Td", Td}, {"Nd", Nd}})}},
              {{"input.y", "pid.u"}}, 2.0, 0.01, {"pid.y"}));
  const auto expected = [&](double t) {
    return t < at ? 0.0 : k * h * (1.0 + (t - at) / Ti + Nd * std::exp(-(t - at) * Nd / Td));
  };
  const double error = max_error(*run, "pid.y", expected);
  MESSAGE("PID step response: max error " << error);
  CHECK(error < kClosedForm);
}

TEST_CASE("signal.PID: steady_state in a loop and initial_output open") {
  const double k = 2.0, Ti = 0.5, Td = 0.2, Nd = 4.0;
  SUBCASE("steady_state: zero error, xd = u = 0, xi = r/(k·k_p)") {
    const double k_p = 4.0, r = -0.6;
    const auto run = simulate_netlist(
        netlist({{"setpoint", constant(r)},
                 {"error", block("signal.Feedback")},
                 {"pid", block("signal.PID", {{"k", k}, {"Ti", Ti}, {"Td", Td}, {"Nd", Nd}, {"init", "steady_state"}})},
                 {"plant", block("signal.FirstOrder", {{"k", k_p}, {"T", 0.3}, {"init", "steady_state"}})}},
                {{"setpoint.y", "error.u1"}, {"plant.y", "error.u2"}, {"error.y", "pid.u"}, {"pid.y", "plant.u"}}, 1.0, 0.05,
                {"pid.xi", "pid.xd", "plant.y"}));
    CHECK(max_error(*run, "pid.xi", [&](double) { return r / (k * k_p); }) < 1e-12);
    CHECK(max_error(*run, "pid.xd", [&](double) { return 0.0; }) < 1e-12);
    CHECK(max_error(*run, "plant.y", [&](double) { return r; }) < 1e-12);
  }
  SUBCASE("initial_output: y = y_start with the derivative part steady") {
    const double c = 0.4, y_start = 1.2;
    const auto run = simulate_netlist(
        netlist({{"input", constant(c)},
                 {"pid", block("signal.PID", {{"k", k}, {"Ti", Ti}, {"Td", Td}, {"Nd", Nd}, {"init", "initial_output"}, {"y_start", y_start}})}},
                {{"input.y", "pid.u"}}, 1.0, 0.01, {"pid.y", "pid.xd"}));
    CHECK(run->column("pid.xd").front() == doctest::Approx(c).epsilon(1e-14));
    CHECK(max_error(*run, "pid.y", [&](double t) { return y_start + k * c * t / Ti; }) < kClosedForm);
  }
}

// ---- LimPID ---------------------------------------------------------------------------------------

TEST_CASE("signal.LimPID: a PI saturates at yMax and its anti-windup holds the integral at Ni·Ti") {
  // A step of the set point by h from rest: y = k·h·(1 + (t − t1)/Ti) until it reaches yMax at
  // ts = t1 + Ti·(yMax/(k·h) − 1); from then on y = yMax and the integral relaxes with Ti·Ni to
  // xi∞ = yMax/k − h + Ni·h (where the tracking term balances the error).
  const double k = 2.0, Ti = 0.5, Ni = 0.3, y_max = 5.0, h = 1.0, at = 0.1;
  const auto run = simulate_netlist(
      netlist({{"setpoint", step(0.0, h, at)},
               {"measurement", constant(0.0)},
               {"pid", block("signal.LimPID", {{"controller_type", "PI"}, {"k", k}, {"Ti", Ti}, {"Ni", Ni}, {"yMax", y_max}})}},
              {{"setpoint.y", "pid.u_s"}, {"measurement.y", "pid.u_m"}}, 2.0, 0.01, {"pid.y", "pid.xi", "pid.v", "pid.controlError"}));
  const double ts = at + Ti * (y_max / (k * h) - 1.0);
  const double xi_s = y_max / k - h, xi_inf = xi_s + Ni * h;
  const auto xi = [&](double t) {
    if (t < at) return 0.0;
    if (t < ts) return h * (t - at) / Ti;
    return xi_inf + (xi_s - xi_inf) * std::exp(-(t - ts) / (Ti * Ni));
  };
  const auto y = [&](double t) { return t < at ? 0.0 : std::min(k * (h + xi(t)), y_max); };
  const double e_xi = max_error(*run, "pid.xi", xi), e_y = max_error(*run, "pid.y", y);
  MESSAGE("LimPID PI with saturation: max error xi " << e_xi << ", y " << e_y << "; saturates at " << ts << " s");
  CHECK(e_xi < kClosedForm);
  CHECK(e_y < kClosedForm);
  CHECK(at_time(*run, "pid.v", 1.9) == doctest::Approx(k * (h + xi(1.9))).epsilon(1e-8));  // above the limit
  CHECK(max_error(*run, "pid.controlError", [&](double t) { return t < at ? 0.0 : h; }) == 0.0);
  // The saturation is an event: two rows at ts.
  const std::vector<double>& t = run->times();
  CHECK(std::count_if(t.begin(), t.end(), [&](double x) { return std::fabs(x - ts) < 1e-9; }) == 2);
}

TEST_CASE("signal.LimPID: the lower limit holds y at yMin") {
  const double k = 1.0, y_max = 2.0, y_min = -0.5;
  const auto run = simulate_netlist(
      netlist({{"setpoint", ramp(1.0, -3.0, 1.0)},
               {"measurement", constant(0.0)},
               {"pid", block("signal.LimPID", {{"controller_type", "P"}, {"k", k}, {"yMax", y_max}, {"yMin", y_min}})}},
              {{"setpoint.y", "pid.u_s"}, {"measurement.y", "pid.u_m"}}, 1.0, 0.01, {"pid.y"}));
  // P only: y = clamp(k·u_s) with u_s = 1 − 3·t.
  const double error = max_error(*run, "pid.y", [&](double t) { return std::clamp(k * (1.0 - 3.0 * t), y_min, y_max); });
  CHECK(error < 1e-12);
  CHECK(run->column("pid.y").back() == y_min);
}

TEST_CASE("signal.LimPID: PID with set-point weights and feed-forward against its closed form") {
  // u_s steps by h, u_m = 0, u_ff = c, no saturation: y = k·(wp·h + Nd·wd·h·exp(−(t − t1)/T_D) +
  // h·(t − t1)/Ti) + kFF·c with T_D = Td/Nd.
  const double k = 1.5, Ti = 0.8, Td = 0.3, Nd = 6.0, wp = 0.5, wd = 0.7, kFF = 2.0, c = 0.25, h = 1.0, at = 0.15;
  const auto run = simulate_netlist(
      netlist({{"setpoint", step(0.0, h, at)},
               {"measurement", constant(0.0)},
               {"ff", constant(c)},
               {"pid", block("signal.LimPID", {{"k", k}, {"Ti", Ti}, {"Td", Td}, {"Nd", Nd}, {"wp", wp}, {"wd", wd},
                                                {"yMax", 100}, {"with_feed_forward", true}, {"kFF", kFF}})}},
              {{"setpoint.y", "pid.u_s"}, {"measurement.y", "pid.u_m"}, {"ff.y", "pid.u_ff"}}, 1.0, 0.01, {"pid.y"}));
  const double T_D = Td / Nd;
  const auto expected = [&](double t) {
    if (t < at) return kFF * c;
    return k * (wp * h + Nd * wd * h * std::exp(-(t - at) / T_D) + h * (t - at) / Ti) + kFF * c;
  };
  const double error = max_error(*run, "pid.y", expected);
  MESSAGE("LimPID PID with weights and feed-forward: max error " << error);
  CHECK(error < kClosedForm);
}

TEST_CASE("signal.LimPID: initial_output starts the output at y_start") {
  const double k = 2.0, Ti = 0.5, c = 0.5, y_start = 0.3;
  const auto run = simulate_netlist(
      netlist({{"setpoint", constant(c)},
               {"measurement", constant(0.0)},
               {"pid", block("signal.LimPID", {{"controller_type", "PI"}, {"k", k}, {"Ti", Ti}, {"yMax", 10},
                                                {"init", "initial_output"}, {"y_start", y_start}})}},
              {{"setpoint.y", "pid.u_s"}, {"measurement.y", "pid.u_m"}}, 1.0, 0.01, {"pid.y"}));
  CHECK(max_error(*run, "pid.y", [&](double t) { return y_start + k * c * t / Ti; }) < kClosedForm);
}

// ---- TransferFunction and StateSpace --------------------------------------------------------------

TEST_CASE("signal.TransferFunction: a second-order low pass steps like a damped oscillator") {
  // 4/(s² + 0.8·s + 4): w = 2 rad/s, D = 0.2, gain 1.
  const double w = 2.0, D = 0.2, u0 = 0.5, u1 = 2.0, at = 0.2;
  const json tf = {{"b", {w * w}}, {"a", {1.0, 2.0 * D * w, w * w}}};
  SUBCASE("steady_state, then a step") {
    json params = tf;
    params["init"] = "steady_state";
    const auto run = simulate_netlist(netlist({{"input", step(u0, u1 - u0, at)}, {"tf", block("signal.TransferFunction", params)}},
                                              {{"input.y", "tf.u"}}, 4.0, 0.01, {"tf.y", "tf.x[1]", "tf.x[2]"}));
    CHECK(run->column("tf.x[1]").front() == 0.0);
    CHECK(run->column("tf.x[2]").front() == doctest::Approx(u0 / (w * w)).epsilon(1e-14));
    const auto expected = [&](double t) { return t < at ? u0 : u1 + free_oscillation(D, w, u0 - u1, t - at); };
    const double error = max_error(*run, "tf.y", expected);
    MESSAGE("TransferFunction second-order step: max error " << error);
    CHECK(error < kClosedForm);
  }
  SUBCASE("initial_output: y = y_start, then the free oscillation toward u") {
    json params = tf;
    params["init"] = "initial_output";
    params["y_start"] = 1.25;
    const auto run = simulate_netlist(netlist({{"input", constant(u1)}, {"tf", block("signal.TransferFunction", params)}},
                                              {{"input.y", "tf.u"}}, 4.0, 0.01, {"tf.y"}));
    CHECK(max_error(*run, "tf.y", [&](double t) { return u1 + free_oscillation(D, w, 1.25 - u1, t); }) < kClosedForm);
  }
  SUBCASE("initial_state from the netlist's x") {
    const auto run = simulate_netlist(netlist(
        {{"input", constant(u1)}, {"tf", {{"type", "signal.TransferFunction"}, {"params", tf}, {"initial", {{"x[2]", 0.1}}}}}},
        {{"input.y", "tf.u"}}, 4.0, 0.01, {"tf.y"}));
    CHECK(max_error(*run, "tf.y", [&](double t) { return u1 + free_oscillation(D, w, w * w * 0.1 - u1, t); }) < kClosedForm);
  }
}

TEST_CASE("signal.TransferFunction: a proper lead-lag has a direct feedthrough") {
  // (2·s + 1)/(s + 1) = 2 − 1/(s + 1): after a step by h from rest, y = h·(2 − (1 − exp(−t))).
  const double h = 1.5, at = 0.1;
  const auto run = simulate_netlist(
      netlist({{"input", step(0.0, h, at)}, {"tf", block("signal.TransferFunction", {{"b", {2.0, 1.0}}, {"a", {1.0, 1.0}}})}},
              {{"input.y", "tf.u"}}, 2.0, 0.01, {"tf.y"}));
  const auto expected = [&](double t) { return t < at ? 0.0 : h * (1.0 + std::exp(-(t - at))); };
  CHECK(max_error(*run, "tf.y", expected) < kClosedForm);
}

TEST_CASE("signal.StateSpace: a two-state system against its modes") {
  // der(x1) = −x1 + 0.5·x2 + u, der(x2) = −2·x2 + u; y1 = x1, y2 = x2 + 0.5·u, from the steady
  // state at u0 and a step to u1.
  const double u0 = 0.4, u1 = -1.0, at = 0.3;
  const json params = {{"nx", 2}, {"nu", 1}, {"ny", 2}, {"A", {{-1.0, 0.5}, {0.0, -2.0}}}, {"B", {{1.0}, {1.0}}},
                       {"C", {{1.0, 0.0}, {0.0, 1.0}}}, {"D", {{0.0}, {0.5}}}, {"init", "steady_state"}};
  const auto run = simulate_netlist(netlist({{"input", step(u0, u1 - u0, at)}, {"ss", block("signal.StateSpace", params)}},
                                            {{"input.y", "ss.u[1]"}}, 3.0, 0.01, {"ss.y[1]", "ss.y[2]"}));
  // Steady state at u0: x2 = u0/2, x1 = 1.25·u0. After the step: with d2 = x2(t1) − u1/2,
  // x2 = u1/2 + d2·e^(−2τ); x1 = 1.25·u1 + c·e^(−2τ) + b·e^(−τ), where c solves −2c = −c + 0.5·d2
  // (c = −d2/2) and b = x1(t1) − 1.25·u1 − c.
  const double d2 = u0 / 2 - u1 / 2, c = -d2 / 2, b = 1.25 * u0 - 1.25 * u1 - c;
  const auto x1 = [&](double t) { return t < at ? 1.25 * u0 : 1.25 * u1 + c * std::exp(-2 * (t - at)) + b * std::exp(-(t - at)); };
  const auto y2 = [&](double t) { return t < at ? u0 : u1 / 2 + d2 * std::exp(-2 * (t - at)) + 0.5 * u1; };
  const double e1 = max_error(*run, "ss.y[1]", x1), e2 = max_error(*run, "ss.y[2]", y2);
  MESSAGE("StateSpace step: max error y[1] " << e1 << ", y[2] " << e2);
  CHECK(e1 < kClosedForm);
  CHECK(e2 < kClosedForm);
}

TEST_CASE("signal.StateSpace: initial_output starts at the least-squares fit of the states to y_start") {
  // der(x1) = −x1 + u, der(x2) = −2·x2 + u, y = x1 + x2, u = 1. With y(0) = 0.5, the x that makes
  // |der(x)|² = (1 − x1)² + (1 − 2·x2)² least on x1 + x2 = 0.5 is x1 = 0.2, x2 = 0.3 (setting the
  // derivative of (1 − x1)² + 4·x1² to zero); then each state relaxes to 1 and 0.5 on its own.
  const json params = {{"nx", 2}, {"nu", 1}, {"ny", 1}, {"A", {{-1.0, 0.0}, {0.0, -2.0}}}, {"B", {{1.0}, {1.0}}},
                       {"C", {{1.0, 1.0}}}, {"D", {{0.0}}}, {"init", "initial_output"}, {"y_start", {0.5}}};
  const auto run = simulate_netlist(netlist({{"input", constant(1.0)}, {"ss", block("signal.StateSpace", params)}},
                                            {{"input.y", "ss.u[1]"}}, 2.0, 0.01, {"ss.x[1]", "ss.x[2]", "ss.y[1]"}));
  CHECK(run->column("ss.y[1]").front() == doctest::Approx(0.5).epsilon(1e-12));
  CHECK(max_error(*run, "ss.x[1]", [](double t) { return 1.0 - 0.8 * std::exp(-t); }) < kClosedForm);
  CHECK(max_error(*run, "ss.x[2]", [](double t) { return 0.5 - 0.2 * std::exp(-2.0 * t); }) < kClosedForm);
  // A y_start the steady state meets: the fit is the steady state, der(x) = 0, and nothing moves.
  json steady = params;
  steady["y_start"] = {1.5};
  const auto at_rest = simulate_netlist(netlist({{"input", constant(1.0)}, {"ss", block("signal.StateSpace", steady)}},
                                                {{"input.y", "ss.u[1]"}}, 1.0, 0.01, {"ss.x[1]", "ss.x[2]"}));
  CHECK(max_error(*at_rest, "ss.x[1]", [](double) { return 1.0; }) < kClosedForm);
  CHECK(max_error(*at_rest, "ss.x[2]", [](double) { return 0.5; }) < kClosedForm);
}

// ---- algebraic blocks -----------------------------------------------------------------------------

TEST_CASE("signal.Feedback signal.Division signal.Add3 and signal.Sum: their laws along a ramp") {
  const auto run = simulate_netlist(netlist(
      {{"a", ramp(-1.0, 3.0, 1.0)},
       {"b", constant(0.5)},
       {"c", ramp(2.0, 1.0, 1.0)},
       {"feedback", block("signal.Feedback")},
       {"division", block("signal.Division")},
       {"add3", block("signal.Add3", {{"k1", 2.0}, {"k2", -1.0}, {"k3", 0.5}})},
       {"sum", block("signal.Sum", {{"nin", 3}, {"k", {1.0, -2.0, 0.25}}})}},
      {{"a.y", "feedback.u1", "division.u1", "add3.u1", "sum.u[1]"},
       {"b.y", "feedback.u2", "add3.u2", "sum.u[2]"},
       {"c.y", "division.u2", "add3.u3", "sum.u[3]"}},
      1.0, 0.05, {"feedback.y", "division.y", "add3.y", "sum.y"}));
  const auto a = [](double t) { return -1.0 + 3.0 * t; };
  const auto c = [](double t) { return 2.0 + t; };
  CHECK(max_error(*run, "feedback.y", [&](double t) { return a(t) - 0.5; }) < 1e-12);
  CHECK(max_error(*run, "division.y", [&](double t) { return a(t) / c(t); }) < 1e-12);
  CHECK(max_error(*run, "add3.y", [&](double t) { return 2.0 * a(t) - 0.5 + 0.5 * c(t); }) < 1e-12);
  CHECK(max_error(*run, "sum.y", [&](double t) { return a(t) - 1.0 + 0.25 * c(t); }) < 1e-12);
}

// ---- nonlinear blocks -----------------------------------------------------------------------------

TEST_CASE("signal.Limiter signal.DeadZone signal.VariableLimiter signal.Abs and signal.Sign: both sides of their switches") {
  // The input ramps from −2 to 2 over 1 s; the outputs are the laws at every row.
  const auto run = simulate_netlist(netlist(
      {{"input", ramp(-2.0, 4.0, 1.0)},
       {"upper", constant(1.5)},
       {"lower", ramp(-1.0, 0.5, 1.0)},
       {"limiter", block("signal.Limiter", {{"uMax", 1.0}, {"uMin", -0.5}})},
       {"symmetric", block("signal.Limiter", {{"uMax", 0.75}})},
       {"dead_zone", block("signal.DeadZone", {{"uMax", 0.5}, {"uMin", -1.0}})},
       {"variable", block("signal.VariableLimiter")},
       {"abs", block("signal.Abs")},
       {"sign", block("signal.Sign")}},
      {{"input.y", "limiter.u", "symmetric.u", "dead_zone.u", "variable.u", "abs.u", "sign.u"},
       {"upper.y", "variable.limit1"},
       {"lower.y", "variable.limit2"}},
      1.0, 0.01, {"limiter.y", "symmetric.y", "dead_zone.y", "variable.y", "abs.y", "sign.y"}));
  const auto u = [](double t) { return -2.0 + 4.0 * t; };
  CHECK(max_error(*run, "limiter.y", [&](double t) { return std::clamp(u(t), -0.5, 1.0); }) < 1e-12);
  CHECK(max_error(*run, "symmetric.y", [&](double t) { return std::clamp(u(t), -0.75, 0.75); }) < 1e-12);
  CHECK(max_error(*run, "dead_zone.y", [&](double t) { return u(t) > 0.5 ? u(t) - 0.5 : u(t) < -1.0 ? u(t) + 1.0 : 0.0; }) < 1e-12);
  CHECK(max_error(*run, "variable.y", [&](double t) { return std::clamp(u(t), -1.0 + 0.5 * t, 1.5); }) < 1e-12);
  CHECK(max_error(*run, "abs.y", [&](double t) { return std::fabs(u(t)); }) < 1e-12);
  // sign(u): −1 below 0, 0 at u = 0 (the grid's row at t = 0.5), 1 above.
  CHECK(max_error(*run, "sign.y", [&](double t) { return u(t) > 0.0 ? 1.0 : u(t) < 0.0 ? -1.0 : 0.0; }) == 0.0);
}

TEST_CASE("signal.Limiter: its switches are events of an integration") {
  // The limited ramp integrated: the run stops at u = −0.5 (t = 0.375) and at u = 1 (t = 0.75), each an
  // event with two rows, and the integral is that of the clamped ramp.
  const auto run = simulate_netlist(netlist({{"input", ramp(-2.0, 4.0, 1.0)},
                                             {"limiter", block("signal.Limiter", {{"uMax", 1.0}, {"uMin", -0.5}})},
                                             {"integral", block("signal.Integrator")}},
                                            {{"input.y", "limiter.u"}, {"limiter.y", "integral.u"}}, 1.0, 0.01, {"integral.y"}));
  const std::vector<double>& times = run->times();
  for (const double switch_time : {0.375, 0.75}) {
    CAPTURE(switch_time);
    CHECK(std::count_if(times.begin(), times.end(), [&](double x) { return std::fabs(x - switch_time) < 1e-9; }) == 2);
  }
  const auto integral = [](double t) {
    const double first = -0.5 * std::min(t, 0.375);                          // held at −0.5
    const double a = std::clamp(t, 0.375, 0.75);                              // on the ramp −2 + 4t
    const double second = (-2.0 * a + 2.0 * a * a) - (-2.0 * 0.375 + 2.0 * 0.375 * 0.375);
    return first + second + 1.0 * std::max(t - 0.75, 0.0);                    // held at 1
  };
  const double error = max_error(*run, "integral.y", integral);
  MESSAGE("Integral of the limited ramp: max error " << error);
  CHECK(error < kClosedForm);
}

TEST_CASE("signal.SlewRateLimiter: a step is followed at the rising rate and then by the lag") {
  // Rising = 2/s, Td = 0.01 s, steady at u = 0.3: after a step to 1.3 at t1, y rises at 2/s until
  // u − y = Rising·Td (0.02), at ts = t1 + 0.49 s, and then y = 1.3 − 0.02·exp(−(t − ts)/Td).
  const double rising = 2.0, Td = 0.01, at = 0.1;
  const auto run = simulate_netlist(
      netlist({{"input", step(0.3, 1.0, at)},
               {"slew", block("signal.SlewRateLimiter", {{"Rising", rising}, {"Td", Td}})}},  // steady, as MSL's default
              {{"input.y", "slew.u"}}, 1.0, 0.005, {"slew.y"}));
  const double ts = at + (1.0 - rising * Td) / rising;
  const auto expected = [&](double t) {
    if (t < at) return 0.3;
    if (t < ts) return 0.3 + rising * (t - at);
    return 1.3 - rising * Td * std::exp(-(t - ts) / Td);
  };
  const double error = max_error(*run, "slew.y", expected);
  MESSAGE("SlewRateLimiter: max error " << error);
  CHECK(error < kClosedForm);
  SUBCASE("initial_state (the default) starts at the netlist's y and falls at Falling") {
    const auto down = simulate_netlist(netlist(
        {{"input", constant(0.0)},
         {"slew", {{"type", "signal.SlewRateLimiter"}, {"params", {{"Falling", -4.0}, {"Td", Td}, {"init", "initial_state"}}}, {"initial", {{"y", 1.0}}}}}},
        {{"input.y", "slew.u"}}, 0.3, 0.005, {"slew.y"}));
    const double t_lag = (1.0 - 4.0 * Td) / 4.0;
    CHECK(max_error(*down, "slew.y", [&](double t) {
            return t < t_lag ? 1.0 - 4.0 * t : 4.0 * Td * std::exp(-(t - t_lag) / Td);
          }) < kClosedForm);
  }
}

// ---- InverseBlockConstraints and KinematicPTP -----------------------------------------------------

TEST_CASE("signal.InverseBlockConstraints: the inverse of a first-order lag is u = r + T·der(r)") {
  const double T = 0.3, f = 2.0, at = 0.2;
  const auto run = simulate_netlist(netlist(
      {{"reference", block("signal.Sine", {{"amplitude", 1.0}, {"frequency", f}, {"offset", 1.0}, {"start_time", at}})},
       {"inverse", block("signal.InverseBlockConstraints")},
       {"lag", block("signal.FirstOrder", {{"k", 1.0}, {"T", T}})}},
      {{"reference.y", "inverse.u1"}, {"lag.y", "inverse.u2"}, {"inverse.y2", "lag.u"}}, 1.5, 0.01, {"inverse.y1", "lag.y"}));
  const double w = 2 * kPi * f;
  const auto r = [&](double t) { return t < at ? 1.0 : 1.0 + std::sin(w * (t - at)); };
  const auto u = [&](double t) { return t < at ? 1.0 : 1.0 + std::sin(w * (t - at)) + T * w * std::cos(w * (t - at)); };
  CHECK(max_error(*run, "lag.y", r) < kClosedForm);
  CHECK(max_error(*run, "inverse.y1", u) < kClosedForm);
}

TEST_CASE("signal.KinematicPTP: triangle and trapezoid profiles reach deltaq at rest") {
  // Axis 1 limits the motion: deltaq = [1, −0.5], qd_max = 10 (never reached), qdd_max = 4: a
  // triangle of ±4 for 0.5 s each; axis 2 moves along, scaled by −0.5.
  const auto run = simulate_netlist(netlist(
      {{"ptp", block("signal.KinematicPTP", {{"deltaq", {1.0, -0.5}}, {"qd_max", {10.0}}, {"qdd_max", {4.0, 4.0}}, {"start_time", 0.1}})},
       {"v", block("signal.Integrator")},
       {"q", block("signal.Integrator")},
       {"v2", block("signal.Integrator")},
       {"q2", block("signal.Integrator")}},
      {{"ptp.y[1]", "v.u"}, {"v.y", "q.u"}, {"ptp.y[2]", "v2.u"}, {"v2.y", "q2.u"}}, 1.5, 0.01,
      {"ptp.y[1]", "ptp.y[2]", "v.y", "q.y", "q2.y"}));
  const auto acceleration = [](double t) { return t < 0.1 ? 0.0 : t < 0.6 ? 4.0 : t < 1.1 ? -4.0 : 0.0; };
  CHECK(max_error(*run, "ptp.y[1]", acceleration) == 0.0);
  CHECK(run->column("q.y").back() == doctest::Approx(1.0).epsilon(1e-10));
  CHECK(run->column("q2.y").back() == doctest::Approx(-0.5).epsilon(1e-10));
  CHECK(std::fabs(run->column("v.y").back()) < 1e-10);
  CHECK(at_time(*run, "v.y", 0.6) == doctest::Approx(2.0).epsilon(1e-10));  // peak speed 4·0.5

  // The trapezoid: qd_max = 1 is reached: deltaq = 2, qdd_max = 2: accelerate 0.5 s, coast until
  // Tv = 2 s, decelerate until 2.5 s.
  const auto trapezoid = simulate_netlist(netlist(
      {{"ptp", block("signal.KinematicPTP", {{"deltaq", {2.0}}, {"qd_max", {1.0}}, {"qdd_max", {2.0}}})},
       {"v", block("signal.Integrator")},
       {"q", block("signal.Integrator")}},
      {{"ptp.y[1]", "v.u"}, {"v.y", "q.u"}}, 3.0, 0.01, {"ptp.y[1]", "v.y", "q.y"}));
  CHECK(at_time(*trapezoid, "v.y", 1.0) == doctest::Approx(1.0).epsilon(1e-10));
  CHECK(trapezoid->column("q.y").back() == doctest::Approx(2.0).epsilon(1e-10));
  CHECK(at_time(*trapezoid, "ptp.y[1]", 2.2) == -2.0);
}

// ---- parameter validation -------------------------------------------------------------------------

TEST_CASE("control blocks: parameter errors name the parameter") {
  CHECK_THROWS_WITH_AS(instantiate("signal.Limiter", {{"uMax", 1.0}, {"uMin", 2.0}}, "lim"),
                       "/components/lim/params/uMin: uMin must not exceed uMax, got uMin = 2 and uMax = 1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.DeadZone", {{"uMax", -1.0}}, "dz"),
                       "/components/dz/params/uMin: uMin must not exceed uMax, got uMin = 1 and uMax = -1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.LimPID", {{"yMax", 1.0}, {"yMin", 1.5}}, "pid"),
                       "/components/pid/params/yMin: yMin must not exceed yMax, got yMin = 1.5 and yMax = 1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.LimPID", {{"controller_type", "PD"}, {"init", "initial_output"}}, "pid"),
                       "/components/pid/params/init: initial_output needs an integral part (controller_type PI or PID), got PD",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.LimPID", {{"init", "initial_output"}, {"y_start", 2.0}}, "pid"),
                       "/components/pid/params/y_start: y_start must be within [yMin, yMax] = [-1, 1], got 2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.LimPID", {{"k", 0.0}}, "pid"), "/components/pid/params/k: k must be positive, got 0",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.LimPID", {{"Td", -0.1}}, "pid"),
                       "/components/pid/params/Td: Td must not be negative, got -0.1", ModelError);
  CHECK_THROWS_AS(instantiate("signal.LimPID", {{"controller_type", "PII"}}, "pid"), ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.PI", {{"T", 0.0}}, "pi"), "/components/pi/params/T: T must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.PID", {{"Nd", -1.0}}, "pid"), "/components/pid/params/Nd: Nd must be positive, got -1",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Derivative", {{"T", 0.0}}, "d"), "/components/d/params/T: T must be positive, got 0",
                       ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.TransferFunction", {{"a", {0.0, 1.0}}}, "tf"),
                       "/components/tf/params/a/0: a[1] must not be zero", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.TransferFunction", {{"b", {1.0, 2.0, 3.0}}, {"a", {1.0, 1.0}}}, "tf"),
                       "/components/tf/params/b: b must not have more coefficients than a, got 3 and 2", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.StateSpace", {{"nx", 2}, {"A", {{1.0, 0.0}}}}, "ss"),
                       "/components/ss/params/A: A must have nx = 2 rows, got 1", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.StateSpace", {{"nu", 0}}, "ss"),
                       "/components/ss/params/nu: nu must be an integer from 1 to 1000, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.Sum", {{"nin", 2}, {"k", {1.0, 2.0, 3.0}}}, "sum"),
                       "/components/sum/params/k: expected 2 values, got 3", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.SlewRateLimiter", {{"Falling", 0.5}}, "slew"),
                       "/components/slew/params/Falling: Falling must be negative, got 0.5", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.SlewRateLimiter", {{"Td", 0.0}}, "slew"),
                       "/components/slew/params/Td: Td must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.KinematicPTP", {{"qdd_max", {1.0, 0.0}}}, "ptp"),
                       "/components/ptp/params/qdd_max/1: qdd_max must be positive, got 0", ModelError);
  CHECK_THROWS_WITH_AS(instantiate("signal.KinematicPTP", {{"deltaq", {1.0, 2.0}}, {"qd_max", {1.0, 1.0, 1.0}}}, "ptp"),
                       "/components/ptp/params/deltaq: deltaq must have 1 or 3 values (the number of axes), got 2", ModelError);
}
