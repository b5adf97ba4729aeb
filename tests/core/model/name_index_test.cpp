#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/model/name_index.hpp"

using acausal::NameIndex;

TEST_CASE("name index: every name finds its index through growth, a repeated name keeps the first") {
  std::vector<std::string> names;
  for (int k = 0; k < 5000; ++k) names.push_back((k % 2 ? "mass" : "sd") + std::to_string(k));
  NameIndex index;
  CHECK(index.find("mass1") == NameIndex::npos);  // empty
  for (std::size_t k = 0; k < names.size(); ++k) CHECK(index.insert(names[k], static_cast<std::uint32_t>(k)));
  CHECK(index.size() == names.size());
  CHECK_FALSE(index.insert(names[17], 99));
  CHECK(index.size() == names.size());
  for (std::size_t k = 0; k < names.size(); ++k) CHECK(index.find(names[k]) == k);
  CHECK(index.find("mass") == NameIndex::npos);
  CHECK(index.find("mass50000") == NameIndex::npos);
  CHECK(index.find("") == NameIndex::npos);
  index.clear();
  CHECK(index.size() == 0);
  CHECK(index.find(names[3]) == NameIndex::npos);
  index.reserve(3);
  CHECK(index.insert("", 7));  // the empty name is a name like any other
  CHECK(index.find("") == 7);
}
