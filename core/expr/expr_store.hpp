#pragma once
/// @file
/// Internal: the hash-consing store of expression nodes, and which store is current on a thread.
/// Only core/expr/expr_store.cpp, expr_context.cpp, expr.cpp and parameter_trace.cpp include this.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/expr/expr_node.hpp"
#include "core/expr/node_pool.hpp"
#include "core/expr/node_table.hpp"
#include "core/expr/parameter_trace.hpp"

namespace acausal::detail {

/// The hash-consing store. Nodes are removed when their last handle goes away; the removal of a
/// long chain is iterative (a node's arguments are released after the node), so it cannot
/// overflow the stack. Every node records its store and returns to it, whichever store is current
/// when its last handle goes.
///
/// New nodes go into a small table of young nodes first, which moves into the large table when it
/// fills. A node with a young argument can only be young itself, so its lookup never touches the
/// large table: building a component makes its variables and then nodes over them, and a probe
/// into the large table of a big model is a cache (and TLB) miss nearly every time.
///
/// Lifetime: its owner (an ExprContext, or a thread for its own store) retires it when done; a
/// retired store deletes itself once its last node is gone, so that handles which outlive the
/// owner stay valid.
class Store {
 public:
  Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  /// The node with this content, made here if absent. @throws std::logic_error when an argument
  /// belongs to another store.
  Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table);
  /// The constant node of `v` with one reference taken for the caller.
  Node* constant(double v);
  /// Starts loading what a lookup of `key` reads first (in the large table: the young one stays
  /// in cache).
  void prefetch(const NodeKey& key) const { old_.prefetch(hash_key(key)); }

  /// `n`'s count has just dropped to zero.
  void release(Node* n);

  /// The constant node of a traced number (coef.hpp), with one reference taken for the caller.
  Node* traced_constant(Coef c);
  /// The arithmetic this store's builds did on tunable parameters.
  ParameterTrace& trace() { return trace_; }

  /// The nodes alive in the store.
  std::size_t size() const { return young_.size() + old_.size(); }

  /// The owner is done with the store: the constant cache lets go of its nodes, and the store is
  /// deleted now if no node is left, else when its last node goes.
  void retire();

 private:
  ~Store();  // through retire()
  void destroy(Node* n);
  void delete_if_done();

  static constexpr std::size_t kYoungNodes = std::size_t{1} << 14;  // 512 KiB of slots: stays in cache
  bool is_young(const Node* n) const { return n->id >= young_from_; }
  bool has_young_argument(const NodeKey& key) const {
    for (const Expr& a : key.args)
      if (is_young(a.node())) return true;
    return false;
  }

  /// A small direct-mapped cache in front of the table: models build the same few constants (0, 1,
  /// -1, ½, their parameters) over and over. A cached node holds one reference of the cache's.
  struct CachedConstant {
    std::uint64_t bits = 0;
    Node* node = nullptr;
  };

  NodeTable young_;  // nodes created since the last move; never grows (moved when full)
  NodeTable old_;
  std::uint64_t young_from_ = 1;  // the first young node's id
  NodePool pool_;
  std::vector<Node*> dead_;
  bool draining_ = false;
  bool retired_ = false;
  std::uint64_t next_id_ = 1;
  std::array<CachedConstant, 64> constants_{};
  ParameterTrace trace_;
};

/// The stores alive in the process.
std::size_t stores_alive_now();

/// The current store of this thread, or nullptr before the thread's first expression (then its
/// own store is made). Initial-exec TLS: the library that holds it is loaded with the program (or
/// by dlopen into glibc's surplus of static TLS, which a pointer fits), and an access is one load
/// relative to the thread pointer instead of a call to __tls_get_addr.
extern constinit thread_local Store* current_store_slot __attribute__((tls_model("initial-exec")));

/// Makes the thread's own store, current from now on (once per thread).
Store& make_thread_store();

/// The store where this thread builds nodes now.
inline Store& current_store() {
  Store* s = current_store_slot;
  return s != nullptr ? *s : make_thread_store();
}

}  // namespace acausal::detail
