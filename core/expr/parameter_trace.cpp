#include "core/expr/parameter_trace.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

#include "core/expr/expr_store.hpp"

namespace acausal {

double evaluate_step(const TraceStep& s, const double* v, std::span<const double> parameters) {
  const double a = v[s.a];
  const double b = v[s.b];
  switch (s.code) {
    case TraceCode::Literal: return s.literal;
    case TraceCode::Parameter: return parameters[s.a];
    case TraceCode::Add: return a + b;
    case TraceCode::Sub: return a - b;
    case TraceCode::Mul: return a * b;
    case TraceCode::Div: return a / b;
    case TraceCode::Neg: return -a;
    case TraceCode::Pow: return std::pow(a, b);
    case TraceCode::Sqrt: return std::sqrt(a);
    case TraceCode::Exp: return std::exp(a);
    case TraceCode::Log: return std::log(a);
    case TraceCode::Sin: return std::sin(a);
    case TraceCode::Cos: return std::cos(a);
    case TraceCode::Tan: return std::tan(a);
    case TraceCode::Asin: return std::asin(a);
    case TraceCode::Acos: return std::acos(a);
    case TraceCode::Atan: return std::atan(a);
    case TraceCode::Tanh: return std::tanh(a);
    case TraceCode::Abs: return std::fabs(a);
    case TraceCode::Sign: return a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0);
    case TraceCode::Atan2: return std::atan2(a, b);
    case TraceCode::Min: return a < b ? a : b;
    case TraceCode::Max: return a > b ? a : b;
    case TraceCode::Less: return a < b ? 1.0 : 0.0;
    case TraceCode::LessEqual: return a <= b ? 1.0 : 0.0;
    case TraceCode::Greater: return a > b ? 1.0 : 0.0;
    case TraceCode::GreaterEqual: return a >= b ? 1.0 : 0.0;
  }
  throw std::logic_error("evaluate_step: unknown trace code");
}

namespace {
bool unary(TraceCode c) {
  switch (c) {
    case TraceCode::Neg:
    case TraceCode::Sqrt:
    case TraceCode::Exp:
    case TraceCode::Log:
    case TraceCode::Sin:
    case TraceCode::Cos:
    case TraceCode::Tan:
    case TraceCode::Asin:
    case TraceCode::Acos:
    case TraceCode::Atan:
    case TraceCode::Tanh:
    case TraceCode::Abs:
    case TraceCode::Sign:
      return true;
    default:
      return false;
  }
}
bool has_operands(TraceCode c) { return c != TraceCode::Literal && c != TraceCode::Parameter; }
}  // namespace

std::size_t ParameterTrace::KeyHash::operator()(const Key& k) const {
  std::size_t h = static_cast<std::size_t>(k.code) * 0x9e3779b97f4a7c15ULL;
  h ^= (static_cast<std::size_t>(k.a) << 32 | k.b) + 0x7f4a7c15 + (h << 6) + (h >> 2);
  h ^= k.bits + 0x9e3779b9 + (h << 6) + (h >> 2);
  return h;
}

ParameterTrace::ParameterTrace() : steps_(1), values_(1, 0.0) {}

std::uint32_t ParameterTrace::literal(double v) {
  const Key key{TraceCode::Literal, 0, 0, std::bit_cast<std::uint64_t>(v)};
  auto [it, fresh] = numbered_.emplace(key, static_cast<std::uint32_t>(steps_.size()));
  if (fresh) {
    steps_.push_back({TraceCode::Literal, 0, 0, v});
    values_.push_back(v);
  }
  return it->second;
}

Coef ParameterTrace::parameter(const std::string& name, double value, std::string unit, ValueCheck check) {
  // The same name at another value is another parameter (another model built in this store).
  std::vector<std::uint32_t>& same_name = by_name_[name];
  auto found = std::find_if(same_name.begin(), same_name.end(),
                            [&](std::uint32_t k) { return parameter_values_[k] == value; });
  const std::uint32_t index = found != same_name.end() ? *found : static_cast<std::uint32_t>(parameters_.size());
  if (found == same_name.end()) {
    same_name.push_back(index);
    parameters_.push_back({name, std::move(unit), std::move(check)});
    parameter_values_.push_back(value);
  }
  const Key key{TraceCode::Parameter, index, 0, 0};
  auto [it, fresh] = numbered_.emplace(key, static_cast<std::uint32_t>(steps_.size()));
  if (fresh) {
    steps_.push_back({TraceCode::Parameter, index, 0, 0.0});
    values_.push_back(value);
  }
  return Coef(value, it->second);
}

