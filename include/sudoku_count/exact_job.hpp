#pragma once
// Exact counts as jobs that can stop, resume and spread over processes:
//  - all grids of a two-band shape (R x 2 boxes, or 2 x R transposed, R <= 6;
//    docs/method.md, section 8), by the routes "layers" and "two-bands":
//
//      number of grids = sum over the classes K of band-1 column sets of |K| f(K)^2;
//
//  - all grids of a variant layout with boxes (groups p, windows, diagonals
//    beside the groups) in two or three bands, by the route "slices"
//    (docs/method.md, section 14):
//
//      number of grids = N! sum over the classes K of first bands of |K| G(K),
//
//    G the completions of the class's least band, counted by the slice lemma;
//
//  - all grids of a layout with both main diagonals alone (x) in two or
//    three bands, by the route "sets-x" (docs/method.md, section 15):
//
//      number of grids = sum over the classes K of first-band column sets of |K| S(K),
//
//    S the grids whose first band has K's column sets, by the bands'
//    diagonal histograms.
//
// The classes are streamed in a fixed order, cut into chunks of that order.
// The job has two kinds of work units, each computed anywhere, in any order:
//  - census units, one per chunk: enumerate the chunk and count its classes
//    (minutes in all for R = 6);
//  - class units, one per class once its chunk is counted: the class's exact
//    term |K| f(K)^2 (f is nearly all the work: hours per class for R = 6).
// Unit c < chunks is the census of chunk c; unit chunks + c 2^24 + k is the
// k-th class of chunk c. A job checkpoint records the units done, the census
// so far and the exact sum of the terms done.
//
// The checkpoint file is line-based text ending in an FNV-1a 64 checksum of
// everything before that line, written atomically (as estimate checkpoints):
//
//   sudoku-count exact job
//   format 2
//   version 0.1.0            (of the sudoku-count that wrote it: for people; not checked)
//   box 2x5                  (the shape asked for)
//   variants p               (format 3, a variant layout's only: its variants)
//   route layers             (or two-bands, or slices: how a class is computed, below)
//   method_version 1         (ExactJob::kMethodVersion; format 1 files have none: version 1)
//   chunks 6409
//   census 0 0 3 - - 1 ...   (classes per chunk; - for a chunk not counted yet)
//   done 0 120 130 200 ...   (units done: ranges [first, end), sorted, disjoint)
//   classes 210              (class units done)
//   sum 1234...              (the exact sum of their terms)
//   seconds 0x1.8p+4         (compute time of the units done, summed over threads)
//   checksum 0123456789abcdef
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count {

// Format 2 adds the method version, format 3 the variants of a variant
// layout (jobs of the classic rules are still written in format 2);
// formats 1 to 3 are read. Any build that reads the format and has the same
// layout, route, method version and unit list resumes a job, whatever the
// tool version that wrote it.
inline constexpr int kExactJobFormat = 2;
inline constexpr int kVariantExactJobFormat = 3;
inline constexpr int kOldestExactJobFormat = 1;

// One finished unit.
struct UnitResult {
  std::uint64_t unit = 0;
  BigInt sum;                 // a class unit's term |K| f(K)^2
  std::uint64_t classes = 0;  // a census unit: the classes of its chunk; a class unit: 1
  double seconds = 0;         // compute time
};

// How a class unit computes f (docs/method.md, section 8):
//  - "layers": by the reverse row layers, F_R = R * sum over the rooted
//    perfect matchings M of F_{R-1}(X - M), the values of every layer of
//    four rows and more kept in tables shared by the units of a process
//    (they stay in memory for the run: a resumed run rebuilds them);
//  - "two-bands": by the half split of each class on its own (the route
//    before the layers, kept so that its checkpoints resume and for
//    comparison).
// Both give every unit the same term.
//  - "slices" (variant layouts): the classes of first bands under the
//    layout's symmetries, each class's completions by the slice lemma.
inline constexpr const char* kLayersRoute = "layers";
inline constexpr const char* kHalfSplitRoute = "two-bands";
inline constexpr const char* kSlicesRoute = "slices";
//  - "sets-x" (both diagonals alone): the classes of first-band column sets
//    under relabelling and the layout's symmetries, each class's grids by
//    the join of the later bands' diagonal histograms.
inline constexpr const char* kDiagonalSetsRoute = "sets-x";
// Whether the route counts variant layouts (slices, sets-x): its jobs are
// asked for by the method of the same name.
bool variant_route(const std::string& route);

class ExactJob {
 public:
  // Whether the job counts the shape (R x 2 or 2 x R boxes, R <= 6).
  static bool handles(const Shape& shape);
  // Whether the job counts the layout: a shape it handles, or a variant
  // layout the sets-x or slices route serves (else `why` says why not).
  static bool handles(const Layout& layout, std::string* why = nullptr);
  // Whether `route` names one of the routes above.
  static bool known_route(const std::string& route);
  // Builds the unit list (a second for R = 6). Throws InputError unless
  // handles(shape) and known_route(route), and for the layers route when the
  // least memory its tables take (layers_route_memory_floor) exceeds the
  // machine's.
  explicit ExactJob(const Shape& shape, const std::string& route = kLayersRoute);
  // A variant layout by a variant route: sets-x or slices, "" for the one
  // that serves it (sets-x where both do). InputError unless the route
  // serves the layout.
  explicit ExactJob(const Layout& layout, const std::string& route = "");
  // The variant route that counts the layout ("" if none; `why` says why not).
  static std::string variant_route_for(const Layout& layout, std::string* why = nullptr);
  ~ExactJob();
  ExactJob(const ExactJob&) = delete;
  ExactJob& operator=(const ExactJob&) = delete;

  const Shape& shape() const { return shape_; }          // asked for
  const Layout& layout() const { return layout_; }       // the shape's classic rules, or the variant layout
  const Shape& counted_shape() const { return counted_; }  // R x 2 (a transpose has as many grids)
  const std::string& route() const { return route_; }
  // Raised whenever a change makes a unit's number or result differ (the
  // chunks, the class order, the terms), so no job mixes units of two.
  static constexpr int kMethodVersion = 1;
  std::uint64_t chunks() const;
  // The variant routes: the symmetries the classes of first bands (slices)
  // or of their column sets (sets-x) are taken under (1 for the others).
  std::uint64_t group_order() const;
  static constexpr std::uint64_t kMaxClassesPerChunk = std::uint64_t{1} << 24;
  bool is_census_unit(std::uint64_t unit) const { return unit < chunks(); }
  std::uint64_t class_unit(std::uint64_t chunk, std::uint64_t k) const {
    return chunks() + chunk * kMaxClassesPerChunk + k;
  }
  // Computes one unit on the calling thread. Safe to call from several threads at once.
  UnitResult run_unit(std::uint64_t unit) const;

 private:
  struct Impl;
  Shape shape_, counted_;
  Layout layout_;
  std::string route_;
  std::unique_ptr<const Impl> impl_;
};

// Units [first, end).
struct UnitRange {
  std::uint64_t first = 0;
  std::uint64_t end = 0;
  bool operator==(const UnitRange&) const = default;
};

// What a job checkpoint records: the job, the units done, the census and the sum.
struct ExactJobState {
  int format = kExactJobFormat;
  std::string tool_version;
  Shape shape;
  std::string variants;  // a variant layout's ("p", "x+p", "windows"); "" for the classic rules
  std::string route;
  int method_version = ExactJob::kMethodVersion;
  std::uint64_t chunks = 0;
  std::vector<std::int64_t> census;  // classes per chunk, -1 until counted
  std::vector<UnitRange> done;       // sorted, disjoint, not touching
  std::uint64_t classes = 0;         // class units done
  BigInt sum;
  double seconds = 0;

  bool census_complete() const;
  // Units of the whole job as far as known: the chunks, and the classes of
  // the chunks counted.
  std::uint64_t units() const;
  std::uint64_t units_done() const;
  bool finished() const { return census_complete() && units_done() == units(); }
  bool is_done(std::uint64_t unit) const;
  // Adds a unit's result (not already done).
  void add(const UnitResult& result);
};

// The layout of a job's state: its box with its variants.
Layout job_layout(const ExactJobState& state);

// The route a run takes: a slices job's "slices"; a resumed job's own (when this build knows it, so
// that a job started by one route finishes by it), else the one asked for
// (when not empty), else the default of the shape: the layers up to R = 5,
// the half split for R = 6 (whose layer tables need more memory than a
// workstation has: layers_route_memory_floor).
std::string route_to_run(const Shape& shape, const ExactJobState* resumed, const std::string& asked = "");

// What a finished job summed, in words: "355 classes of band-1 column sets,
// f^2 each, f by the reverse row layers".
std::string exact_job_detail(const ExactJob& job, const ExactJobState& state);

// A fresh state for the job (no unit done).
ExactJobState start_state(const ExactJob& job);
// Throws InputError ("cannot resume ...") unless `saved` (read from `path`)
// is a state of this job: the same shape, route, method version and unit
// list.
void require_same_job(const ExactJobState& saved, const std::string& path, const ExactJob& job);

// The file's text (checksum line included), and back; parse throws
// InputError naming what is wrong, `origin` (a path) starting the message.
std::string format_exact_job(const ExactJobState& state);
ExactJobState parse_exact_job(const std::string& text, const std::string& origin);
// Atomic (see save_checkpoint); std::system_error on failure, the old file untouched.
void save_exact_job(const std::string& path, const ExactJobState& state);
// InputError for a missing, unreadable, corrupt or inconsistent file.
ExactJobState load_exact_job(const std::string& path);

// Computes units: on this process's threads, or (in the app) spread over
// MPI ranks.
class UnitRunner {
 public:
  virtual ~UnitRunner() = default;
  // Units in flight at once (threads over all processes).
  virtual int width() const = 0;
  // Computes `units`, calling finished(result) as each one ends, one call at
  // a time (from any thread). No unit starts once `stop` (given when the
  // runner was made) returns true.
  virtual void run(const std::vector<std::uint64_t>& units, const std::function<void(const UnitResult&)>& finished) = 0;
};
// `stop` is polled before each unit (may be empty). threads 0: all cores.
std::unique_ptr<UnitRunner> make_unit_thread_runner(const ExactJob& job, int threads,
                                                    std::function<bool()> stop = {});

struct JobLimits {
  std::uint64_t max_units = 0;  // stop after this many units in this run (0: no limit)
  double seconds = 0;           // start no unit after this many seconds (0: no limit)
};

struct JobHooks {
  UnitRunner* runner = nullptr;  // none: this process's threads
  int threads = 0;               // for the default runner
  const std::atomic<bool>* interrupt = nullptr;  // set: start no further unit
  // After each unit, with the state so far and the wall seconds of this run.
  std::function<void(const ExactJobState&, double seconds)> progress;
  // At the start, after the first unit, every checkpoint_every seconds (when
  // a unit finishes), when the census ends, and at the end (final = true).
  std::function<void(const ExactJobState&, bool final)> checkpoint;
  double checkpoint_every = 60;
};

// Runs the units not yet done in `state` (the census first, then the
// classes, each in unit order) until all are done or a limit or the
// interrupt stops it; returns the state reached. The count is state.sum once
// state.finished().
ExactJobState run_exact_job(const ExactJob& job, ExactJobState state, const JobLimits& limits,
                            const JobHooks& hooks);

}  // namespace sudoku_count
