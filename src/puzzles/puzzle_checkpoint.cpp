// The saved state of a puzzle-count run (puzzle_session.hpp): written,
// read back and checked, and merged.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "checkpoint/saved_file.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/puzzle_session.hpp"

namespace sudoku_count {
using detail::hex_real;
using detail::kPuzzleRunKind;
using detail::SavedLines;

std::string format_puzzle_run(const PuzzleRunState& state) {
  std::ostringstream out;
  out << detail::saved_header(kPuzzleRunKind, state.tool_version) << "box " << state.layout.shape().name() << "\n"
      << detail::layout_lines(state.layout) << "kind " << puzzle_kind_name(state.kind) << "\n"
      << "method " << state.method << "\n"
      << "method_version " << state.method_version << "\n"
      << "subset_size " << state.subset_size << "\n"
      << "subsets_per_grid " << state.subsets_per_grid << "\n"
      << "clues " << state.min_clues << " " << state.max_clues << "\n";
  if (state.weighted_grids) out << "grids weighted\n";
  for (const BlockRange& range : state.ranges)
    out << "range " << range.seed << " " << range.first << " " << range.end << "\n";
  out << "tests " << state.tally.tests << "\n";
  if (state.weighted_grids)
    out << "weights " << hex_real(state.tally.weight_sum) << " " << hex_real(state.tally.weight_sum_squared) << "\n";
  const PuzzleTally& t = state.tally;
  for (std::size_t slot = 0; slot < t.sum.size(); ++slot) {
    const bool total = slot + 1 == t.sum.size();
    out << "slot " << (total ? std::string("total") : std::to_string(state.min_clues + static_cast<int>(slot))) << " "
        << hex_real(t.sum[slot]) << " " << hex_real(t.sum_squared[slot]) << " " << hex_real(t.within[slot]) << " "
        << hex_real(t.largest[slot]) << " " << t.hits[slot] << "\n";
  }
  out << "seconds " << hex_real(state.seconds) << "\n";
  return detail::with_checksum(out.str());
}

PuzzleRunState parse_puzzle_run(const std::string& text, const std::string& origin) {
  const SavedLines lines(kPuzzleRunKind, text, origin);
  PuzzleRunState state;
  state.format = lines.format();
  state.tool_version = lines.field("version");
  state.layout = detail::saved_layout(lines, detail::saved_box(lines, lines.field("box")),
                                      lines.optional_field("variants"), lines.all("region"),
                                      lines.optional_field("layout"));
  const int cells = state.layout.cells();
  try {
    state.kind = puzzle_kind(lines.field("kind"));
  } catch (const InputError&) {
    lines.refuse("has an unknown kind '" + lines.field("kind") + "'");
  }
  state.method = lines.field("method");
  if (state.method != "subsets" && state.method != "supersets" && state.method != "coin")
    lines.refuse("has an unknown method '" + state.method + "'");
  state.method_version = lines.method_version(1);
  auto small = [&](const std::string& key, const std::string& value, std::uint64_t most) {
    const std::uint64_t n = lines.u64(key, value);
    if (n > most) lines.refuse("has " + key + " " + value + ", more than " + std::to_string(most));
    return static_cast<int>(n);
  };
  state.subset_size = small("subset_size", lines.field("subset_size"), static_cast<std::uint64_t>(cells));
  state.subsets_per_grid = small("subsets_per_grid", lines.field("subsets_per_grid"), 1'000'000);
  if (state.subsets_per_grid == 0) lines.refuse("has subsets_per_grid 0");
  if ((state.method != "coin") != (state.subset_size > 0))
    lines.refuse("has subset_size " + std::to_string(state.subset_size) + " with method " + state.method);
  {
    std::istringstream words(lines.field("clues"));
    std::string low, high, extra;
    if (!(words >> low >> high) || (words >> extra)) lines.refuse("has a bad clues line");
    state.min_clues = small("clues", low, static_cast<std::uint64_t>(cells));
    state.max_clues = small("clues", high, static_cast<std::uint64_t>(cells));
    const int reach = state.method == "subsets" ? state.subset_size : cells;
    const int lowest = state.method == "supersets" ? state.subset_size : 0;
    if (state.min_clues > state.max_clues || state.max_clues > reach || state.min_clues < lowest)
      lines.refuse("has an impossible clues line");
  }
  if (lines.has("grids")) {
    if (lines.field("grids") != "weighted") lines.refuse("has an unknown grids line 'grids " + lines.field("grids") + "'");
    state.weighted_grids = true;
  }
  state.ranges = detail::saved_ranges(lines);
  state.tally.tests = lines.u64("tests");
  if (state.weighted_grids) {
    std::istringstream words(lines.field("weights"));
    std::string sum, squares, extra;
    if (!(words >> sum >> squares) || (words >> extra)) lines.refuse("has a bad weights line");
    state.tally.weight_sum = lines.real("weights", sum);
    state.tally.weight_sum_squared = lines.real("weights", squares);
    if (!std::isfinite(state.tally.weight_sum) || state.tally.weight_sum < 0 ||
        !std::isfinite(state.tally.weight_sum_squared) || state.tally.weight_sum_squared < 0)
      lines.refuse("holds an impossible weights line");
  } else if (lines.has("weights")) {
    lines.refuse("has a weights line without 'grids weighted'");
  }
  const std::vector<std::string> slots = lines.all("slot");
  if (slots.size() != static_cast<std::size_t>(state.slots()))
    lines.refuse("has " + std::to_string(slots.size()) + " slot lines for " + std::to_string(state.slots()) +
                 " (a clue count each, and the total)");
  PuzzleTally& t = state.tally;
  for (std::size_t slot = 0; slot < slots.size(); ++slot) {
    std::istringstream words(slots[slot]);
    std::string name, sum, squares, within, largest, hits, extra;
    if (!(words >> name >> sum >> squares >> within >> largest >> hits) || (words >> extra))
      lines.refuse("has a bad slot line: 'slot " + slots[slot] + "'");
    const bool total = slot + 1 == slots.size();
    if (name != (total ? std::string("total") : std::to_string(state.min_clues + static_cast<int>(slot))))
      lines.refuse("has its slot lines out of order at 'slot " + slots[slot] + "'");
    const long double values[] = {lines.real("slot", sum), lines.real("slot", squares), lines.real("slot", within),
                                  lines.real("slot", largest)};
    for (const long double v : values)
      if (!std::isfinite(v) || v < 0) lines.refuse("holds an impossible sum at 'slot " + slots[slot] + "'");
    t.sum.push_back(values[0]);
    t.sum_squared.push_back(values[1]);
    t.within.push_back(values[2]);
    t.largest.push_back(values[3]);
    t.hits.push_back(lines.u64("slot", hits));
  }
  const long double seconds = lines.real("seconds", lines.field("seconds"));
  if (!std::isfinite(seconds) || seconds < 0) lines.refuse("holds an impossible time");
  state.seconds = static_cast<double>(seconds);
  if (state.grids() == 0 && std::any_of(t.hits.begin(), t.hits.end(), [](std::uint64_t h) { return h > 0; }))
    lines.refuse("is inconsistent: puzzles found in no grid");
  return state;
}

void save_puzzle_run(const std::string& path, const PuzzleRunState& state) {
  detail::save_file(kPuzzleRunKind, path, format_puzzle_run(state));
}

PuzzleRunState load_puzzle_run(const std::string& path) {
  return parse_puzzle_run(detail::read_file(kPuzzleRunKind, path), path);
}

bool is_puzzle_run_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string first;
  return in && std::getline(in, first) && first == kPuzzleRunKind.magic;
}

