// Four MSL 4.0.0 examples (netlists/msl/) against solutions computed here, independently of acausal:
// the laws of MSL's Clutch, Brake, SpringDamper and ElastoGap written out directly and integrated
// with a fixed-step RK4 that stops at every switch of a law (located by bisection on the step), the
// discrete logic of MSL's PartialFriction applied at those instants. A physicist's checks: the
// same mode and contact changes at the same times, the same speeds and positions on the output
// grid, the friction losses, and acausal's energy account closing.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <iomanip>
#include <map>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Dense>

#include "tests/support/simulation_run.hpp"

using namespace acausal;
using namespace acausal::testing;

namespace {

using Eigen::Index;
using Switches = std::vector<std::pair<double, double>>;  // (time, new value), as switches() gives

// ---- a fixed-step RK4 that stops at events --------------------------------------------------------

/// True if an entry of the guards changed sign over a step, strictly: the located event lies past
/// the switch, where the new side's relations hold.
template <class Guards>
bool crossed(const Guards& g0, const Guards& g1) {
  for (Index i = 0; i < g0.size(); ++i)
    if ((g0[i] > 0.0 && g1[i] < 0.0) || (g0[i] < 0.0 && g1[i] > 0.0)) return true;
  return false;
}

template <class System>
typename System::State rk4_step(const System& s, double t, const typename System::State& y, double h) {
  const typename System::State k1 = s.rhs(t, y);
  const typename System::State k2 = s.rhs(t + h / 2, y + h / 2 * k1);
  const typename System::State k3 = s.rhs(t + h / 2, y + h / 2 * k2);
  const typename System::State k4 = s.rhs(t + h, y + h * k3);
  return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
}

/// Integrates `s` from (times.front(), y) with steps of at most h, landing on every output time and
/// time event; a step over which a guard changes sign is shortened, by bisection, to end just past
/// the first change (to rounding). At the start, at each time event and at each such crossing,
/// s.on_event sets the new modes. Returns the state at each of `times`.
template <class System>
std::vector<typename System::State> integrate(System& s, typename System::State y, const std::vector<double>& times,
                                              double h) {
  double t = times.front();
  s.on_event(t, y, true);
  std::vector<typename System::State> out{y};
  std::size_t next = 1;
  while (next < times.size()) {
    double t_stop = times[next];
    for (double te : s.time_events)
      if (te > t) t_stop = std::min(t_stop, te);
    const bool to_stop = t_stop - t <= h;
    const double step = to_stop ? t_stop - t : h;
    const auto g0 = s.guards(t, y);
    typename System::State y1 = rk4_step(s, t, y, step);
    double taken = step;
    const bool state_event = crossed(g0, s.guards(t + step, y1));
    if (state_event) {
      double lo = 0.0;
      for (int i = 0; i < 60; ++i) {
        const double mid = 0.5 * (lo + taken);
        const typename System::State ym = rk4_step(s, t, y, mid);
        if (crossed(g0, s.guards(t + mid, ym))) {
          taken = mid;
          y1 = ym;
        } else {
          lo = mid;
        }
      }
    }
    t = to_stop && taken == step ? t_stop : t + taken;
    y = y1;
    const bool time_event = std::find(s.time_events.begin(), s.time_events.end(), t) != s.time_events.end();
    if (state_event || time_event) s.on_event(t, y, false);
    if (t == times[next]) {
      out.push_back(y);
      ++next;
    }
  }
  return out;
}

// ---- inertias with MSL's friction elements (Clutch, Brake) ----------------------------------------

enum Mode : int { kBackward = -1, kStuck = 0, kForward = 1, kFree = 2 };  // MSL's PartialFriction.mode
constexpr int kHousing = -1;

/// MSL's Clutch between bodies c and r (flange_a, flange_b: w_rel = w_r − w_c, the torque tau slows
/// r and speeds up c), or MSL's Brake on body r when c = kHousing (w_rel = w_r). cgeo = 1, and mu
/// the constant of mu_pos = [0, mu].
struct FrictionElement {
  std::string name;
  int c = kHousing, r = 0;
  double fn_max = 0.0, mu = 0.5, peak = 1.0;
  /// f_normalized at time t, t_event the last event's time: a step input is evaluated at t_event,
  /// so that it changes at its time event, not inside a step that ends on it.
  std::function<double(double t, double t_event)> f_normalized;
  int mode = kFree;
};

/// Rigid inertias on one axis, torques applied to them by sources and springs, and friction
/// elements between them. State: (phi, w, the work lost in each element).
struct FrictionTrain {
  using State = Eigen::VectorXd;
  std::vector<double> J;
  std::vector<FrictionElement> elements;
  std::function<Eigen::VectorXd(double, const State&)> applied;  // torque on each body
  std::vector<double> time_events;
  std::map<std::string, Switches> log;  // "<element>.mode" → its mode changes
  double t_event = 0.0;

