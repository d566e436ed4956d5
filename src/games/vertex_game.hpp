#pragma once

// Games played on the vertices of a graph, a position being the set of vertices still free:
//   Node Kayles  a move takes a free vertex; it and its neighbours are no longer free;
//   Arc Kayles   a move takes an edge of two free vertices; both ends are no longer free;
//   Cram         a domino on two free squares of a board side by side: Arc Kayles on the graph of
//                the board's squares, with the board's symmetries as its own.
// A position splits into the connected parts of what is free, whose values xor (Sprague-Grundy),
// and is one up to a symmetry (a board's rotations and reflections, and for graphs the lengths of
// paths and cycles, which determine them up to isomorphism); the search of
// core/solve/state_search.hpp uses both. The plain memo solver over the same positions, none of
// that, is its slow twin.
//
// A position is the set of free vertices as core::Position coordinates, 63 vertices to a
// coordinate (so that every coordinate is a non-negative integer and removing vertices lowers
// the position lexicographically), at most kMaxCoords of them: 1,008 vertices.

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/position.hpp"
#include "core/model/ruleset.hpp"
#include "core/solve/game.hpp"
#include "core/solve/state_search.hpp"

namespace grundy::games {

inline constexpr int kVertexBitsPerCoord = 63;
inline constexpr int kMaxVertices = kVertexBitsPerCoord * core::kMaxCoords;  // 1008
// Cram's boards: two coordinates (126 squares), so a board's position and key stay small.
inline constexpr int kMaxBoardSquares = 2 * kVertexBitsPerCoord;

enum class VertexRule : std::uint8_t { Node, Arc };

// The graph a game is played on. A board's square (r, c) is vertex r * cols + c; a square that is
// not on the board (a `#` of the board's rows) is a vertex with no edges that is never free.
struct Graph {
  int n = 0;
  std::vector<std::vector<int>> adj;
  std::vector<bool> on;    // the vertices of the game (all but a board's holes)
  int rows = 0, cols = 0;  // a board: its shape; else 0
  std::string text;        // as given: "path:20", "5x9", "..#/..."

  bool board() const { return rows > 0; }
};

// -p graph=: path:N, cycle:N, grid:RxC, complete:N, edges:0-1,1-2,... (vertices 0..max), or
// g6:<graph6 string> (McKay's format, as nauty's tools write it). One UserError line naming
// the fault otherwise.
Graph parse_graph(const std::string& text);
// -p board=: RxC, or the rows of a board as `.` (a square) and `#` (none), separated by `/`.
Graph parse_board(const std::string& text);

// The ruleset on core::Position (the generic solvers and every face use it) and the search's
// rules on bitsets of W words (its fast solver).
class VertexGame {
 public:
  VertexGame(std::shared_ptr<const Graph> g, VertexRule rule, std::string family);

  int arity() const { return coords_; }
  std::vector<std::string> coordinate_names() const;
  std::string name() const;
  std::string check(const core::Position& p) const;
  std::int64_t rank(const core::Position& p) const;
  bool options_precede() const { return true; }

  template <class Sink>
  void for_each_option(const core::Position& p, Sink&& sink) const {
    core::Position o = p;
    auto free = [&](int v) { return ((p[v / kVertexBitsPerCoord] >> (v % kVertexBitsPerCoord)) & 1) != 0; };
    auto clear = [&](int v) { o[v / kVertexBitsPerCoord] &= ~(std::int64_t{1} << (v % kVertexBitsPerCoord)); };
    for (int v = 0; v < g_->n; ++v) {
      if (!free(v)) continue;
      if (rule_ == VertexRule::Node) {
        clear(v);
        for (int u : g_->adj[static_cast<std::size_t>(v)]) clear(u);
        sink(static_cast<const core::Position&>(o));
        o = p;
      } else {
        for (int u : g_->adj[static_cast<std::size_t>(v)]) {
          if (u < v || !free(u)) continue;
          clear(v);
          clear(u);
          sink(static_cast<const core::Position&>(o));
          o = p;
        }
      }
    }
  }

  const Graph& graph() const { return *g_; }
  const std::shared_ptr<const Graph>& shared_graph() const { return g_; }
  VertexRule rule() const { return rule_; }
  // Every vertex of the game free: the board empty, the graph whole.
  core::Position start() const;
  // "..#/..." for a board (`.` free, `#` taken or not a square), "0-4,7" (the free vertices) or
  // "none" for a graph; and back, one UserError line naming the fault.
  std::string text(const core::Position& p) const;
  core::Position parse(const std::string& text) const;

 private:
  std::shared_ptr<const Graph> g_;
  VertexRule rule_;
  std::string family_;
  int coords_ = 1;
};

// The families' hooks found by core::Game (argument-dependent lookup).
std::unique_ptr<core::PositionSolver> fast_position_solver(const VertexGame& g, core::Evaluation eval,
                                                           std::uint64_t memory_limit);
inline core::Position start_position_of(const VertexGame& g) { return g.start(); }
inline std::string position_text_of(const VertexGame& g, const core::Position& p) { return g.text(p); }
inline core::Position parse_position_of(const VertexGame& g, const std::string& text) { return g.parse(text); }
// The squares (row, column) or the vertices a move takes.
std::string move_text_of(const VertexGame& g, const core::Position& from, const core::Position& to);

// The search on `g` with some techniques off, on `threads` threads, for the bench jobs and the
// tests: the value of `p` and what the search did.
struct SearchRun {
  core::Value value = 0;
  core::SearchStats stats;
};
SearchRun search_value(const VertexGame& g, const core::Position& p, core::SearchTechniques t,
                       std::uint64_t table_bytes, int threads = 1);

}  // namespace grundy::games
