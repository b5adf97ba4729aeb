#pragma once
/// @file
/// A scratch directory for the files a test process writes, removed when the process ends.

#include <unistd.h>

#include <filesystem>
#include <string>

namespace test_support {

/// `<temp>/acausal_test_<pid>`, created empty on first use.
inline const std::filesystem::path& scratch_directory() {
  static const struct Dir {
    std::filesystem::path path;
    Dir() : path(std::filesystem::temp_directory_path() / ("acausal_test_" + std::to_string(::getpid()))) {
      std::filesystem::remove_all(path);
      std::filesystem::create_directories(path);
    }
    ~Dir() {
      std::error_code ec;
      std::filesystem::remove_all(path, ec);
    }
  } dir;
  return dir.path;
}

}  // namespace test_support
