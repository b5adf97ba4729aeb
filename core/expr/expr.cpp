#include "core/expr/expr.hpp"

#include <array>
#include <bit>
#include <cstddef>
#include <new>
#include <stdexcept>

#include "core/expr/expr_node.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

namespace acausal {
namespace detail {
namespace {

std::size_t mix(std::size_t seed, std::size_t v) {
  return seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

std::size_t hash_key(const NodeKey& k) {
  std::size_t h = mix(static_cast<std::size_t>(k.op), static_cast<std::size_t>(k.order));
  h = mix(h, std::bit_cast<std::uint64_t>(k.value));
  h = mix(h, std::hash<std::string_view>{}(k.name));
  h = mix(h, std::hash<const void*>{}(k.table));
  for (const Expr& a : k.args) h = mix(h, std::hash<const void*>{}(a.node()));
  // Final avalanche (MurmurHash3's): the node table indexes by the low bits.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

NodeKey key_of(const Node& n) {
  if (n.extra == nullptr) return NodeKey{n.op, n.order, n.value, {}, nullptr, n.args()};
  return NodeKey{n.op, n.order, n.value, n.extra->name, n.extra->table.get(), n.args()};
}

bool same_key(const NodeKey& a, const NodeKey& b) {
  if (a.op != b.op || a.order != b.order || a.table != b.table || a.name != b.name) return false;
  if (std::bit_cast<std::uint64_t>(a.value) != std::bit_cast<std::uint64_t>(b.value)) return false;
  if (a.args.size() != b.args.size()) return false;
  for (std::size_t i = 0; i < a.args.size(); ++i)
    if (a.args[i] != b.args[i]) return false;
  return true;
}

/// Open-addressing hash set of nodes (linear probing, backward-shift deletion). Each slot keeps the
/// node's hash, so a probe touches a node only when the hashes agree: the lookups of a large model
/// cost one or two cache lines instead of a walk through a bucket list.
class NodeTable {
 public:
  explicit NodeTable(std::size_t slots) : slots_(slots) {}

  std::size_t size() const { return size_; }

  /// The node with this content, or nullptr.
  Node* find(const NodeKey& key, std::size_t h) const {
    for (std::size_t i = h & mask(); slots_[i].node != nullptr; i = (i + 1) & mask())
      if (slots_[i].hash == h && same_key(key, key_of(*slots_[i].node))) return slots_[i].node;
    return nullptr;
  }

  void insert(Node* n) {
    if (too_full(size_ + 1, slots_.size())) grow();
    place(n);
    ++size_;
  }

  /// Starts loading the slot where a lookup of hash `h` begins.
  void prefetch(std::size_t h) const { __builtin_prefetch(&slots_[h & mask()]); }

  /// Moves every node into `other`, in this table's slot order.
  void move_into(NodeTable& other) {
    other.reserve(size_);
    for (Slot& s : slots_)
      if (s.node != nullptr) {
        other.insert(s.node);
        s = {};
      }
    size_ = 0;
  }

  /// Room for `more` nodes beyond the present ones without growing.
  void reserve(std::size_t more) {
    std::size_t want = slots_.size();
    while (too_full(size_ + more, want)) want *= 2;
    if (want != slots_.size()) rehash(want);
  }

  void erase(const Node* n) {
    std::size_t i = n->hash & mask();
    while (slots_[i].node != n) i = (i + 1) & mask();
    // Backward shift: move later entries of the probe run into the hole where their home allows.
    std::size_t hole = i;
    for (std::size_t j = (i + 1) & mask(); slots_[j].node != nullptr; j = (j + 1) & mask()) {
      const std::size_t home = slots_[j].hash & mask();
      const bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        slots_[hole] = slots_[j];
        hole = j;
      }
    }
    slots_[hole] = {};
    --size_;
  }

 private:
  struct Slot {
    std::size_t hash = 0;
    Node* node = nullptr;
  };
  std::size_t mask() const { return slots_.size() - 1; }
  /// Linear probing stays short up to a load of about 0.6 (the slots keep the hashes); a table of
  /// millions of nodes is hundreds of megabytes, so it is not kept emptier than that.
  static bool too_full(std::size_t nodes, std::size_t slots) { return 5 * nodes > 3 * slots; }
  void place(Node* n) {
    std::size_t i = n->hash & mask();
    while (slots_[i].node != nullptr) i = (i + 1) & mask();
    slots_[i] = {n->hash, n};
  }
  void grow() { rehash(slots_.size() * 2); }
  void rehash(std::size_t size) {
    std::vector<Slot> old(size);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.node != nullptr) place(s.node);
  }
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
};

/// Memory for nodes: one block per node, its arguments included, from free lists per argument
/// count. A model has millions of short-lived nodes; the pool saves a malloc and a free each (two
/// with a separate argument array), and nodes built together sit together in memory. Under
/// AddressSanitizer, blocks not handed out are poisoned, so a use after free is still caught.
class NodePool {
 public:
  void* allocate(std::size_t arg_count) {
    if (arg_count >= kPooledArgs) return ::operator new(block_size(arg_count));
    const std::size_t size = block_size(arg_count);
    FreeBlock*& head = free_[arg_count];
    if (head != nullptr) {
      void* p = head;
      unpoison(p, size);
      head = head->next;
      return p;
    }
    if (chunk_left_ < size) {
      chunks_.push_back(std::make_unique<std::byte[]>(kChunk));
      chunk_next_ = chunks_.back().get();
      chunk_left_ = kChunk;
      poison(chunk_next_, kChunk);
    }
    void* p = chunk_next_;
    unpoison(p, size);
    chunk_next_ += size;
    chunk_left_ -= size;
    return p;
  }

