#include "solve/classic9.hpp"

#include <array>
#include <bit>
#include <cstring>
#include <functional>

namespace sudoku_count::detail {
namespace {

using Word = std::uint32_t;  // 27 cells of one band: bit 9r + c

constexpr Word kRowMask = 0x1ff;

struct Tables {
  std::array<std::uint8_t, 512> row_boxes{};  // 9 cells of a row -> boxes (3 bits) holding any
  std::array<std::uint16_t, 512> support{};   // triads (bit 3r + k) -> union of the fitting ways
  std::array<Word, 512> expand{};             // triads -> their 27 cells
  std::array<Word, 3> box{};                  // the 9 cells of box k of a band
  std::array<Word, 512> columns{};            // 9 columns -> their 27 cells in a band
  std::array<std::uint16_t, 512> sole{};      // columns held -> those alone in their stack
  std::array<Word, 512> claimed{};            // columns d needs in this band -> the box cells beside them
  std::array<bool, 512> two_in_stack{};       // two columns of one stack needed in one band
  std::array<std::array<Word, 3>, 81> peers{};  // per cell, its peers in each band
};

Tables make_tables() {
  Tables t;
  for (int row = 0; row < 512; ++row)
    for (int k = 0; k < 3; ++k)
      if (row >> (3 * k) & 7) t.row_boxes[row] |= static_cast<std::uint8_t>(1 << k);
  static constexpr int kWays[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int triads = 0; triads < 512; ++triads) {
    int fits = 0;
    for (const auto& way : kWays) {
      int bits = 0;
      for (int r = 0; r < 3; ++r) bits |= 1 << (3 * r + way[r]);
      if ((triads & bits) == bits) fits |= bits;
    }
    t.support[triads] = static_cast<std::uint16_t>(fits);
    for (int b = 0; b < 9; ++b)
      if (triads >> b & 1) t.expand[triads] |= Word{7} << (9 * (b / 3) + 3 * (b % 3));
  }
  for (int k = 0; k < 3; ++k) t.box[k] = t.expand[(1 << k) | (1 << (3 + k)) | (1 << (6 + k))];
  for (int cols = 0; cols < 512; ++cols) {
    t.columns[cols] = static_cast<Word>(cols) | static_cast<Word>(cols) << 9 | static_cast<Word>(cols) << 18;
    for (int k = 0; k < 3; ++k) {
      const int in_stack = cols >> (3 * k) & 7;
      if (!in_stack) continue;
      if (!(in_stack & (in_stack - 1))) {
        t.sole[cols] |= static_cast<std::uint16_t>(in_stack << (3 * k));
        const Word beside = (7u & ~static_cast<Word>(in_stack)) << (3 * k);
        t.claimed[cols] |= beside | beside << 9 | beside << 18;
      } else {
        t.two_in_stack[cols] = true;
      }
    }
  }
  for (int cell = 0; cell < 81; ++cell) {
    const int row = cell / 9, col = cell % 9;
    for (int other = 0; other < 81; ++other) {
      const int r = other / 9, c = other % 9;
      if (other == cell) continue;
      if (r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3))
        t.peers[cell][r / 3] |= Word{1} << (9 * (r % 3) + c);
    }
  }
  return t;
}

const Tables& tables() {
  static const Tables t = make_tables();
  return t;
}

// Candidates per digit and band (a placed cell keeps its digit's bit), and
// the cells not yet placed.
struct Board {
  Word cand[9][3];
  Word open[3];
  Word seen[9][3];  // each digit's candidates when last worked through (changed ones are redone)
};

bool place(Board& s, const Tables& t, int band, int bit_index, int digit) {
  const Word bit = Word{1} << bit_index;
  if (!(s.cand[digit][band] & bit)) return false;
  for (auto& d : s.cand) d[band] &= ~bit;
  const auto& peers = t.peers[27 * band + bit_index];
  for (int b = 0; b < 3; ++b) s.cand[digit][b] &= ~peers[b];
  s.cand[digit][band] |= bit;
  s.open[band] &= ~bit;
  return true;
}

// One digit's locked candidates, in bands (rows and boxes: the ways of
// giving three rows distinct boxes) and in stacks (a box holding the digit in
// one column only takes it from that column in the other bands; a column
// holding it in one band only takes it from the rest of that band's box),
// until they change nothing. False when the digit has no place left in a row,
// box or column.
// `once` receives the columns that hold the digit in one band only.
bool lock_digit(Word* m, const Tables& t, Word& once) {
  for (;;) {
    Word in[3];
    for (int b = 0; b < 3; ++b) {
      const int triads = t.row_boxes[m[b] & kRowMask] | t.row_boxes[(m[b] >> 9) & kRowMask] << 3 |
                         t.row_boxes[m[b] >> 18] << 6;
      const int fits = t.support[triads];
      if (!fits) return false;
      m[b] &= t.expand[fits];
      in[b] = (m[b] | m[b] >> 9 | m[b] >> 18) & kRowMask;
    }
    if ((in[0] | in[1] | in[2]) != kRowMask) return false;
    once = (in[0] ^ in[1] ^ in[2]) & ~((in[0] & in[1]) | (in[0] & in[2]) | (in[1] & in[2]));
    bool changed = false;
    for (int b = 0; b < 3; ++b) {
      const Word others = t.columns[t.sole[in[(b + 1) % 3]] | t.sole[in[(b + 2) % 3]]];
      const Word claim = once & in[b];
      if (t.two_in_stack[claim]) return false;
      const Word kept = m[b] & ~others & ~t.claimed[claim];
      changed |= kept != m[b];
      m[b] = kept;
    }
    if (!changed) return true;
  }
}

// Singles and locked candidates until nothing changes; false on a
// contradiction.
bool propagate(Board& s, const Tables& t) {
  for (;;) {
    bool placed = false;
    for (int d = 0; d < 9; ++d) {
      Word* m = s.cand[d];
      if (m[0] == s.seen[d][0] && m[1] == s.seen[d][1] && m[2] == s.seen[d][2]) continue;
      Word once;
      if (!lock_digit(m, t, once)) return false;
      // A row, box or column with one place left for d: in a band that
      // changed since d was last worked through (a single of an unchanged
      // band was placed then).
      const Word before[3] = {s.seen[d][0], s.seen[d][1], s.seen[d][2]};
      s.seen[d][0] = m[0];
      s.seen[d][1] = m[1];
      s.seen[d][2] = m[2];
      for (int b = 0; b < 3; ++b) {
        const Word w = m[b];
        if (w == before[b]) continue;
        const Word r0 = w & kRowMask, r1 = (w >> 9) & kRowMask, r2 = w >> 18;
        // Columns held in this band only, in one row of it.
        Word singles = t.columns[once & (r0 ^ r1 ^ r2) & ~((r0 & r1) | (r0 & r2) | (r1 & r2))] & w;
        for (int r = 0; r < 3; ++r) {
          const Word row = w & (kRowMask << (9 * r));
          if (!(row & (row - 1))) singles |= row;
        }
        for (int k = 0; k < 3; ++k) {
          const Word box = w & t.box[k];
          if (!(box & (box - 1))) singles |= box;
        }
        for (singles &= s.open[b]; singles; singles &= singles - 1) {
          const int p = std::countr_zero(singles);
          if (!(s.open[b] >> p & 1)) continue;
          if (!place(s, t, b, p, d)) return false;
          placed = true;
        }
      }
    }
    // Cells with one digit left; a cell with none is a contradiction.
    for (int b = 0; b < 3; ++b) {
      Word ones = 0, twos = 0;
      for (const auto& d : s.cand) {
        twos |= ones & d[b];
        ones |= d[b];
      }
      if (s.open[b] & ~ones) return false;
      for (Word singles = s.open[b] & ~twos; singles; singles &= singles - 1) {
        const int p = std::countr_zero(singles);
        const Word bit = Word{1} << p;
        if (!(s.open[b] & bit)) continue;
        int d = 0;
        while (d < 9 && !(s.cand[d][b] & bit)) ++d;
        if (d == 9 || !place(s, t, b, p, d)) return false;
        placed = true;
      }
    }
    if (!placed) return true;
  }
}

struct Search {
  const Tables& t;
  std::uint64_t limit;
  const std::function<void(const std::uint8_t*)>* visit;
  const std::uint8_t* avoid;  // other_completion: the grid whose digits are tried last
  std::uint8_t* other;
  std::uint64_t found = 0;
  std::uint64_t nodes = 0;
  bool stop = false;
};

void read_grid(const Board& s, std::uint8_t* out) {
  for (int b = 0; b < 3; ++b)
    for (int d = 0; d < 9; ++d)
      for (Word m = s.cand[d][b]; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        out[27 * b + p] = static_cast<std::uint8_t>(d + 1);
      }
}

void search(Board s, Search& ctx) {
  ++ctx.nodes;
  if (!propagate(s, ctx.t)) return;
  if (!(s.open[0] | s.open[1] | s.open[2])) {
    std::uint8_t grid[81];
    read_grid(s, grid);
    if (ctx.avoid) {
      if (std::memcmp(grid, ctx.avoid, 81) == 0) return;
      if (ctx.other) std::memcpy(ctx.other, grid, 81);
      ctx.found = 1;
      ctx.stop = true;
      return;
    }
    if (ctx.visit && *ctx.visit) (*ctx.visit)(grid);
    if (++ctx.found >= ctx.limit) ctx.stop = true;
    return;
  }
  // A cell with two digits left if there is one (counted bit-sliced, up to
  // "three or more"), else the open cell with the fewest.
  int band = -1, bit_index = 0;
  for (int b = 0; b < 3 && band < 0; ++b) {
    Word ones = 0, twos = 0, more = 0;
    for (const auto& d : s.cand) {
      const Word carry = ones & d[b];
      ones ^= d[b];
      more |= twos & carry;
      twos ^= carry;
    }
    const Word pairs = s.open[b] & twos & ~ones & ~more;
    if (pairs) {
      band = b;
      bit_index = std::countr_zero(pairs);
    }
  }
  if (band < 0) {
    int best = 10;
    for (int b = 0; b < 3; ++b)
      for (Word m = s.open[b]; m; m &= m - 1) {
        const int p = std::countr_zero(m);
        int count = 0;
        for (const auto& d : s.cand) count += d[b] >> p & 1;
        if (count < best) {
          best = count;
          band = b;
          bit_index = p;
        }
      }
  }
  const Word bit = Word{1} << bit_index;
  int last = -1;
  if (ctx.avoid) last = ctx.avoid[27 * band + bit_index] - 1;
  for (int d = 0; d < 9; ++d) {
    if (d == last || !(s.cand[d][band] & bit)) continue;
    Board next = s;
    place(next, ctx.t, band, bit_index, d);
    search(next, ctx);
    if (ctx.stop) return;
  }
  if (last >= 0 && (s.cand[last][band] & bit)) {
    place(s, ctx.t, band, bit_index, last);
    search(s, ctx);
  }
}

// The board of a puzzle, or false when its givens contradict one another.
bool start(const std::uint8_t* cells, const Tables& t, Board& s) {
  for (auto& d : s.cand) d[0] = d[1] = d[2] = (Word{1} << 27) - 1;
  for (auto& d : s.seen) d[0] = d[1] = d[2] = 0;
  s.open[0] = s.open[1] = s.open[2] = (Word{1} << 27) - 1;
  for (int cell = 0; cell < 81; ++cell)
    if (cells[cell] && !place(s, t, cell / 27, cell % 27, cells[cell] - 1)) return false;
  return true;
}

// Two rows (or columns) in one band (stack) whose digits at two columns
// (rows) are swapped: a rectangle without a given makes a second completion.
bool swappable_rectangle(const std::uint8_t* puzzle, const std::uint8_t* grid, std::uint8_t* other) {
  for (int transpose = 0; transpose < 2; ++transpose) {
    const auto at = [&](const std::uint8_t* g, int line, int k) {
      return transpose ? g[9 * k + line] : g[9 * line + k];
    };
    for (int a = 0; a < 9; ++a) {
      int position[10];
      for (int k = 0; k < 9; ++k) position[at(grid, a, k)] = k;
      for (int b = a + 1; b < (a / 3 + 1) * 3; ++b)
        for (int k = 0; k < 9; ++k) {
          const int j = position[at(grid, b, k)];  // line a holds line b's digit at j
          if (j <= k || at(grid, b, j) != at(grid, a, k)) continue;
          if (at(puzzle, a, k) || at(puzzle, a, j) || at(puzzle, b, k) || at(puzzle, b, j)) continue;
          if (other) {
            std::memcpy(other, grid, 81);
            const auto cell = [&](int line, int kk) { return transpose ? 9 * kk + line : 9 * line + kk; };
            std::swap(other[cell(a, k)], other[cell(a, j)]);
            std::swap(other[cell(b, k)], other[cell(b, j)]);
          }
          return true;
        }
    }
  }
  return false;
}

}  // namespace

std::uint64_t classic9_completions(const std::uint8_t* cells, std::uint64_t limit,
                                   const std::function<void(const std::uint8_t*)>& visit, std::uint64_t* nodes) {
  const Tables& t = tables();
  Search ctx{t, limit, &visit, nullptr, nullptr};
  Board s;
  if (limit > 0 && start(cells, t, s)) search(s, ctx);
  if (nodes) *nodes = ctx.nodes;
  return ctx.found;
}

bool classic9_other_completion(const std::uint8_t* puzzle, const std::uint8_t* grid, std::uint8_t* other,
                               std::uint64_t* nodes, int differ_at) {
  if (nodes) *nodes = 0;
  if (differ_at < 0 && swappable_rectangle(puzzle, grid, other)) return true;
  const Tables& t = tables();
  Search ctx{t, 1, nullptr, grid, other};
  Board s;
  if (start(puzzle, t, s)) {
    if (differ_at >= 0) s.cand[grid[differ_at] - 1][differ_at / 27] &= ~(Word{1} << (differ_at % 27));
    search(s, ctx);
  }
  if (nodes) *nodes = ctx.nodes;
  return ctx.found > 0;
}

}  // namespace sudoku_count::detail
