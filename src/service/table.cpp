#include "service/table.hpp"

#include <algorithm>
#include <memory>

#include "service/quotient.hpp"

namespace grundy::service {

namespace {

// The misère P-positions of the region from the game's quotient, when it answers them
// (misere_positions_by_quotient): a position's element is the product of its heaps', so the
// region is listed without a table. Nothing when the quotient needs more than it may hold (`why`
// says so), or when files are asked for (they hold tables).
std::optional<pipeline::PPositions> ppos_by_quotient(const Subject& s, const TableRequest& r,
                                                     const runtime::Limits& limits, std::string& why) {
  if (!r.files.save.empty() || !r.files.load.empty()) return std::nullopt;
  auto moves = misere_positions_by_quotient(s);
  if (!moves) return std::nullopt;
  const pipeline::TableBox req = pipeline::make_table_box(s.game, r.size, r.fixes, r.syntax);
  const bool pass_counter = has_pass_counter(s);
  std::int64_t largest = 0;
  for (int i = 0; i < req.box.arity() - (pass_counter ? 1 : 0); ++i) largest = std::max(largest, req.box.extent(i) - 1);
  if (largest >= analysis::kLargestHeapBound) return std::nullopt;
  auto learnt = route_quotient(s, *moves, largest + 1, limits.memory, why);
  if (!learnt) return std::nullopt;
  auto q = std::make_shared<const analysis::MisereQuotient>(std::move(*learnt));
  return pipeline::PPositions::listed(req.box, req.pinned, quotient_route(*q),
                                      [q, box = req.box, pinned = req.pinned, pass_counter](const auto& visit) {
                                        std::vector<std::int64_t> heaps;
                                        pipeline::for_each_in_region(box, pinned, [&](const core::Position& p) {
                                          if (quotient_p(*q, p, pass_counter, heaps)) visit(p);
                                        });
                                      });
}

pipeline::SliceRequest slice_request(const Subject& s, const TableRequest& r, const runtime::Limits& limits) {
  return {r.size, r.fixes, r.syntax, s.eval, limits.memory, r.files, r.check_box};
}

}  // namespace

io::Grid table(const Subject& s, const TableRequest& r, const runtime::Limits& limits) {
  return pipeline::table_slice(s.game, slice_request(s, r, limits));
}

pipeline::SolvedSlice table_view(const Subject& s, const TableRequest& r, const runtime::Limits& limits) {
  return pipeline::solve_slice(s.game, slice_request(s, r, limits), false);
}

core::DenseTable solve(const Subject& s, const pipeline::Size& size, const runtime::Limits& limits) {
  return pipeline::solve_exact(s.game, pipeline::size_box(s.game, size), s.eval, limits.memory);
}

pipeline::PPositions ppos(const Subject& s, const TableRequest& r, const runtime::Limits& limits) {
  std::string why;
  if (auto listed = ppos_by_quotient(s, r, limits, why)) return std::move(*listed);
  const core::Evaluation eval =
      s.eval == core::Evaluation::MisereOutcome ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome;
  return after_quotient(why, [&] {
    return pipeline::p_positions(s.game, {r.size, r.fixes, r.syntax, eval, limits.memory, r.files, limits.world});
  });
}

}  // namespace grundy::service
