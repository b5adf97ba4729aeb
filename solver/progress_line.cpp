#include "solver/progress_line.hpp"

#include <algorithm>
#include <cmath>

namespace acausal {

namespace {

std::string seconds(double s) {
  char buf[32];
  if (s < 60.0) std::snprintf(buf, sizeof buf, "%.1f s", s);
  else if (s < 3600.0) std::snprintf(buf, sizeof buf, "%d min %02d s", static_cast<int>(s / 60.0), static_cast<int>(std::fmod(s, 60.0)));
  else std::snprintf(buf, sizeof buf, "%d h %02d min", static_cast<int>(s / 3600.0), static_cast<int>(std::fmod(s, 3600.0) / 60.0));
  return buf;
}

}  // namespace

ProgressLine::ProgressLine(std::FILE* out, double start, double stop, Clock::time_point began)
    : out_(out), start_(start), stop_(stop), began_(began) {}

std::string ProgressLine::text(double t, double start, double stop, std::size_t steps, double elapsed) {
  const double done = stop > start ? std::clamp((t - start) / (stop - start), 0.0, 1.0) : 1.0;
  char head[96];
  std::snprintf(head, sizeof head, "t = %.6g s (%d %%), %zu steps, ", t, static_cast<int>(100.0 * done), steps);
  std::string line = head + seconds(elapsed) + " elapsed";
  // The rate so far, extrapolated: a run slows or speeds up with its dynamics, so this is a guide.
  if (done > 0.0 && done < 1.0) line += ", about " + seconds(elapsed * (1.0 - done) / done) + " left";
  return line;
}

void ProgressLine::update(double t, std::size_t steps, Clock::time_point now) {
  using std::chrono::milliseconds;
  if (now - began_ < std::chrono::seconds(1) || (width_ > 0 && now - shown_ < milliseconds(200))) return;
  const std::string line = text(t, start_, stop_, steps, std::chrono::duration<double>(now - began_).count());
  // Padded over what the previous line left on the screen.
  std::fprintf(out_, "\r%-*s", static_cast<int>(std::max(width_, line.size())), line.c_str());
  std::fflush(out_);
  width_ = line.size();
  shown_ = now;
}

void ProgressLine::finish() {
  if (width_ == 0) return;
  std::fprintf(out_, "\r%*s\r", static_cast<int>(width_), "");
  std::fflush(out_);
  width_ = 0;
}

}  // namespace acausal
