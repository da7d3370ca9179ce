// Saved puzzle-count runs (puzzle_session.hpp): resumed runs give what an
// uninterrupted run gives, merges add tallies whatever the order, and damaged
// files, files of another kind and runs of other plans are refused.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "sudoku_count/error.hpp"
#include "sudoku_count/puzzle_session.hpp"

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

}  // namespace

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
