// Dimensional analysis: declared units parse; the law holds after a change of units (numerically,
// at an operating point); a term that breaks it is named by a symbolic analysis over the described
// definition (each node's dimension from its leaves' declared units).

#include "solver/testing/dimensions.hpp"

#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <stdexcept>
#include <unordered_map>

#include "core/expr/expr_diff.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/model/declared_units.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/units.hpp"
#include "solver/testing/number_text.hpp"

namespace acausal::testing {
namespace {

/// Exponents of the SI base dimensions, doubled (a square root halves them).
struct Dim {
  std::array<int, 7> twice{};
  friend bool operator==(const Dim&, const Dim&) = default;
  Dim operator+(const Dim& o) const {
    Dim r;
    for (std::size_t i = 0; i < 7; ++i) r.twice[i] = twice[i] + o.twice[i];
    return r;
  }
  Dim scaled(int numerator, int denominator) const {
    Dim r;
    for (std::size_t i = 0; i < 7; ++i) r.twice[i] = twice[i] * numerator / denominator;
    return r;
  }
  bool divisible(int denominator) const {
    for (int e : twice)
      if (e % denominator != 0) return false;
    return true;
  }
  std::string text() const {
    static const char* const base[] = {"m", "kg", "s", "A", "K", "mol", "cd"};
    std::string num, den;
    for (std::size_t i = 0; i < 7; ++i) {
      if (twice[i] == 0) continue;
      const int e = std::abs(twice[i]);
      std::string t = base[i];
      if (e != 2) t += "^" + (e % 2 == 0 ? std::to_string(e / 2) : "(" + std::to_string(e) + "/2)");
      std::string& side = twice[i] > 0 ? num : den;
      side += (side.empty() ? "" : "*") + t;
    }
    if (num.empty()) num = "1";
    return den.empty() ? num : num + "/" + den;
  }
};

Dim from_unit(std::string_view unit) {
  const units::Dimension d = units::parse_unit(unit).dimension;
  Dim r;
  for (std::size_t i = 0; i < 7; ++i) r.twice[i] = 2 * d.exponent[i];
  return r;
}

const Dim kDimensionless{};
const Dim kSecond = from_unit("s");

/// ±k/12 for a whole k up to 144: ½, ⅓, ¼, 2, 3, 12 — the numbers of laws, not of parameters.
bool small_rational(double c) {
  const double twelfths = std::fabs(c) * 12.0;
  return twelfths <= 144.0 && twelfths == std::round(twelfths);
}

std::string shortened(const Expr& e) { return json_checks::text_excerpt(to_string(e), 60); }

/// The dimension of each node, none where it is unknown (a number, a table); every disagreement is
/// reported once per place (the first in the term).
class Analysis {
 public:
  explicit Analysis(const Definition& d) {
    for (const auto& v : d.variables)
      if (!v.unit.empty()) leaf_units_.emplace(v.symbol.name(), std::string(v.unit));
    for (const auto& p : d.parameters)
      if (!p.unit.empty()) parameter_units_.emplace(std::string(p.name), std::string(p.unit));
    for (const auto& c : d.constants)
      if (!c.unit.empty()) parameter_units_.emplace(std::string(c.name), std::string(c.unit));
  }

  /// The dimension of `e`; `problem` receives the first disagreement found in it.
  std::optional<Dim> of(const Expr& e, std::string& problem) {
    problem_ = &problem;
    return visit(e);
  }

 private:
  void report(const std::string& what) {
    if (problem_->empty()) *problem_ = what;
  }

  std::optional<Dim> unit_of(const std::unordered_map<std::string, std::string>& units, const std::string& name) {
    auto it = units.find(name);
    if (it == units.end()) {
      const std::size_t bracket = name.find('[');  // an element of a vector or matrix: r_CM[2]
      if (bracket != std::string::npos) it = units.find(name.substr(0, bracket));
    }
    if (it == units.end()) return std::nullopt;
    return from_unit(it->second);
  }

  /// All known dimensions among `dims` agree (reported if not); the common one, or none.
  std::optional<Dim> alike(std::span<const Expr> args, std::size_t first, const std::string& what) {
    std::optional<Dim> common;
    std::size_t common_arg = 0;
    for (std::size_t k = first; k < args.size(); ++k) {
      const std::optional<Dim> d = visit(args[k]);
      if (!d) continue;
      if (!common) {
        common = d, common_arg = k;
      } else if (!(*d == *common)) {
        report(what + " " + shortened(args[common_arg]) + " [" + common->text() + "] and " + shortened(args[k]) + " [" +
               d->text() + "] differ in dimension");
      }
    }
    return common;
  }

  std::optional<Dim> dimensionless_argument(const Expr& e, const std::string& function) {
    const std::optional<Dim> d = visit(e.args()[0]);
    if (d && !(*d == kDimensionless))
      report(function + "() of " + shortened(e.args()[0]) + " [" + d->text() + "], which is not dimensionless");
    return kDimensionless;
  }