  void deallocate(void* p, std::size_t arg_count) {
    if (arg_count >= kPooledArgs) return ::operator delete(p);
    free_[arg_count] = new (p) FreeBlock{free_[arg_count]};
    poison(p, block_size(arg_count));
  }

 private:
  struct FreeBlock {
    FreeBlock* next;
  };
  static constexpr std::size_t kPooledArgs = 16;
  static constexpr std::size_t kChunk = std::size_t{1} << 16;
  static std::size_t block_size(std::size_t arg_count) { return sizeof(Node) + arg_count * sizeof(Expr); }
#if defined(__SANITIZE_ADDRESS__)
  static void poison(void* p, std::size_t size) { ASAN_POISON_MEMORY_REGION(p, size); }
  static void unpoison(void* p, std::size_t size) { ASAN_UNPOISON_MEMORY_REGION(p, size); }
#else
  static void poison(void*, std::size_t) {}
  static void unpoison(void*, std::size_t) {}
#endif

  std::array<FreeBlock*, kPooledArgs> free_{};
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::byte* chunk_next_ = nullptr;
  std::size_t chunk_left_ = 0;
};

/// The hash-consing store. Nodes are removed when their last handle goes away; the removal of a
/// long chain is iterative (a node's arguments are released after the node), so it cannot
/// overflow the stack.
///
/// New nodes go into a small table of young nodes first, which moves into the large table when it
/// fills. A node with a young argument can only be young itself, so its lookup never touches the
/// large table: building a component makes its variables and then nodes over them, and a probe
/// into the large table of a big model is a cache (and TLB) miss nearly every time.
class Store {
 public:
  Store() : young_(2 * kYoungNodes), old_(1024) {}

  Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table) {
    const std::size_t h = hash_key(key);
    Node* found = young_.find(key, h);
    if (found == nullptr && !has_young_argument(key)) found = old_.find(key, h);
    if (found != nullptr) {
      ++found->refcount;
      return Expr(found);
    }
    auto* n = new (pool_.allocate(key.args.size())) Node;
    n->refcount = 1;
    n->op = key.op;
    n->arg_count = static_cast<std::uint32_t>(key.args.size());
    n->order = key.order;
    n->id = next_id_++;
    n->hash = h;
    n->value = key.value;
    if (key.op == Op::Variable || key.op == Op::Parameter || key.op == Op::Table)
      n->extra = new NodeExtra{std::string(key.name), table};
    auto* args = const_cast<Expr*>(n->arg_data());
    for (std::size_t i = 0; i < key.args.size(); ++i) new (args + i) Expr(key.args[i]);
    young_.insert(n);
    if (young_.size() == kYoungNodes) {
      young_.move_into(old_);
      young_from_ = next_id_;
    }
    return Expr(n);
  }

  /// Starts loading what a lookup of `key` reads first (in the large table: the young one stays
  /// in cache).
  void prefetch(const NodeKey& key) const { old_.prefetch(hash_key(key)); }

  /// `n`'s count has just dropped to zero.
  void release(Node* n) {
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
  }

 private:
  void destroy(Node* n) {
    const std::size_t count = n->arg_count;
    auto* args = const_cast<Expr*>(n->arg_data());
    for (std::size_t i = 0; i < count; ++i) args[i].~Expr();
    delete n->extra;
    n->~Node();
    pool_.deallocate(n, count);
  }

  static constexpr std::size_t kYoungNodes = std::size_t{1} << 14;  // 512 KiB of slots: stays in cache
  bool is_young(const Node* n) const { return n->id >= young_from_; }
  bool has_young_argument(const NodeKey& key) const {
    for (const Expr& a : key.args)
      if (is_young(a.node())) return true;
    return false;
  }

