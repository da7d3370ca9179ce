// The estimator registry: every method is one EstimatorEntry (estimator.hpp),
// the built-in ones listed below; "auto", the factory, the reading of saved
// variant names and the method list all come from the entries.
#include <algorithm>
#include <cctype>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "estimate/bands_method.hpp"
#include "estimate/rows_method.hpp"
#include "estimate/rows_x_method.hpp"
#include "estimate/sets_method.hpp"
#include "estimate/sets_x_method.hpp"
#include "estimate/smc_method.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"

namespace sudoku_count {
using namespace detail;  // internals of this area
using Orientation = EstimatorOptions::Orientation;

namespace {

// From this order on (16x16) auto samples by SMC rather than sets: SMC
// measured better per unit of time, 16x16 1.2-1.8x, 20x20 2.5x, 25x25 and
// beyond far more; on 8x8 to 15x15 the two tie within 10% and sets stays
// (docs/benchmarks.md, "Tuning").
constexpr int kSmcFromOrder = 16;

// From this order on auto counts layouts with both diagonals by rows-x
// rather than rows: rse^2 x CPU s 10x lower on 2x5+x, 6.6x on 3x4+x, 14x
// on 4x4+x; on 2x4+x rows was 1.9x better (docs/benchmarks.md, "Both
// diagonals as givens").
constexpr int kRowsXFromOrder = 10;

// Where the box methods apply: the classic rules of a box shape, Latin
// squares aside (rows measured ahead of sets and smc on them at every order
// tried: time-normalised variance 10x lower at order 7, 57x at 12, 1.4x at
// 20, 1.7x at 40; docs/benchmarks.md, "Layouts").
bool box_methods_apply(const Layout& layout) { return layout.classic() && !layout.latin_square(); }

void require_classic(const std::string& method, const Layout& layout) {
  if (!layout.classic())
    throw InputError("method " + method + " handles the classic rules of a box shape only, not layout " +
                     layout.name() + " (" + layout.describe() + "): ask for {method} rows, or auto");
}

void require_given_orientation(const std::string& method, const EstimatorOptions& options, const std::string& hint) {
  if (options.orientation == Orientation::Transposed)
    throw InputError("method " + method + " works on the " + hint + " as given: leave {orientation} at auto or given");
}

// The orientation SMC prefers. Below kSmcFromOrder (where auto keeps sets,
// so only the method smc or particles reach it) boxes of two rows or
// columns are taken with two rows: 4x2 read Pareto k 0.70 after 100,000
// replicates, 2x4 0.14, and 2x5 0.12 against 5x2's 0.16
// (docs/validation.md, section 10); elsewhere the orientation of sets, as
// measured for auto.
bool smc_prefers_transposed(const Shape& shape) {
  if (shape.n() < kSmcFromOrder && std::min(shape.box_rows, shape.box_cols) == 2)
    return shape.box_cols == 2 && shape.box_rows > 2;
  return prefer_transposed(shape);
}

// A sampler built by make(transpose) on the orientation asked for; Auto
// takes `preferred` (whether to transpose), or the other if only it is in
// reach.
template <class Make>
std::unique_ptr<Estimator> oriented(const std::string& method, const Shape& shape, Orientation orientation,
                                    bool preferred, Make make) {
  if (orientation != Orientation::Auto) return make(orientation == Orientation::Transposed);
  try {
    return make(preferred);
  } catch (const InputError&) {
    try {
      return make(!preferred);
    } catch (const InputError& e) {
      throw InputError("method " + method + " handles box " + shape.name() + " in neither orientation: " + e.what());
    }
  }
}

// The box methods' saved variants are of the classic rules.
void require_classic_variant(const MethodVariant& variant, const Layout& layout) {
  if (!layout.classic())
    throw InputError("unknown method variant " + quote_input(variant.text) + " for layout " + layout.name());
}

std::unique_ptr<Estimator> make_bands(const Layout& layout, const EstimatorOptions& options) {
  require_classic("bands", layout);
  const Shape& shape = layout.shape();
  if (options.orientation == Orientation::Transposed)
    throw InputError("method bands works on the shape as given: leave {orientation} at auto or given, or ask for box " +
                     Shape{shape.box_cols, shape.box_rows}.name());
  try {
    return std::make_unique<BandEstimator>(
        std::make_shared<const BandTables>(BandTables::build(shape, TableLimits{.threads = options.threads})));
  } catch (const InputError& e) {
    throw InputError("method bands cannot handle box " + shape.name() + ": " + e.what());
  }
}

std::unique_ptr<Estimator> make_sets(const Layout& layout, const EstimatorOptions& options) {
  require_classic("sets", layout);
  const Shape& shape = layout.shape();
  return oriented("sets", shape, options.orientation, prefer_transposed(shape),
                  [&](bool transpose) { return std::make_unique<SetsEstimator>(shape, transpose, options.givens); });
}

std::unique_ptr<Estimator> make_smc(const Layout& layout, const EstimatorOptions& options) {
  require_classic("smc", layout);
  const Shape& shape = layout.shape();
  return oriented("smc", shape, options.orientation, smc_prefers_transposed(shape), [&](bool transpose) {
    return std::make_unique<SmcEstimator>(shape, transpose, options.particles, options.givens);
  });
}

// The built-in methods, in the order auto asks them (see auto_picks).
std::vector<EstimatorEntry> builtin_entries() {
  // Reaches: BandTables::build's limits (band_tables.cpp); sets and smc draw
  // box choices without tables where the tables would be too large
  // (SetsTuning, sets_steps.hpp), so they reach every shape.
  return {
      {.name = "bands",
       .summary = "column-set decomposition over precomputed band tables",
       .reach = "shapes whose band tables fit: grids up to 16x16 with at most 2^25 canonical bands from at most "
                "2^22 candidate rows (2x5, 3x3 and 4x2, but not 3x4, 4x3 or 5x2)",
       // Best where nothing is sampled between band 1 and the exact sum over
       // band C-1 (C <= 3) and f is tabulated (R <= 3: 4x2 measured 7x
       // better by sets, docs/benchmarks.md); particles ask for SMC.
       .auto_picks =
           [](const Layout& layout, const EstimatorOptions& options) {
             const Shape& shape = layout.shape();
             return box_methods_apply(layout) && shape.box_cols <= 3 && shape.box_rows <= 3 &&
                    options.particles == 0 && options.orientation != Orientation::Transposed;
           },
       .make = make_bands,
       .read_variant = {}},
      {.name = "sets",
       .summary = "band-by-band column sets with nested estimates of band fillings; no tables",
       .reach = "the classic rules of every shape up to 64x64; puzzles (givens) on them",
       .takes_givens = true,
       // Not for puzzles yet: rows takes them (not measured against each other).
       .auto_picks =
           [](const Layout& layout, const EstimatorOptions& options) {
             return box_methods_apply(layout) && options.particles == 0 && layout.n() < kSmcFromOrder &&
                    !options.has_givens();
           },
       .make = make_sets,
       .read_variant =
           [](const MethodVariant& variant, const Layout& layout, const EstimatorOptions& options) -> std::unique_ptr<Estimator> {
         require_classic_variant(variant, layout);
         return std::make_unique<SetsEstimator>(layout.shape(), variant.has_flag("transposed"), options.givens);
       }},
      {.name = "smc",
       .summary = "sequential Monte Carlo: a population of partial grids through the steps of sets, resampled by "
                  "weight (--particles per replicate)",
       .reach = "the classic rules of every shape up to 64x64; puzzles (givens) on them",
       .takes_particles = true,
       .takes_givens = true,
       .auto_picks =
           [](const Layout& layout, const EstimatorOptions& options) {
             return box_methods_apply(layout) && !options.has_givens();
           },
       .make = make_smc,
       .read_variant =
           [](const MethodVariant& variant, const Layout& layout, const EstimatorOptions& options) -> std::unique_ptr<Estimator> {
         require_classic_variant(variant, layout);
         const int particles = variant.value("P");
         if (particles <= 0) throw InputError("unknown method variant " + quote_input(variant.text));
         return std::make_unique<SmcEstimator>(layout.shape(), variant.has_flag("transposed"), particles, options.givens);
       }},
      {.name = "sets-x",
       .summary = "the bands' column sets drawn, every grid with them and both diagonals counted exactly by the "
                  "bands' diagonal histograms",
       .reach = "both main diagonals (x) alone on boxes of 2 to 4 rows up to 16x16 whose table of column sets fits: "
                "2x2, 2x3, 3x2, 2x4, 4x2, 3x3 and 2x5",
       // Auto takes it on boxes of at most 3 rows and 3 columns, where it was measured ahead of rows
       // (rse^2 x CPU s on 9x9 x 1.4e-5 against 6.0e-4); on 2x4 and 2x5 rows is 30x and 90x better (most
       // column sets there have no grid), and on 4x2 its weights' tail reads Pareto k 0.70 against rows'
       // 0.52 (docs/benchmarks.md, "Both diagonals by column sets").
       .auto_picks =
           [](const Layout& layout, const EstimatorOptions& options) {
             return DiagonalSetTables::serves(layout) && layout.shape().box_rows <= 3 &&
                    layout.shape().box_cols <= 3 && options.particles == 0 &&
                    options.orientation != Orientation::Transposed;
           },
       .make =
           [](const Layout& layout, const EstimatorOptions& options) -> std::unique_ptr<Estimator> {
             require_given_orientation("sets-x", options, "layout");
             if (options.particles != 0)
               throw InputError("method sets-x draws no particles: leave {particles} at 0, or ask for {method} rows");
             std::string why;
             if (!DiagonalSetTables::serves(layout, &why))
               throw InputError("method sets-x does not serve layout " + layout.name() + ": " + why +
                                "; ask for {method} rows, or auto");
             return std::make_unique<DiagonalSetsEstimator>(layout, options.threads);
           },
       .read_variant = {}},
      {.name = "rows-x",
       .summary = "both diagonals as givens: the main diagonal fixed to 1..N, the anti-diagonal drawn from its exactly "
                  "counted allowed permutations, the rest by the rows method with those givens (--particles per "
                  "replicate)",
       .reach = "every layout with both diagonals (x, with other variants or a jigsaw too) up to 64x64",
       .takes_particles = true,
       .auto_picks =
           [](const Layout& layout, const EstimatorOptions& options) {
             return layout.n() >= kRowsXFromOrder && !options.has_givens() && AntiDiagonals::serves(layout);
           },
       .make =
           [](const Layout& layout, const EstimatorOptions& options) {
             require_given_orientation("rows-x", options, "layout");
             std::string why;
             if (!AntiDiagonals::serves(layout, &why))
               throw InputError("method rows-x does not serve layout " + layout.name() + ": " + why +
                                "; ask for {method} rows, or auto");
             return make_rows_x_estimator(layout, options.particles);
           },
       .read_variant =
           [](const MethodVariant& variant, const Layout& layout, const EstimatorOptions&) {
             return make_rows_x_estimator_for_variant(variant, layout);
           }},
      {.name = "rows",
       .summary = "sequential Monte Carlo row by row on any layout: each row a perfect matching drawn with an "
                  "unbiased estimate of their number, the population resampled after each row (--particles per "
                  "replicate)",
       .reach = "every layout up to 64x64: boxes, variants, jigsaws, Latin squares; puzzles (givens) on all of them",
       .takes_particles = true,
       .takes_givens = true,
       // Every layout the box methods leave (its note says so), Latin squares
       // included, and every puzzle: the box methods count the empty grid only.
       .auto_picks = [](const Layout& layout,
                        const EstimatorOptions& options) { return !box_methods_apply(layout) || options.has_givens(); },
       .make =
           [](const Layout& layout, const EstimatorOptions& options) {
             require_given_orientation("rows", options, "layout");
             return make_rows_estimator(layout, options.particles, options.givens);
           },
       .read_variant =
           [](const MethodVariant& variant, const Layout& layout, const EstimatorOptions& options) {
             return make_rows_estimator_for_variant(variant, layout, options.givens);
           }},
  };
}

MethodInfo auto_info() {
  const std::string smc_from = std::to_string(kSmcFromOrder) + "x" + std::to_string(kSmcFromOrder);
  return {"auto",
          "for the classic rules of a box shape: bands for boxes of at most 3 rows and 3 columns; else smc from " +
              smc_from +
              " on and sets below, as measured, on the orientation that samples less; sets-x for both diagonals alone "
              "where its tables fit; rows-x for both diagonals from 10x10 on; rows for Latin squares (1xN boxes), every other layout (variants, jigsaws) and every puzzle",
          "every layout up to 64x64"};
}

// The methods of this process: the built-in ones, then those registered.
// Entries are shared, never changed: a caller keeps the one it found while
// another thread registers more.
class Registry {
 public:
  Registry() {
    for (EstimatorEntry& entry : builtin_entries()) add(std::move(entry));
  }

