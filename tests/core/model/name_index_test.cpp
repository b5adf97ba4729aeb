#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/model/name_index.hpp"

using acausal::NameIndex;

TEST_CASE("name index: every name finds its index through growth, a repeated name keeps the first") {
  std::vector<std::string> names;
  for (int k = 0; k < 5000; ++k) names.push_back((k % 2 ? "mass" : "sd") + std::to_string(k));
  NameIndex index;
  std::vector<std::string> added(8000);  // what the index holds, by index (it keeps no names)
  const auto name_of = [&added](std::uint32_t i) -> const std::string& { return added[i]; };
  CHECK(index.find("mass1", name_of) == NameIndex::npos);  // empty
  for (std::size_t k = 0; k < names.size(); ++k) {
    CHECK(index.insert(names[k], static_cast<std::uint32_t>(k), name_of));
    added[k] = names[k];
  }
  CHECK(index.size() == names.size());
  CHECK_FALSE(index.insert(names[17], 99, name_of));
  CHECK(index.size() == names.size());
  for (std::size_t k = 0; k < names.size(); ++k) CHECK(index.find(names[k], name_of) == k);
  CHECK(index.find("mass", name_of) == NameIndex::npos);
  CHECK(index.find("mass50000", name_of) == NameIndex::npos);
  CHECK(index.find("", name_of) == NameIndex::npos);
  index.clear();
  CHECK(index.size() == 0);
  CHECK(index.find(names[3], name_of) == NameIndex::npos);
  index.reserve(3);
  CHECK(index.insert("", 7, name_of));
  added[7] = "";  // the empty name is a name like any other
  CHECK(index.find("", name_of) == 7);
}
