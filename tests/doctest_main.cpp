// The test executables' main: doctest's, except that a run asked for test cases by name
// (`--test-case=…`, as CTest runs each one) fails when no test case matched. CTest splits a
// TEST_CASE name at a ';' into two tests whose names match nothing; without this they would
// pass having run nothing.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <string_view>

namespace {

unsigned matched_test_cases = 0;

/// Records how many test cases passed the filters; reports nothing itself.
struct MatchCounter final : doctest::IReporter {
  explicit MatchCounter(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& stats) override {
    matched_test_cases = stats.numTestCasesPassingFilters;
  }
  void test_case_start(const doctest::TestCaseData&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

REGISTER_LISTENER("match_counter", 1, MatchCounter);

bool filters_by_test_case(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a.starts_with("--test-case=") || a.starts_with("-tc=") || a.starts_with("--dt-test-case=") ||
        a.starts_with("--dt-tc="))
      return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int result = context.run();
  if (context.shouldExit()) return result;
  if (result == 0 && filters_by_test_case(argc, argv) && matched_test_cases == 0) {
    std::fprintf(stderr, "no test case matches the --test-case filter (a ';' in a TEST_CASE name splits it for CTest)\n");
    return 1;
  }
  return result;
}
