#include "games/vertex_game.hpp"

#include <algorithm>
#include <ostream>

#include "core/model/parse.hpp"
#include "games/game_table.hpp"
#include "games/graph_canon.hpp"
#include "games/registry.hpp"
#include "runtime/errors.hpp"
#include "runtime/memory.hpp"
#include "runtime/threads.hpp"

namespace grundy::games {

namespace {

using runtime::UserError;

// A board of up to 128 squares as one integer, so that its rows are shifts.
__extension__ typedef unsigned __int128 U128;

// A set of up to 64 * W vertices.
template <int W>
struct Bits {
  std::array<std::uint64_t, W> w{};

  bool test(int v) const { return ((w[static_cast<std::size_t>(v / 64)] >> (v % 64)) & 1) != 0; }
  void set(int v) { w[static_cast<std::size_t>(v / 64)] |= std::uint64_t{1} << (v % 64); }
  void reset(int v) { w[static_cast<std::size_t>(v / 64)] &= ~(std::uint64_t{1} << (v % 64)); }
  bool any() const {
    for (std::uint64_t x : w)
      if (x != 0) return true;
    return false;
  }
  int count() const {
    int c = 0;
    for (std::uint64_t x : w) c += std::popcount(x);
    return c;
  }
  // Calls f(v) for every vertex of the set, in increasing order.
  template <class F>
  void each(F&& f) const {
    for (int i = 0; i < W; ++i)
      for (std::uint64_t x = w[static_cast<std::size_t>(i)]; x != 0; x &= x - 1) f(i * 64 + std::countr_zero(x));
  }
  int first() const {
    for (int i = 0; i < W; ++i)
      if (w[static_cast<std::size_t>(i)] != 0) return i * 64 + std::countr_zero(w[static_cast<std::size_t>(i)]);
    return -1;
  }
  Bits& operator|=(const Bits& o) {
    for (int i = 0; i < W; ++i) w[static_cast<std::size_t>(i)] |= o.w[static_cast<std::size_t>(i)];
    return *this;
  }
  Bits& operator&=(const Bits& o) {
    for (int i = 0; i < W; ++i) w[static_cast<std::size_t>(i)] &= o.w[static_cast<std::size_t>(i)];
    return *this;
  }
  Bits minus(const Bits& o) const {
    Bits r;
    for (int i = 0; i < W; ++i)
      r.w[static_cast<std::size_t>(i)] = w[static_cast<std::size_t>(i)] & ~o.w[static_cast<std::size_t>(i)];
    return r;
  }
  friend bool operator==(const Bits&, const Bits&) = default;
};

// The search's rules (core::SearchRules) for a game on a graph of at most 64 * W vertices.
template <int W>
class VertexRules {
 public:
  using State = Bits<W>;

  VertexRules(const Graph& g, VertexRule rule) : g_(g), rule_(rule) {
    if (g.board() && g.n <= 128) {
      for (int v = 0; v < g.n; ++v) {
        if (v % g.cols != 0) not_first_column_ |= U128{1} << v;
        if (v % g.cols != g.cols - 1) not_last_column_ |= U128{1} << v;
      }
    }
    adj_.resize(static_cast<std::size_t>(g.n));
    closed_.resize(static_cast<std::size_t>(g.n));
    for (int v = 0; v < g.n; ++v) {
      for (int u : g.adj[static_cast<std::size_t>(v)]) adj_[static_cast<std::size_t>(v)].set(u);
      closed_[static_cast<std::size_t>(v)] = adj_[static_cast<std::size_t>(v)];
      closed_[static_cast<std::size_t>(v)].set(v);
    }
  }

  int size(const State& s) const { return s.count(); }

  template <class Sink>
  bool for_each_option(const State& s, Sink&& sink) const {
    for (int i = 0; i < W; ++i) {
      for (std::uint64_t x = s.w[static_cast<std::size_t>(i)]; x != 0; x &= x - 1) {
        const int v = i * 64 + std::countr_zero(x);
        if (rule_ == VertexRule::Node) {
          if (!sink(s.minus(closed_[static_cast<std::size_t>(v)]))) return false;
          continue;
        }
        State nb = adj_[static_cast<std::size_t>(v)];
        nb &= s;
        bool go = true;
        nb.each([&](int u) {
          if (!go || u < v) return;
          State o = s;
          o.reset(u);
          o.reset(v);
          go = sink(static_cast<const State&>(o));
        });
        if (!go) return false;
      }
    }
    return true;
  }

