// Job checkpoints of the exact two-band count (exact_job.hpp): the state,
// its file format, and the checks on resuming.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "checkpoint/saved_file.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count {
using detail::kExactJobKind;
using detail::SavedLines;

bool ExactJobState::census_complete() const {
  return std::none_of(census.begin(), census.end(), [](std::int64_t c) { return c < 0; });
}

std::uint64_t ExactJobState::units() const {
  std::uint64_t total = chunks;
  for (const std::int64_t c : census) total += c > 0 ? static_cast<std::uint64_t>(c) : 0;
  return total;
}

std::uint64_t ExactJobState::units_done() const {
  std::uint64_t total = 0;
  for (const UnitRange& range : done) total += range.end - range.first;
  return total;
}

bool ExactJobState::is_done(std::uint64_t unit) const {
  const auto after = std::upper_bound(done.begin(), done.end(), unit,
                                      [](std::uint64_t u, const UnitRange& r) { return u < r.first; });
  return after != done.begin() && unit < std::prev(after)->end;
}

void ExactJobState::add(const UnitResult& result) {
  const std::uint64_t unit = result.unit;
  auto after = std::upper_bound(done.begin(), done.end(), unit,
                                [](std::uint64_t u, const UnitRange& r) { return u < r.first; });
  // Join the range ending at unit and the one starting at unit + 1, if any.
  if (after != done.begin() && std::prev(after)->end == unit) {
    auto before = std::prev(after);
    before->end = unit + 1;
    if (after != done.end() && after->first == unit + 1) {
      before->end = after->end;
      done.erase(after);
    }
  } else if (after != done.end() && after->first == unit + 1) {
    after->first = unit;
  } else {
    done.insert(after, UnitRange{unit, unit + 1});
  }
  if (unit < chunks) census[unit] = static_cast<std::int64_t>(result.classes);
  else sum += result.sum, classes += result.classes;
  seconds += result.seconds;
}

ExactJobState start_state(const ExactJob& job) {
  ExactJobState state;
  state.tool_version = kVersion;
  state.shape = job.shape();
  if (!job.layout().classic()) {
    state.format = kVariantExactJobFormat;
    for (const Variant v : job.layout().variants())
      state.variants += (state.variants.empty() ? "" : "+") + std::string(variant_name(v));
  }
  state.route = job.route();
  state.chunks = job.chunks();
  state.census.assign(state.chunks, -1);
  return state;
}

Layout job_layout(const ExactJobState& state) {
  return Layout::with_variants(state.shape, Layout::parse_variants(state.variants));
}

std::string exact_job_detail(const ExactJob& job, const ExactJobState& state) {
  if (job.route() == kSlicesRoute)
    return std::to_string(state.classes) + " classes of first bands (of " + std::to_string(job.group_order()) +
           " symmetries), N! |K| G each, G by the slice lemma";
  if (job.route() == kDiagonalSetsRoute)
    return std::to_string(state.classes) + " classes of first-band column sets (under relabelling and " +
           std::to_string(job.group_order()) + " column symmetries), |K| S each, S by the bands' diagonal histograms";
  return std::to_string(state.classes) + " classes of band-1 column sets, f^2 each, f by the " +
         (job.route() == kLayersRoute ? "reverse row layers" : "half split of each class");
}

std::string route_to_run(const Shape& shape, const ExactJobState* resumed, const std::string& asked) {
  if (resumed && variant_route(resumed->route)) return resumed->route;
  if (resumed && ExactJob::known_route(resumed->route)) return resumed->route;
  if (!asked.empty()) return asked;
  const int rows = std::max(shape.box_rows, shape.box_cols);
  return rows <= 5 ? kLayersRoute : kHalfSplitRoute;
}

void require_same_job(const ExactJobState& saved, const std::string& path, const ExactJob& job) {
  const ExactJobState fresh = start_state(job);
  auto refuse = [&](const std::string& what, const std::string& theirs, const std::string& ours) {
    throw InputError("cannot resume: " + std::string(kExactJobKind.what) + " '" + path + "' and this run differ in " + what + " (" +
                     theirs + " vs " + ours + ")");
  };
  if (saved.shape != fresh.shape) refuse("shape", "box " + saved.shape.name(), "box " + fresh.shape.name());
  if (saved.variants != fresh.variants)
    refuse("layout", job_layout(saved).name(), job.layout().name());
  if (saved.route != fresh.route) refuse("route", saved.route, fresh.route);
  if (saved.method_version != fresh.method_version)
    throw InputError("cannot resume: " + std::string(kExactJobKind.what) + " '" + path + "' was written by version " +
                     std::to_string(saved.method_version) + " of the exact job's method " + saved.route +
                     " (sudoku-count " + saved.tool_version + "); this build's is version " +
                     std::to_string(fresh.method_version) + ", whose units differ: finish the job with the build "
                     "that wrote it, or start it afresh");
  if (saved.chunks != fresh.chunks) refuse("chunks", std::to_string(saved.chunks), std::to_string(fresh.chunks));
}