  Index n() const { return static_cast<Index>(J.size()); }
  double w(const State& y, int body) const { return body == kHousing ? 0.0 : y[n() + body]; }
  double w_rel(const FrictionElement& e, const State& y) const { return w(y, e.r) - w(y, e.c); }
  double fn(const FrictionElement& e, double t) const { return e.fn_max * e.f_normalized(t, t_event); }

  /// The accelerations and every element's torque in the present modes: J·a = applied + Σ ±tau,
  /// a stuck element's torque unknown and its relative acceleration zero.
  void solve(double t, const State& y, Eigen::VectorXd& a, Eigen::VectorXd& tau) const {
    std::vector<std::size_t> stuck;
    for (std::size_t k = 0; k < elements.size(); ++k)
      if (elements[k].mode == kStuck) stuck.push_back(k);
    const Index size = n() + static_cast<Index>(stuck.size());
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(size, size);
    Eigen::VectorXd b = Eigen::VectorXd::Zero(size);
    b.head(n()) = applied(t, y);
    for (Index i = 0; i < n(); ++i) A(i, i) = J[static_cast<std::size_t>(i)];
    tau = Eigen::VectorXd::Zero(static_cast<Index>(elements.size()));
    for (std::size_t k = 0; k < elements.size(); ++k) {
      const FrictionElement& e = elements[k];
      if (e.mode != kForward && e.mode != kBackward) continue;
      const double slip = e.mode * e.mu * fn(e, t);
      tau[static_cast<Index>(k)] = slip;
      if (e.c != kHousing) b[e.c] += slip;
      b[e.r] -= slip;
    }
    for (std::size_t j = 0; j < stuck.size(); ++j) {
      const FrictionElement& e = elements[stuck[j]];
      const Index col = n() + static_cast<Index>(j);
      A(e.r, col) = 1.0;  // J_r·a_r + tau = …
      A(col, e.r) = 1.0;  // a_r − a_c = 0
      if (e.c != kHousing) {
        A(e.c, col) = -1.0;
        A(col, e.c) = -1.0;
      }
    }
    const Eigen::VectorXd x = A.partialPivLu().solve(b);
    a = x.head(n());
    for (std::size_t j = 0; j < stuck.size(); ++j) tau[static_cast<Index>(stuck[j])] = x[n() + static_cast<Index>(j)];
  }

  State rhs(double t, const State& y) const {
    Eigen::VectorXd a, tau;
    solve(t, y, a, tau);
    State dy(y.size());
    dy.head(n()) = y.segment(n(), n());
    dy.segment(n(), n()) = a;
    for (std::size_t k = 0; k < elements.size(); ++k)
      dy[2 * n() + static_cast<Index>(k)] = tau[static_cast<Index>(k)] * w_rel(elements[k], y);
    return dy;
  }

