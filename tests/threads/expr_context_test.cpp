// Expression stores per building context (core/expr/expr_context.hpp): a context's nodes live in its
// own store, freed with it; another thread or context neither sees nor mixes with them.

#include <doctest/doctest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <thread>

#include "core/expr/expr.hpp"
#include "core/expr/expr_context.hpp"
#include "core/expr/table.hpp"

using namespace acausal;

namespace {

/// Runs `body` on a thread of its own (a fresh thread store) and waits for it; rethrows what it threw.
template <typename F>
void on_new_thread(F body) {
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      body();
    } catch (...) {
      failure = std::current_exception();
    }
  });
  worker.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

TEST_SUITE("threads") {

TEST_CASE("a context's expressions live in its own store and go with it") {
  on_new_thread([] {
    const std::size_t stores = live_expr_stores();
    const Expr own = Expr::variable("x");  // the thread's own store, made now
    CHECK(live_expr_stores() == stores + 1);
    const std::size_t own_nodes = current_expr_nodes();
    CHECK(own_nodes == 1);
    {
      ExprContext context;
      CHECK(live_expr_stores() == stores + 2);
      CHECK(context.nodes() == 0);
      const Expr x = Expr::variable("x");
      CHECK(x.id() == 1);  // ids count per store
      CHECK(x != own);     // not the thread store's node of the same name
      const Expr e = sin(x) * Expr::variable("y") + 2.0;
      // x, y, sin(x), sin(x)*y, the constant 2, the sum, and any constant the simplifier made on
      // the way (the constant cache keeps it)
      CHECK(context.nodes() >= 6);
      CHECK(current_expr_nodes() == context.nodes());
    }
    CHECK(live_expr_stores() == stores + 1);  // nothing outlived the context: its store is gone
    CHECK(current_expr_nodes() == own_nodes);  // the thread's own store again, untouched
    CHECK(Expr::variable("x") == own);
  });
}

TEST_CASE("an expression that outlives its context keeps its store until it goes") {
  on_new_thread([] {
    const std::size_t stores = live_expr_stores();
    auto table = std::make_shared<const Table1D>("ctx.t", std::vector<double>{0.0, 1.0}, std::vector<double>{0.0, 2.0});
    const std::weak_ptr<const Table1D> watch = table;
    Expr kept;
    {
      ExprContext context;
      kept = interpolate(std::move(table), Expr::variable("x"));
    }
    // `kept` was made in the context; assigning it replaced the thread store's 0 (made by `kept`'s
    // construction), so both stores are alive.
    CHECK(live_expr_stores() == stores + 2);
    CHECK(to_string(kept) == "table(ctx.t, x)");
    CHECK(!watch.expired());
    kept = Expr(1.0);  // the context's last node goes, and its store with it
    CHECK(watch.expired());
    CHECK(live_expr_stores() == stores + 1);
  });
}

TEST_CASE("contexts nest and expressions of two contexts never mix") {
  on_new_thread([] {
    ExprContext outer;
    const Expr a = Expr::variable("a");
    {
      ExprContext inner;
      const Expr b = Expr::variable("a");
      CHECK(b != a);
      CHECK(outer.nodes() == 1);
      CHECK(inner.nodes() == 1);
      CHECK_THROWS_AS(sin(a), std::logic_error);
      CHECK_THROWS_AS((void)der(a), std::logic_error);
      CHECK(inner.nodes() == 1);  // nothing was made
    }
    CHECK(Expr::variable("a") == a);  // the outer context is current again
    const Expr s = sin(a);
    CHECK(to_string(s) == "sin(a)");
    CHECK(outer.nodes() == 2);
  });
}

TEST_CASE("a context on another thread does not see this thread's nodes") {
  ExprContext here;
  const Expr x = Expr::variable("shared.name");
  const Expr e = 3.0 * x;
  const std::size_t nodes_here = here.nodes();
  CHECK(nodes_here >= 3);  // x, 3 and 3x, with what constants the simplifier made on the way
  std::uint64_t other_id = 0;
  std::size_t other_nodes = 0;
  const detail::Node* other_node = nullptr;
  on_new_thread([&] {
    ExprContext there;
    const Expr y = Expr::variable("shared.name");
    other_node = y.node();
    other_id = y.id();
    const Expr f = 3.0 * y;
    other_nodes = there.nodes();
  });
  CHECK(other_node != x.node());
  CHECK(other_id == 1);
  CHECK(other_nodes == nodes_here);  // the same expressions, built afresh there
  CHECK(here.nodes() == nodes_here);  // the other thread built nothing here
}

}  // TEST_SUITE
