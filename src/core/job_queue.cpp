#include "core/job_queue.hpp"

#include <map>

#include "core/errors.hpp"
#include "core/mpi.hpp"
#include "core/progress.hpp"

namespace grundy::core {

namespace {

constexpr std::uint64_t kNoJob = UINT64_MAX;  // sent in place of a job: stop

struct Header {
  std::uint64_t job = 0;
  std::uint64_t ok = 1;
  std::uint64_t bytes = 0;
};

JobResult run_one(const std::function<std::string(std::uint64_t)>& job, std::uint64_t i) {
  const mpi::Solo solo;
  JobResult r;
  try {
    r.text = job(i);
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    r.ok = false;
    r.text = e.what();
  }
  return r;
}

void master(std::uint64_t count, const std::function<void(std::uint64_t, const JobResult&)>& done) {
  std::uint64_t next = 0, delivered = 0;
  int busy = 0;
  auto hand_out = [&](int worker) {
    const std::uint64_t job = next < count ? next++ : kNoJob;
    mpi::send(&job, sizeof job, worker, mpi::kTagJob);
    if (job != kNoJob) ++busy;
  };
  for (int w = 1; w < mpi::size(); ++w) hand_out(w);
  std::map<std::uint64_t, JobResult> early;  // results that came back before an earlier job's
  while (busy > 0) {
    Header h;
    const int from = mpi::recv_any(&h, sizeof h, mpi::kTagResultHeader);
    JobResult r;
    r.ok = h.ok != 0;
    r.text.resize(h.bytes);
    mpi::recv(r.text.data(), h.bytes, from, mpi::kTagResultText);
    --busy;
    hand_out(from);
    early.emplace(h.job, std::move(r));
    for (auto it = early.find(delivered); it != early.end(); it = early.find(delivered)) {
      done(delivered++, it->second);
      early.erase(it);
    }
  }
}

void worker(const std::function<std::string(std::uint64_t)>& job) {
  for (;;) {
    std::uint64_t i = kNoJob;
    mpi::recv(&i, sizeof i, 0, mpi::kTagJob);
    if (i == kNoJob) return;
    const JobResult r = run_one(job, i);
    const Header h{i, r.ok ? 1u : 0u, r.text.size()};
    mpi::send(&h, sizeof h, 0, mpi::kTagResultHeader);
    mpi::send(r.text.data(), r.text.size(), 0, mpi::kTagResultText);
  }
}

}  // namespace

void run_jobs(std::uint64_t count, const std::function<std::string(std::uint64_t)>& job,
              const std::function<void(std::uint64_t, const JobResult&)>& done) {
  if (!mpi::active() || mpi::size() == 1) {
    for (std::uint64_t i = 0; i < count; ++i) done(i, run_one(job, i));
    return;
  }
  const mpi::Exchange exchange;
  if (mpi::root())
    master(count, done);
  else
    worker(job);
}

}  // namespace grundy::core
