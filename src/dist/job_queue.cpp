#include "dist/job_queue.hpp"

#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "dist/mpi.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::dist {

namespace {

constexpr std::uint64_t kNoJob = UINT64_MAX;  // sent in place of a job: stop

struct Header {
  std::uint64_t job = 0;
  std::uint64_t ok = 1;
  std::uint64_t bytes = 0;
};

// Job i's result: its text, or its exception's message; an interrupt goes on up. The stop is
// polled before each job: a queue of many small jobs (an atlas of 500,000 games of a
// millisecond) may never poll inside one.
JobResult attempt(const std::function<std::string(std::uint64_t)>& job, std::uint64_t i) {
  JobResult r;
  try {
    runtime::poll_stop();
    r.text = job(i);
  } catch (const runtime::Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    r.ok = false;
    r.text = e.what();
  }
  return r;
}

void master(const runtime::World& world, std::uint64_t count,
            const std::function<void(std::uint64_t, const JobResult&)>& done) {
  std::uint64_t next = 0, delivered = 0;
  int busy = 0;
  auto hand_out = [&](int worker) {
    const std::uint64_t job = next < count ? next++ : kNoJob;
    dist::send(&job, sizeof job, worker, dist::kTagJob);
    if (job != kNoJob) ++busy;
  };
  for (int w = 1; w < world.size; ++w) hand_out(w);
  std::map<std::uint64_t, JobResult> early;  // results that came back before an earlier job's
  while (busy > 0) {
    Header h;
    const int from = dist::recv_any(&h, sizeof h, dist::kTagResultHeader);
    JobResult r;
    r.ok = h.ok != 0;
    r.text.resize(h.bytes);
    dist::recv(r.text.data(), h.bytes, from, dist::kTagResultText);
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
    dist::recv(&i, sizeof i, 0, dist::kTagJob);
    if (i == kNoJob) return;
    const JobResult r = attempt(job, i);
    const Header h{i, r.ok ? 1u : 0u, r.text.size()};
    dist::send(&h, sizeof h, 0, dist::kTagResultHeader);
    dist::send(r.text.data(), r.text.size(), 0, dist::kTagResultText);
  }
}

// Outside MPI: `threads` threads take the next job as they come free, and this thread
// delivers the results in order.
void run_on_threads(std::uint64_t count, const std::function<std::string(std::uint64_t)>& job,
                    const std::function<void(std::uint64_t, const JobResult&)>& done, int threads) {
  std::mutex m;
  std::condition_variable cv;
  std::map<std::uint64_t, JobResult> ready;
  std::uint64_t next = 0;
  bool stop = false;             // no more jobs: an interrupt, or done() failed
  std::exception_ptr interrupt;  // an Interrupted a job threw
  // The jobs stop when the caller's computation does.
  const runtime::StopScope::State scope = runtime::StopScope::inherited();
  auto work = [&] {
    const runtime::StopScope inherit(scope);
    for (;;) {
      std::uint64_t i = 0;
      {
        const std::lock_guard<std::mutex> lock(m);
        if (stop || next >= count) return;
        i = next++;
      }
      JobResult r;
      try {
        r = attempt(job, i);
      } catch (const runtime::Interrupted&) {
        const std::lock_guard<std::mutex> lock(m);
        stop = true;
        interrupt = std::current_exception();
        cv.notify_all();
        return;
      }
      const std::lock_guard<std::mutex> lock(m);
      ready.emplace(i, std::move(r));
      cv.notify_all();
    }
  };
  std::vector<std::thread> pool;
  auto join = [&] {
    {
      const std::lock_guard<std::mutex> lock(m);
      stop = true;
    }
    for (auto& t : pool) t.join();
    pool.clear();
  };
  try {
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (std::uint64_t d = 0; d < count; ++d) {
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return ready.count(d) != 0 || interrupt != nullptr; });
      if (interrupt) break;
      const JobResult r = std::move(ready[d]);
      ready.erase(d);
      lock.unlock();
      done(d, r);
    }
  } catch (...) {
    join();
    throw;
  }
  join();
  if (interrupt) std::rethrow_exception(interrupt);
}

}  // namespace

void run_jobs(const runtime::World& world, std::uint64_t count, const std::function<std::string(std::uint64_t)>& job,
              const std::function<void(std::uint64_t, const JobResult&)>& done, int threads) {
  if (!world.distributed || world.size == 1) {
    if (threads > 1 && count > 1) {
      run_on_threads(count, job, done, threads);
      return;
    }
    for (std::uint64_t i = 0; i < count; ++i) done(i, attempt(job, i));
    return;
  }
  const dist::Exchange exchange;
  if (world.root())
    master(world, count, done);
  else
    worker(job);
}

}  // namespace grundy::dist
