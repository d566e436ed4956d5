// ValueArray: values and markers read back the same in every width, a value that does
// not fit is refused (set) or widens the array (put), conversions keep every value; the 2-D line
// sweep's tables come out in the width its bound chooses and agree with four bytes a cell.
#include "core/solve/value_array.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "core/solve/dense_solver.hpp"
#include "core/solve/line_solver.hpp"
#include "games/registry.hpp"

using namespace grundy;
using core::Value;
using core::ValueArray;

namespace {

constexpr Value kMarkers[] = {core::kNoValue, core::kUnsolved, core::kNoValue - 2, core::kNoValue - 3};

}  // namespace

TEST(ValueArray, EveryWidthHoldsItsValuesAndTheMarkers) {
  for (const int width : {1, 2, 4}) {
    const Value limit = ValueArray::limit(width);
    const std::vector<Value> values = {0, 1, 7, limit - 1, kMarkers[0], kMarkers[1], kMarkers[2], kMarkers[3]};
    ValueArray a;
    a.reset(values.size(), width);
    EXPECT_EQ(a.width(), width);
    for (std::size_t i = 0; i < values.size(); ++i) a.set(i, values[i]);
    for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(a[i], values[i]) << width << " " << i;
    std::size_t i = 0;
    for (const Value v : a) EXPECT_EQ(v, values[i++]);
    if (width < 4) {
      EXPECT_THROW(a.set(0, limit), runtime::EngineError) << width;  // a marker's code
    }
  }
  EXPECT_EQ(ValueArray::width_for(0xfc), 1);
  EXPECT_EQ(ValueArray::width_for(0xfd), 2);
  EXPECT_EQ(ValueArray::width_for(0xfffc), 2);
  EXPECT_EQ(ValueArray::width_for(0xfffd), 4);
}

TEST(ValueArray, PutWidensAndConvertKeepsEveryValue) {
  ValueArray a;
  a.assign(5, core::kNoValue, 1);
  a.put(0, 3);
  EXPECT_EQ(a.width(), 1);
  a.put(1, 300);
  EXPECT_EQ(a.width(), 2);
  a.put(2, 70000);
  EXPECT_EQ(a.width(), 4);
  a.put(3, core::kUnsolved);
  const std::vector<Value> want = {3, 300, 70000, core::kUnsolved, core::kNoValue};
  for (std::size_t i = 0; i < want.size(); ++i) EXPECT_EQ(a[i], want[i]) << i;
  EXPECT_THROW(a.convert(2), runtime::EngineError);  // 70000 does not fit
  a.set(1, 8);
  a.set(2, 9);
  a.convert(1);
  EXPECT_EQ(a.width(), 1);
  EXPECT_EQ(a, ValueArray::of({3, 8, 9, core::kUnsolved, core::kNoValue}));
  EXPECT_THROW(a.data<std::uint16_t>(), runtime::EngineError);  // the wrong width
  EXPECT_EQ(ValueArray::of({1, 2, 255}).width(), 2);
  EXPECT_EQ(ValueArray::of({1, 2, core::kNoValue}).width(), 1);
}

// Two-heap Nim's values reach 255 on 256 x 256: one byte a cell does not hold them, and the
// sweep says so instead of writing a wrong value.
TEST(ValueArray, TheLineSweepRefusesCellsTooNarrow) {
  const std::uint64_t n = 256;
  auto all = [](const core::Position&) { return true; };
  auto none = [](std::uint64_t, std::uint64_t, std::uint64_t, Value, bool) {
    return core::detail::OneValue{core::kNoValue};
  };
  std::vector<std::uint8_t> narrow(n * n);
  EXPECT_THROW(core::sweep_lines_2d(n, n, 1, 2 * n + 2, true, all, none, narrow.data(), 1), core::detail::CellOverflow);
  std::vector<std::uint16_t> wide(n * n);
  core::sweep_lines_2d(n, n, 1, 2 * n + 2, true, all, none, wide.data(), 1);
  for (std::uint64_t x = 0; x < n; ++x)
    for (std::uint64_t y = 0; y < n; ++y) ASSERT_EQ(wide[x * n + y], x ^ y) << x << "," << y;
}

// The tables of the fast paths in the width their bounds choose: the knight in one byte, Nim
// with a pass and the queen in two, the same values as the generic sweep's four.
TEST(ValueArray, FastTablesTakeTheirNarrowWidth) {
  struct Case {
    const char* spec;
    core::Position extent;
    int width;
  };
  for (const Case& c : {Case{"knight", {40, 40}, 1}, Case{"nim -p heaps=2 --pass", {150, 150, 2}, 2},
                        Case{"queen", {130, 130}, 2}, Case{"nim -p heaps=2", {100, 100}, 1}}) {
    const core::Game g = games::make_game(games::parse_game_spec(c.spec));
    const core::Box box(c.extent);
    const core::DenseTable fast = g.solve_dense(box);
    EXPECT_EQ(fast.values.width(), c.width) << c.spec;
    const core::DenseTable slow = g.solve_dense_generic(box);
    EXPECT_EQ(slow.values.width(), 4) << c.spec;
    ASSERT_EQ(fast.box, slow.box) << c.spec;
    EXPECT_TRUE(fast.values == slow.values) << c.spec;
  }
}

// A table tried in too narrow a width is swept again in four bytes, with the same values.
TEST(ValueArray, TheLineGameSweepsAgainInFourBytesWhenAValueDoesNotFit) {
  struct Reset {
    ~Reset() { core::detail::g_line_sweep_first_width.store(0); }
  } reset;
  core::detail::g_line_sweep_first_width.store(1);
  for (const char* spec : {"nim -p heaps=2 --pass", "queen"}) {
    const core::Game g = games::make_game(games::parse_game_spec(spec));
    const core::Box box(std::string(spec) == "queen" ? core::Position{200, 200} : core::Position{300, 300, 2});
    const core::DenseTable fast = g.solve_dense(box);
    EXPECT_EQ(fast.values.width(), 4) << spec;
    EXPECT_TRUE(fast.values == g.solve_dense_generic(box).values) << spec;
  }
}