  // The connected parts of s; under Arc Kayles a lone vertex has no move and is left out.
  template <class Sink>
  void for_each_component(const State& s, Sink&& sink) const {
    State rest = s;
    while (rest.any()) {
      const State comp = component_of(rest, rest.first());
      rest = rest.minus(comp);
      if (rule_ == VertexRule::Arc && comp.count() == 1) continue;
      sink(comp);
    }
  }

  core::SearchKey key(const State& s, bool canonical, bool connected) const {
    if (canonical) return g_.board() ? board_key(s, connected) : graph_key(s, connected);
    return raw_key(s);
  }

 private:
  // The part of `within` connected to v: on a board by shifts of the whole board (a step to
  // every neighbour at once), on other small graphs by whole bitsets, along the adjacency lists
  // on large ones (a long path would otherwise cost a pass over every word per step).
  State component_of(const State& within, int v) const {
    if constexpr (W == 2) {
      if (g_.board()) {
        const U128 in = (U128{within.w[1]} << 64) | within.w[0];
        const auto cols = static_cast<unsigned>(g_.cols);
        U128 comp = U128{1} << v;
        for (;;) {
          const U128 grown = (comp | ((comp << 1) & not_first_column_) | ((comp >> 1) & not_last_column_) |
                              (comp << cols) | (comp >> cols)) &
                             in;
          if (grown == comp) break;
          comp = grown;
        }
        State out;
        out.w[0] = static_cast<std::uint64_t>(comp);
        out.w[1] = static_cast<std::uint64_t>(comp >> 64);
        return out;
      }
    }
    if constexpr (W > 2) {
      State comp;
      comp.set(v);
      stack_.assign(1, v);
      while (!stack_.empty()) {
        const int u = stack_.back();
        stack_.pop_back();
        for (int x : g_.adj[static_cast<std::size_t>(u)])
          if (within.test(x) && !comp.test(x)) {
            comp.set(x);
            stack_.push_back(x);
          }
      }
      return comp;
    }
    State comp, frontier;
    comp.set(v);
    frontier.set(v);
    while (frontier.any()) {
      State next;
      frontier.each([&](int u) { next |= adj_[static_cast<std::size_t>(u)]; });
      next &= within;
      next = next.minus(comp);
      comp |= next;
      frontier = next;
    }
    return comp;
  }

  core::SearchKey raw_key(const State& s) const {
    if constexpr (W <= 2) {
      return {s.w[0], W == 2 ? s.w[1] : 0};
    } else {
      return core::hash_key(s.w.data(), W, 1);
    }
  }

  // A connected set whose vertices have degree <= 2 within it is a path (one edge fewer than
  // vertices) or a cycle (as many), each determined up to isomorphism by its length; any other
  // set of at most 64 vertices is keyed by the canonical form of the graph it induces (nauty);
  // a larger one as it is.
  core::SearchKey graph_key(const State& s, bool connected) const {
    const int n = s.count();
    int edges = 0;
    bool small_degrees = true;
    s.each([&](int v) {
      int d = 0;
      for (int u : g_.adj[static_cast<std::size_t>(v)]) d += s.test(u) ? 1 : 0;
      edges += d;
      small_degrees = small_degrees && d <= 2;
    });
    edges /= 2;
    if (small_degrees && (edges == n - 1 || edges == n) && n > 0 && (connected || component_of(s, s.first()) == s)) {
      const std::uint64_t len = static_cast<std::uint64_t>(n);
      return core::hash_key(&len, 1, edges == n ? 3 : 2);
    }
    if (n > kMaxCanonVertices) return raw_key(s);
    std::array<int, 64 * W> index{};
    std::array<std::uint64_t, kMaxCanonVertices> rows{}, canon{};
    int k = 0;
    s.each([&](int v) { index[static_cast<std::size_t>(v)] = k++; });
    k = 0;
    s.each([&](int v) {
      for (int u : g_.adj[static_cast<std::size_t>(v)])
        if (s.test(u)) rows[static_cast<std::size_t>(k)] |= std::uint64_t{1} << index[static_cast<std::size_t>(u)];
      ++k;
    });
    canonical_graph(rows.data(), n, canon.data());
    return core::hash_key(canon.data(), static_cast<std::size_t>(n), 5 + (static_cast<std::uint64_t>(n) << 8));
  }