std::string format_exact_job(const ExactJobState& state) {
  std::ostringstream out;
  char seconds[64];
  std::snprintf(seconds, sizeof seconds, "%a", state.seconds);
  out << detail::saved_header(kExactJobKind, state.tool_version, state.format)
      << "box " << state.shape.name() << "\n";
  if (!state.variants.empty()) out << "variants " << state.variants << "\n";
  out << "route " << state.route << "\n"
      << "method_version " << state.method_version << "\n"
      << "chunks " << state.chunks << "\n"
      << "census";
  for (const std::int64_t c : state.census) {
    if (c < 0) out << " -";
    else out << " " << c;
  }
  out << "\n"
      << "done";
  for (const UnitRange& range : state.done) out << " " << range.first << " " << range.end;
  out << "\n"
      << "classes " << state.classes << "\n"
      << "sum " << state.sum.str() << "\n"
      << "seconds " << seconds << "\n";
  return detail::with_checksum(out.str());
}

// The body of a job checkpoint (the header and checksum are checked by
// SavedLines).
ExactJobState parse_exact_job(const std::string& text, const std::string& origin) {
  const SavedLines lines(kExactJobKind, text, origin);
  ExactJobState state;
  // Format 1 predates method versions: its jobs are version 1.
  state.method_version = lines.method_version(2);
  state.format = kExactJobFormat;  // written back in the current format
  state.tool_version = lines.field("version");
  state.shape = detail::saved_box(lines, lines.field("box"));
  state.variants = lines.optional_field("variants");
  if (!state.variants.empty()) {
    state.format = kVariantExactJobFormat;
    try {
      (void)job_layout(state);
    } catch (const InputError& e) {
      lines.refuse("has variants its box does not have: " + std::string(e.what()));
    }
  }
  state.route = lines.field("route");
  if (state.route.empty()) lines.refuse("has an empty route");
  state.chunks = lines.u64("chunks");
  if (state.chunks > (std::uint64_t{1} << 30)) lines.refuse("has far too many chunks");
  std::istringstream counts(lines.field("census"));
  for (std::string word; counts >> word;) {
    if (state.census.size() == state.chunks) lines.refuse("has more census entries than chunks");
    state.census.push_back(word == "-" ? -1 : static_cast<std::int64_t>(lines.u64("census", word)));
    if (state.census.back() >= static_cast<std::int64_t>(ExactJob::kMaxClassesPerChunk))
      lines.refuse("has an impossible census entry");
  }
  if (state.census.size() != state.chunks) lines.refuse("has fewer census entries than chunks");
  const std::uint64_t end_of_ids = state.chunks + state.chunks * ExactJob::kMaxClassesPerChunk;
  std::istringstream words(lines.field("done"));
  for (std::string first, end; words >> first;) {
    if (!(words >> end)) lines.refuse("has an odd number of values on its done line");
    const UnitRange range{lines.u64("done", first), lines.u64("done", end)};
    if (range.end <= range.first || range.end > end_of_ids ||
        (!state.done.empty() && range.first <= state.done.back().end))
      lines.refuse("has done ranges that are empty, overlapping, out of order or beyond its units");
    state.done.push_back(range);
  }
  // The census entries are those of the census units done, and every class
  // unit done is a class of a counted chunk.
  std::uint64_t class_units = 0;
  for (const UnitRange& range : state.done)
    for (std::uint64_t unit = range.first; unit < range.end; ++unit) {
      if (unit < state.chunks) continue;
      const std::uint64_t chunk = (unit - state.chunks) / ExactJob::kMaxClassesPerChunk;
      const std::int64_t k = static_cast<std::int64_t>((unit - state.chunks) % ExactJob::kMaxClassesPerChunk);
      if (k >= state.census[chunk]) lines.refuse("is inconsistent: a unit done is not a class of a counted chunk");
      ++class_units;
      if (class_units > state.chunks * 64 + 100000000) lines.refuse("has far too many units done");
    }
  for (std::uint64_t chunk = 0; chunk < state.chunks; ++chunk)
    if ((state.census[chunk] >= 0) != state.is_done(chunk))
      lines.refuse("is inconsistent: its census does not match the census units done");
  state.classes = lines.u64("classes");
  const std::string& sum = lines.field("sum");
  if (sum.empty() || sum.size() > 200 || sum.find_first_not_of("0123456789") != std::string::npos)
    lines.refuse("has a bad value for sum: '" + sum + "'");
  state.sum = BigInt(sum);
  char* end = nullptr;
  const std::string& seconds = lines.field("seconds");
  state.seconds = std::strtod(seconds.c_str(), &end);
  if (seconds.empty() || *end != '\0' || !std::isfinite(state.seconds) || state.seconds < 0)
    lines.refuse("has a bad value for seconds: '" + seconds + "'");
  if (state.classes != class_units || (class_units == 0 && state.sum != 0))
    lines.refuse("is inconsistent: " + std::to_string(state.classes) + " classes but " +
                 std::to_string(class_units) + " class units done");
  return state;
}

void save_exact_job(const std::string& path, const ExactJobState& state) {
  detail::save_file(kExactJobKind, path, format_exact_job(state));
}

ExactJobState load_exact_job(const std::string& path) {
  return parse_exact_job(detail::read_file(kExactJobKind, path), path);
}

}  // namespace sudoku_count
