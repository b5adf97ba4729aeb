// The example drives under control (netlists/vehicle_speed_control.json, drive_cycle.json, crane_trolley.json,
// servo_planetary.json; docs/drives.md), run with the energy account as `acausal simulate --energy`
// runs them. Each test reads the physical parameters from the netlist itself and checks the run
// against what they give in closed form: the vehicle's cruising throttle and its top speed, the
// crane's final position and its motor's torque limit, the servo's Willis ratio and its torque at
// steady state.
//
// Energy tolerance: the examples run at tolerance 1e-6 (IDA's rtol = 1e-8). The global balance is a
// quadrature of the integrator at that accuracy (1e-8 to 2e-8 of the energy scale in these runs),
// and the power audits are rounding; 1e-6 leaves a margin of 50 and still fails by orders of
// magnitude on a sign error in any component's energy terms, which is of the order of the energy it
// handles.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;
using nlohmann::json;

namespace {

constexpr double energy_tolerance = 1e-6;

std::string netlist_path(const std::string& name) { return std::string(ACAUSAL_SOURCE_DIR "/netlists/") + name; }

json read_netlist(const std::string& name) {
  std::ifstream in(netlist_path(name));
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

/// A parameter's value in SI: a number, or "<number> <unit>" written in the SI unit `unit` (the
/// examples give their parameters so; any other unit is a change the test must follow).
double si(const json& value, const std::string& unit) {
  if (value.is_number()) return value.get<double>();
  REQUIRE(value.is_string());
  std::istringstream text(value.get<std::string>());
  double x = 0.0;
  std::string written;
  text >> x >> written;
  REQUIRE_MESSAGE(written == unit, "expected a value in " << unit << ", got " << value.dump());
  return x;
}

const json& params(const json& netlist, const std::string& instance) {
  return netlist.at("components").at(instance).at("params");
}

/// The vehicle of netlists/vehicle_speed_control.json at steady state, from its parameters.
struct Vehicle {
  std::vector<double> map_w, map_tau;  // full-load engine torque [N*m] over engine speed [rad/s]
  double ratio = 0.0;                  // engine speed over wheel speed
  double radius = 0.0;                 // wheel radius [m]
  double drag = 0.0;                   // air drag over speed squared [N/(m/s)^2]
  double rolling = 0.0;                // rolling resistance [N]

  explicit Vehicle(const json& netlist) {
    const json& table = params(netlist, "engine_map").at("table");
    map_w = table.at("u").get<std::vector<double>>();
    map_tau = table.at("y").get<std::vector<double>>();
    const json& gearbox = params(netlist, "gearbox");
    ratio = si(gearbox.at("ratio"), "1") * si(gearbox.at("final"), "1");
    radius = si(params(netlist, "wheel").at("radius"), "m");
    const json& air = params(netlist, "air_drag");
    REQUIRE(air.at("ForceDirection").get<bool>());
    const double v_nominal = si(air.at("v_nominal"), "m/s");
    drag = -si(air.at("f_nominal"), "N") / (v_nominal * v_nominal);
    rolling = -si(params(netlist, "rolling_resistance").at("f_constant"), "N");
    REQUIRE(drag > 0.0);
    REQUIRE(rolling > 0.0);
  }

  /// The engine map, linear between its points (the engine speeds here lie inside the table).
  double map(double w) const {
    REQUIRE(w >= map_w.front());
    REQUIRE(w <= map_w.back());
    std::size_t k = 1;
    while (k + 1 < map_w.size() && w > map_w[k]) ++k;
    const double x = (w - map_w[k - 1]) / (map_w[k] - map_w[k - 1]);
    return map_tau[k - 1] + x * (map_tau[k] - map_tau[k - 1]);
  }
  double engine_speed(double v) const { return v / radius * ratio; }
  /// The force at the contact point with the throttle full, and the resistance, at speed v.
  double full_load_force(double v) const { return map(engine_speed(v)) * ratio / radius; }
  double resistance(double v) const { return drag * v * v + rolling; }
};

std::vector<double> tail(const std::vector<double>& t, const std::vector<double>& x, double from) {
  std::vector<double> out;
  for (std::size_t k = 0; k < t.size(); ++k)
    if (t[k] >= from) out.push_back(x[k]);
  return out;
}

double max_abs(const std::vector<double>& x) {
  double m = 0.0;
  for (double v : x) m = std::max(m, std::fabs(v));
  return m;
}

}  // namespace

TEST_CASE("drive_examples: the vehicle cruises at its set-point with the throttle its engine map needs") {
  const json netlist = read_netlist("vehicle_speed_control.json");
  const Vehicle vehicle(netlist);
  const double v_set = si(params(netlist, "set_speed").at("k"), "m/s");
  // At steady state the engine's torque, through gear and wheel, balances drag and rolling
  // resistance: throttle·map(w_engine)·ratio/radius = drag·v² + rolling at v = v_set.
  const double throttle = vehicle.resistance(v_set) / vehicle.full_load_force(v_set);
  REQUIRE(throttle > 0.0);
  REQUIRE(throttle < 1.0);

  const auto run = simulate_netlist_file(netlist_path("vehicle_speed_control.json"));
  const std::vector<double> v = run->column("vehicle.v");
  const std::vector<double> y = run->column("driver.y");
  CHECK(v.back() == doctest::Approx(v_set).epsilon(1e-6));
  CHECK(y.back() == doctest::Approx(throttle).epsilon(1e-6));
  CHECK(run->column("engine.w").back() == doctest::Approx(vehicle.engine_speed(v_set)).epsilon(1e-6));
  // Starting from rest the driver opens the throttle fully, and never beyond its limits.
  CHECK(y.front() == 1.0);
  for (double u : y) {
    CHECK(u >= -1e-4);
    CHECK(u <= 1.0 + 1e-4);
  }
  const CheckResult energy = check_energy(*run, energy_tolerance);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("drive_examples: with a set-point beyond reach the vehicle runs at full throttle at its top speed") {
  json netlist = read_netlist("vehicle_speed_control.json");
  const Vehicle vehicle(netlist);
  const double v_set = 80.0;
  netlist["components"]["set_speed"]["params"]["k"] = v_set;
  netlist["experiment"]["stop"] = 300.0;
  // Top speed: full_load_force(v) = resistance(v). The bundled set-point is below it (the throttle
  // there is under 1) and the speed at the map's last point above it, so the root lies between;
  // bisection to rounding. The set-point of 80 m/s is beyond both.
  double lo = si(read_netlist("vehicle_speed_control.json")["components"]["set_speed"]["params"]["k"], "m/s");
  double hi = vehicle.map_w.back() * vehicle.radius / vehicle.ratio * (1.0 - 1e-12);  // inside the table
  REQUIRE(hi < v_set);
  const auto excess = [&](double v) { return vehicle.full_load_force(v) - vehicle.resistance(v); };
  REQUIRE(excess(lo) > 0.0);
  REQUIRE(excess(hi) < 0.0);
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (excess(mid) > 0.0 ? lo : hi) = mid;
  }
  const double v_top = 0.5 * (lo + hi);

  const auto run = simulate_netlist(netlist.dump());
  CHECK(run->column("vehicle.v").back() == doctest::Approx(v_top).epsilon(1e-6));
  CHECK(run->column("driver.y").back() == 1.0);
  CHECK(run->column("engine_drive.tau").back() ==
        doctest::Approx(vehicle.map(vehicle.engine_speed(v_top))).epsilon(1e-6));
  const CheckResult energy = check_energy(*run, energy_tolerance);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("drive_examples: the crane trolley settles at its target and the motor torque stays within its limit") {
  const json netlist = read_netlist("crane_trolley.json");
  const double target = params(netlist, "profile").at("deltaq").at(0).get<double>();
  const json& pid = params(netlist, "controller");
  const double y_max = si(pid.at("yMax"), "1");
  const double y_min = si(pid.at("yMin"), "1");

  const auto run = simulate_netlist_file(netlist_path("crane_trolley.json"));
  const std::vector<double> t = run->times();
  // The reference, the acceleration profile integrated twice, ends at the distance to move.
  CHECK(run->column("reference_position.y").back() == doctest::Approx(target).epsilon(1e-7));
  // The trolley: within 0.1 mm of the target from t = 30 s on (the load's swing has died down to a
  // few mm by then), within 0.01 mm at the end; its load hangs above the target.
  std::vector<double> error = run->column("trolley.s");
  for (double& e : error) e -= target;
  CHECK(max_abs(tail(t, error, 30.0)) < 1e-4);
  CHECK(std::fabs(error.back()) < 1e-5);
  CHECK(run->column("load.s").back() == doctest::Approx(target).epsilon(1e-5));
  CHECK(std::fabs(run->column("trolley.v").back()) < 1e-4);
  // The controller's output is the motor's torque and stays within [yMin, yMax]: on the output grid
  // exactly (the limiter holds the limit itself), at an event's left limit within the root
  // finding's band, where the limiter switches: rtol·Σ|∂v/∂x|·nominal = 1e-8·200·(2 + 2·10 + 1)
  // = 4.6e-5 N*m past the limit (docs/architecture.md, "Integrate").
  const std::vector<double> y = run->column("controller.y");
  const std::vector<double> tau = run->column("motor.tau");
  for (std::size_t k = 0; k < y.size(); ++k) {
    CHECK(tau[k] == y[k]);
    CHECK(y[k] <= y_max + 1e-4);
    CHECK(y[k] >= y_min - 1e-4);
  }
  const std::vector<double> y_grid = run->grid_column("controller.y");
  std::size_t at_max = 0, at_min = 0;
  for (double u : y_grid) {
    CHECK(u <= y_max);
    CHECK(u >= y_min);
    at_max += u == y_max;
    at_min += u == y_min;
  }
  // The limit is active while the trolley accelerates and while it brakes: the check above has
  // something to check.
  CHECK(at_max > 10);
  CHECK(at_min > 10);
  const CheckResult energy = check_energy(*run, energy_tolerance);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("drive_examples: the servo's planetary gear obeys Willis' equation and the load holds its set speed") {
  const json netlist = read_netlist("servo_planetary.json");
  const double ratio = si(params(netlist, "planetary").at("ratio"), "1");
  const double w_set = si(params(netlist, "set_speed").at("height"), "1");
  const double d = si(params(netlist, "bearing").at("d"), "N*m*s/rad");
  const json& step = params(netlist, "load_torque");
  const double tau_load = si(step.at("stepTorque"), "N*m");
  const double t_step = si(step.at("startTime"), "s");

  const auto run = simulate_netlist_file(netlist_path("servo_planetary.json"));
  const std::vector<double> w_sun = run->column("rotor.w");
  const std::vector<double> w_carrier = run->column("load.w");
  const std::vector<double> w_ring = run->column("ring.w");
  // Willis: (1 + ratio)·w_carrier = w_sun + ratio·w_ring at every row, to rounding of the speeds;
  // the ring's mount gives, so all three speeds take part.
  const double scale = max_abs(w_sun);
  for (std::size_t k = 0; k < w_sun.size(); ++k)
    CHECK(std::fabs((1.0 + ratio) * w_carrier[k] - w_sun[k] - ratio * w_ring[k]) <= 1e-9 * scale);
  CHECK(max_abs(w_ring) > 1e-4);
  // Steady state before the load step: the motor turns the bearing's loss alone,
  // tau = d·w_set/(1 + ratio); after it the load torque as well. The ring's mount takes ratio times
  // the sun's torque.
  const std::vector<double> t = run->grid_times();
  const std::vector<double> tau_grid = run->grid_column("motor.tau");
  std::size_t before = 0;
  while (t[before + 1] < t_step) ++before;
  CHECK(tau_grid[before] == doctest::Approx(d * w_set / (1.0 + ratio)).epsilon(1e-5));
  const double tau_motor = (d * w_set - tau_load) / (1.0 + ratio);
  CHECK(w_carrier.back() == doctest::Approx(w_set).epsilon(1e-6));
  CHECK(w_sun.back() == doctest::Approx((1.0 + ratio) * w_set).epsilon(1e-6));
  CHECK(run->column("motor.tau").back() == doctest::Approx(tau_motor).epsilon(1e-6));
  CHECK(run->column("mount.tau").back() == doctest::Approx(-ratio * tau_motor).epsilon(1e-6));
  const CheckResult energy = check_energy(*run, energy_tolerance);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("drive_examples: the vehicle follows a drive cycle read from a CSV file") {
  // netlists/drive_cycle.json is the cruise-control vehicle with its set-point from drive_cycle.csv.
  const json netlist = read_netlist("drive_cycle.json");
  const Vehicle vehicle(netlist);
  std::vector<double> cycle_t, cycle_v;  // the CSV's rows, read here on their own
  {
    std::ifstream in(netlist_path("drive_cycle.csv"));
    REQUIRE(in.good());
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#' || line.rfind("time", 0) == 0) continue;
      const std::size_t comma = line.find(',');
      cycle_t.push_back(std::stod(line.substr(0, comma)));
      cycle_v.push_back(std::stod(line.substr(comma + 1)));
    }
  }
  REQUIRE(cycle_t.size() >= 2);
  const auto set_point = [&](double t) {
    std::size_t k = 1;
    while (k + 1 < cycle_t.size() && t > cycle_t[k]) ++k;
    return cycle_v[k - 1] + (t - cycle_t[k - 1]) / (cycle_t[k] - cycle_t[k - 1]) * (cycle_v[k] - cycle_v[k - 1]);
  };
  const auto run = simulate_netlist_file(netlist_path("drive_cycle.json"));
  const std::vector<double> t = run->times(), v = run->column("vehicle.v"), set = run->column("cycle.y[1]");
  for (std::size_t k = 0; k < t.size(); ++k) CHECK(set[k] == doctest::Approx(set_point(t[k])).epsilon(1e-12));
  // At the end of each hold the driver has caught up: the last 5 s of holding 15 and 25 m/s.
  for (const auto& [from, to] : {std::pair{35.0, 40.0}, std::pair{95.0, 100.0}, std::pair{195.0, 200.0}}) {
    CAPTURE(from);
    for (std::size_t k = 0; k < t.size(); ++k)
      if (t[k] >= from && t[k] <= to) CHECK(std::fabs(v[k] - set[k]) <= 0.1);
  }
  // Holding 15 m/s at the end, the throttle is what the engine map needs there.
  const double v_end = cycle_v.back();
  CHECK(v.back() == doctest::Approx(v_end).epsilon(1e-5));
  CHECK(run->column("driver.y").back() ==
        doctest::Approx(vehicle.resistance(v_end) / vehicle.full_load_force(v_end)).epsilon(1e-4));
  const CheckResult energy = check_energy(*run, energy_tolerance);
  CHECK_MESSAGE(energy.passed(), energy.message());
}
