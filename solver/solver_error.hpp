#pragma once
/// @file
/// A failure of the numerical solution (not of the model's description): initialization that does
/// not converge, an integration step that cannot be completed. `acausal` exits with code 3.

#include <stdexcept>
#include <string>

namespace acausal {

class SolverError : public std::runtime_error {
 public:
  SolverError(double time, const std::string& message)
      : std::runtime_error("at t = " + format_time(time) + ": " + message), time_(time), message_(message) {}
  double time() const { return time_; }
  /// The message without the time.
  const std::string& message() const { return message_; }

 private:
  static std::string format_time(double t);
  double time_;
  std::string message_;
};

}  // namespace acausal
