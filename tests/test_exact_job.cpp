// The exact two-band count as a job: its class stream, its units, stopping,
// checkpoints and resuming.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "bands/band_classes.hpp"
#include "known_answers.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"

using namespace sudoku_count;
namespace known = sudoku_count::known;

namespace {

BigInt binomial(int n, int k) {
  BigInt b = 1;
  for (int i = 1; i <= k; ++i) b = b * (n - k + i) / i;
  return b;
}

BigInt run_to_end(const Shape& shape) {
  const ExactJob job(shape);
  const ExactJobState state = run_exact_job(job, start_state(job), {}, {});
  EXPECT_TRUE(state.finished());
  return state.sum;
}

std::string temporary_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()))).string();
}

// Stops after `first_units`, saves, loads, resumes to the end.
BigInt interrupted_and_resumed(const Shape& shape, std::uint64_t first_units) {
  const ExactJob job(shape);
  const std::string path = temporary_path("exact-job-" + shape.name());
  JobHooks hooks;
  hooks.checkpoint = [&](const ExactJobState& state, bool) { save_exact_job(path, state); };
  const ExactJobState part = run_exact_job(job, start_state(job), {first_units, 0}, hooks);
  EXPECT_EQ(part.units_done(), first_units);
  EXPECT_EQ(part.census_complete(), first_units >= job.chunks());
  EXPECT_FALSE(part.finished());
  const ExactJobState loaded = load_exact_job(path);
  EXPECT_EQ(format_exact_job(loaded), format_exact_job(part));
  require_same_job(loaded, path, job);
  const ExactJobState rest = run_exact_job(job, loaded, {}, {});
  std::filesystem::remove(path);
  EXPECT_TRUE(rest.finished());
  return rest.sum;
}

}  // namespace

// The streamed classes are the union-find classes (band_classes.hpp), and
// their sizes add up to every choice of band-1 column sets, C(2R, R)^R.
TEST(ExactJob, StreamedClassesAreTheClasses) {
  for (int rows = 1; rows <= 5; ++rows) {
    const detail::TwoBandClassChunks chunks(rows);
    std::size_t classes = 0;
    BigInt total = 0;
    for (std::uint64_t i = 0; i < chunks.chunks(); ++i)
      chunks.for_each_class(i, [&](const detail::BandClass& c) {
        ++classes;
        total += c.column_sets;
      });
    EXPECT_EQ(classes, detail::band_classes(Shape{rows, 2}, 1).size()) << rows;
    BigInt all = 1;
    for (int b = 0; b < rows; ++b) all *= binomial(2 * rows, rows);
    EXPECT_EQ(total, all) << rows;
  }
}

TEST(ExactJob, CountsKnownShapesBothWays) {
  for (const Shape s : {Shape{2, 2}, Shape{2, 3}, Shape{3, 2}, Shape{2, 4}, Shape{4, 2}})
    EXPECT_EQ(run_to_end(s), known::grid_count(s)) << s.name();
}

TEST(ExactJob, HandlesTwoBandShapesOnly) {
  EXPECT_TRUE(ExactJob::handles(Shape{2, 6}));
  EXPECT_TRUE(ExactJob::handles(Shape{6, 2}));
  EXPECT_FALSE(ExactJob::handles(Shape{3, 3}));
  EXPECT_FALSE(ExactJob::handles(Shape{2, 7}));
  EXPECT_THROW(ExactJob(Shape{3, 3}), InputError);
}

TEST(ExactJob, StopsAndResumesToTheSameCount) {
  const std::uint64_t chunks = ExactJob(Shape{2, 4}).chunks();
  for (const std::uint64_t first : {std::uint64_t{5}, chunks + 10})
    EXPECT_EQ(interrupted_and_resumed(Shape{2, 4}, first), known::grid_count(Shape{2, 4})) << first;
}

// Stopped inside the census, and again inside the classes.
TEST(ExactJob, StopsAndResumesTenByTen) {
  EXPECT_EQ(interrupted_and_resumed(Shape{2, 5}, 700), known::grid_count(Shape{2, 5}));
  EXPECT_EQ(interrupted_and_resumed(Shape{2, 5}, 6409 + 100), known::grid_count(Shape{2, 5}));
}