  std::optional<Dim> visit(const Expr& e) {
    switch (e.op()) {
      case Op::Constant:
        return std::nullopt;
      case Op::Variable:
        return unit_of(leaf_units_, e.name());
      case Op::Derivative: {
        const std::optional<Dim> base = unit_of(leaf_units_, e.name());
        if (!base) return std::nullopt;
        return *base + kSecond.scaled(-e.order(), 1);
      }
      case Op::Parameter:
        return unit_of(parameter_units_, e.name());
      case Op::Time:
        return kSecond;
      case Op::Add:
        return alike(e.args(), 0, "the terms");
      case Op::Mul: {
        Dim product;
        for (const Expr& a : e.args()) {
          if (a.is_constant()) {
            // A small rational (½, 2, −1) is a pure number; any other may be a parameter folded
            // where the component needed its value (a body's inertia): its dimension is unknown.
            if (!small_rational(a.constant_value())) return std::nullopt;
            continue;
          }
          const std::optional<Dim> d = visit(a);
          if (!d) return std::nullopt;
          product = product + *d;
        }
        return product;
      }
      case Op::Pow: {
        const std::optional<Dim> base = visit(e.args()[0]);
        const Expr& exponent = e.args()[1];
        if (!exponent.is_constant()) {
          if (base && !(*base == kDimensionless))
            report("the power " + shortened(e) + " of a quantity in " + base->text() + " to a variable exponent");
          return kDimensionless;
        }
        if (!base) return std::nullopt;
        const double p = exponent.constant_value();
        const double twice = 2.0 * p;
        if (twice == std::round(twice)) {
          const int n = static_cast<int>(twice);
          if (base->scaled(n, 1).divisible(2)) return base->scaled(n, 2);
        }
        if (*base == kDimensionless) return kDimensionless;
        return std::nullopt;
      }
      case Op::Sqrt: {
        const std::optional<Dim> d = visit(e.args()[0]);
        if (!d) return std::nullopt;
        if (!d->divisible(2)) return std::nullopt;
        return d->scaled(1, 2);
      }
      case Op::Exp:
        return dimensionless_argument(e, "exp");
      case Op::Log:
        return dimensionless_argument(e, "log");
      case Op::Sin:
        return dimensionless_argument(e, "sin");
      case Op::Cos:
        return dimensionless_argument(e, "cos");
      case Op::Tan:
        return dimensionless_argument(e, "tan");
      case Op::Asin:
        return dimensionless_argument(e, "asin");
      case Op::Acos:
        return dimensionless_argument(e, "acos");
      case Op::Atan:
        return dimensionless_argument(e, "atan");
      case Op::Tanh:
        return dimensionless_argument(e, "tanh");
      case Op::Abs:
        return visit(e.args()[0]);
      case Op::Sign:
        visit(e.args()[0]);
        return kDimensionless;
      case Op::Atan2:
        alike(e.args(), 0, "atan2's arguments");
        return kDimensionless;
      case Op::Min:
      case Op::Max:
        return alike(e.args(), 0, "min/max's arguments");
      case Op::Less:
      case Op::LessEqual:
      case Op::Greater:
      case Op::GreaterEqual:
        alike(e.args(), 0, "the compared quantities");
        return kDimensionless;
      case Op::And:
      case Op::Or:
        for (const Expr& a : e.args()) visit(a);
        return kDimensionless;
      case Op::IfElse:
        visit(e.args()[0]);
        return alike(e.args(), 1, "the branches");
      case Op::Table:
        visit(e.args()[0]);
        return std::nullopt;
    }
    return std::nullopt;
  }

