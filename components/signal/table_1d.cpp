#include "components/signal/table_1d.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "components/signal/table_rows.hpp"
#include "core/expr/table.hpp"

namespace acausal::signal_components {

void Table1DBlock::define(ComponentBuilder& b) const {
  const std::string extrapolation =
      b.choice("extrapolation", {"last_two_points", "hold_last_point", "no_extrapolation"}, "last_two_points",
               "Outside the table: through the end points' segment, the end value, or an error");
  auto table = b.table_parameter("table", "u", "1", "y", "1", "Output y over the input u", Interpolation::Linear,
                                 extrapolation == "hold_last_point" ? Extrapolation::Nearest : Extrapolation::Linear);
  if (!table) {
    if (b.mode() != ComponentBuilder::Mode::Describe)
      b.fail("table", "signal.Table1D needs a table: { \"u\": [...], \"y\": [...] }");
    // Describing the type: a placeholder, so the law prints as `y - table(table, u)`.
    table = std::make_shared<const Table1D>("table", std::vector<double>{0.0, 1.0}, std::vector<double>{0.0, 0.0});
  }
  const Expr u = b.input("u", "1", "Input signal (the table's abscissa)");
  const Expr y = b.output("y", "1", "Output signal");
  b.equation(y - interpolate(*table, u), "table lookup");
  if (extrapolation == "no_extrapolation") stop_outside_range(b, u, (*table)->x().front(), (*table)->x().back());
}

}  // namespace acausal::signal_components
