// The progress line of a long run: when it appears, how often it is rewritten, what it says, and
// that finishing leaves a clean line.

#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "solver/progress_line.hpp"

using namespace acausal;
using namespace std::chrono_literals;

namespace {

/// Everything written to `f` so far.
std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string out;
  for (int c; (c = std::fgetc(f)) != EOF;) out += static_cast<char>(c);
  return out;
}

}  // namespace

TEST_CASE("progress line: the text gives simulated time, share, steps, wall time and the time left at the rate so far") {
  CHECK(ProgressLine::text(1.5, 0.0, 3.0, 1234, 2.0) == "t = 1.5 s (50 %), 1234 steps, 2.0 s elapsed, about 2.0 s left");
  // a quarter done after 90 s: three times as long to go
  CHECK(ProgressLine::text(2.5, 2.0, 4.0, 7, 90.0) == "t = 2.5 s (25 %), 7 steps, 1 min 30 s elapsed, about 4 min 30 s left");
  CHECK(ProgressLine::text(3.0, 0.0, 3.0, 10, 4000.0) == "t = 3 s (100 %), 10 steps, 1 h 06 min elapsed");
}

TEST_CASE("progress line: nothing in the first second, then at most five lines a second, erased at the end") {
  std::FILE* f = std::tmpfile();
  REQUIRE(f != nullptr);
  const auto t0 = ProgressLine::Clock::time_point{};
  ProgressLine line(f, 0.0, 2.0, t0);
  line.update(0.5, 10, t0 + 900ms);
  line.finish();  // never shown: nothing to erase
  CHECK(contents(f).empty());
  line.update(1.0, 20, t0 + 1000ms);
  const std::string first = "\rt = 1 s (50 %), 20 steps, 1.0 s elapsed, about 1.0 s left";
  CHECK(contents(f) == first);
  line.update(1.1, 21, t0 + 1100ms);  // 0.1 s later: not rewritten
  CHECK(contents(f) == first);
  line.update(1.5, 30, t0 + 1300ms);
  const std::string second = "\rt = 1.5 s (75 %), 30 steps, 1.3 s elapsed, about 0.4 s left";
  CHECK(contents(f) == first + second);
  line.finish();  // blanks the line and returns to its start
  CHECK(contents(f) == first + second + "\r" + std::string(second.size() - 1, ' ') + "\r");
  std::fclose(f);
}
