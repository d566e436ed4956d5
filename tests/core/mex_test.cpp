#include "core/model/mex.hpp"

#include <gtest/gtest.h>

#include <random>

using grundy::core::MexBuffer;
using grundy::core::mex_naive;
using grundy::core::Value;

TEST(Mex, EmptyIsZero) {
  MexBuffer m;
  EXPECT_EQ(m.mex(), 0u);
}

TEST(Mex, SmallCases) {
  MexBuffer m;
  for (Value v : {0u, 1u, 3u}) m.add(v);
  EXPECT_EQ(m.mex(), 2u);
  m.clear();
  for (Value v : {1u, 2u, 3u}) m.add(v);
  EXPECT_EQ(m.mex(), 0u);
  m.clear();
  for (Value v = 0; v < 200; ++v) m.add(v);
  EXPECT_EQ(m.mex(), 200u);
}

TEST(Mex, AgreesWithNaiveOnRandomSets) {
  std::mt19937 rng(12345);
  MexBuffer m;
  for (int trial = 0; trial < 5000; ++trial) {
    std::vector<Value> vals(rng() % 150);
    for (auto& v : vals) v = rng() % 160;
    m.clear();
    for (Value v : vals) m.add(v);
    ASSERT_EQ(m.mex(), mex_naive(vals)) << "trial " << trial;
  }
}
