#pragma once
// What every run session shares (estimate_session.hpp, exact_session.hpp):
// the layout a request asks for, the processes a run spreads over, and the
// saved files a run writes.
//
// A session is the one code path by which every front end runs: given a
// typed request, the library takes the checkpoint's lock, resumes and checks
// what it resumes, runs, saves as it goes and stops on its stop rule or on
// the front end's interrupt flag. The command line and the Python module
// only turn their own spelling of a request (--rel-error, rel_error=) into
// the request struct, and the session's results into text or objects. A bad
// request raises RequestError naming the field (error.hpp).
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/record_job.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count {

// The layout of a request: a box shape, variants, and a jigsaw's regions
// file (none: a field not given).
struct LayoutRequest {
  std::optional<std::string> box;      // field "box": "3", "2x3", ...
  std::optional<std::string> variant;  // field "variant": "x", "x,p", ... (Layout::parse_variants)
  std::optional<std::string> regions;  // field "regions": the path of a jigsaw's regions file
  bool given() const { return box || variant || regions; }
};

// The layout asked for (a jigsaw: its size from the file; a box given beside
// it must have the same N). RequestError naming the field at fault; a
// request with neither box nor regions is refused.
Layout requested_layout(const LayoutRequest& request);

// Refuses (RequestError) a box, variant or regions that disagree with the
// layout of a resumed run (`saved`, from `path`), naming both.
void require_same_layout(const LayoutRequest& request, const Layout& saved, const std::string& path);

// The whole text of a file given as input; `field` is the request's field
// that names it (regions, puzzle_file) and `what` what it holds ("regions
// file"). RequestError when it is missing, a directory or unreadable. For a
// puzzle file, "-" is standard input.
std::string read_input_file(const std::string& path, const std::string& field, const std::string& what);

// A saved file is a user's saved run: never replaced by a new run unless it
// is the one being resumed (`resume_path`, "" if none). RequestError naming
// `field` (the request's field that gave `path`) when `path` is a directory
// or an existing file of any kind.
void refuse_to_overwrite(const std::string& path, const std::string& resume_path, const std::string& field);

// The puzzles of a puzzle file, one a line ("-": standard input), every
// line read and checked (parse_puzzle_list); RequestError naming
// puzzle_file and the file.
std::vector<ListedPuzzle> read_puzzle_list(const std::string& path, const Layout& layout);

// The processes of one run. A plain build has this process alone; an MPI
// build (the command line's) one per rank. The leader reads input, drives
// the run, reports and saves; the others compute the blocks, units or records it
// hands out. The library sees them only through this interface.
class Processes {
 public:
  virtual ~Processes() = default;
  virtual bool leader() const { return true; }
  // Runs `make` on the leader only (reading a file, checking a path) and
  // returns its result on every process; an InputError it throws is thrown
  // on every process, so that all stop with the same status.
  virtual std::string share(const std::function<std::string()>& make) const { return make(); }
  // Collective: every process calls them with its own thread count (0: all cores).
  virtual std::unique_ptr<BlockRunner> block_runner(const Estimator& estimator, int threads) const;
  // On the leader, `stop` is polled before each unit of its own threads.
  virtual std::unique_ptr<UnitRunner> unit_runner(const ExactJob& job, int threads, std::function<bool()> stop) const;
  virtual std::unique_ptr<RecordRunner> record_runner(const RecordJob& job, int threads) const;
  // On a process other than the leader: compute what the leader hands out
  // until it finishes.
  virtual void serve(BlockRunner&) const {}
  virtual void serve(UnitRunner&) const {}
  virtual void serve(RecordRunner&) const {}
};

// Seconds between a run's saves when its request gives none.
inline constexpr double kDefaultCheckpointEvery = 60;

// This process alone.
const Processes& this_process();

// How a session's saves went, for the front end to tell its user: a write
// that failed (the run keeps its state in memory and tries again at the next
// save), and the first one that succeeded after a failure. `error` is the
// system's message (path and OS error); `final`: the last save of the run.
struct SaveNotice {
  std::string path;
  std::string error;  // "" for a save that succeeded after a failure
  bool final = false;
  double retry_seconds = 0;  // when the next save is tried
};
using SaveNoticeFn = std::function<void(const SaveNotice&)>;

}  // namespace sudoku_count
