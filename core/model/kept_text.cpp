#include "core/model/kept_text.hpp"

#include <deque>
#include <mutex>
#include <string>
#include <unordered_set>

namespace acausal {

std::string_view keep_text(std::string_view text) {
  // A deque never moves its elements, so views of the strings (short ones included) stay valid.
  static std::deque<std::string> storage;
  static std::unordered_set<std::string_view> kept;
  // Models built in several threads at once share it: the few words of the component library
  // are kept once for all, and a model outlives the thread that built it.
  static std::mutex guard;
  const std::lock_guard lock(guard);
  if (auto it = kept.find(text); it != kept.end()) return *it;
  return *kept.insert(storage.emplace_back(text)).first;
}

}  // namespace acausal
