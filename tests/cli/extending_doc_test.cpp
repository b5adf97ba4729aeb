// docs/extending.md quotes the example project examples/maglev file by file, and the freewheel test
// (a component with a mode): each quoted block, marked `<!-- <path> -->` on the line before it, must
// be the file exactly, so that the guide shows code CI builds.

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Quote {
  std::string path, text;
};

/// Every fenced block that follows a `<!-- path -->` line.
std::vector<Quote> quotes(const std::string& guide) {
  std::vector<Quote> out;
  std::istringstream in(guide);
  std::string line, path;
  while (std::getline(in, line)) {
    if (line.starts_with("<!-- ") && line.ends_with(" -->")) {
      path = line.substr(5, line.size() - 9);
    } else if (!path.empty() && line.starts_with("```")) {
      Quote q{path, ""};
      while (std::getline(in, line) && line != "```") q.text += line + "\n";
      out.push_back(q);
      path.clear();
    }
  }
  return out;
}

}  // namespace

TEST_CASE("docs/extending.md quotes examples/maglev and the freewheel example verbatim") {
  const auto blocks = quotes(read_file(ACAUSAL_SOURCE_DIR "/docs/extending.md"));
  CHECK(blocks.size() == 15);
  for (const Quote& q : blocks) {
    INFO(q.path << " differs from its quote in docs/extending.md");
    REQUIRE(std::filesystem::exists(ACAUSAL_SOURCE_DIR "/" + q.path));
    CHECK(q.text == read_file(ACAUSAL_SOURCE_DIR "/" + q.path));
  }
}
