#include "service/table.hpp"

namespace grundy::service {

namespace {

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
  const core::Evaluation eval =
      s.eval == core::Evaluation::MisereOutcome ? core::Evaluation::MisereOutcome : core::Evaluation::NormalOutcome;
  return pipeline::p_positions(s.game, {r.size, r.fixes, r.syntax, eval, limits.memory, r.files, limits.world});
}

}  // namespace grundy::service