  /// Per element: fn (engaged or not) and what ends the mode: w_rel while sliding, the margin
  /// tau0_max − |tau| while stuck.
  Eigen::VectorXd guards(double t, const State& y) const {
    Eigen::VectorXd a, tau;
    solve(t, y, a, tau);
    Eigen::VectorXd g(2 * static_cast<Index>(elements.size()));
    for (std::size_t k = 0; k < elements.size(); ++k) {
      const FrictionElement& e = elements[k];
      const Index i = 2 * static_cast<Index>(k);
      g[i] = fn(e, t);
      g[i + 1] = e.mode == kStuck ? e.peak * e.mu * fn(e, t) - std::fabs(tau[static_cast<Index>(k)])
                 : e.mode == kFree ? 1.0
                                   : w_rel(e, y);
    }
    return g;
  }

  /// MSL's PartialFriction at an event: disengaged when fn ≤ 0; engaging, the direction of w_rel
  /// (stuck at 0); a slip that reached w_rel = 0 sticks; then, until nothing changes, a stuck
  /// element whose torque reaches ±tau0_max slides that way.
  void on_event(double t, const State& y, bool initial) {
    t_event = t;
    std::vector<int> before;
    for (FrictionElement& e : elements) {
      before.push_back(e.mode);
      const double v = w_rel(e, y);
      if (fn(e, t) <= 0.0)
        e.mode = kFree;
      else if (e.mode == kFree)
        e.mode = v > 0.0 ? kForward : v < 0.0 ? kBackward : kStuck;
      else if ((e.mode == kForward && v <= 0.0) || (e.mode == kBackward && v >= 0.0))
        e.mode = kStuck;
    }
    for (bool changed = true; changed;) {
      changed = false;
      Eigen::VectorXd a, tau;
      solve(t, y, a, tau);
      for (std::size_t k = 0; k < elements.size(); ++k) {
        FrictionElement& e = elements[k];
        const double tau0_max = e.peak * e.mu * fn(e, t);
        if (e.mode != kStuck || std::fabs(tau[static_cast<Index>(k)]) < tau0_max) continue;
        e.mode = tau[static_cast<Index>(k)] > 0.0 ? kForward : kBackward;
        changed = true;
      }
    }
    for (std::size_t k = 0; k < elements.size(); ++k)
      if (!initial && elements[k].mode != before[k]) log[elements[k].name + ".mode"].emplace_back(t, elements[k].mode);
  }
};

// ---- masses with MSL's ElastoGap contacts -------------------------------------------------------

/// MSL's ElastoGap (n = 1) between bodies c and r, or a wall where one is kHousing: s_rel = s_r − s_c
/// + offset (the flanges' positions through rods and half lengths), force f on r, −f on c.
struct Gap {
  std::string name;
  int c = kHousing, r = kHousing;
  double offset = 0.0, c_contact = 0.0, d = 0.0, s_rel0 = 0.0;
};

/// Contact force of MSL's ElastoGap: pushing only (f ≤ 0), the damping clamped to |f_c|.
double elasto_gap_force(const Gap& g, double s_rel, double v_rel) {
  if (!(s_rel < g.s_rel0)) return 0.0;
  const double f_c = -g.c_contact * (g.s_rel0 - s_rel);
  return f_c + std::clamp(g.d * v_rel, f_c, -f_c);
}

/// N point masses on a line with G gaps; other forces (springs, dampers, sources) from a function.
/// State: (s, v).
template <int N, int G>
struct MassesWithGaps {
  using State = Eigen::Matrix<double, 2 * N, 1>;
  using Forces = Eigen::Matrix<double, N, 1>;
  std::array<double, static_cast<std::size_t>(N)> m{};
  std::array<Gap, static_cast<std::size_t>(G)> gaps{};
  std::function<Forces(double, const State&)> applied;
  std::vector<double> time_events;
  std::array<bool, static_cast<std::size_t>(G)> contact{};
  std::map<std::string, Switches> log;  // "<gap>.contact" → its changes
  std::map<std::string, std::vector<double>> speed_at_switch;  // and |v_rel| at each

  static double at(const State& y, int body, int offset) { return body == kHousing ? 0.0 : y[body + offset]; }
  double s_rel(const Gap& g, const State& y) const { return at(y, g.r, 0) - at(y, g.c, 0) + g.offset; }
  double v_rel(const Gap& g, const State& y) const { return at(y, g.r, N) - at(y, g.c, N); }

