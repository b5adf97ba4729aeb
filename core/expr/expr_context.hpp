#pragma once
/// @file
/// Where expressions are built: a model-building context owns an expression store.
///
/// Every expression node lives in a store. A thread that never names a context builds in a store
/// of its own, made at its first expression and retired when the thread ends. An ExprContext makes
/// a new store current on the thread that creates it, for as long as it lives:
///
///     std::thread worker([&] {
///       acausal::ExprContext context;  // this thread's model builds here
///       auto program = acausal::compile(acausal::build_model(netlist, registry));
///       ...
///     });
///
/// Expressions built in one store never meet those of another (that throws std::logic_error):
/// keep what one context built to that context and its thread. Reference counts are not atomic;
/// an expression belongs to one thread at a time (handing it to another thread — a model built by
/// a worker and used after join() — is fine once the first has stopped using it).

#include <cstddef>

namespace acausal {

namespace detail {
class Store;
}

/// A store of expression nodes, current on the thread that created it while it lives. Contexts
/// nest (the previous store is current again when the inner one ends) and end in reverse order of
/// creation, on the thread that created them. When a context ends, its store goes as soon as no
/// expression of it is left: an expression that outlives the context stays valid.
class ExprContext {
 public:
  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext&) = delete;
  ExprContext& operator=(const ExprContext&) = delete;

  /// The expression nodes alive in this context's store (the constant cache's included).
  std::size_t nodes() const;

 private:
  detail::Store* store_;
  detail::Store* previous_;
};

/// The expression nodes alive in this thread's current store (a context's, or the thread's own).
std::size_t current_expr_nodes();

/// The expression stores alive in the process: every thread's own (once it has built an
/// expression), every context's, and those of ended contexts and threads whose expressions live on.
std::size_t live_expr_stores();

}  // namespace acausal
