// Job checkpoints of the exact two-band count (exact_job.hpp): the state,
// its file format, and the checks on resuming.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "core/saved_file.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/version.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
namespace {

constexpr const char* kMagic = "sudoku-count exact job";
constexpr const char* kWhat = "job checkpoint";
// 2^14 chunks of census and done ranges that alternate: well under 1 MB.
constexpr std::size_t kMaxFileBytes = 1 << 22;

[[noreturn]] void bad_file(const std::string& origin, const std::string& why) {
  detail::bad_saved_file(kWhat, origin, why);
}

std::uint64_t parse_u64(const std::string& origin, const std::string& key, const std::string& text) {
  return detail::saved_u64(kWhat, origin, key, text);
}

}  // namespace

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
  state.route = job.route();
  state.chunks = job.chunks();
  state.census.assign(state.chunks, -1);
  return state;
}

std::string exact_job_detail(const ExactJob& job, const ExactJobState& state) {
  return std::to_string(state.classes) + " classes of band-1 column sets, f^2 each, f by the " +
         (job.route() == kLayersRoute ? "reverse row layers" : "half split of each class");
}

std::string route_to_run(const Shape& shape, const ExactJobState* resumed, const std::string& asked) {
  if (resumed && ExactJob::known_route(resumed->route)) return resumed->route;
  if (!asked.empty()) return asked;
  const int rows = std::max(shape.box_rows, shape.box_cols);
  return rows <= 5 ? kLayersRoute : kHalfSplitRoute;
}