  State rhs(double t, const State& y) const {
    Forces f = applied(t, y);
    for (const Gap& g : gaps) {
      const double fg = elasto_gap_force(g, s_rel(g, y), v_rel(g, y));
      if (g.r != kHousing) f[g.r] -= fg;
      if (g.c != kHousing) f[g.c] += fg;
    }
    State dy;
    dy.template head<N>() = y.template tail<N>();
    for (int i = 0; i < N; ++i) dy[N + i] = f[i] / m[static_cast<std::size_t>(i)];
    return dy;
  }

  /// Where each gap's law has a kink: contact (s_rel = s_rel0) and the ends of the damping's clamp.
  Eigen::Matrix<double, 3 * G, 1> guards(double, const State& y) const {
    Eigen::Matrix<double, 3 * G, 1> g;
    for (int k = 0; k < G; ++k) {
      const Gap& gap = gaps[static_cast<std::size_t>(k)];
      const double f_c = -gap.c_contact * (gap.s_rel0 - s_rel(gap, y));
      g[3 * k] = s_rel(gap, y) - gap.s_rel0;
      g[3 * k + 1] = gap.d * v_rel(gap, y) - f_c;
      g[3 * k + 2] = gap.d * v_rel(gap, y) + f_c;
    }
    return g;
  }

  void on_event(double t, const State& y, bool initial) {
    for (std::size_t k = 0; k < gaps.size(); ++k) {
      const bool now = s_rel(gaps[k], y) < gaps[k].s_rel0;
      if (!initial && now != contact[k]) {
        log[gaps[k].name + ".contact"].emplace_back(t, now ? 1.0 : 0.0);
        speed_at_switch[gaps[k].name + ".contact"].push_back(std::fabs(v_rel(gaps[k], y)));
      }
      contact[k] = now;
    }
  }
};

// ---- comparisons --------------------------------------------------------------------------------

/// acausal's output `name` on the output grid against `independent` at the same times: the largest
/// difference, relative to the independent signal's range, at most `tolerance`.
void check_grid(const SimulationRun& run, const std::string& name, const std::vector<double>& independent,
                double tolerance) {
  const std::vector<double> ours = run.grid_column(name);
  const std::vector<double> t = run.grid_times();
  REQUIRE(ours.size() == independent.size());
  const auto [lo, hi] = std::minmax_element(independent.begin(), independent.end());
  const double range = *hi - *lo;
  double worst = 0.0, at = 0.0;
  for (std::size_t k = 0; k < ours.size(); ++k)
    if (std::fabs(ours[k] - independent[k]) > worst) {
      worst = std::fabs(ours[k] - independent[k]);
      at = t[k];
    }
  MESSAGE(name << ": largest difference " << worst << " at t = " << at << " s, " << worst / range << " of its range "
               << range);
  CHECK(worst <= tolerance * range);
}

/// acausal's changes of output `column` are the independent ones: the same values in the same
/// order, change k at the same time within windows[k].
void check_switches(const SimulationRun& run, const std::string& column, const Switches& independent,
                    const std::vector<double>& windows) {
  const Switches ours = switches(run, column);
  INFO(column);
  REQUIRE(ours.size() == independent.size());
  double worst = 0.0;
  for (std::size_t k = 0; k < ours.size(); ++k) {
    INFO(std::setprecision(10) << "change " << k << ": acausal " << ours[k].second << " at " << ours[k].first
                               << " s, independent " << independent[k].second << " at " << independent[k].first << " s");
    CHECK(ours[k].second == independent[k].second);
    CHECK(std::fabs(ours[k].first - independent[k].first) <= windows[k]);
    worst = std::max(worst, std::fabs(ours[k].first - independent[k].first));
  }
  MESSAGE(column << ": " << ours.size() << " changes, times within " << worst << " s");
}

void check_switches(const SimulationRun& run, const std::string& column, const Switches& independent, double window) {
  check_switches(run, column, independent, std::vector<double>(independent.size(), window));
}

template <class State>
std::vector<double> component(const std::vector<State>& ys, Index i) {
  std::vector<double> out;
  for (const State& y : ys) out.push_back(y[i]);
  return out;
}

double step_at(double t_event, double start_time) { return t_event >= start_time ? 1.0 : 0.0; }

constexpr double kPi = std::numbers::pi;

}  // namespace