std::uint32_t ParameterTrace::apply(TraceCode code, Coef a, Coef b, double value) {
  const std::uint32_t sa = a.traced() ? a.trace : literal(a.value);
  const std::uint32_t sb = unary(code) ? 0 : (b.traced() ? b.trace : literal(b.value));
  const Key key{code, sa, sb, 0};
  auto [it, fresh] = numbered_.emplace(key, static_cast<std::uint32_t>(steps_.size()));
  if (fresh) {
    steps_.push_back({code, sa, sb, 0.0});
    values_.push_back(value);
  }
  // A run must not divide by zero where the build did not: a divisor (or the base of a negative
  // power) keeps its sign of nonzero.
  if (code == TraceCode::Div) guard(sb, GuardKind::Nonzero);
  if (code == TraceCode::Pow && b.value < 0.0) guard(sa, GuardKind::Nonzero);
  return it->second;
}

void ParameterTrace::guard(std::uint32_t step, GuardKind kind) {
  if (step == 0 || steps_[step].code == TraceCode::Literal) return;
  const std::uint64_t key = std::uint64_t{step} << 8 | static_cast<std::uint8_t>(kind);
  if (guarded_.insert(key).second) guards_.push_back({step, kind});
}

ParameterTrace& current_trace() { return detail::current_store().trace(); }

namespace detail {
Coef traced_apply(TraceCode code, Coef a, Coef b, double value) {
  return Coef(value, current_trace().apply(code, a, b, value));
}
}  // namespace detail

Coef apply(TraceCode code, Coef a, Coef b) {
  const std::span<const double> none;
  const double values[3] = {0.0, a.value, b.value};
  const double value = evaluate_step({code, 1, 2, 0.0}, values, none);
  if (!a.traced() && (unary(code) || !b.traced())) return Coef(value);
  return detail::traced_apply(code, a, b, value);
}

// ---- CompiledTrace --------------------------------------------------------------------------------

CompiledTrace::CompiledTrace(const ParameterTrace& trace, std::span<const std::uint32_t> roots) {
  const std::span<const TraceStep> all = trace.steps();
  std::vector<char> needed(all.size(), 0);
  // Marks the steps `from` reaches (themselves and their operands) in `mark`.
  auto reach = [&all](std::vector<std::uint32_t> stack, std::vector<char>& mark) {
    while (!stack.empty()) {
      const std::uint32_t s = stack.back();
      stack.pop_back();
      if (s == 0 || mark[s]) continue;
      mark[s] = 1;
      if (has_operands(all[s].code)) {
        stack.push_back(all[s].a);
        if (!unary(all[s].code)) stack.push_back(all[s].b);
      }
    }
  };
  reach(std::vector<std::uint32_t>(roots.begin(), roots.end()), needed);
  // A guard on a number the tapes do not hold (a decision the build took on a parameter, which
  // then shaped the equations) still binds every parameter the tapes read: keep it.
  std::vector<char> read(trace.parameters().size(), 0);
  for (std::uint32_t s = 1; s < all.size(); ++s)
    if (needed[s] && all[s].code == TraceCode::Parameter) read[all[s].a] = 1;
  for (const TraceGuard& g : trace.guards()) {
    if (needed[g.step]) continue;
    bool binds = false;  // does the guarded number read a parameter the tapes read?
    std::unordered_set<std::uint32_t> seen;
    std::vector<std::uint32_t> stack{g.step};
    while (!stack.empty() && !binds) {
      const std::uint32_t s = stack.back();
      stack.pop_back();
      if (s == 0 || !seen.insert(s).second) continue;
      if (all[s].code == TraceCode::Parameter) binds = read[all[s].a] != 0;
      else if (has_operands(all[s].code)) {
        stack.push_back(all[s].a);
        if (!unary(all[s].code)) stack.push_back(all[s].b);
      }
    }
    if (binds) reach({g.step}, needed);
  }
  // Operands precede their results in the original order, so keeping that order keeps them so.
  std::unordered_map<std::uint32_t, std::uint32_t> parameter_position;
  for (std::uint32_t s = 1; s < all.size(); ++s) {
    if (!needed[s]) continue;
    TraceStep step = all[s];
    if (step.code == TraceCode::Parameter) {
      auto [it, fresh] = parameter_position.emplace(step.a, static_cast<std::uint32_t>(names_.size()));
      if (fresh) {
        names_.push_back(trace.parameters()[step.a].name);
        parameters_.push_back(trace.parameters()[step.a]);
        build_parameters_.push_back(trace.parameter_values()[step.a]);
      }
      step.a = it->second;
    } else if (has_operands(step.code)) {
      step.a = position_.at(step.a);
      step.b = unary(step.code) ? 0 : position_.at(step.b);
    }
    position_.emplace(s, static_cast<std::uint32_t>(steps_.size()));
    steps_.push_back(step);
    build_step_values_.push_back(trace.value(s));
  }
  for (const TraceGuard& g : trace.guards())
    if (g.step < needed.size() && needed[g.step]) guards_.push_back({position_.at(g.step), g.kind});
}

