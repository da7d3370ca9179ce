// The class walks of the exact job's routes (job_classes.hpp).
#include "exact/job_classes.hpp"

#include <algorithm>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "diagonals/diagonal_classes.hpp"
#include "exact/layered_fillings.hpp"
#include "slices/first_band_classes.hpp"
#include "slices/sliced_completions.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

BigInt big(UInt128 value) {
  BigInt b = BigInt(static_cast<std::uint64_t>(value >> 64)) << 64;
  return b + static_cast<std::uint64_t>(value);
}

// The classes of a chunk of a walk (for_each_class), and the k-th one's term.
template <class Classes>
std::uint64_t classes_in(const Classes& classes, std::uint64_t chunk) {
  std::uint64_t count = 0;
  classes.for_each_class(chunk, [&](const auto&) { ++count; });
  return count;
}
template <class Classes, class Term>
bool kth_class(const Classes& classes, std::uint64_t chunk, std::uint64_t wanted, Term term) {
  std::uint64_t k = 0;
  bool found = false;
  classes.for_each_class(chunk, [&](const auto& one) {
    if (k++ != wanted) return;
    term(one);
    found = true;
  });
  return found;
}

class TwoBandJobClasses : public JobClasses {
 public:
  TwoBandJobClasses(int rows, bool by_layers)
      : rows_(rows), classes_(rows), layers_(by_layers ? std::make_unique<const LayeredFillings>(rows) : nullptr) {}
  std::uint64_t chunks() const override { return classes_.chunks(); }
  std::uint64_t census(std::uint64_t chunk) const override { return classes_in(classes_, chunk); }
  bool term(std::uint64_t chunk, std::uint64_t k, BigInt& term) const override {
    return kth_class(classes_, chunk, k, [&](const BandClass& band_class) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(band_class, Shape{rows_, 2}, sets);
      const BigInt f = layers_ ? layers_->count(sets) : count_band_fillings(sets, rows_, 2 * rows_);
      term = band_class.column_sets * f * f;
    });
  }

 private:
  int rows_;
  TwoBandClassChunks classes_;
  std::unique_ptr<const LayeredFillings> layers_;  // the layers route's tables
};

class SlicedJobClasses : public JobClasses {
 public:
  SlicedJobClasses(const Layout& layout, SlicedLayout cut)
      : classes_(layout), completions_(std::move(cut)), relabellings_(factorial(layout.n())) {}
  std::uint64_t chunks() const override { return classes_.chunks(); }
  std::uint64_t group_order() const override { return classes_.group_order(); }
  std::uint64_t census(std::uint64_t chunk) const override { return classes_in(classes_, chunk); }
  bool term(std::uint64_t chunk, std::uint64_t k, BigInt& term) const override {
    return kth_class(classes_, chunk, k, [&](const FirstBandClass& band_class) {
      // The memo of slice-array counts holds patterns only: one per thread serves every layout.
      thread_local SliceArrayCounter counter;
      term = relabellings_ * band_class.bands * big(completions_.count(band_class.band, counter));
    });
  }

 private:
  FirstBandClasses classes_;
  SlicedCompletions completions_;
  BigInt relabellings_;  // N!
};

class DiagonalJobClasses : public JobClasses {
 public:
  explicit DiagonalJobClasses(const Layout& layout)
      : classes_(std::make_shared<const DiagonalSetTables>(layout)) {}
  std::uint64_t chunks() const override { return (classes_.size() + kPerChunk - 1) / kPerChunk; }
  std::uint64_t group_order() const override { return classes_.group_order(); }
  std::uint64_t census(std::uint64_t chunk) const override {
    return std::min<std::uint64_t>(kPerChunk, classes_.size() - chunk * kPerChunk);
  }
  bool term(std::uint64_t chunk, std::uint64_t k, BigInt& term) const override {
    if (k >= census(chunk)) return false;
    const DiagonalSetClass& found = classes_[chunk * kPerChunk + k];
    DiagonalJoin join(classes_.tables());
    term = big(classes_.grids_with_first_band(found.sets.data(), join)) * found.column_sets;
    return true;
  }

 private:
  static constexpr std::uint64_t kPerChunk = 64;  // the classes are listed at once: chunks only batch the census
  DiagonalSetClasses classes_;
};

}  // namespace

std::unique_ptr<const JobClasses> two_band_job_classes(int rows, bool by_layers) {
  return std::make_unique<const TwoBandJobClasses>(rows, by_layers);
}

std::unique_ptr<const JobClasses> sliced_job_classes(const Layout& layout) {
  std::string why;
  std::optional<SlicedLayout> cut = layout.classic() ? std::nullopt : SlicedLayout::cut(layout, &why);
  if (!cut)
    throw InputError("the slices route counts variant layouts with boxes in two or three bands; layout " +
                     layout.name() + " is not served: " + (layout.classic() ? "it has the classic rules" : why));
  return std::make_unique<const SlicedJobClasses>(layout, std::move(*cut));
}

std::unique_ptr<const JobClasses> diagonal_job_classes(const Layout& layout) {
  std::string why;
  if (!DiagonalSetClasses::serves(layout, &why))
    throw InputError("the sets-x route counts both main diagonals alone in two or three bands; layout " +
                     layout.name() + " is not served: " + why);
  return std::make_unique<const DiagonalJobClasses>(layout);
}

}  // namespace sudoku_count::detail