TEST_CASE("netlists/msl/Rot_CoupledClutches.json: three clutches couple four inertias as MSL's logic does") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/msl/Rot_CoupledClutches.json");

  // J1 - clutch1 - J2 - clutch2 - J3 - clutch3 - J4, all J = 1; 10·sin(2π·5 t) N·m on J1; each clutch
  // fn_max 20 N, mu 0.5, peak 1.1; clutch1 engaged by sin(2π·0.2 t + π/2), clutch2 at 0.4 s, clutch3 at
  // 0.9 s.
  FrictionTrain train;
  train.J = {1.0, 1.0, 1.0, 1.0};
  train.elements = {
      {"clutch1", 0, 1, 20.0, 0.5, 1.1, [](double t, double) { return std::sin(2 * kPi * 0.2 * t + 1.570796326794897); }},
      {"clutch2", 1, 2, 20.0, 0.5, 1.1, [](double, double te) { return step_at(te, 0.4); }},
      {"clutch3", 2, 3, 20.0, 0.5, 1.1, [](double, double te) { return step_at(te, 0.9); }},
  };
  train.applied = [](double t, const FrictionTrain::State&) {
    Eigen::VectorXd tau = Eigen::VectorXd::Zero(4);
    tau[0] = 10.0 * std::sin(2 * kPi * 5.0 * t);
    return tau;
  };
  train.time_events = {0.4, 0.9};
  FrictionTrain::State y0 = FrictionTrain::State::Zero(11);
  y0[4] = 10.0;  // J1.w
  const auto ys = integrate(train, y0, run->grid_times(), 1e-4);

  // Mode changes (2 free, 1 forward, 0 stuck, −1 backward): clutch2 engages slipping backward at 0.4
  // and sticks at 0.7096; clutch1 slips backward from the start, sticks at 0.7917, breaks away at
  // 0.8311, sticks at 0.9069, breaks away at 1.0003 and opens at 1.25 (its normal force's zero);
  // clutch3 engages at 0.9 and sticks at 1.1440. A break-away is the mode's change to ∓1.
  for (const char* clutch : {"clutch1", "clutch2", "clutch3"}) {
    const std::string column = std::string(clutch) + ".mode";
    check_switches(*run, column, train.log[column], 1e-5);
  }
  const auto [t_lock, mode_lock] = switches(*run, "clutch2.mode").back();
  CHECK(t_lock == doctest::Approx(0.7096215).epsilon(1e-6));
  CHECK(mode_lock == 0.0);

  // Speeds 10 rad/s at most, angles about 7.5 rad: both within 1e-5 of their range on the grid.
  for (Index i = 0; i < 4; ++i) {
    const std::string body = "J" + std::to_string(i + 1);
    check_grid(*run, body + ".phi", component(ys, i), 1e-5);
    check_grid(*run, body + ".w", component(ys, 4 + i), 1e-5);
  }

  // The work each clutch turned into heat, and the ledger closing.
  for (Index k = 0; k < 3; ++k) {
    const std::string clutch = "clutch" + std::to_string(k + 1);
    const double lost = ys.back()[8 + k];
    MESSAGE(clutch << " lost " << work_lost(*run, clutch) << " J, independent " << lost << " J (relative difference "
                   << work_lost(*run, clutch) / lost - 1.0 << ")");
    CHECK(work_lost(*run, clutch) == doctest::Approx(lost).epsilon(1e-6));
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("netlists/msl/Rot_Friction.json: the clutch sticks and slips and the brake stops the train as MSL's logic does") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/msl/Rot_Friction.json");

  // Bodies 0 = inertia3 (J 1, 100 rad/s), 1 = inertia2 (J 0.05, 90 rad/s), 2 = inertia1 (J 1,
  // 90 rad/s). The drive 200·sin(100 t) N·m on inertia3 until 0.5 s; the clutch (fn 160 N, mu 0.5,
  // peak 1) from inertia3 to inertia2; the spring-damper (160 N·m/rad, 1 N·m·s/rad) from inertia2 to
  // inertia1; the brake (fn 1600 N from 0.5 s) on inertia1.
  FrictionTrain train;
  train.J = {1.0, 0.05, 1.0};
  train.elements = {
      {"clutch", 0, 1, 160.0, 0.5, 1.0, [](double, double) { return 1.0; }},
      {"brake", kHousing, 2, 1600.0, 0.5, 1.0, [](double, double te) { return step_at(te, 0.5); }},
  };
  train.applied = [&train](double t, const FrictionTrain::State& y) {
    const double drive = 200.0 * std::sin(100.0 * t) * (1.0 - step_at(train.t_event, 0.5));
    const double spring = 160.0 * (y[2] - y[1]) + 1.0 * (y[5] - y[4]);  // phi_rel, w_rel: inertia1 − inertia2
    Eigen::VectorXd tau(3);
    tau << drive, spring, -spring;
    return tau;
  };
  train.time_events = {0.5};
  FrictionTrain::State y0 = FrictionTrain::State::Zero(8);
  y0.segment(3, 3) << 100.0, 90.0, 90.0;
  const auto ys = integrate(train, y0, run->grid_times(), 1e-4);

  // The clutch slips backward, sticks at 0.0068 s, slips backward from 0.0593 (the drive's swing)
  // and sticks at 0.1093. The brake applies at 0.5, slides inertia1 to a stop at 0.6406 and holds
  // it; the spring pulls inertia2 back, the clutch slips backward from 0.5342 while it brakes
  // inertia3 and sticks for good at 1.6636, when both stand still: from then on they swing on the
  // spring against the held inertia1.
  check_switches(*run, "clutch.mode", train.log["clutch.mode"], 1e-5);
  check_switches(*run, "brake.mode", train.log["brake.mode"], 1e-5);
  CHECK(switches(*run, "brake.mode").back().second == 0.0);
  CHECK(std::fabs(run->column("inertia1.w").back()) <= 1e-6);

  // Speeds up to 100 rad/s, angles up to 190 rad.
  const char* bodies[] = {"inertia3", "inertia2", "inertia1"};
  for (Index i = 0; i < 3; ++i) {
    check_grid(*run, std::string(bodies[i]) + ".phi", component(ys, i), 1e-5);
    check_grid(*run, std::string(bodies[i]) + ".w", component(ys, 3 + i), 1e-5);
  }

  for (Index k = 0; k < 2; ++k) {
    const std::string element = k == 0 ? "clutch" : "brake";
    const double lost = ys.back()[6 + k];
    MESSAGE(element << " lost " << work_lost(*run, element) << " J, independent " << lost << " J (relative difference "
                    << work_lost(*run, element) / lost - 1.0 << ")");
    CHECK(work_lost(*run, element) == doctest::Approx(lost).epsilon(1e-6));
  }
  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("netlists/msl/Trans_ElastoGap.json: the mass on gaps flies free between the contacts") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/msl/Trans_ElastoGap.json");
  const std::vector<double> t = run->grid_times();

  // mass1 between two spring-dampers to walls at ∓2 m (c 10 N/m, d 1.5 N·s/m, s_rel0 1 m):
  // s'' = −20 s − 3 s', s(0) = 2, v(0) = 0, in closed form.
  std::vector<double> s1, v1;
  const double wd = std::sqrt(20.0 - 1.5 * 1.5);
  for (double tk : t) {
    const double e = std::exp(-1.5 * tk), c = std::cos(wd * tk), s = std::sin(wd * tk);
    s1.push_back(2.0 * e * (c + 1.5 / wd * s));
    v1.push_back(-2.0 * e * (1.5 * 1.5 / wd + wd) * s);
  }
  check_grid(*run, "mass1.s", s1, 1e-6);
  check_grid(*run, "mass1.v", v1, 1e-6);

  // mass2 (1 kg) between two ElastoGaps to the same walls (c 10 N/m, d 1.5 N·s/m, s_rel0 1.5 m):
  // elastoGap1 from the wall at −2 m (s_rel = s + 2), elastoGap2 to the wall at +2 m (s_rel = 2 − s).
  MassesWithGaps<1, 2> mass2;
  mass2.m = {1.0};
  mass2.gaps = {Gap{"elastoGap1", kHousing, 0, 2.0, 10.0, 1.5, 1.5}, Gap{"elastoGap2", 0, kHousing, 2.0, 10.0, 1.5, 1.5}};
  mass2.applied = [](double, const MassesWithGaps<1, 2>::State&) { return MassesWithGaps<1, 2>::Forces::Zero().eval(); };
  const auto ys = integrate(mass2, Eigen::Vector2d(2.0, 0.0), t, 1e-4);

  // In contact with elastoGap2 at the start, free at 0.5834, in contact with elastoGap1 from 0.8752
  // to 1.8962, with elastoGap2 from 2.4041 to 3.4251, with elastoGap1 again from 4.3091.
  check_switches(*run, "elastoGap1.contact", mass2.log["elastoGap1.contact"], 1e-5);
  check_switches(*run, "elastoGap2.contact", mass2.log["elastoGap2.contact"], 1e-5);
  CHECK(run->column("elastoGap2.contact").front() == 1.0);
  check_grid(*run, "mass2.s", component(ys, 0), 1e-5);
  check_grid(*run, "mass2.v", component(ys, 1), 1e-5);

  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}