  void add(EstimatorEntry entry) {
    if (entry.name.empty() || entry.name == "auto" || entry.name.find('/') != std::string::npos)
      throw InputError("an estimator method needs a name other than " + quote_input(entry.name) +
                       ", without '/' (it starts the method's saved variant names)");
    if (!entry.make) throw InputError("estimator method " + quote_input(entry.name) + " has no make");
    const std::unique_lock lock(mutex_);
    if (find_locked(entry.name))
      throw InputError("estimator method " + quote_input(entry.name) + " is registered already");
    entries_.push_back(std::make_shared<const EstimatorEntry>(std::move(entry)));
  }

  std::vector<std::shared_ptr<const EstimatorEntry>> entries() const {
    const std::shared_lock lock(mutex_);
    return entries_;
  }

  std::shared_ptr<const EstimatorEntry> find(const std::string& name) const {
    const std::shared_lock lock(mutex_);
    return find_locked(name);
  }

 private:
  std::shared_ptr<const EstimatorEntry> find_locked(const std::string& name) const {
    for (const auto& entry : entries_)
      if (entry->name == name) return entry;
    return nullptr;
  }

  mutable std::shared_mutex mutex_;
  std::vector<std::shared_ptr<const EstimatorEntry>> entries_;
};

// Built once, on first use (thread-safe), with the built-in methods.
Registry& registry() {
  static Registry instance;
  return instance;
}

// The registered methods with a property, as "a, b or c" for a refusal.
template <class Takes>
std::string methods_that(Takes takes) {
  std::vector<std::string> names;
  for (const auto& entry : registry().entries())
    if (takes(*entry)) names.push_back(entry->name);
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  return text;
}

// Refuses givens to a method that counts the empty grid only, naming those
// that take them.
void require_givens_taken(const EstimatorEntry& entry, const EstimatorOptions& options) {
  if (!options.has_givens() || entry.takes_givens) return;
  const std::string takers = methods_that([](const EstimatorEntry& e) { return e.takes_givens; });
  throw InputError("method " + entry.name + " counts the grids of an empty layout only, not a puzzle's completions: " +
                   "ask for {method} " + takers + ", or auto");
}

std::string choices() {
  std::string names;
  for (const MethodInfo& m : estimator_methods()) names += (names.empty() ? "" : ", ") + m.name;
  return names;
}

}  // namespace

MethodVariant MethodVariant::parse(const std::string& text) {
  const auto refuse = [&] { return InputError("unknown method variant " + quote_input(text)); };
  MethodVariant variant;
  variant.text = text;
  std::size_t at = 0;
  for (bool first = true; at <= text.size(); first = false) {
    const std::size_t end = std::min(text.find('/', at), text.size());
    const std::string part = text.substr(at, end - at);
    at = end + 1;
    if (part.empty()) throw refuse();
    const std::size_t eq = part.find('=');
    if (first) {
      if (eq != std::string::npos) throw refuse();
      variant.method = part;
    } else if (eq == std::string::npos) {
      variant.flags.push_back(part);
    } else {
      const std::string key = part.substr(0, eq), digits = part.substr(eq + 1);
      if (key.empty() || digits.empty() || digits.size() > 7 ||
          !std::all_of(digits.begin(), digits.end(), [](unsigned char c) { return std::isdigit(c); }))
        throw refuse();
      variant.values.emplace_back(key, std::stoi(digits));
    }
  }
  return variant;
}

bool MethodVariant::has_flag(const std::string& flag) const {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

int MethodVariant::value(const std::string& key, int absent) const {
  for (const auto& [k, v] : values)
    if (k == key) return v;
  return absent;
}

void register_estimator(EstimatorEntry entry) { registry().add(std::move(entry)); }

bool EstimatorOptions::has_givens() const {
  return std::any_of(givens.begin(), givens.end(), [](int v) { return v != 0; });
}

EstimatorOptions::Orientation parse_orientation(const std::string& name) {
  if (name == "auto") return Orientation::Auto;
  if (name == "given") return Orientation::Given;
  if (name == "transposed") return Orientation::Transposed;
  throw InputError("unknown orientation " + quote_input(name) + ": choose one of auto, given, transposed");
}

std::vector<MethodInfo> estimator_methods() {
  std::vector<MethodInfo> methods = {auto_info()};
  for (const auto& entry : registry().entries()) methods.push_back({entry->name, entry->summary, entry->reach});
  return methods;
}

MethodInfo estimator_method(const std::string& name) {
  if (name == "auto") return auto_info();
  const auto entry = registry().find(name);
  if (!entry) throw InputError("unknown method " + quote_input(name) + ": choose one of " + choices());
  return {entry->name, entry->summary, entry->reach};
}

std::unique_ptr<Estimator> make_estimator(const std::string& method, const Layout& layout,
                                          const EstimatorOptions& options) {
  if (method == "auto") {
    for (const auto& entry : registry().entries())
      if (entry->auto_picks && (entry->takes_givens || !options.has_givens()) && entry->auto_picks(layout, options))
        return entry->make(layout, options);
    throw InputError("no estimator method handles layout " + layout.name());
  }
  const auto entry = registry().find(method);
  if (!entry) throw InputError("unknown method " + quote_input(method) + ": choose one of " + choices());
  if (options.particles != 0 && !entry->takes_particles) {
    const std::string takers = methods_that([](const EstimatorEntry& e) { return e.takes_particles; });
    throw InputError("{particles} applies to method " + takers + ", not " + method);
  }
  require_givens_taken(*entry, options);
  return entry->make(layout, options);
}

std::unique_ptr<Estimator> make_estimator_for_variant(const std::string& variant, const Layout& layout,
                                                     const EstimatorOptions& options) {
  const MethodVariant parsed = MethodVariant::parse(variant);
  const auto entry = registry().find(parsed.method);
  if (!entry) throw InputError("unknown method variant " + quote_input(variant));
  require_givens_taken(*entry, options);
  std::unique_ptr<Estimator> estimator;
  if (entry->read_variant) estimator = entry->read_variant(parsed, layout, options);
  else if (parsed.flags.empty() && parsed.values.empty()) estimator = entry->make(layout, options);
  if (!estimator || estimator->variant() != variant)
    throw InputError("unknown method variant " + quote_input(variant));
  return estimator;
}

}  // namespace sudoku_count