  std::unordered_map<std::string, std::string> leaf_units_, parameter_units_;
  std::string* problem_ = nullptr;
};

/// How many times larger each SI base unit is in the converted system: m, kg, s, A, K (mol, cd: 1).
constexpr std::array<double, 7> kBaseScale = {1.7, 2.3, 1.3, 1.1, 1.9, 1.0, 1.0};

/// The factor by which a quantity of `unit` changes in the converted system (1 for no unit).
double conversion(std::string_view unit) {
  if (unit.empty()) return 1.0;
  const units::Dimension d = units::parse_unit(unit).dimension;
  double f = 1.0;
  for (std::size_t i = 0; i < 7; ++i) f *= std::pow(kBaseScale[i], -d.exponent[i]);
  return f;
}

/// The converted value of parameter `p` as the netlist would give it, or none when it has no
/// number to convert (a flag, a choice: left as given).
/// @throws std::invalid_argument for a table (an object) or an unparsable unit.
std::optional<nlohmann::json> converted(const Definition::Parameter& p, const nlohmann::json& params) {
  const std::string name(p.name);
  const double f = conversion(p.unit);
  if (p.value) return nlohmann::json(*p.value * f);
  nlohmann::json given = params.contains(name) ? params.at(name) : nlohmann::json::parse(p.default_text, nullptr, false);
  if (given.is_boolean() || given.is_string() || given.is_discarded() || given.is_null()) return std::nullopt;
  if (!given.is_array()) throw std::invalid_argument("parameter " + name + " is a table");
  for (auto& e : given) {
    if (e.is_number()) e = e.get<double>() * f;
    else if (e.is_string()) e = units::to_si(e.get<std::string>(), p.unit) * f;
    else throw std::invalid_argument("parameter " + name + " is a table");
  }
  return given;
}

/// The unit of a leaf of the operating point: a variable's, per second for each derivative order;
/// an initial parameter's; the time in s; none (1) for a discrete variable.
double leaf_conversion(const Definition& d, const std::string& name) {
  if (name == "time") return conversion("s");
  std::string base = name;
  int order = 0;
  while (base.starts_with("der(") && base.ends_with(")")) {
    base = base.substr(4, base.size() - 5);
    ++order;
  }
  for (const auto& v : d.variables)
    if (v.symbol.name() == base) return conversion(v.unit) * std::pow(conversion("s"), -order);
  for (const auto& p : d.initial_parameters)
    if (p.symbol.name() == base) return conversion(p.unit);
  return 1.0;
}

/// The scale a residual is measured against: Σ |∂residual/∂x|·max(|x|, one unit of x) over its
/// variables and derivatives (the size of its terms, where they are not all near zero), or 1e-300.
double row_scale(const Definition& d, const Expr& residual, const Values& at) {
  double scale = 0.0;
  for (const Expr& leaf : leaves(residual))
    if (leaf.op() == Op::Variable || leaf.op() == Op::Derivative) {
      const std::string name = to_string(leaf);
      scale += std::fabs(value(diff(residual, leaf), at)) * std::max(std::fabs(at.at(name)), leaf_conversion(d, name));
    }
  return std::max(scale, 1e-300);
}

}  // namespace

bool check_declared_units(const Definition& described, CheckResult& result) {
  const std::vector<std::string> problems = declared_unit_problems(described);
  for (const std::string& problem : problems) result.add("units", problem);
  return problems.empty();
}

void check_unit_conversion(const Component& component, const nlohmann::json& params, const Definition& d,
                           const Definition& described, const Values& point, CheckResult& result) {
  nlohmann::json converted_params = nlohmann::json::object();
  try {
    for (const auto& p : d.parameters) {
      if (const auto v = converted(p, params)) converted_params[std::string(p.name)] = *v;
      else if (params.contains(std::string(p.name))) converted_params[std::string(p.name)] = params.at(std::string(p.name));
    }
  } catch (const std::invalid_argument&) {
    return;  // a table
  }
  for (const auto& v : d.variables)
    if (v.unit.empty()) return;  // a path parameter whose dimension changes with a mode (friction's sa)
  Gravity gravity;
  for (double& g : gravity.g) g *= conversion("m/s^2");
  gravity.mu *= conversion("m^3/s^2");
  const Environment environment{gravity, "world"};
  ComponentBuilder b(ComponentBuilder::Mode::Instance, d.instance, d.type, d.pointer, &converted_params);
  b.set_environment(&environment);
  b.set_unit_conversion(conversion);
  component.define(b);
  const Definition c = b.finish();
  if (c.equations.size() != d.equations.size()) return;  // converted values changed the structure

  Values at;
  for (const auto& [name, v] : point) at[name] = v * leaf_conversion(d, name);
  Analysis analysis(described);
  const auto explained = [&](const Expr& described_term) {
    std::string problem;
    analysis.of(described_term, problem);
    return problem.empty() ? std::string() : ": " + problem;
  };
  for (std::size_t k = 0; k < c.equations.size(); ++k) {
    const double r = value(c.equations[k].residual, at);
    const double relative = std::fabs(r) / row_scale(d, c.equations[k].residual, at);
    if (relative <= 1e-8) continue;
    const std::string why = k < described.equations.size() ? explained(described.equations[k].residual) : "";
    result.add("units", "equation " + std::to_string(k + 1) + " (" + std::string(c.equations[k].description) +
                            ") does not hold in other units (m, kg, s 1.7, 2.3, 1.3 times larger): relative residual " +
                            number_text(relative) + (why.empty() ? ", a term of another dimension" : why));
  }
  const struct {
    const Expr& original;
    const Expr& now;
    const Expr& described_term;
    const char* name;
    const char* unit;
  } terms[] = {{d.stored_energy, c.stored_energy, described.stored_energy, "stored energy", "J"},
               {d.loss_power, c.loss_power, described.loss_power, "loss power", "W"},
               {d.injected_power, c.injected_power, described.injected_power, "injected power", "W"}};
  for (const auto& t : terms) {
    const double expected = value(t.original, point) * conversion(t.unit);
    const double got = value(t.now, at);
    if (std::fabs(got - expected) <= 1e-9 * std::max(std::fabs(expected), 1e-300)) continue;
    std::string why = explained(t.described_term);
    result.add("units", std::string(t.name) + " is not in " + t.unit + ": in other units (m, kg, s 1.7, 2.3, 1.3 times " +
                            "larger) it is " + number_text(got) + ", not " + number_text(expected) + why);
  }
}

}  // namespace acausal::testing
