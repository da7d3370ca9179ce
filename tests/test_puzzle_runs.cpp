// Saved puzzle-count runs (puzzle_session.hpp): resumed runs give what an
// uninterrupted run gives, merges add tallies whatever the order, and damaged
// files, files of another kind and runs of other plans are refused.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "sudoku_count/error.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/record_job.hpp"

namespace sc = sudoku_count;
namespace fs = std::filesystem;

namespace {

sc::PuzzleEstimateRequest request4(std::uint64_t grids, std::uint64_t seed) {
  sc::PuzzleEstimateRequest request;
  request.layout = sc::Layout{sc::Shape{2, 2}};
  request.subset_size = 8;
  request.subsets_per_grid = 4;
  request.grids = grids;
  request.seed = seed;
  request.threads = 2;
  return request;
}

struct TempDir {
  fs::path path;
  TempDir() {
    char name[] = "/tmp/puzzle_runs_XXXXXX";
    path = mkdtemp(name);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

// The text of a state without what differs between two runs of the same
// grids: the drawing time and the tool version.
std::string tallies(sc::PuzzleRunState state) {
  state.seconds = 0;
  state.tool_version = "";
  return sc::format_puzzle_run(state);
}

// Processes whose runner computes a round's grids last to first, each on a
// fresh worker, and leaves every third round's second half undone (as
// ranks past their own deadline would): the run must not depend on where,
// in what order or in how many tries its grids were computed.
class ShuffledRunner : public sc::RecordRunner {
 public:
  explicit ShuffledRunner(const sc::RecordJob& job) : job_(job) {}
  int width() const override { return 3; }
  std::vector<std::optional<std::string>> run(const std::vector<std::uint64_t>& items,
                                              const sc::RecordCut&) override {
    std::vector<std::optional<std::string>> records(items.size());
    const bool cut = ++rounds_ % 3 == 0 && items.size() > 1;
    for (std::size_t i = items.size(); i-- > 0;)
      if (!cut || i < items.size() / 2) records[i] = job_.worker()->compute(items[i]);
    return records;
  }
  int rounds_ = 0;

 private:
  const sc::RecordJob& job_;
};

class ShuffledProcesses : public sc::Processes {
 public:
  std::unique_ptr<sc::RecordRunner> record_runner(const sc::RecordJob& job, int) const override {
    return std::make_unique<ShuffledRunner>(job);
  }
};

}  // namespace

TEST(PuzzleRuns, AnyRunnerGivesTheSameRun) {
  TempDir dir;
  auto plain = request4(150, 8);
  plain.checkpoint = dir.file("plain.run");
  const sc::PuzzleEstimate one = sc::estimate_puzzle_counts(plain);
  auto shuffled = request4(150, 8);
  shuffled.checkpoint = dir.file("shuffled.run");
  const sc::PuzzleEstimate two = sc::estimate_puzzle_counts(shuffled, {}, ShuffledProcesses());
  EXPECT_EQ(two.grids, 150u);
  EXPECT_EQ(two.total.estimate, one.total.estimate);
  EXPECT_EQ(tallies(sc::load_puzzle_run(dir.file("shuffled.run"))), tallies(sc::load_puzzle_run(dir.file("plain.run"))));
}

TEST(PuzzleRuns, ResumedRunEqualsAnUninterruptedOne) {
  TempDir dir;
  auto whole = request4(48, 21);
  whole.checkpoint = dir.file("whole.run");
  const sc::PuzzleEstimate one = sc::estimate_puzzle_counts(whole);
  auto first = request4(17, 21);  // not a multiple of a round: the resume starts inside one
  first.checkpoint = dir.file("part.run");
  sc::estimate_puzzle_counts(first);
  EXPECT_EQ(sc::load_puzzle_run(dir.file("part.run")).grids(), 17u);
  sc::PuzzleEstimateRequest rest;
  rest.resume = dir.file("part.run");
  rest.grids = 48;
  rest.threads = 1;
  const sc::PuzzleEstimate two = sc::estimate_puzzle_counts(rest);
  EXPECT_EQ(two.grids, 48u);
  EXPECT_EQ(two.total.estimate, one.total.estimate);
  EXPECT_EQ(two.total.std_error, one.total.std_error);
  EXPECT_EQ(tallies(sc::load_puzzle_run(dir.file("part.run"))), tallies(sc::load_puzzle_run(dir.file("whole.run"))));
}

// Every method and both kinds of grids are saved, read back and resumed:
// supersets runs, and runs of weighted grids (their "grids weighted" and
// "weights" lines), resumed, give the uninterrupted run's state.
TEST(PuzzleRuns, SupersetsAndWeightedRunsResume) {
  TempDir dir;
  for (const bool weighted : {false, true}) {
    auto plan = request4(30, 9);
    plan.method = "supersets";
    plan.subset_size = 3;
    if (weighted) plan.weighted_grids = true;
    const std::string name = weighted ? "weighted" : "supersets";
    auto whole = plan;
    whole.checkpoint = dir.file(name + "-whole.run");
    sc::estimate_puzzle_counts(whole);
    auto first = plan;
    first.grids = 11;
    first.checkpoint = dir.file(name + "-part.run");
    sc::estimate_puzzle_counts(first);
    sc::PuzzleEstimateRequest rest;
    rest.resume = dir.file(name + "-part.run");
    rest.grids = 30;
    rest.threads = 1;
    sc::estimate_puzzle_counts(rest);
    const sc::PuzzleRunState resumed = sc::load_puzzle_run(dir.file(name + "-part.run"));
    EXPECT_EQ(resumed.method, "supersets");
    EXPECT_EQ(resumed.weighted_grids, weighted);
    if (weighted) {
      EXPECT_GT(resumed.tally.weight_sum, 0);
    }
    EXPECT_EQ(tallies(resumed), tallies(sc::load_puzzle_run(dir.file(name + "-whole.run")))) << name;
  }
  // Weighted and uniform grids of one plan do not merge.
  sc::PuzzleRunState uniform = sc::load_puzzle_run(dir.file("supersets-whole.run"));
  sc::PuzzleRunState weighted = sc::load_puzzle_run(dir.file("weighted-whole.run"));
  weighted.ranges[0].seed = 10;
  EXPECT_THROW(sc::merge_puzzle_runs({uniform, weighted}, {"a", "b"}), sc::InputError);
}

TEST(PuzzleRuns, MergeAddsTheTalliesInAnyOrder) {
  TempDir dir;
  std::vector<sc::PuzzleRunState> runs;
  for (std::uint64_t seed : {3, 4, 5}) {
    auto request = request4(20 + seed, seed);
    request.checkpoint = dir.file(std::to_string(seed) + ".run");
    sc::estimate_puzzle_counts(request);
    runs.push_back(sc::load_puzzle_run(*request.checkpoint));
  }
  const std::vector<std::string> names = {"a", "b", "c"};
  const sc::PuzzleRunState merged = sc::merge_puzzle_runs(runs, names);
  EXPECT_EQ(merged.grids(), 23u + 24u + 25u);
  std::uint64_t hits = 0;
  for (const auto& run : runs) hits += run.tally.hits.back();
  EXPECT_EQ(merged.tally.hits.back(), hits);
  const sc::PuzzleRunState reversed = sc::merge_puzzle_runs({runs[2], runs[0], runs[1]}, names);
  EXPECT_EQ(sc::format_puzzle_run(reversed), sc::format_puzzle_run(merged));
  // The merged estimate is the mean over all the grids: the grid-weighted
  // mean of the runs' estimates.
  long double weighted = 0;
  for (const auto& run : runs)
    weighted += run.grids() * static_cast<long double>(sc::puzzle_estimate_of(run).total.estimate);
  const long double mean = static_cast<long double>(sc::puzzle_estimate_of(merged).total.estimate);
  EXPECT_NEAR(static_cast<double>(mean), static_cast<double>(weighted / merged.grids()), 1e-9 * static_cast<double>(mean));
  // The state is read back exactly.
  EXPECT_EQ(sc::format_puzzle_run(sc::parse_puzzle_run(sc::format_puzzle_run(merged), "merged")),
            sc::format_puzzle_run(merged));

  EXPECT_THROW(sc::merge_puzzle_runs({runs[0], runs[0]}, {"a", "a"}), sc::InputError);  // grids twice
  sc::PuzzleRunState other = runs[1];
  other.subsets_per_grid = 8;
  EXPECT_THROW(sc::merge_puzzle_runs({runs[0], other}, {"a", "b"}), sc::InputError);
  other = runs[1];
  other.method_version = 2;
  EXPECT_THROW(sc::merge_puzzle_runs({runs[0], other}, {"a", "b"}), sc::InputError);
}

TEST(PuzzleRuns, DamagedFilesAndOtherPlansAreRefused) {
  TempDir dir;
  auto request = request4(10, 7);
  request.checkpoint = dir.file("a.run");
  sc::estimate_puzzle_counts(request);
  const std::string text = sc::format_puzzle_run(sc::load_puzzle_run(dir.file("a.run")));
  std::string damaged = text;
  damaged[damaged.find("tests ") + 6] ^= 1;  // a digit changed: the checksum no longer matches
  EXPECT_THROW(sc::parse_puzzle_run(damaged, "damaged"), sc::InputError);
  EXPECT_THROW(sc::parse_puzzle_run(text.substr(0, text.size() / 2), "cut"), sc::InputError);
  EXPECT_TRUE(sc::is_puzzle_run_file(dir.file("a.run")));

  // Resuming with a field of another plan names that field.
  auto expect_refused = [&](sc::PuzzleEstimateRequest r, const std::string& field) {
    r.resume = dir.file("a.run");
    r.grids = 20;
    try {
      sc::estimate_puzzle_counts(r);
      ADD_FAILURE() << "no refusal for " << field;
    } catch (const sc::RequestError& e) {
      EXPECT_EQ(e.field(), field) << e.what();
    }
  };
  sc::PuzzleEstimateRequest r;
  r.seed = 8;
  expect_refused(r, "seed");
  r = {};
  r.subset_size = 7;
  expect_refused(r, "subset_size");
  r = {};
  r.kind = sc::PuzzleKind::Proper;
  expect_refused(r, "kind");
  r = {};
  r.layout = sc::Layout{sc::Shape{2, 3}};
  expect_refused(r, "box");
  // A new run never writes over an existing file.
  auto again = request4(5, 9);
  again.checkpoint = dir.file("a.run");
  EXPECT_THROW(sc::estimate_puzzle_counts(again), sc::RequestError);
  EXPECT_EQ(sc::format_puzzle_run(sc::load_puzzle_run(dir.file("a.run"))), text);
}