std::uint32_t CompiledTrace::index_of(std::uint32_t original_step) const { return position_.at(original_step); }

std::vector<double> CompiledTrace::replay(std::span<const double> parameters) const {
  if (parameters.size() != names_.size())
    throw std::invalid_argument("CompiledTrace::replay: " + std::to_string(parameters.size()) + " values for " +
                                std::to_string(names_.size()) + " parameters");
  std::vector<double> values(steps_.size());
  for (std::size_t k = 0; k < steps_.size(); ++k) values[k] = evaluate_step(steps_[k], values.data(), parameters);
  return values;
}

std::vector<std::uint32_t> CompiledTrace::depends_on(std::uint32_t k) const {
  std::vector<char> seen(steps_.size(), 0);
  std::vector<std::uint32_t> stack{k}, out;
  while (!stack.empty()) {
    const std::uint32_t s = stack.back();
    stack.pop_back();
    if (seen[s]) continue;
    seen[s] = 1;
    const TraceStep& step = steps_[s];
    if (step.code == TraceCode::Parameter) {
      out.push_back(step.a);
    } else if (has_operands(step.code)) {
      stack.push_back(step.a);
      if (!unary(step.code)) stack.push_back(step.b);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<std::string> CompiledTrace::failed_check(std::span<const double> parameters) const {
  for (std::size_t k = 0; k < parameters_.size(); ++k) {
    if (!std::isfinite(parameters[k])) return names_[k] + " is not a finite number";
    if (!parameters_[k].check) continue;
    if (std::optional<std::string> problem = parameters_[k].check(parameters[k])) {
      std::ostringstream os;
      os.precision(6);
      os << names_[k] << " " << *problem << ", got " << parameters[k];
      return os.str();
    }
  }
  return std::nullopt;
}

std::optional<std::string> CompiledTrace::broken_guard(std::span<const double> values,
                                                       std::span<const double> parameters) const {
  for (const TraceGuard& g : guards_) {
    const double now = values[g.step];
    const double then = build_step_values_[g.step];
    const bool broken = g.kind == GuardKind::Exact ? std::bit_cast<std::uint64_t>(now) != std::bit_cast<std::uint64_t>(then)
                                                   : now == 0.0;
    if (!broken) continue;
    std::ostringstream os;
    os.precision(10);
    std::string names;
    for (std::uint32_t p : depends_on(g.step)) {
      if (parameters[p] == build_parameters_[p]) continue;
      if (!names.empty()) names += ", ";
      names += names_[p];
      os.str("");
      os << " = " << parameters[p] << " (built with " << build_parameters_[p] << ")";
      names += os.str();
    }
    if (g.kind == GuardKind::Exact)
      return names + ": the model's equations were built from this value (a number the build decided on); "
                     "rebuild the model to change it";
    return names + ": a quantity the model's equations divide by becomes zero; rebuild the model (or choose "
                   "another value)";
  }
  return std::nullopt;
}

}  // namespace acausal