  // The least of the set's eight images under the plane's rotations and reflections, translated
  // to the corner: its bounding box's rows as bits, row after row, with the box's width. A
  // connected strip (one row or one column) is keyed as the column of its length.
  core::SearchKey board_key(const State& s, bool connected) const {
    if constexpr (W != 2) {
      return raw_key(s);  // boards have at most 126 squares: never more than two words
    } else {
      const U128 x = (U128{s.w[1]} << 64) | s.w[0];
      if (x == 0) return {0, 0};
      const int cols = g_.cols;
      const int lo_bit = s.w[0] != 0 ? std::countr_zero(s.w[0]) : 64 + std::countr_zero(s.w[1]);
      const int hi_bit = s.w[1] != 0 ? 127 - std::countl_zero(s.w[1]) : 63 - std::countl_zero(s.w[0]);
      const int r0 = lo_bit / cols, h = hi_bit / cols - r0 + 1;
      auto column = [](int len) {
        const U128 bits = (U128{1} << len) - 1;
        return key_of(bits, 1, len);
      };
      if (h == 1) return connected ? column(s.count()) : raw_key(s);
      // With two rows or more a row has at most 63 squares.
      const std::uint64_t row_mask = (std::uint64_t{1} << cols) - 1;
      std::array<std::uint64_t, 64> rows{};
      std::uint64_t all = 0;
      for (int i = 0; i < h; ++i) {
        rows[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(x >> ((r0 + i) * cols)) & row_mask;
        all |= rows[static_cast<std::size_t>(i)];
      }
      const int c0 = std::countr_zero(all), w = 64 - std::countl_zero(all) - c0;
      if (w == 1 && connected) return column(h);
      for (int i = 0; i < h; ++i) rows[static_cast<std::size_t>(i)] >>= c0;
      std::array<std::uint64_t, 64> cols_of{};  // the transpose: w rows of h bits
      for (int i = 0; i < h; ++i)
        for (std::uint64_t r = rows[static_cast<std::size_t>(i)]; r != 0; r &= r - 1)
          cols_of[static_cast<std::size_t>(std::countr_zero(r))] |= std::uint64_t{1} << i;
      U128 best = 0;
      int best_w = 0;
      auto consider = [&](const std::array<std::uint64_t, 64>& m, int n, int width) {
        for (int f = 0; f < 4; ++f) {
          U128 code = 0;
          for (int i = 0; i < n; ++i) {
            std::uint64_t r = m[static_cast<std::size_t>((f & 2) ? n - 1 - i : i)];
            if (f & 1) r = reverse_bits(r) >> (64 - width);
            code |= U128{r} << (i * width);
          }
          if (best_w == 0 || width < best_w || (width == best_w && code < best)) {
            best = code;
            best_w = width;
          }
        }
      };
      consider(rows, h, w);
      consider(cols_of, w, h);
      return key_of(best, best_w, h * w);
    }
  }

  // The key of a shape in a box of `area` squares `width` wide: exact while the area leaves the
  // top byte free for the width, else hashed.
  static core::SearchKey key_of(U128 bits, int width, int area) {
    const auto lo = static_cast<std::uint64_t>(bits), hi = static_cast<std::uint64_t>(bits >> 64);
    if (area <= 120) return {lo, hi | (static_cast<std::uint64_t>(width) << 56)};
    const std::uint64_t words[3] = {lo, hi, static_cast<std::uint64_t>(width)};
    return core::hash_key(words, 3, 4);
  }

  static std::uint64_t reverse_bits(std::uint64_t v) {
    v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
    v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
    v = ((v >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((v & 0x0F0F0F0F0F0F0F0FULL) << 4);
    return __builtin_bswap64(v);
  }

  const Graph& g_;
  VertexRule rule_;
  U128 not_first_column_ = 0, not_last_column_ = 0;  // a board's squares off its edge columns
  std::vector<State> adj_, closed_;
  mutable std::vector<int> stack_;  // component_of's, reused
};

template <int W>
Bits<W> bits_of(const core::Position& p, int n) {
  Bits<W> b;
  for (int v = 0; v < n; ++v)
    if (((p[v / kVertexBitsPerCoord] >> (v % kVertexBitsPerCoord)) & 1) != 0) b.set(v);
  return b;
}

template <int W>
class SearchSolver final : public core::PositionSolver {
 public:
  SearchSolver(const VertexGame& g, core::Evaluation eval, core::SearchTechniques t, std::uint64_t bytes, int threads)
      : graph_(g.shared_graph()), rules_(*graph_, g.rule()), eval_(eval), search_(rules_, t, bytes, threads) {}

  core::Value value(const core::Position& p) override {
    const core::Value v = search_.solve(bits_of<W>(p, graph_->n));
    return eval_ == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
  }
  const core::SearchStats& stats() const { return search_.stats(); }
  core::SearchTable* search_table() override { return &search_.table(); }

 private:
  std::shared_ptr<const Graph> graph_;
  VertexRules<W> rules_;
  core::Evaluation eval_;
  core::StateSearch<VertexRules<W>> search_;
};

// The table of one search: half the memory of the computation, the other half left to the
// search's stack and the caller.
std::uint64_t table_bytes_of(std::uint64_t memory_limit) {
  runtime::ensure_fits(core::SearchTable::kMinBytes * 1024, memory_limit, "the search's transposition table");
  return memory_limit / 2;
}

std::string vertex_list(const std::vector<int>& vs) {
  if (vs.empty()) return "none";
  std::string s;
  for (std::size_t i = 0; i < vs.size();) {
    std::size_t j = i;
    while (j + 1 < vs.size() && vs[j + 1] == vs[j] + 1) ++j;
    if (!s.empty()) s += ",";
    s += std::to_string(vs[i]);
    if (j > i) s += "-" + std::to_string(vs[j]);
    i = j + 1;
  }
  return s;
}

void add_edge(Graph& g, int a, int b) {
  if (a == b)
    throw UserError("graph '" + g.text + "': a loop at vertex " + std::to_string(a) + "; edges join two vertices");
  auto& la = g.adj[static_cast<std::size_t>(a)];
  if (std::find(la.begin(), la.end(), b) != la.end()) return;
  la.push_back(b);
  g.adj[static_cast<std::size_t>(b)].push_back(a);
}

Graph empty_graph(const std::string& text, std::int64_t n) {
  if (n > kMaxVertices)
    throw UserError("graph '" + text + "': " + std::to_string(n) + " vertices; a position holds at most " +
                    std::to_string(kMaxVertices));
  Graph g;
  g.n = static_cast<int>(n);
  g.adj.resize(static_cast<std::size_t>(n));
  g.on.assign(static_cast<std::size_t>(n), true);
  g.text = text;
  return g;
}

void grid_edges(Graph& g) {
  for (int r = 0; r < g.rows; ++r)
    for (int c = 0; c < g.cols; ++c) {
      const int v = r * g.cols + c;
      if (!g.on[static_cast<std::size_t>(v)]) continue;
      if (c + 1 < g.cols && g.on[static_cast<std::size_t>(v + 1)]) add_edge(g, v, v + 1);
      if (r + 1 < g.rows && g.on[static_cast<std::size_t>(v + g.cols)]) add_edge(g, v, v + g.cols);
    }
}

Graph parse_graph6(const std::string& text, std::string_view s) {
  auto byte = [&](std::size_t i) {
    const int b = static_cast<unsigned char>(s[i]) - 63;
    if (b < 0 || b > 63)
      throw UserError("graph '" + text + "': character " + std::to_string(i + 1) + " is not graph6 (allowed ? to ~)");
    return b;
  };
  if (s.empty()) throw UserError("graph '" + text + "': the graph6 string is empty");
  std::int64_t n = 0;
  std::size_t at = 0;
  if (byte(0) < 63) {
    n = byte(0);
    at = 1;
  } else {
    if (s.size() < 4 || byte(1) == 63)
      throw UserError("graph '" + text + "': a graph6 size of more than 258047 vertices");
    n = (std::int64_t{byte(1)} << 12) | (std::int64_t{byte(2)} << 6) | byte(3);
    at = 4;
  }
  Graph g = empty_graph(text, n);
  const std::int64_t pairs = n * (n - 1) / 2;
  const std::size_t need = at + static_cast<std::size_t>((pairs + 5) / 6);
  if (s.size() != need)
    throw UserError("graph '" + text + "': a graph6 string of " + std::to_string(n) + " vertices has " +
                    std::to_string(need) + " characters, not " + std::to_string(s.size()));
  std::int64_t k = 0;
  for (int j = 1; j < n; ++j)
    for (int i = 0; i < j; ++i, ++k) {
      const int b = byte(at + static_cast<std::size_t>(k / 6));
      if ((b >> (5 - k % 6)) & 1) add_edge(g, i, j);
    }
  return g;
}

}  // namespace

Graph parse_graph(const std::string& text) {
  const std::string what = "graph";
  const auto colon = text.find(':');
  if (colon == std::string::npos)
    throw UserError("graph = '" + text +
                    "': expected path:N, cycle:N, grid:RxC, complete:N, edges:0-1,1-2,... or g6:STRING");
  const std::string kind = text.substr(0, colon);
  const std::string_view arg = std::string_view(text).substr(colon + 1);
  if (kind == "path" || kind == "cycle" || kind == "complete") {
    const std::int64_t n = core::parse_int(arg, "graph " + kind + " length", kind == "cycle" ? 3 : 0, kMaxVertices);
    Graph g = empty_graph(text, n);
    const int m = static_cast<int>(n);
    if (kind == "complete") {
      for (int a = 0; a < m; ++a)
        for (int b = a + 1; b < m; ++b) add_edge(g, a, b);
    } else {
      for (int a = 0; a + 1 < m; ++a) add_edge(g, a, a + 1);
      if (kind == "cycle") add_edge(g, m - 1, 0);
    }
    return g;
  }
  if (kind == "grid") {
    const auto [r, c] = core::parse_rxc(arg, "graph grid", kMaxVertices, kMaxVertices);
    Graph g = empty_graph(text, r * c);
    g.rows = static_cast<int>(r);
    g.cols = static_cast<int>(c);
    grid_edges(g);
    g.rows = g.cols = 0;  // a graph: its symmetries are not taken from a board
    return g;
  }
  if (kind == "edges") {
    std::vector<std::pair<std::int64_t, std::int64_t>> edges;
    std::int64_t n = 0;
    std::size_t at = 0;
    while (at <= arg.size()) {
      const std::size_t end = std::min(arg.find(',', at), arg.size());
      const std::string_view item = arg.substr(at, end - at);
      const auto dash = item.find('-');
      if (dash == std::string_view::npos)
        throw UserError("graph '" + text + "': edge '" + std::string(item) + "' is not of the form A-B");
      const std::int64_t a = core::parse_int(item.substr(0, dash), "graph edge end", 0, kMaxVertices - 1);
      const std::int64_t b = core::parse_int(item.substr(dash + 1), "graph edge end", 0, kMaxVertices - 1);
      edges.emplace_back(a, b);
      n = std::max({n, a + 1, b + 1});
      at = end + 1;
    }
    Graph g = empty_graph(text, n);
    for (const auto& [a, b] : edges) add_edge(g, static_cast<int>(a), static_cast<int>(b));
    return g;
  }
  if (kind == "g6") return parse_graph6(text, arg);
  throw UserError("graph = '" + text + "': unknown kind '" + kind +
                  "'; allowed path:N, cycle:N, grid:RxC, complete:N, edges:..., g6:...");
}

Graph parse_board(const std::string& text) {
  Graph g;
  g.text = text;
  if (text.find_first_not_of("0123456789x") == std::string::npos) {
    const auto [r, c] = core::parse_rxc(text, "board", kMaxBoardSquares, kMaxBoardSquares);
    if (r * c > kMaxBoardSquares)
      throw UserError("board = '" + text + "': " + std::to_string(r * c) + " squares; a board has at most " +
                      std::to_string(kMaxBoardSquares));
    g.rows = static_cast<int>(r);
    g.cols = static_cast<int>(c);
    g.on.assign(static_cast<std::size_t>(r * c), true);
  } else {
    std::vector<std::string> rows;
    std::size_t at = 0;
    while (at <= text.size()) {
      const std::size_t end = std::min(text.find('/', at), text.size());
      rows.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (rows[i].empty() || rows[i].size() != rows[0].size())
        throw UserError("board = '" + text + "': row " + std::to_string(i + 1) + " has " +
                        std::to_string(rows[i].size()) + " squares, row 1 has " + std::to_string(rows[0].size()) +
                        "; rows are `.` and `#` separated by `/`, all of one length");
      if (const auto bad = rows[i].find_first_not_of(".#"); bad != std::string::npos)
        throw UserError("board = '" + text + "': row " + std::to_string(i + 1) + " has '" + rows[i][bad] +
                        "'; allowed `.` (a square), `#` (none) and `/` between rows");
    }
    const std::size_t squares = rows.size() * rows[0].size();
    if (squares > static_cast<std::size_t>(kMaxBoardSquares))
      throw UserError("board = '" + text + "': " + std::to_string(rows.size()) + "x" + std::to_string(rows[0].size()) +
                      " = " + std::to_string(squares) + " squares; a board has at most " +
                      std::to_string(kMaxBoardSquares));
    g.rows = static_cast<int>(rows.size());
    g.cols = static_cast<int>(rows[0].size());
    for (const std::string& r : rows)
      for (char ch : r) g.on.push_back(ch == '.');
  }
  g.n = g.rows * g.cols;
  g.adj.resize(static_cast<std::size_t>(g.n));
  grid_edges(g);
  return g;
}

VertexGame::VertexGame(std::shared_ptr<const Graph> g, VertexRule rule, std::string family)
    : g_(std::move(g)), rule_(rule), family_(std::move(family)) {
  coords_ = std::max(1, (g_->n + kVertexBitsPerCoord - 1) / kVertexBitsPerCoord);
}

std::vector<std::string> VertexGame::coordinate_names() const {
  std::vector<std::string> names;
  for (int i = 0; i < coords_; ++i) names.push_back("free" + std::to_string(i));
  return names;
}

std::string VertexGame::name() const { return family_ + "(" + (g_->board() ? "board=" : "graph=") + g_->text + ")"; }

std::string VertexGame::check(const core::Position& p) const {
  for (int i = 0; i < coords_; ++i)
    if (p[i] < 0) return "coordinate free" + std::to_string(i) + " is negative; it holds free vertices as bits";
  for (int i = 0; i < coords_; ++i)
    for (int b = 0; b < kVertexBitsPerCoord; ++b) {
      if (((p[i] >> b) & 1) == 0) continue;
      const int v = i * kVertexBitsPerCoord + b;
      if (v >= g_->n || !g_->on[static_cast<std::size_t>(v)]) {
        if (g_->board() && v < g_->n)
          return "square (" + std::to_string(v / g_->cols + 1) + ", " + std::to_string(v % g_->cols + 1) +
                 ") is not on the board";
        return "vertex " + std::to_string(v) + " is not in the " + (g_->board() ? "board" : "graph");
      }
    }
  return "";
}

std::int64_t VertexGame::rank(const core::Position& p) const {
  std::int64_t r = 0;
  for (int i = 0; i < coords_; ++i) r += std::popcount(static_cast<std::uint64_t>(p[i]));
  return r;
}

core::Position VertexGame::start() const {
  core::Position p(coords_);
  for (int v = 0; v < g_->n; ++v)
    if (g_->on[static_cast<std::size_t>(v)]) p[v / kVertexBitsPerCoord] |= std::int64_t{1} << (v % kVertexBitsPerCoord);
  return p;
}

std::string VertexGame::text(const core::Position& p) const {
  auto free = [&](int v) { return ((p[v / kVertexBitsPerCoord] >> (v % kVertexBitsPerCoord)) & 1) != 0; };
  if (g_->board()) {
    std::string s;
    for (int r = 0; r < g_->rows; ++r) {
      if (r > 0) s += '/';
      for (int c = 0; c < g_->cols; ++c) s += free(r * g_->cols + c) ? '.' : '#';
    }
    return s;
  }
  std::vector<int> vs;
  for (int v = 0; v < g_->n; ++v)
    if (free(v)) vs.push_back(v);
  return vertex_list(vs);
}

core::Position VertexGame::parse(const std::string& text) const {
  if (text == "start") return start();
  core::Position p(coords_);
  auto set = [&](int v) { p[v / kVertexBitsPerCoord] |= std::int64_t{1} << (v % kVertexBitsPerCoord); };
  if (g_->board()) {
    const std::string shape = std::to_string(g_->rows) + " rows of " + std::to_string(g_->cols);
    std::size_t at = 0;
    int r = 0;
    while (at <= text.size()) {
      const std::size_t end = std::min(text.find('/', at), text.size());
      const std::string row = text.substr(at, end - at);
      if (r >= g_->rows || static_cast<int>(row.size()) != g_->cols)
        throw UserError("position '" + text + "': the board has " + shape +
                        " squares, given as `.` (free) and `#` (taken) with `/` between rows, or start");
      for (int c = 0; c < g_->cols; ++c) {
        if (row[static_cast<std::size_t>(c)] == '#') continue;
        if (row[static_cast<std::size_t>(c)] != '.')
          throw UserError("position '" + text + "': '" + row[static_cast<std::size_t>(c)] + "' in row " +
                          std::to_string(r + 1) + "; allowed `.` (free), `#` (taken) and `/`");
        set(r * g_->cols + c);
      }
      ++r;
      at = end + 1;
    }
    if (r != g_->rows) throw UserError("position '" + text + "': the board has " + shape + " squares");
  } else if (text != "none") {
    std::size_t at = 0;
    while (at <= text.size()) {
      const std::size_t end = std::min(text.find(',', at), text.size());
      const std::string_view item = std::string_view(text).substr(at, end - at);
      const auto dash = item.find('-', 1);
      const std::int64_t a = core::parse_int(item.substr(0, dash), "free vertex", 0, g_->n - 1);
      const std::int64_t b =
          dash == std::string_view::npos ? a : core::parse_int(item.substr(dash + 1), "free vertex", a, g_->n - 1);
      for (std::int64_t v = a; v <= b; ++v) set(static_cast<int>(v));
      at = end + 1;
    }
  }
  if (const std::string bad = check(p); !bad.empty()) throw UserError("position '" + text + "': " + bad);
  return p;
}

std::string move_text_of(const VertexGame& g, const core::Position& from, const core::Position& to) {
  const Graph& graph = g.graph();
  std::vector<int> taken;
  for (int v = 0; v < graph.n; ++v) {
    const int i = v / kVertexBitsPerCoord, b = v % kVertexBitsPerCoord;
    if (((from[i] >> b) & 1) != 0 && ((to[i] >> b) & 1) == 0) taken.push_back(v);
  }
  if (!graph.board()) return "takes " + vertex_list(taken);
  std::string s = "takes";
  for (int v : taken) s += " (" + std::to_string(v / graph.cols + 1) + "," + std::to_string(v % graph.cols + 1) + ")";
  return s;
}

std::unique_ptr<core::PositionSolver> fast_position_solver(const VertexGame& g, core::Evaluation eval,
                                                           std::uint64_t memory_limit) {
  // Misere play does not add up by xor: the memo solver answers it, position by position.
  if (eval == core::Evaluation::MisereOutcome) return nullptr;
  const std::uint64_t bytes = table_bytes_of(memory_limit);
  const int threads = runtime::solver_threads();
  if (g.graph().n <= 128) return std::make_unique<SearchSolver<2>>(g, eval, core::SearchTechniques{}, bytes, threads);
  return std::make_unique<SearchSolver<16>>(g, eval, core::SearchTechniques{}, bytes, threads);
}

SearchRun search_value(const VertexGame& g, const core::Position& p, core::SearchTechniques t,
                       std::uint64_t table_bytes, int threads) {
  auto run = [&](auto& solver) {
    SearchRun r;
    r.value = solver.value(p);
    r.stats = solver.stats();
    return r;
  };
  if (g.graph().n <= 128) {
    SearchSolver<2> s(g, core::Evaluation::Grundy, t, table_bytes, threads);
    return run(s);
  }
  SearchSolver<16> s(g, core::Evaluation::Grundy, t, table_bytes, threads);
  return run(s);
}

}  // namespace grundy::games

namespace grundy::games {

namespace {

Family vertex_family(std::string name, std::string summary, std::string example, ParamSpec param, VertexRule rule) {
  Family f;
  f.name = name;
  f.summary = std::move(summary);
  f.example = std::move(example);
  f.params = {param};
  // One game from the parameter's text; a text with a size written as a letter names the table
  // of them (games/game_table.hpp).
  auto game = [name, rule, key = param.name](const std::string& text) {
    auto g = std::make_shared<const Graph>(key == "board" ? parse_board(text) : parse_graph(text));
    return VertexGame(std::move(g), rule, name);
  };
  f.coordinates = [game, key = param.name](const Params& p) {
    if (const auto pattern = size_pattern(p.get(key))) return pattern->letters;
    return game(p.get(key)).coordinate_names();
  };
  f.make = [game, name, key = param.name](const Params& p, const Transforms& t) {
    if (auto table = game_table_of(name, key, p.get(key), t,
                                   [game](const std::string& text) { return core::Game::of(game(text)); }))
      return *table;
    return with_transforms(game(p.get(key)), t);
  };
  f.starts = true;
  // A board's rows for the explorer; a graph has none.
  f.grid = [](const core::Game& g, const core::Position& pos) {
    std::vector<std::string> rows;
    const std::string text = g.position_text(pos);
    if (text.find_first_of("./#") != 0) return rows;  // a graph's vertex list
    for (std::size_t at = 0; at <= text.size();) {
      const std::size_t end = std::min(text.find('/', at), text.size());
      rows.push_back(text.substr(at, end - at));
      at = end + 1;
    }
    return rows;
  };
  // A board row by row (`.` free, `#` taken), a graph as its free vertices.
  f.draw = [](std::ostream& out, const core::Game& g, const std::vector<std::string>&, const core::Position& pos,
              int n) {
    if (n != pos.size()) return false;  // under a pass the position is not the family's own
    std::string text = g.position_text(pos);
    for (std::size_t at = 0; (at = text.find('/', at)) != std::string::npos;) text.replace(at, 1, "\n  ");
    out << "  " << text << "\n";
    return true;
  };
  return f;
}

const char* kGraphHelp =
    "path:N, cycle:N, grid:RxC, complete:N, edges:0-1,1-2,... or g6:STRING (graph6), at most 1008 vertices";

}  // namespace

Family cram_family() {
  return vertex_family(
      "cram", "Cram: place a domino on two free adjacent squares of a board (Arc Kayles on its squares)",
      "cram -p board=2x3",
      {"board", "RxC, or rows of `.` (a square) and `#` (none) separated by `/`; at most 126 squares", "3x3"},
      VertexRule::Arc);
}

Family node_kayles_family() {
  return vertex_family("node-kayles", "Node Kayles: take a free vertex; it and its neighbours are gone",
                       "node-kayles -p graph=path:6", {"graph", kGraphHelp, "path:10"}, VertexRule::Node);
}

Family arc_kayles_family() {
  return vertex_family("arc-kayles", "Arc Kayles: take an edge of two free vertices; both ends are gone",
                       "arc-kayles -p graph=cycle:6", {"graph", kGraphHelp, "path:10"}, VertexRule::Arc);
}

}  // namespace grundy::games
