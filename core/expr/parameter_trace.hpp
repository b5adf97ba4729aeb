#pragma once
/// @file
/// The arithmetic a model's build did on its tunable parameters, recorded step by step (coef.hpp),
/// and its replay with new values.
///
/// A building context (its expression store) keeps one trace; every Coef with a nonzero `trace` is
/// a step of it. A compiled model keeps the steps its numbers need (CompiledTrace), so a run can
/// recompute those numbers for new parameter values, once per run, and check the guards: the
/// decisions the build took on a value (a division by it, a number it read) that a new value must
/// not undo.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/expr/coef.hpp"

namespace acausal {

struct TraceStep {
  TraceCode code = TraceCode::Literal;
  std::uint32_t a = 0, b = 0;  ///< operands (steps); a Parameter's a: its index among the parameters
  double literal = 0.0;        ///< a Literal's value
};

struct TraceGuard {
  std::uint32_t step = 0;
  GuardKind kind = GuardKind::Exact;
};

/// What a parameter's value must satisfy (ComponentBuilder's ParameterCheck): a message such as
/// "must be positive" when it does not.
using ValueCheck = std::function<std::optional<std::string>(double)>;

/// A tunable parameter: its name (`spring.c`), SI unit and check.
struct TunableParameter {
  std::string name;
  std::string unit;
  ValueCheck check;
};

/// The value of one step from its operands' values.
double evaluate_step(const TraceStep& step, const double* values, std::span<const double> parameters);

/// What one building context recorded.
class ParameterTrace {
 public:
  ParameterTrace();

  /// The step of tunable parameter `name` at `value` (one step per name and value), in `unit`,
  /// whose values must pass `check` (may be empty).
  Coef parameter(const std::string& name, double value, std::string unit = "", ValueCheck check = {});
  /// The step of `code` on a and b (value-numbered: the same operation on the same steps is one step).
  std::uint32_t apply(TraceCode code, Coef a, Coef b, double value);
  /// Records a guard on `step` (once per step and kind).
  void guard(std::uint32_t step, GuardKind kind);

  std::span<const TraceStep> steps() const { return steps_; }
  double value(std::uint32_t step) const { return values_[step]; }
  const std::vector<TunableParameter>& parameters() const { return parameters_; }
  std::span<const double> parameter_values() const { return parameter_values_; }
  const std::vector<TraceGuard>& guards() const { return guards_; }

 private:
  std::uint32_t literal(double v);
  std::vector<TraceStep> steps_;  // step 0: unused (a Coef's trace 0 is a literal)
  std::vector<double> values_;    // each step's value at the build
  std::vector<TunableParameter> parameters_;
  std::vector<double> parameter_values_;
  std::vector<TraceGuard> guards_;
  struct Key {
    TraceCode code;
    std::uint32_t a, b;
    std::uint64_t bits;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const;
  };
  std::unordered_map<Key, std::uint32_t, KeyHash> numbered_;
  std::unordered_set<std::uint64_t> guarded_;  // step << 8 | kind
  std::unordered_map<std::string, std::vector<std::uint32_t>> by_name_;  // parameters_ by name
};

/// The trace of the context where this thread builds now.
ParameterTrace& current_trace();

/// The steps a compiled model needs, renumbered from 0 in order, with the guards on them: no
/// expression, no context, safe to share between runs and threads.
class CompiledTrace {
 public:
  CompiledTrace() = default;
  /// Keeps the steps `roots` need (and the guards among them). `index_of` then gives a root's
  /// position in values().
  CompiledTrace(const ParameterTrace& trace, std::span<const std::uint32_t> roots);

  bool empty() const { return steps_.empty(); }
  /// The new position of a step of the original trace (one of the roots or their operands).
  std::uint32_t index_of(std::uint32_t original_step) const;
  /// The tunable parameters the kept steps read, by name, and their values at the build.
  const std::vector<std::string>& parameter_names() const { return names_; }
  const std::vector<TunableParameter>& parameters() const { return parameters_; }
  std::span<const double> build_values() const { return build_parameters_; }
  /// Every kept step's value for these parameter values (by parameter_names()).
  std::vector<double> replay(std::span<const double> parameters) const;
  /// The first parameter value that fails its check: "spring.c must be positive, got -1".
  std::optional<std::string> failed_check(std::span<const double> parameters) const;
  /// The first guard the replayed values break, described for a user: which parameters it
  /// depends on, and what the build decided on it; nullopt when none.
  std::optional<std::string> broken_guard(std::span<const double> values, std::span<const double> parameters) const;
  /// The parameters step `k` (a kept position) depends on, by index into parameter_names().
  std::vector<std::uint32_t> depends_on(std::uint32_t k) const;

 private:
  std::vector<TraceStep> steps_;
  std::vector<TraceGuard> guards_;  // steps renumbered
  std::vector<std::string> names_;
  std::vector<TunableParameter> parameters_;
  std::vector<double> build_parameters_;
  std::vector<double> build_step_values_;
  std::unordered_map<std::uint32_t, std::uint32_t> position_;
};

}  // namespace acausal