  NodeTable young_;  // nodes created since the last move; never grows (moved when full)
  NodeTable old_;
  std::uint64_t young_from_ = 1;  // the first young node's id
  NodePool pool_;
  std::vector<Node*> dead_;
  bool draining_ = false;
  std::uint64_t next_id_ = 1;
};

Store& store() {
  // Never destroyed: handles held by other static objects may outlive any destruction order.
  static Store* s = new Store;
  return *s;
}

Node* constant_node(double v) {
  if (v == 0.0) v = 0.0;  // one zero: -0.0 and 0.0 are the same constant
  // A small direct-mapped cache in front of the store: models build the same few constants (0, 1,
  // -1, ½, their parameters) over and over. A cached node holds one reference of its own.
  struct Entry {
    std::uint64_t bits = 0;
    Node* node = nullptr;
  };
  static std::array<Entry, 64> cache{};
  const auto bits = std::bit_cast<std::uint64_t>(v);
  // Fibonacci hashing of all 64 bits: the sign and exponent must count, or c and -c share a slot.
  Entry& slot = cache[(bits * 0x9e3779b97f4a7c15ULL) >> 58];
  if (slot.node == nullptr || slot.bits != bits) {
    NodeKey k;
    k.op = Op::Constant;
    k.value = v;
    Expr e = store().intern(k, nullptr);
    Node* fresh = e.node();
    ++fresh->refcount;  // the cache's reference
    if (slot.node != nullptr && --slot.node->refcount == 0) store().release(slot.node);
    slot = {bits, fresh};
  }
  ++slot.node->refcount;
  return slot.node;
}

}  // namespace

void release_last(Node* n) noexcept { store().release(n); }

}  // namespace detail


namespace detail {

Expr intern(const NodeKey& key, const std::shared_ptr<const Table1D>& table) {
  return store().intern(key, table);
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
  return intern(k, e.node()->extra != nullptr ? e.node()->extra->table : nullptr);
}

}  // namespace detail

using detail::Node;
using detail::NodeKey;

Expr::Expr() : Expr(0.0) {}
Expr::Expr(double value) : node_(detail::constant_node(value)) {}
Expr::Expr(int value) : Expr(static_cast<double>(value)) {}


Expr Expr::variable(std::string_view name) {
  NodeKey k;
  k.op = Op::Variable;
  k.name = name;
  return detail::intern(k);
}

void Expr::variables(std::string_view names, std::span<const std::size_t> ends, std::vector<Expr>& out) {
  NodeKey k;
  k.op = Op::Variable;
  auto name = [&](std::size_t i) { return names.substr(i == 0 ? 0 : ends[i - 1], ends[i] - (i == 0 ? 0 : ends[i - 1])); };
  for (std::size_t i = 0; i < ends.size(); ++i) {
    k.name = name(i);
    detail::store().prefetch(k);
  }
  out.reserve(out.size() + ends.size());
  for (std::size_t i = 0; i < ends.size(); ++i) {
    k.name = name(i);
    out.push_back(detail::intern(k));
  }
}

Expr Expr::parameter(std::string_view name) {
  NodeKey k;
  k.op = Op::Parameter;
  k.name = name;
  return detail::intern(k);
}

Expr Expr::time() {
  NodeKey k;
  k.op = Op::Time;
  return detail::intern(k);
}

Expr der(const Expr& x) {
  Expr base = x;
  int order = 1;
  if (x.op() == Op::Derivative) {
    base = x.args()[0];
    order = x.order() + 1;
  } else if (x.op() != Op::Variable) {
    throw std::invalid_argument("der() takes a variable, not " + to_string(x));
  }
  NodeKey k;
  k.op = Op::Derivative;
  k.order = order;
  k.args = std::span<const Expr>(&base, 1);
  return detail::intern(k);
}


bool Expr::is_leaf() const {
  switch (node_->op) {
    case Op::Constant:
    case Op::Variable:
    case Op::Derivative:
    case Op::Parameter:
    case Op::Time:
      return true;
    default:
      return false;
  }
}

double Expr::constant_value() const {
  if (node_->op != Op::Constant) throw std::logic_error("constant_value() of " + to_string(*this));
  return node_->value;
}

const std::string& Expr::name() const {
  if (node_->op == Op::Derivative) return node_->args()[0].name();
  if (node_->op != Op::Variable && node_->op != Op::Parameter)
    throw std::logic_error("name() of " + to_string(*this));
  return node_->extra->name;
}


const std::shared_ptr<const Table1D>& Expr::table() const {
  if (node_->op != Op::Table) throw std::logic_error("table() of " + to_string(*this));
  return node_->extra->table;
}



bool is_condition(Op op) {
  switch (op) {
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual:
    case Op::And:
    case Op::Or:
      return true;
    default:
      return false;
  }
}

}  // namespace acausal
