#pragma once
/// @file
/// Internal: the memory of expression nodes. Only core/expr/expr_store.cpp includes this.

#include <array>
#include <cstddef>
#include <memory>
#include <new>
#include <vector>

#include "core/expr/expr.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

namespace acausal::detail {

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

}  // namespace acausal::detail