TEST_CASE("netlists/msl/Trans_PreLoad.json: the preloaded spool moves only once the force exceeds the preload") {
  const auto run = simulate_netlist_file(ACAUSAL_SOURCE_DIR "/netlists/msl/Trans_PreLoad.json");

  // Bodies 0 = spool (0.15 kg), 1 = springPlateA, 2 = springPlateB (10 g each); positions are the
  // centres, as Modelica's s. Each gap's offset is the distance its flanges add to the centres:
  // half lengths (spool 95 mm, plates 1 mm), rods (rod1, rod2 7 mm; rod3, rod4 5.75 mm; housing
  // 30.5 mm) and the housing's left end at −95.5 mm. All gaps: c 1e6 N/m, d 250 N·s/m.
  using System = MassesWithGaps<3, 4>;
  System valve;
  valve.m = {0.150, 10e-3, 10e-3};
  valve.gaps = {
      Gap{"outerContactA", kHousing, 1, -0.001 + 0.0955, 1e6, 250.0, 0.0015},         // housing (left) → plate A
      Gap{"outerContactB", 2, kHousing, -0.0955 + 0.0305 - 0.001, 1e6, 250.0, 0.0015},  // plate B → housing (right)
      Gap{"innerContactA", 0, 1, 0.001 + 0.007 + 0.095 + 0.00575, 1e6, 250.0, 0.001},   // spool → plate A
      Gap{"innerContactB", 2, 0, -0.095 + 0.00575 + 0.001 + 0.007, 1e6, 250.0, 0.001},  // plate B → spool
  };
  valve.applied = [](double t, const System::State& y) {
    // The spring (20e3 N/m, s_rel0 25 mm) from plate A's right flange to plate B's left one, the
    // viscous friction (2500 N·s/m) of the spool in the housing, the force 150·sin(2π·0.01 t) N.
    const double spring = 20e3 * ((y[2] - 0.001) - (y[1] + 0.001) - 0.025);
    System::Forces f;
    f << 150.0 * std::sin(2 * kPi * 0.01 * t) - 2500.0 * y[3], spring, -spring;
    return f;
  };
  System::State y0;
  y0 << 0.01475, -0.093, -0.06925, 0.0, 0.0, 0.0;
  const auto ys = integrate(valve, y0, run->grid_times(), 2e-5);

  // Spring plate B (65 N of spring force on it, nothing holding it) is thrown 1.75 mm onto its
  // shoulders on the housing and the spool within 0.8 ms; plate A sits on its own from the start. The
  // spool then stays put until the force overcomes the preload: plate A lifts off the housing and
  // the spool off plate B at 3.1437 s, they land at 46.9889 s; the same the other way from 53.1437 s
  // to 96.9889 s. Both contacts of a pair lose their load at the same force (in the independent
  // solution 1.5 µs apart), so whichever opens second barely moves: there its gap opens at ~6e-6 m/s
  // only. acausal changes a contact once the gap is beyond its event indicator's hysteresis band,
  // rtol/100 times the indicator's scale from the nominals of the positions it reads (1 m): about
  // 1e-8 m at tolerance 1e-6, so a change comes about 1e-8 m / |v_rel| late. Up to twice that:
  // within the bands of its contact and of its damping's clamp (1e-8 × c × 1 m = 0.01 N) the
  // element keeps the branch it had, f = f_c + d·v_rel, and pulls (up to 0.01 N), which slows the
  // opening. Measured: 1.7 ms late for the second opening (1.5 ms estimated), 2.1e-5 s for the
  // second landing; 1.5e-4 s and 2.1e-6 s at tolerance 1e-7.
  constexpr double kBand = 1e-8;  // m
  for (const char* gap : {"outerContactA", "outerContactB", "innerContactA", "innerContactB"}) {
    const std::string column = std::string(gap) + ".contact";
    std::vector<double> windows;
    for (double v_rel : valve.speed_at_switch[column]) windows.push_back(1e-5 + 2 * kBand / v_rel);
    check_switches(*run, column, valve.log[column], windows);
    const std::vector<double> f = run->column(std::string(gap) + ".f");
    MESSAGE(std::string(gap) << ": largest pulling force " << *std::max_element(f.begin(), f.end()) << " N");
    CHECK(*std::max_element(f.begin(), f.end()) <= 0.011);  // pushes only, up to the clamp's band
  }

  // The preload: with both plates on the housing the spring is 1.5 mm short of its free length,
  // less what the two contacts under each plate give (F/2c each): F = 20e3·1.5e-3/(1 + 20e3/1e6)
  // = 29.41 N, whatever the force on the spool. The spool breaks free (plate A leaves the housing)
  // where the force reaches it plus the damping of the creeping spool: the friction's 0.024 N and
  // the inner contacts' 1.3e-3 N.
  const std::vector<double> t = run->times();
  const auto row = [&t](double time) { return static_cast<std::size_t>(std::find(t.begin(), t.end(), time) - t.begin()); };
  const double preload = -run->column("spring.f")[row(3.0)];
  CHECK(preload == doctest::Approx(20e3 * 1.5e-3 / (1.0 + 20e3 / 1e6)).epsilon(1e-9));
  const double t_free = switches(*run, "outerContactA.contact")[1].first;
  const double friction = run->column("friction.f")[row(t_free)];
  CHECK(std::fabs(150.0 * std::sin(2 * kPi * 0.01 * t_free) - preload - friction) <= 2e-3);

  // Positions within 1e-5 of their range (measured 2e-7 to 4e-7). The spool's speed within 3e-5 of
  // its range (1e-3 m/s on the grid): the late release of the second contact shifts the spool's
  // creep after the release by 1.8e-5 of it at 53.2 s (2e-7 at tolerance 1e-7).
  check_grid(*run, "spool.s", component(ys, 0), 1e-5);
  check_grid(*run, "springPlateA.s", component(ys, 1), 1e-5);
  check_grid(*run, "springPlateB.s", component(ys, 2), 1e-5);
  check_grid(*run, "spool.v", component(ys, 3), 3e-5);

  const CheckResult energy = check_energy(*run, 1e-6);
  CHECK_MESSAGE(energy.passed(), energy.message());
}
