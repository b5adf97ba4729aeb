#include "components/signal/table.hpp"

#include <memory>

#include "core/expr/table.hpp"

namespace acausal::signal_components {

void Table::define(ComponentBuilder& b) const {
  auto table = b.table_parameter("table", "time", "s", "y", "1", "Output y over time");
  if (!table) {
    if (b.mode() != ComponentBuilder::Mode::Describe)
      b.fail("table", "signal.Table needs a table: { \"time\": [...], \"y\": [...] }");
    // Describing the type: a placeholder, so the law prints as `y - table(table, time)`.
    table = std::make_shared<const Table1D>("table", std::vector<double>{0.0, 1.0}, std::vector<double>{0.0, 0.0});
  }
  Expr y = b.output("y", "1", "Output signal");
  b.equation(y - interpolate(*table, Expr::time()), "table lookup");
}

}  // namespace acausal::signal_components
