#include "components/rotational/nonlinear_law.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include "core/expr/table.hpp"

namespace acausal::rotational_components {
namespace {

constexpr std::size_t kTerms = 5;

/// The units of c1..c5: N·m per x, x², …
std::vector<std::string> coefficient_units(const NonlinearLawNames& names) {
  std::vector<std::string> units;
  for (std::size_t i = 1; i <= kTerms; ++i)
    units.push_back("N*m/" + std::string(names.x_power) + (i > 1 ? "^" + std::to_string(i) : ""));
  return units;
}

/// Σ cᵢ·sᵢ·xⁱ and its integral Σ cᵢ·sᵢ·xⁱ⁺¹/(i+1), with the factor sᵢ of each power.
NonlinearLaw polynomial(const std::vector<Expr>& c, const Expr& x, const std::array<Expr, kTerms>& factor) {
  NonlinearLaw law{0.0, 0.0};
  for (std::size_t i = 0; i < kTerms; ++i) {
    const int power = static_cast<int>(i) + 1;
    law.torque += c[i] * factor[i] * pow(x, power);
    law.integral += c[i] * factor[i] * pow(x, power + 1) / static_cast<double>(power + 1);
  }
  return law;
}

std::vector<Expr> constants(const std::vector<double>& values) { return {values.begin(), values.end()}; }

/// The table with the point (0, 0) added when it has no breakpoint at 0 (seed 001 and 003).
std::shared_ptr<const Table1D> with_origin(const std::shared_ptr<const Table1D>& table) {
  const std::vector<double>& x = table->x();
  if (std::find(x.begin(), x.end(), 0.0) != x.end()) return table;
  std::vector<double> xs = x, ys = table->y();
  const auto at = std::upper_bound(xs.begin(), xs.end(), 0.0) - xs.begin();
  xs.insert(xs.begin() + at, 0.0);
  ys.insert(ys.begin() + at, 0.0);
  return std::make_shared<const Table1D>(table->label(), std::move(xs), std::move(ys), table->interpolation(),
                                         table->extrapolation());
}

}  // namespace

NonlinearLaw define_nonlinear_law(ComponentBuilder& b, const NonlinearLawNames& names, const Expr& x) {
  const std::vector<std::string> kinds = {"symmetric", "two_sided", "table"};
  const std::string kind = b.choice("parameterization", kinds, "symmetric",
                                    "symmetric polynomial, two-sided polynomial, or lookup table");
  // A parameter of another parameterization is a mistake worth naming (it would be ignored).
  const std::string c(names.coefficient), pos(names.positive), neg(names.negative);
  const std::vector<std::pair<std::string, std::string>> owner = {
      {c, "symmetric"},   {pos, "two_sided"},           {neg, "two_sided"},
      {"table", "table"}, {"interpolation", "table"},   {"extrapolation", "table"}};
  for (const auto& [parameter, needs] : owner)
    if (needs != kind && b.is_given(parameter))
      b.fail(parameter, parameter + " belongs to parameterization \"" + needs + "\", but parameterization is \"" +
                            kind + "\"");

  const std::vector<std::string> units = coefficient_units(names);
  const std::string unit_text = "N*m/" + std::string(names.x_power) + "^i";
  const std::string what(names.what);
  const auto symmetric = b.coefficients(c, units, unit_text, names.default_coefficients,
                                        what + " coefficients " + c + "1.." + c + "5 (symmetric polynomial)");
  const auto positive = b.coefficients(pos, units, unit_text, names.default_coefficients,
                                       what + " coefficients for " + std::string(names.x) + " ≥ 0 (two-sided)");
  const auto negative = b.coefficients(neg, units, unit_text, names.default_coefficients,
                                       what + " coefficients for " + std::string(names.x) + " < 0 (two-sided)");
  const std::string interpolation = b.choice("interpolation", {"linear", "smooth"}, "linear",
                                             "table interpolation; smooth: monotone cubic with continuous slope");
  const std::string extrapolation = b.choice("extrapolation", {"linear", "nearest"}, "linear",
                                             "outside the table: continue the end slope, or hold the end value");
  auto table = b.table_parameter(
      "table", names.x, names.x_unit, "torque", "N*m", "torque over " + std::string(names.x) + " (table)",
      interpolation == "smooth" ? Interpolation::Smooth : Interpolation::Linear,
      extrapolation == "nearest" ? Extrapolation::Nearest : Extrapolation::Linear);
  // A characteristic through one point would be a constant torque: not a spring's or a damper's law.
  if (table && (**table).given_points() < 2)
    b.fail("table", "table " + b.instance() + ".table: needs at least two points");

  const Expr one = 1.0, sgn = sign(x);
  if (kind == "symmetric") {
    std::vector<Expr> coefficient = constants(symmetric);
    if (b.mode() == ComponentBuilder::Mode::Describe)  // the law as the seed writes it: c1 … c5
      for (std::size_t i = 0; i < kTerms; ++i) coefficient[i] = Expr::parameter(c + std::to_string(i + 1));
    else if (symmetric[1] != 0.0 || symmetric[3] != 0.0)
      b.note(c + "2 or " + c + "4 ≠ 0: sign(" + std::string(names.x) + ") makes an event at every zero crossing of " +
             std::string(names.x) + "; an odd polynomial (" + c + "2 = " + c + "4 = 0) has none");
    return polynomial(coefficient, x, {one, sgn, one, sgn, one});
  }
  if (kind == "two_sided") {
    const Expr alt = names.alternating_negative ? -1.0 : 1.0;
    const NonlinearLaw up = polynomial(constants(positive), x, {one, one, one, one, one});
    const NonlinearLaw down = polynomial(constants(negative), x, {one, alt, one, alt, one});
    if (!names.alternating_negative && (negative[1] > 0.0 || negative[3] > 0.0))
      b.note(neg + ": a positive " + c + "2 or " + c + "4 for " + std::string(names.x) + " < 0 gives torque along " +
             std::string(names.x) + " (T·" + std::string(names.x) + " < 0: power generated, not dissipated)");
    const Expr upper = x >= 0.0;  // the same condition for both, so one event switches both
    return {if_else(upper, up.torque, down.torque), if_else(upper, up.integral, down.integral)};
  }
  if (!table) {
    if (b.mode() != ComponentBuilder::Mode::Describe)
      b.fail("table", "parameterization \"table\" needs a table: { \"" + std::string(names.x) +
                          "\": [...], \"torque\": [...] }");
    table = std::make_shared<const Table1D>("table", std::vector<double>{-1.0, 1.0}, std::vector<double>{-1.0, 1.0});
  }
  const auto t = with_origin(*table);
  return {interpolate(t, x), table_integral(t, x)};
}

}  // namespace acausal::rotational_components
