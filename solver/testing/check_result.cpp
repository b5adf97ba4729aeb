#include <algorithm>
#include <ostream>

#include "acausal/testing.hpp"

namespace acausal::testing {

CheckResult::CheckResult(std::string what) : what_(std::move(what)) {}

void CheckResult::add(std::string subject, std::string detail) {
  findings_.push_back({std::move(subject), std::move(detail)});
}

std::vector<std::string> CheckResult::subjects() const {
  std::vector<std::string> out;
  for (const Finding& f : findings_)
    if (std::find(out.begin(), out.end(), f.subject) == out.end()) out.push_back(f.subject);
  return out;
}

std::string CheckResult::message() const {
  if (passed()) return what_ + ": passed";
  std::string out = what_ + ": failed";
  for (const Finding& f : findings_) out += "\n  " + f.subject + ": " + f.detail;
  return out;
}

std::ostream& operator<<(std::ostream& out, const CheckResult& result) { return out << result.message(); }

}  // namespace acausal::testing