PuzzleRunState merge_puzzle_runs(const std::vector<PuzzleRunState>& runs, const std::vector<std::string>& names) {
  if (runs.empty()) throw InputError("nothing to merge");
  const PuzzleRunState& a = runs[0];
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const PuzzleRunState& b = runs[i];
    auto refuse = [&](const std::string& what, const std::string& va, const std::string& vb) {
      throw InputError(names[0] + " and " + names[i] + " differ in " + what + " (" + va + " vs " + vb +
                       "): only runs of one plan merge");
    };
    if (!(a.layout == b.layout)) refuse("layout", a.layout.name(), b.layout.name());
    if (a.kind != b.kind) refuse("kind", puzzle_kind_name(a.kind), puzzle_kind_name(b.kind));
    if (a.method != b.method) refuse("method", a.method, b.method);
    if (a.method_version != b.method_version)
      refuse("the version of method " + a.method, std::to_string(a.method_version), std::to_string(b.method_version));
    if (a.subset_size != b.subset_size) refuse("subset size", std::to_string(a.subset_size), std::to_string(b.subset_size));
    if (a.subsets_per_grid != b.subsets_per_grid)
      refuse("subsets per grid", std::to_string(a.subsets_per_grid), std::to_string(b.subsets_per_grid));
    if (a.weighted_grids != b.weighted_grids)
      refuse("how grids are drawn", a.weighted_grids ? "weighted" : "uniform", b.weighted_grids ? "weighted" : "uniform");
    if (a.min_clues != b.min_clues || a.max_clues != b.max_clues)
      refuse("clue counts", std::to_string(a.min_clues) + "-" + std::to_string(a.max_clues),
             std::to_string(b.min_clues) + "-" + std::to_string(b.max_clues));
  }
  std::vector<std::vector<BlockRange>> ranges;
  for (const PuzzleRunState& run : runs) ranges.push_back(run.ranges);
  const std::vector<std::size_t> order =
      detail::merge_order(ranges, names, "grids", "grids twice (give each run its own {seed})");
  PuzzleRunState merged = a;
  PuzzleTally& t = merged.tally;
  std::fill(t.sum.begin(), t.sum.end(), 0);
  std::fill(t.sum_squared.begin(), t.sum_squared.end(), 0);
  std::fill(t.within.begin(), t.within.end(), 0);
  std::fill(t.largest.begin(), t.largest.end(), 0);
  std::fill(t.hits.begin(), t.hits.end(), 0);
  t.tests = 0;
  t.weight_sum = t.weight_sum_squared = 0;
  merged.seconds = 0;
  for (const std::size_t i : order) {
    const PuzzleTally& u = runs[i].tally;
    for (std::size_t slot = 0; slot < t.sum.size(); ++slot) {
      t.sum[slot] += u.sum[slot];
      t.sum_squared[slot] += u.sum_squared[slot];
      t.within[slot] += u.within[slot];
      t.largest[slot] = std::max(t.largest[slot], u.largest[slot]);
      t.hits[slot] += u.hits[slot];
    }
    t.tests += u.tests;
    t.weight_sum += u.weight_sum;
    t.weight_sum_squared += u.weight_sum_squared;
    merged.seconds += runs[i].seconds;
  }
  merged.ranges = detail::merged_ranges(ranges);
  return merged;
}

}  // namespace sudoku_count
