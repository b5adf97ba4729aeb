#pragma once
/// @file
/// The progress of a long simulation as one line on a terminal, rewritten in place: simulated time,
/// share of the run, steps, wall time and an estimate of what is left.

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace acausal {

class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  /// A run from `start` to `stop` [s] that began at `began`, reported on `out`.
  ProgressLine(std::FILE* out, double start, double stop, Clock::time_point began = Clock::now());
  /// After a step that reached `t`: the line appears once the run has taken a second, then is
  /// rewritten at most five times a second.
  void update(double t, std::size_t steps, Clock::time_point now = Clock::now());
  /// Erases the line, if it was shown, so that what follows starts on a clean line.
  void finish();

  /// The line's text: `t = 1.5 s (50 %), 1234 steps, 2.0 s elapsed, about 2.0 s left`.
  static std::string text(double t, double start, double stop, std::size_t steps, double elapsed);

 private:
  std::FILE* out_;
  double start_, stop_;
  Clock::time_point began_, shown_{};
  std::size_t width_ = 0;  ///< of the line on screen (0: not shown)
};

}  // namespace acausal
