#include "core/expr/expr_context.hpp"

#include <cstdio>
#include <cstdlib>

#include "core/expr/expr_store.hpp"

namespace acausal {
namespace detail {

constinit thread_local Store* current_store_slot __attribute__((tls_model("initial-exec"))) = nullptr;

namespace {

/// The thread's own store, retired when the thread ends (for the main thread: at exit, before the
/// static objects, whose expressions then still find their store).
struct ThreadStore {
  Store* store = nullptr;
  ThreadStore() = default;
  ThreadStore(const ThreadStore&) = delete;
  ThreadStore& operator=(const ThreadStore&) = delete;
  ~ThreadStore() {
    if (store == nullptr) return;
    if (current_store_slot == store) current_store_slot = nullptr;
    store->retire();
  }
};

}  // namespace

Store& make_thread_store() {
  thread_local ThreadStore own;
  if (own.store == nullptr) own.store = new Store;
  current_store_slot = own.store;
  return *own.store;
}

}  // namespace detail

ExprContext::ExprContext() : store_(new detail::Store), previous_(detail::current_store_slot) {
  detail::current_store_slot = store_;
}

ExprContext::~ExprContext() {
  if (detail::current_store_slot != store_) {
    // Another context made after this one is still alive on this thread, or this is not the thread
    // that made it: its store would stay current after being retired.
    std::fputs("acausal: an ExprContext ended out of order or on another thread\n", stderr);
    std::abort();
  }
  detail::current_store_slot = previous_;
  store_->retire();
}

std::size_t ExprContext::nodes() const { return store_->size(); }

std::size_t current_expr_nodes() { return detail::current_store().size(); }

std::size_t live_expr_stores() { return detail::stores_alive_now(); }

}  // namespace acausal
