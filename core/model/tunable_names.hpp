#pragma once
/// @file
/// Internal: Netlist::tunable looked up by name while a model is built (a large netlist asks for
/// every parameter of every instance).

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace acausal {

class TunableNames {
 public:
  /// `instance.param` names, or `*` for every parameter.
  explicit TunableNames(const std::vector<std::string>& names) {
    for (const std::string& n : names) {
      if (n == "*") all_ = true;
      names_.insert(n);
      if (const auto dot = n.rfind('.'); dot != std::string::npos) instances_.insert(n.substr(0, dot));
    }
  }
  bool empty() const { return !all_ && names_.empty(); }
  /// Whether parameter `qualified` (`instance.param`) is tunable.
  bool contains(const std::string& qualified) const { return all_ || names_.count(qualified) != 0; }
  /// Whether any parameter of `instance` is.
  bool of_instance(const std::string& instance) const { return all_ || instances_.count(instance) != 0; }

 private:
  bool all_ = false;
  std::unordered_set<std::string> names_, instances_;
};

}  // namespace acausal