// The end of the census is saved before the first class unit starts, however
// soon after the previous save it comes (a class of 2x6 takes an hour).
TEST(ExactJob, SavesWhenTheCensusEnds) {
  const ExactJob job(Shape{2, 4});
  std::vector<ExactJobState> saved;
  JobHooks hooks;
  hooks.checkpoint_every = 1e9;
  hooks.checkpoint = [&](const ExactJobState& state, bool final) {
    if (!final) saved.push_back(state);
  };
  const ExactJobState state = run_exact_job(job, start_state(job), {job.chunks() + 1, 0}, hooks);
  ASSERT_TRUE(state.census_complete());
  EXPECT_EQ(state.classes, 1u);
  EXPECT_TRUE(std::any_of(saved.begin(), saved.end(), [](const ExactJobState& s) {
    return s.census_complete() && s.classes == 0;
  }));
}

TEST(ExactJob, StateMergesRanges) {
  ExactJobState state;
  state.chunks = 2;
  state.census = {-1, -1};
  for (const std::uint64_t unit : {3u, 5u, 4u, 0u, 9u, 1u}) state.add(UnitResult{unit, 1, 1, 0});
  EXPECT_EQ(state.done, (std::vector<UnitRange>{{0, 2}, {3, 6}, {9, 10}}));
  EXPECT_EQ(state.units_done(), 6u);
  EXPECT_EQ(state.sum, 4);
  EXPECT_EQ(state.census, (std::vector<std::int64_t>{1, 1}));
  EXPECT_TRUE(state.census_complete());
  EXPECT_TRUE(state.is_done(4));
  EXPECT_FALSE(state.is_done(2));
  EXPECT_FALSE(state.is_done(8));
}

TEST(ExactJob, CheckpointRoundTripsAndRefusesDamage) {
  const ExactJob job(Shape{2, 3});
  ExactJobState state = run_exact_job(job, start_state(job), {2, 0}, {});
  const std::string text = format_exact_job(state);
  EXPECT_EQ(format_exact_job(parse_exact_job(text, "x")), text);
  std::string edited = text;
  edited[edited.find("classes ") + 8] = '7';
  EXPECT_THROW(parse_exact_job(edited, "x"), InputError);                       // checksum
  EXPECT_THROW(parse_exact_job(text.substr(0, text.size() / 2), "x"), InputError);  // truncated
  EXPECT_THROW(parse_exact_job("sudoku-count checkpoint\n", "x"), InputError);  // an estimate's
  const ExactJob other(Shape{3, 2});
  EXPECT_THROW(require_same_job(state, "x", other), InputError);
  state.chunks += 1;
  EXPECT_THROW(require_same_job(state, "x", job), InputError);
  EXPECT_THROW(load_exact_job(temporary_path("missing")), InputError);
}

// Job checkpoints as builds wrote them (tests/data/checkpoints): job_2x3_v1
// of sudoku-count 0.1.0 (format 1, route two-bands), job_2x3_v2 written by
// `exact --box 2x3 --max-units 3 --checkpoint` before both kinds of
// checkpoint were read by one parser, and job_2x3_v1.upgraded, what that
// build wrote back for the format 1 file. Each reads, matches the job it
// names, and is written back byte for byte as that build wrote it.
TEST(ExactJob, SavedFilesOfEveryFormatReadResumeAndWriteBack) {
  const auto path = [](const std::string& name) {
    return std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/checkpoints/" + name;
  };
  const auto text_of = [](const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const ExactJobState current = load_exact_job(path("job_2x3_v2.ckpt"));
  EXPECT_EQ(format_exact_job(current), text_of(path("job_2x3_v2.ckpt")));
  EXPECT_EQ(current.units_done(), 3u);
  require_same_job(current, "job_2x3_v2.ckpt", ExactJob(current.shape, current.route));

  const ExactJobState old = load_exact_job(path("job_2x3_v1.ckpt"));
  EXPECT_EQ(old.route, kHalfSplitRoute);
  EXPECT_EQ(old.method_version, 1);
  EXPECT_EQ(format_exact_job(old), text_of(path("job_2x3_v1.upgraded")));
  const ExactJob job(old.shape, route_to_run(old.shape, &old));
  require_same_job(old, "job_2x3_v1.ckpt", job);
  const ExactJobState rest = run_exact_job(job, old, {}, {});
  EXPECT_TRUE(rest.finished());
  EXPECT_EQ(rest.sum, known::grid_count(Shape{2, 3}));
}
