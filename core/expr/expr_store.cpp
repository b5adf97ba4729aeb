#include "core/expr/expr_store.hpp"

#include <atomic>
#include <bit>
#include <new>
#include <stdexcept>
#include <utility>

namespace acausal {
namespace detail {

namespace {
std::atomic<std::size_t> stores_alive{0};
}

Store::Store() : young_(2 * kYoungNodes), old_(1024) { stores_alive.fetch_add(1, std::memory_order_relaxed); }

Store::~Store() { stores_alive.fetch_sub(1, std::memory_order_relaxed); }

std::size_t stores_alive_now() { return stores_alive.load(std::memory_order_relaxed); }

Expr Store::intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table) {
  const std::size_t h = hash_key(key);
  Node* found = young_.find(key, h);
  if (found == nullptr && !has_young_argument(key)) found = old_.find(key, h);
  if (found != nullptr) {
    ++found->refcount;
    return Expr(found);
  }
  // A node found above has its arguments here; only a new one can bring another store's.
  for (const Expr& a : key.args)
    if (a.node()->store != this)
      throw std::logic_error("an expression of another expression store (another ExprContext or thread) used here");
  auto* n = new (pool_.allocate(key.args.size())) Node;
  n->refcount = 1;
  n->op = key.op;
  n->arg_count = static_cast<std::uint32_t>(key.args.size());
  n->order = key.order;
  n->id = next_id_++;
  n->hash = h;
  if (has_extra(key.op))
    n->extra = new NodeExtra{std::string(key.name), table};
  else
    n->value = key.value;
  n->store = this;
  auto* args = const_cast<Expr*>(n->arg_data());
  for (std::size_t i = 0; i < key.args.size(); ++i) new (args + i) Expr(key.args[i]);
  young_.insert(n);
  if (young_.size() == kYoungNodes) {
    young_.move_into(old_);
    young_from_ = next_id_;
  }
  return Expr(n);
}

Node* Store::constant(double v) {
  if (v == 0.0) v = 0.0;  // one zero: -0.0 and 0.0 are the same constant
  const auto bits = std::bit_cast<std::uint64_t>(v);
  // Fibonacci hashing of all 64 bits: the sign and exponent must count, or c and -c share a slot.
  CachedConstant& slot = constants_[(bits * 0x9e3779b97f4a7c15ULL) >> 58];
  if (slot.node == nullptr || slot.bits != bits) {
    NodeKey k;
    k.op = Op::Constant;
    k.value = v;
    Expr e = intern(k, nullptr);
    Node* fresh = e.node();
    ++fresh->refcount;  // the cache's reference
    Node* evicted = slot.node;
    slot = {bits, fresh};
    if (evicted != nullptr && --evicted->refcount == 0) release(evicted);
  }
  ++slot.node->refcount;
  return slot.node;
}

Node* Store::traced_constant(Coef c) {
  if (!c.traced()) return constant(c.value);
  NodeKey k;
  k.op = Op::Constant;
  k.value = c.value;
  k.order = static_cast<int>(c.trace);  // a constant's order is its trace step (0: a literal)
  Expr e = intern(k, nullptr);
  Node* n = e.node();
  ++n->refcount;  // the caller's (e's goes with it)
  return n;
}

void Store::release(Node* n) {
  dead_.push_back(n);
  if (draining_) return;
  draining_ = true;
  while (!dead_.empty()) {
    Node* d = dead_.back();
    dead_.pop_back();
    (is_young(d) ? young_ : old_).erase(d);
    destroy(d);  // releases the arguments, which may append to dead_
  }
  draining_ = false;
  delete_if_done();
}

void Store::destroy(Node* n) {
  const std::size_t count = n->arg_count;
  auto* args = const_cast<Expr*>(n->arg_data());
  for (std::size_t i = 0; i < count; ++i) args[i].~Expr();
  if (has_extra(n->op)) delete n->extra;
  n->~Node();
  pool_.deallocate(n, count);
}

void Store::retire() {
  for (CachedConstant& c : constants_)
    if (Node* n = std::exchange(c.node, nullptr); n != nullptr && --n->refcount == 0) release(n);
  retired_ = true;  // only now: release() above must not delete the store
  delete_if_done();
}

void Store::delete_if_done() {
  if (retired_ && size() == 0) delete this;
}

void release_last(Node* n) noexcept { n->store->release(n); }

Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table) {
  return current_store().intern(key, table);
}

Expr make_node(Op op, std::span<const Expr> args) {
  NodeKey k;
  k.op = op;
  k.args = args;
  return intern(k);
}

Expr with_arguments(const Expr& e, std::span<const Expr> args) {
  NodeKey k = key_of(*e.node());
  k.args = args;
  return intern(k, has_extra(e.op()) ? e.node()->extra->table : nullptr);
}

}  // namespace detail

// Beside the store: constants are the most frequent nodes of all.
Expr::Expr() : Expr(0.0) {}
Expr::Expr(double value) : node_(detail::current_store().constant(value)) {}
Expr::Expr(int value) : Expr(static_cast<double>(value)) {}
Expr::Expr(Coef value) : node_(detail::current_store().traced_constant(value)) {}

void Expr::variables(std::string_view names, std::span<const std::size_t> ends, std::vector<Expr>& out) {
  detail::Store& store = detail::current_store();
  detail::NodeKey k;
  k.op = Op::Variable;
  auto name = [&](std::size_t i) { return names.substr(i == 0 ? 0 : ends[i - 1], ends[i] - (i == 0 ? 0 : ends[i - 1])); };
  for (std::size_t i = 0; i < ends.size(); ++i) {
    k.name = name(i);
    store.prefetch(k);
  }
  out.reserve(out.size() + ends.size());
  for (std::size_t i = 0; i < ends.size(); ++i) {
    k.name = name(i);
    out.push_back(store.intern(k, nullptr));
  }
}

}  // namespace acausal
