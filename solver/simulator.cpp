#include "solver/simulator.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "core/analysis/program_state.hpp"
#include "solver/compiled_model.hpp"
#include "solver/energy_ledger.hpp"
#include "solver/initialization.hpp"
#include "solver/ida_session.hpp"
#include "solver/solver_error.hpp"
#include "solver/state_selection_check.hpp"

namespace acausal {

namespace {

double sign_of(double v) { return v > 0.0 ? 1.0 : (v < 0.0 ? -1.0 : 0.0); }

/// The side of an indicator beyond its hysteresis band ε (0 within it).
double banded_sign(double value, double band) { return value > band ? 1.0 : (value < -band ? -1.0 : 0.0); }

std::string text_of(double t) {
  std::ostringstream os;
  os.precision(10);
  os << t;
  return os.str();
}

}  // namespace

Simulator::Simulator(const CompiledModel& model, SimulationOptions options) : Simulator(model.program(), std::move(options)) {}

const Program& Simulator::program() const { return state_->program(); }

Simulator::Simulator(const Program& program, SimulationOptions options)
    : options_(std::move(options)), state_(std::make_unique<ProgramState>(program)), time_(options_.start) {
  if (options_.energy && !program.has_energy())
    throw std::invalid_argument("simulate: energy accounting asks for a model compiled with its energy terms (CompileOptions::energy, ProgramOptions::energy)");
  if (options_.energy && options_.power_audit && !program.has_power_audit())
    throw std::invalid_argument("simulate: the power audit asks for a model compiled with its terms (CompileOptions::power_audit, ProgramOptions::power_audit)");
  if (!(options_.stop >= options_.start))
    throw std::invalid_argument("simulate: the stop time is before the start time");
  eps_ = 1e-12 * std::max(1.0, std::fabs(options_.stop));
  indicator_.resize(program.indicator_count());
  assertion_.resize(program.assertion_messages().size());
  if (options_.inputs.size() > program.input_names().size())
    throw std::invalid_argument("simulate: " + std::to_string(options_.inputs.size()) + " input functions for " +
                                std::to_string(program.input_names().size()) + " inputs");
  for (std::size_t k = 0; k < options_.inputs.size(); ++k)
    if (options_.inputs[k]) state_->set_input_function(k, options_.inputs[k]);
  if (!options_.tunable_values.empty()) state_->set_tunable_values(options_.tunable_values);
  for (const auto& [name, value] : options_.initial) set_initial(name, value);
}

Simulator::~Simulator() = default;

const InitialState& Simulator::initialize() {
  if (initial_) return *initial_;
  initial_ = acausal::initialize(*state_, options_.start);
  y_ = initial_->y;
  yp_ = initial_->yp;
  const Program& program = state_->program();
  if (options_.energy) {
    ledger_ = std::make_unique<EnergyLedger>(*state_, options_.power_audit);
    ledger_->start(options_.start, program.size() ? y_.data() : nullptr, program.size() ? yp_.data() : nullptr);
  }
  if (program.size() == 0) return *initial_;
  ida_ = std::make_unique<IdaSession>(*state_, options_.start, y_, yp_, options_.tolerance, options_.stop,
                                      ledger_ ? ledger_->step_control() : IdaSession::Integrals{});
  if (!program.discretes().names.empty()) {
    // The modes the initial state implies (initial() true), and the unknowns consistent with them;
    // then the initial event's iteration with initial() false, whose values the run starts from
    // (and the first row shows: `initial() and v > 0` starts nothing that lasts).
    iterate_discretes(true);
    iterate_discretes(false);
    y_.assign(ida_->y(), ida_->y() + program.size());
    yp_.assign(ida_->yp(), ida_->yp() + program.size());
    initial_->y = y_;
    initial_->yp = yp_;
    if (ledger_) ledger_->start(options_.start, y_.data(), yp_.data());
  }
  if (ledger_) ledger_->integrate_with(*ida_);
  control_watched_unknowns();
  selection_ = std::make_unique<StateSelectionCheck>(*state_);
  choice_pending_ = selection_->wants_new_choice(options_.start, y_.data(), yp_.data());
  defer_failure([&] { check_assertions(options_.start, ida_->y(), ida_->yp()); });
  return *initial_;
}

InitialState Simulator::take_initial_state() {
  initialize();
  InitialState taken = std::move(*initial_);
  initial_->newton_iterations = taken.newton_iterations;  // statistics() reports them
  return taken;
}

namespace {
std::size_t tunable_of(const Program& p, std::string_view name, const char* who) {
  if (const std::optional<std::size_t> k = p.tunable_index(name)) return *k;
  std::string names;
  for (const std::string& n : p.tunable_names()) names += (names.empty() ? "" : ", ") + n;
  throw std::invalid_argument(std::string(who) + ": " + std::string(name) +
                              " is not a tunable parameter of this compiled model" +
                              (names.empty() ? std::string(" (it has none)") : " (it has: " + names + ")") +
                              "; compile it with the parameter among Netlist::tunable, or rebuild the model "
                              "with the new value (a parameter a component reads as a plain number is structural)");
}
}  // namespace

void Simulator::set_parameter(std::string_view name, double value) {
  if (initial_) throw std::logic_error("set_parameter: the run is initialized already");
  const std::size_t k = tunable_of(state_->program(), name, "set_parameter");
  std::vector<double> values = state_->tunable_values();
  values[k] = value;
  state_->set_tunable_values(std::move(values));
}

double Simulator::parameter(std::string_view name) const {
  return state_->tunable_values()[tunable_of(state_->program(), name, "parameter")];
}

void Simulator::set_initial(std::string_view name, double value) {
  if (initial_) throw std::logic_error("set_initial: the run is initialized already");
  const Program& p = state_->program();
  if (const std::optional<std::size_t> k = p.unknown_index(name)) {
    state_->initial_values[*k] = value;
    return;
  }
  // The unknowns of the same instance (the name up to its last dot) are the likely ones meant.
  const std::string_view instance = name.substr(0, name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
  std::string same_instance;
  for (std::size_t k = 0; k < p.size() && !instance.empty(); ++k)
    if (p.name(k).starts_with(instance)) same_instance += (same_instance.empty() ? "" : ", ") + p.name(k);
  throw std::invalid_argument("set_initial: the model has no unknown named " + std::string(name) +
                              (same_instance.empty() ? std::string() : "; unknowns of " +
                                                                           std::string(instance.substr(0, instance.size() - 1)) +
                                                                           ": " + same_instance));
}

void Simulator::set_sampled(std::vector<std::uint32_t> y_columns, std::vector<std::uint32_t> yp_columns) {
  sampled_y_ = std::move(y_columns);
  sampled_yp_ = std::move(yp_columns);
}

template <typename Check>
void Simulator::defer_failure(Check&& check) {
  try {
    check();
  } catch (const SolverError&) {
    failure_ = std::current_exception();
  }
}

void Simulator::check_assertions(double t, const double* y, const double* yp) {
  if (assertion_.empty()) return;
  state_->assertions(t, y, yp, assertion_.data());
  for (std::size_t k = 0; k < assertion_.size(); ++k)
    if (!(assertion_[k] > 0.0)) throw SolverError(t, state_->program().assertion_messages()[k]);
}

bool Simulator::advance() {
  IdaSession::Step s;
  try {
    s = ida_->step(options_.stop);
  } catch (const SolverError& e) {
    // A failure near a singular state selection is that selection's fault: say so.
    if (auto trouble = selection_->diagnose(ida_->time(), ida_->y(), ida_->yp()))
      throw SolverError(e.time(), e.message() + "; " + *trouble);
    throw;
  }
  const double t = ida_->time();
  if (options_.on_step) options_.on_step(t, ++steps_);
  defer_failure([&] { choice_pending_ = choice_pending_ || selection_->wants_new_choice(t, ida_->y(), ida_->yp()); });
  if (ledger_) ledger_->check_balance(*ida_);
  // At a root IDA returns the step's interpolant, which holds the algebraic equations only to the
  // interpolation error: the assertions wait for the consistent values the event's restart computes
  // (handle_event). A quantity that touches its bound there by design (MSL's EngineV6: each piston's
  // s_rel = L of its GasForce2 at bottom dead centre, where v_rel = 0 is the root) would otherwise
  // fail by that error, 1e-12 m against the assertion's margin of 1e-12 m.
  if (s != IdaSession::Step::Root) defer_failure([&] { check_assertions(t, ida_->y(), ida_->yp()); });
  if (s == IdaSession::Step::Stop || t >= options_.stop - eps_) stopped_ = true;
  return s == IdaSession::Step::Root;
}

bool Simulator::settle_zero_branches(bool apply) {
  const double t = ida_->time();
  state_->indicators(t, ida_->y(), ida_->yp(), indicator_.data());
  bool changed = false;
  // Off zero: a relation of the discrete equations alone beyond its hysteresis band (rounding
  // does not give a stuck speed a side), the others at once. And every switch of the continuous
  // equations beyond its band on the other side of its branch: one that crossed in the same step as
  // the reported root but after it (two table breakpoints 1e-9 apart, passed within the root's
  // location error) has no root left to find, and would hold the piece it left. (The discrete
  // equations' relations take their sides in the event iteration.)
  const std::size_t first_discrete = state_->program().first_discrete_indicator();
  for (std::size_t k = 0; k < indicator_.size(); ++k) {
    const double branch = state_->branch[k], banded = banded_sign(indicator_[k], ida_->bands()[k]);
    const bool off_zero = branch == 0.0 && (k < first_discrete ? indicator_[k] != 0.0 : banded != 0.0);
    const bool passed = k < first_discrete && branch != 0.0 && banded == -branch;
    if (off_zero || passed) {
      if (apply) state_->branch[k] = off_zero ? sign_of(indicator_[k]) : banded;
      changed = true;
    }
  }
  return changed;
}

void Simulator::handle_event(bool at_root) {
  event_pending_ = false;
  const std::size_t n = state_->program().size();
  const double t = ida_->time();
  SimulatorEvent event;
  event.time = t;
  const std::vector<double> y_before(ida_->y(), ida_->y() + n), yp_before(ida_->yp(), ida_->yp() + n);
  std::vector<double> out_before(state_->program().outputs().output_count());
  state_->outputs(t, y_before.data(), yp_before.data(), out_before.data());
  const std::vector<int> crossed = at_root ? ida_->roots() : std::vector<int>(indicator_.size(), 0);
  for (std::size_t k = 0; k < crossed.size(); ++k)
    if (crossed[k] != 0) state_->branch[k] = crossed[k] > 0 ? 1.0 : -1.0;
  settle_zero_branches(true);
  ida_->restart();
  iterate_discretes(false);
  if (at_root) defer_failure([&] { check_assertions(t, ida_->y(), ida_->yp()); });
  if (!on_event) return;
  std::vector<double> out_after(out_before.size());
  state_->outputs(t, ida_->y(), ida_->yp(), out_after.data());
  event.y_before = y_before;
  event.yp_before = yp_before;
  event.outputs_before = out_before;
  event.y_after = {ida_->y(), n};
  event.yp_after = {ida_->yp(), n};
  event.outputs_after = out_after;
  event.crossed = crossed;
  on_event(event);
}

void Simulator::iterate_discretes(bool initial) {
  const DiscreteVariables& discretes = state_->program().discretes();
  const std::size_t m = discretes.size();
  if (m == 0) return;
  std::vector<double>& d = state_->discrete;  // values, then pre() values, then initial()
  const auto value = d.begin(), pre = d.begin() + static_cast<std::ptrdiff_t>(m);
  std::copy(value, pre, pre);  // pre() is the value before the event
  d[2 * m] = initial ? 1.0 : 0.0;
  std::vector<double> next(m), before(m), sides(indicator_.size());
  // The discrete equations at the solution: evaluated until they reproduce the values they read
  // (each round settles the variables whose equations read only settled ones). A relation changes
  // side only beyond its indicator's hysteresis band (as the root finding does; Dymola's relations
  // at events too): within it, it keeps its branch, so a speed stuck at zero up to rounding is
  // neither positive nor negative until it moves. Within one event's iteration a relation keeps the
  // last side it showed beyond its band: two brakes breaking away together share the drive's excess,
  // each holding torque beyond its threshold while the other is stuck and within its band once both
  // slide; without the latch the first one would stick and slip in turn.
  std::vector<double> latched(indicator_.size(), 0.0);
  const auto decide_sides = [&] {
    if (sides.empty()) return;
    state_->indicators(ida_->time(), ida_->y(), ida_->yp(), indicator_.data());
    for (std::size_t k = 0; k < sides.size(); ++k) {
      if (const double side = banded_sign(indicator_[k], ida_->bands()[k]); side != 0.0) latched[k] = side;
      sides[k] = latched[k] != 0.0 ? latched[k] : state_->branch[k];
    }
  };
  // What the relations showed becomes their branch: the root finding's hysteresis goes on from it.
  const auto keep_sides = [&] {
    for (std::size_t k = 0; k < latched.size(); ++k)
      if (latched[k] != 0.0) state_->branch[k] = latched[k];
  };
  // Rounds of the update that take the values of the variables `settle` selects, until they settle.
  const std::vector<bool>& reads_continuous = state_->program().discrete_reads_continuous();
  const auto rounds = [&](bool all) {
    for (std::size_t round = 0; round <= m; ++round) {
      state_->discrete_update(ida_->time(), ida_->y(), ida_->yp(), sides.empty() ? nullptr : sides.data(), next.data());
      bool changed = false;
      for (std::size_t k = 0; k < m; ++k)
        if ((all || !reads_continuous[k]) && next[k] != value[static_cast<std::ptrdiff_t>(k)]) {
          value[static_cast<std::ptrdiff_t>(k)] = next[k];
          changed = true;
        }
      if (!changed) break;
    }
  };
  const auto update = [&] {
    std::copy(value, pre, before.begin());
    decide_sides();
    rounds(true);
    return !std::equal(before.begin(), before.end(), value);
  };
  // A new round of the iteration (pre() has taken the values): the mixed system of the discrete
  // variables and the continuous unknowns they switch is torn as Modelica tools do. Those whose
  // equations compare the continuous solution start from pre() (a breakaway starts nothing until
  // the solution shows it must: startForward = pre(startForward)); the ones that follow from discrete
  // variables alone are derived from them (locked) before the continuous unknowns are solved.
  const auto torn_start = [&] {
    for (std::size_t k = 0; k < m; ++k)
      if (reads_continuous[k]) value[static_cast<std::ptrdiff_t>(k)] = pre[static_cast<std::ptrdiff_t>(k)];
    decide_sides();
    rounds(false);
  };
  // The values the mixed system has taken since pre() last changed: a repeat is a cycle.
  std::vector<std::vector<double>> seen;
  for (int iteration = 0; iteration < kMaxEventIterations; ++iteration) {
    const bool changed = update();
    // A mixed system without a solution for this pre(): MSL's one-way clutch breaking away where
    // the sliding torque it then transmits is below its breakaway threshold (startForward needs
    // sa > tau0_max with pre(startForward) false, and sliding gives sa < tau0_max: locked and
    // sliding in turn). The iteration goes on from the values that differ from pre(), as the event
    // iteration of Modelica's definition (every round a new pre()) does: pre(startForward) is true
    // then, and its equation holds while sa > tau0.
    const bool cycle = changed && std::find(seen.begin(), seen.end(), std::vector<double>(value, pre)) != seen.end();
    if (changed && !cycle) seen.emplace_back(value, pre);
    if (!changed || cycle) {
      if (!changed && std::equal(value, pre, pre)) {
        d[2 * m] = 0.0;
        keep_sides();
        state_->update_indicator_activity(ida_->time(), ida_->y(), ida_->yp(), ida_->bands());
        control_watched_unknowns();
        return;
      }
      if (cycle && std::equal(value, pre, pre)) std::copy(before.begin(), before.end(), value);
      seen.clear();
      jump_states();  // where a trigger rose, before pre() takes it
      std::copy(value, pre, pre);
      torn_start();
    }
    ida_->restart(false);  // the continuous unknowns consistent with the new values: the same event
  }
  std::string changing;
  if (!update() && std::equal(value, pre, pre)) {  // settled in the last round allowed
    d[2 * m] = 0.0;
    keep_sides();
    state_->update_indicator_activity(ida_->time(), ida_->y(), ida_->yp(), ida_->bands());
    control_watched_unknowns();
    return;
  }
  for (std::size_t k = 0; k < m; ++k)
    if (before[k] != d[k] || d[k] != d[m + k])
      changing += (changing.empty() ? "" : ", ") + discretes.names[k] + " (" + discretes.pointers[k] + ")";
  throw SolverError(ida_->time(), "the event iteration found no fixed point in " + std::to_string(kMaxEventIterations) +
                                      " iterations: the equations of " + changing + " keep changing them");
}

void Simulator::control_watched_unknowns() {
  const Program& program = state_->program();
  std::vector<std::uint32_t> columns;
  for (std::size_t k = 0; k < program.indicator_count(); ++k)
    if (state_->indicator_active[k] != 0.0)
      for (std::uint32_t c : program.indicator_algebraic_columns()[k]) columns.push_back(c);
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  ida_->control_algebraic(columns);
}

bool Simulator::jump_states() {
  const Program& program = state_->program();
  const std::vector<StateJump>& jumps = program.state_jumps();
  if (jumps.empty()) return false;
  const std::size_t m = program.discretes().size(), n = program.size();
  const std::vector<double>& d = state_->discrete;
  const double t = ida_->time();
  std::vector<double> y(ida_->y(), ida_->y() + n), yp(ida_->yp(), ida_->yp() + n), values(jumps.size());
  state_->jump_values(t, y.data(), yp.data(), values.data());
  bool jumped = false;
  for (std::size_t k = 0; k < jumps.size(); ++k) {
    const StateJump& j = jumps[k];
    if (d[j.trigger] == 0.0 || d[m + j.trigger] != 0.0) continue;  // no rising edge of its trigger
    y[j.column] = (values[k] - j.offset) / j.coefficient;
    jumped = true;
  }
  if (!jumped) return false;
  const std::vector<double> y_before(ida_->y(), ida_->y() + n), yp_before(ida_->yp(), ida_->yp() + n);
  ida_->reset(t, y, yp);  // the other unknowns consistent with the new states
  if (ledger_) ledger_->book_jump(t, y_before.data(), yp_before.data(), ida_->y(), ida_->yp());
  return true;
}

void Simulator::choose_states() {
  choice_pending_ = false;
  if (!selection_->choose(ida_->time(), ida_->y(), ida_->yp())) return;
  ida_->set_differential();
  ida_->restart(false);
}

void Simulator::sample(double t) {
  const std::size_t n = state_->program().size();
  if (std::fabs(t - ida_->time()) <= eps_) {
    y_.assign(ida_->y(), ida_->y() + n);
    yp_.assign(ida_->yp(), ida_->yp() + n);
    return;
  }
  if (sampled_y_.empty() && sampled_yp_.empty()) {
    ida_->interpolate(t, 0, y_);
    ida_->interpolate(t, 1, yp_);
    return;
  }
  ida_->interpolate(t, 0, sampled_y_, y_);
  if (!sampled_yp_.empty()) ida_->interpolate(t, 1, sampled_yp_, yp_);
}

void Simulator::step_to(double t) {
  initialize();
  if (t < time_ - eps_) throw std::invalid_argument("step_to: " + text_of(t) + " is before the current time " + text_of(time_));
  if (t > options_.stop + eps_)
    throw std::invalid_argument("step_to: " + text_of(t) + " is after the stop time " + text_of(options_.stop));
  t = std::min(t, options_.stop);
  if (!ida_) {  // nothing to integrate: the outputs are functions of time
    time_ = t;
    return;
  }
  for (;;) {
    if (failure_ && ida_->time() <= t + eps_) std::rethrow_exception(std::exchange(failure_, nullptr));
    // What the integrator's last step ended with, once the caller has come that far: a root, or
    // indicators that sat exactly at zero (at the start or at an event) and have now taken the side
    // the solution moved to (IDA reports no crossing for them).
    if (ida_->time() <= t + eps_) {
      if (event_pending_) {
        handle_event(true);
      } else if (settle_pending_ && !state_->program().discretes().names.empty()) {
        // A relation that sat at zero (w > 0 at a breakaway, where w starts from 0) has taken a
        // side: the discrete equations that read it are evaluated again, as at an event.
        settle_pending_ = false;
        handle_event(false);
      } else if (settle_pending_) {
        settle_pending_ = false;
        settle_zero_branches(true);
        ida_->restart();
      }
      if (choice_pending_) choose_states();
    }
    if (ida_->time() >= t - eps_ || stopped_) break;
    if (failure_) break;  // at a step end beyond t: the values up to there stand
    // Values before the step's end are interpolated on its polynomial, which a restart discards:
    // what the step ended with waits until the caller has asked for every time before it.
    if (advance()) {
      event_pending_ = true;
    } else {
      settle_pending_ = settle_zero_branches(false);
    }
  }
  sample(t);
  time_ = t;
}

void Simulator::set_state(std::span<const double> y) {
  initialize();
  if (ledger_) throw std::logic_error("set_state: the energy account cannot follow a state set from outside the model");
  const std::size_t n = state_->program().size();
  if (y.size() != n)
    throw std::invalid_argument("set_state: " + std::to_string(y.size()) + " values for " + std::to_string(n) + " unknowns");
  if (!ida_) return;
  y_.assign(y.begin(), y.end());
  ida_->reset(time_, y_, yp_);
  restarted_at_time();
}

void Simulator::restarted_at_time() {
  failure_ = nullptr;
  event_pending_ = settle_pending_ = false;
  stopped_ = time_ >= options_.stop - eps_;
  const std::size_t n = state_->program().size();
  y_.assign(ida_->y(), ida_->y() + n);
  yp_.assign(ida_->yp(), ida_->yp() + n);
}

void Simulator::set_input(std::size_t k, double value) {
  const Program& program = state_->program();
  if (k >= program.input_names().size())
    throw std::out_of_range("set_input: no input " + std::to_string(k) + "; the program has " +
                            std::to_string(program.input_names().size()));
  if (!std::isfinite(value))
    throw std::invalid_argument("set_input: the value of input \"" + program.input_names()[k] + "\" is not finite");
  const bool unchanged = state_->input_values[k] == value && !state_->has_input_function(k);
  if (ida_ && !unchanged && ledger_)
    throw std::logic_error("set_input: the energy account cannot follow an input changed during the run");
  state_->set_input_function(k, nullptr);
  state_->input_values[k] = value;
  if (ida_ && !unchanged) restart_after_input_change();
}

void Simulator::set_input(std::string_view name, double value) {
  const std::optional<std::size_t> k = state_->program().input_index(name);
  if (!k) {
    const std::vector<std::string>& names = state_->program().input_names();
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw std::invalid_argument("set_input: no input \"" + std::string(name) + "\"; the program's inputs: " +
                                (list.empty() ? "none" : list));
  }
  set_input(*k, value);
}

void Simulator::set_input_function(std::size_t k, std::function<double(double t)> f) {
  const Program& program = state_->program();
  if (k >= program.input_names().size())
    throw std::out_of_range("set_input_function: no input " + std::to_string(k) + "; the program has " +
                            std::to_string(program.input_names().size()));
  if (ida_ && ledger_)
    throw std::logic_error("set_input_function: the energy account cannot follow an input changed during the run");
  state_->set_input_function(k, std::move(f));
  if (ida_) restart_after_input_change();
}

void Simulator::restart_after_input_change() {
  // The integrator may be ahead of time(), on the old input: it goes back to the solution at time().
  std::vector<double> y, yp;
  ida_->interpolate(time_, 0, y);
  ida_->interpolate(time_, 1, yp);
  ida_->reset(time_, y, yp);
  // A step of an input may put an indicator on its other side at once (no crossing for root finding
  // to see): its branch switches, beyond the hysteresis band as at an event, and the values are made
  // consistent again.
  if (!indicator_.empty()) {
    state_->indicators(time_, ida_->y(), ida_->yp(), indicator_.data());
    bool switched = false;
    for (std::size_t k = 0; k < indicator_.size(); ++k) {
      const double b = state_->branch[k];
      if (b != 0.0 && (indicator_[k] + b * ida_->bands()[k]) * b < 0.0) {
        state_->branch[k] = -b;
        switched = true;
      }
    }
    if (switched) ida_->restart();
  }
  restarted_at_time();
}

void Simulator::outputs(double* out) {
  initialize();
  const bool live = !ida_ && time_ > options_.start;  // no events set the branches of a model without unknowns
  state_->outputs(time_, y_.data(), yp_.data(), out, live);
}

TapeInputs Simulator::tape_inputs() {
  initialize();
  return state_->inputs(time_, y_.data(), yp_.data());
}

SolverStatistics Simulator::statistics() const {
  SolverStatistics s = ida_ ? ida_->statistics() : SolverStatistics{};
  if (initial_) s.initialization_iterations = initial_->newton_iterations;
  if (selection_) s.state_choices = static_cast<long>(selection_->changes());
  return s;
}

std::optional<EnergyReport> Simulator::energy() const {
  if (const EnergyReport* e = energy_so_far()) return *e;
  return std::nullopt;
}

const EnergyReport* Simulator::energy_so_far() const { return ledger_ ? &ledger_->report() : nullptr; }

std::optional<EnergyTotals> Simulator::energy_totals_so_far() const {
  if (!ledger_) return std::nullopt;
  return ledger_->totals();
}

}  // namespace acausal
