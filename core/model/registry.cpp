#include "core/model/registry.hpp"

#include <algorithm>
#include <stdexcept>

#include "core/model/json_checks.hpp"

namespace acausal {
namespace {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

std::string_view short_name(std::string_view type) {
  auto dot = type.rfind('.');
  return dot == std::string_view::npos ? type : type.substr(dot + 1);
}

}  // namespace

void Registry::add(std::unique_ptr<Component> component) {
  if (find(component->type()) != nullptr)
    throw std::logic_error("component type registered twice: " + std::string(component->type()));
  index_.emplace(component->type(), entries_.size());
  entries_.push_back({std::move(component), {}});
}

void Registry::adopt(Registry&& other, const std::string& origin) {
  for (const Entry& e : other.entries_)
    if (find(e.component->type()) != nullptr)
      throw std::logic_error("component type registered twice: " + std::string(e.component->type()));
  const std::size_t first = entries_.size();
  for (Entry& e : other.entries_) {
    index_.emplace(e.component->type(), entries_.size());
    entries_.push_back({std::move(e.component), origin});
  }
  for (auto& [alias, k] : other.aliases_) aliases_.emplace(alias, first + k);
  other.entries_.clear();
  other.index_.clear();
  other.aliases_.clear();
}

void Registry::add_alias(std::string alias, std::string_view type) {
  const auto found = index_.find(type);
  if (found == index_.end()) throw std::logic_error("alias " + alias + " of a type not registered: " + std::string(type));
  if (entry(alias) != nullptr) throw std::logic_error("component type registered twice: " + alias);
  aliases_.emplace(std::move(alias), found->second);
}

const Registry::Entry* Registry::entry(std::string_view type) const {
  if (const auto found = index_.find(type); found != index_.end()) return &entries_[found->second];
  if (aliases_.empty()) return nullptr;
  const auto alias = aliases_.find(std::string(type));
  return alias == aliases_.end() ? nullptr : &entries_[alias->second];
}

const Component* Registry::find(std::string_view type) const {
  const Entry* e = entry(type);
  return e != nullptr ? e->component.get() : nullptr;
}

const std::string& Registry::origin(std::string_view type) const {
  static const std::string none;
  const Entry* e = entry(type);
  return e != nullptr ? e->origin : none;
}

std::vector<std::string> Registry::close_matches(std::string_view type) const {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const Entry& e : entries_) {
    const std::string_view name = e.component->type();
    const std::size_t limit = std::max<std::size_t>(2, type.size() / 4);
    const bool same_name = short_name(type) == short_name(name);
    // The distance is at least the difference of the lengths: a name far longer than every type
    // is not compared character by character.
    const std::size_t longer = std::max(type.size(), name.size()), shorter = std::min(type.size(), name.size());
    if (!same_name && longer - shorter > limit) continue;
    std::size_t d = edit_distance(type, name);
    if (same_name) d = std::min<std::size_t>(d, 1);
    if (d <= limit) scored.emplace_back(d, std::string(name));
  }
  std::sort(scored.begin(), scored.end());
  std::vector<std::string> out;  // the closest ones only: a farther second guess is noise
  for (std::size_t i = 0; i < scored.size() && i < 3 && scored[i].first == scored[0].first; ++i)
    out.push_back(scored[i].second);
  return out;
}

std::string Registry::unknown_type_message(std::string_view type) const {
  std::string message = "unknown component type \"" + json_checks::text_excerpt(type) + "\"";
  const std::vector<std::string> matches = close_matches(type);
  if (!matches.empty()) {
    message += " (did you mean ";
    for (std::size_t i = 0; i < matches.size(); ++i) message += (i == 0 ? "" : ", ") + matches[i];
    return message + "?)";
  }
  return message +
         "; `acausal components` lists the known types, and a type from a component library needs the library "
         "loaded (--library FILE.so, or ACAUSAL_LIBRARIES)";
}

std::vector<const Component*> Registry::all() const {
  std::vector<const Component*> out;
  for (const Entry& e : entries_) out.push_back(e.component.get());
  std::sort(out.begin(), out.end(), [](const Component* a, const Component* b) { return a->type() < b->type(); });
  return out;
}

}  // namespace acausal