void require_same_job(const ExactJobState& saved, const std::string& path, const ExactJob& job) {
  const ExactJobState fresh = start_state(job);
  auto refuse = [&](const std::string& what, const std::string& theirs, const std::string& ours) {
    throw InputError("cannot resume: " + std::string(kWhat) + " '" + path + "' and this run differ in " + what + " (" +
                     theirs + " vs " + ours + ")");
  };
  if (saved.shape != fresh.shape) refuse("shape", "box " + saved.shape.name(), "box " + fresh.shape.name());
  if (saved.route != fresh.route) refuse("route", saved.route, fresh.route);
  if (saved.method_version != fresh.method_version)
    throw InputError("cannot resume: " + std::string(kWhat) + " '" + path + "' was written by version " +
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
  out << kMagic << "\n"
      << "format " << kExactJobFormat << "\n"
      << "version " << state.tool_version << "\n"
      << "box " << state.shape.name() << "\n"
      << "route " << state.route << "\n"
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
  return with_checksum(out.str());
}

ExactJobState parse_exact_job(const std::string& text, const std::string& origin) {
  if (text.empty()) bad_file(origin, "is empty: not a sudoku-count job checkpoint");
  const std::string magic_line = std::string(kMagic) + "\n";
  if (text.compare(0, magic_line.size(), magic_line) != 0)
    bad_file(origin, "is not a sudoku-count job checkpoint (it does not start with '" + std::string(kMagic) +
                         "'; an estimate's checkpoint resumes with 'sudoku-count estimate --resume')");
  std::string why;
  const std::string body = checked_body(text, why);
  if (!why.empty()) bad_file(origin, why);

  std::map<std::string, std::string> fields;
  std::istringstream lines(body.substr(magic_line.size()));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    static const char* const known[] = {"format",  "version", "box", "route",  "chunks",
                                        "census",  "done",    "classes", "sum", "seconds", "method_version"};
    if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return key == k; }) == std::end(known))
      bad_file(origin, "has an unknown field '" + key + "'");
    if (!fields.emplace(key, value).second) bad_file(origin, "has the field '" + key + "' twice");
  }
  auto field = [&](const std::string& key) -> const std::string& {
    const auto it = fields.find(key);
    if (it == fields.end()) bad_file(origin, "lacks the field '" + key + "'");
    return it->second;
  };
  ExactJobState state;
  const std::uint64_t format = parse_u64(origin, "format", field("format"));
  if (format < kOldestExactJobFormat || format > kExactJobFormat)
    bad_file(origin, "has format " + std::to_string(format) + ", written by a newer sudoku-count (" +
                         (fields.count("version") ? fields.at("version") : std::string("version unknown")) +
                         "); this one reads formats " + std::to_string(kOldestExactJobFormat) + " to " +
                         std::to_string(kExactJobFormat) + ": resume it with that version or a later one");
  // Format 1 predates method versions: its jobs are version 1.
  if (format >= 2) {
    const std::uint64_t version = parse_u64(origin, "method_version", field("method_version"));
    if (version == 0 || version > 1000000) bad_file(origin, "has an impossible method_version");
    state.method_version = static_cast<int>(version);
  }
  state.format = kExactJobFormat;  // written back in the current format
  state.tool_version = field("version");
  state.shape = detail::saved_box(kWhat, origin, field("box"));
  state.route = field("route");
  if (state.route.empty()) bad_file(origin, "has an empty route");
  state.chunks = parse_u64(origin, "chunks", field("chunks"));
  if (state.chunks > (std::uint64_t{1} << 30)) bad_file(origin, "has far too many chunks");
  std::istringstream counts(field("census"));
  for (std::string word; counts >> word;) {
    if (state.census.size() == state.chunks) bad_file(origin, "has more census entries than chunks");
    state.census.push_back(word == "-" ? -1 : static_cast<std::int64_t>(parse_u64(origin, "census", word)));
    if (state.census.back() >= static_cast<std::int64_t>(ExactJob::kMaxClassesPerChunk))
      bad_file(origin, "has an impossible census entry");
  }
  if (state.census.size() != state.chunks) bad_file(origin, "has fewer census entries than chunks");
  const std::uint64_t end_of_ids = state.chunks + state.chunks * ExactJob::kMaxClassesPerChunk;
  std::istringstream words(field("done"));
  for (std::string first, end; words >> first;) {
    if (!(words >> end)) bad_file(origin, "has an odd number of values on its done line");
    const UnitRange range{parse_u64(origin, "done", first), parse_u64(origin, "done", end)};
    if (range.end <= range.first || range.end > end_of_ids ||
        (!state.done.empty() && range.first <= state.done.back().end))
      bad_file(origin, "has done ranges that are empty, overlapping, out of order or beyond its units");
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
      if (k >= state.census[chunk]) bad_file(origin, "is inconsistent: a unit done is not a class of a counted chunk");
      ++class_units;
      if (class_units > state.chunks * 64 + 100000000) bad_file(origin, "has far too many units done");
    }
  for (std::uint64_t chunk = 0; chunk < state.chunks; ++chunk)
    if ((state.census[chunk] >= 0) != state.is_done(chunk))
      bad_file(origin, "is inconsistent: its census does not match the census units done");
  state.classes = parse_u64(origin, "classes", field("classes"));
  const std::string& sum = field("sum");
  if (sum.empty() || sum.size() > 200 || sum.find_first_not_of("0123456789") != std::string::npos)
    bad_file(origin, "has a bad value for sum: '" + sum + "'");
  state.sum = BigInt(sum);
  char* end = nullptr;
  const std::string& seconds = field("seconds");
  state.seconds = std::strtod(seconds.c_str(), &end);
  if (seconds.empty() || *end != '\0' || !std::isfinite(state.seconds) || state.seconds < 0)
    bad_file(origin, "has a bad value for seconds: '" + seconds + "'");
  if (state.classes != class_units || (class_units == 0 && state.sum != 0))
    bad_file(origin, "is inconsistent: " + std::to_string(state.classes) + " classes but " +
                         std::to_string(class_units) + " class units done");
  return state;
}

void save_exact_job(const std::string& path, const ExactJobState& state) {
  write_file_atomically(path, format_exact_job(state), kWhat);
}

ExactJobState load_exact_job(const std::string& path) {
  return parse_exact_job(read_saved_file(path, kMaxFileBytes, kWhat), path);
}

}  // namespace sudoku_count
