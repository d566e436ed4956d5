#include "server/compute_pool.hpp"

#include <algorithm>
#include <exception>
#include <string>

namespace grundy::server {

ComputeSlots::Lease::~Lease() {
  if (!owner_) return;
  {
    std::lock_guard<std::mutex> lock(owner_->mutex_);
    ++owner_->free_;
  }
  owner_->freed_.notify_one();
}

ComputeSlots::Lease ComputeSlots::acquire(std::chrono::milliseconds wait) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!freed_.wait_for(lock, wait, [this] { return free_ > 0 || closed_; }) || closed_) return Lease();
  --free_;
  return Lease(this);
}

int ComputeSlots::free_slots() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return free_;
}

void ComputeSlots::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
  }
  freed_.notify_all();
}

ComputePool::ComputePool(ComputeSlots& slots, int threads, std::chrono::milliseconds busy_wait)
    : slots_(slots), busy_wait_(busy_wait) {
  dispatcher_ = std::thread([this] { dispatch(); });
  for (int i = 0; i < threads; ++i) computers_.emplace_back([this] { compute(); });
}

ComputePool::~ComputePool() { stop(); }

// A job that finds a slot free and nobody before it goes straight to a compute thread (one
// thread switch fewer); otherwise it waits in line for the dispatcher.
bool ComputePool::submit(Work work, Done done) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (stopping_) return false;
  Job job{std::move(work), std::move(done), std::chrono::steady_clock::now() + busy_wait_};
  if (waiting_.empty() && !dispatching_) {
    if (ComputeSlots::Lease lease = slots_.acquire(std::chrono::milliseconds(0))) {
      running_.push_back(Started{std::move(job), std::move(lease)});
      lock.unlock();
      started_.notify_one();
      return true;
    }
  }
  waiting_.push_back(std::move(job));
  lock.unlock();
  queued_.notify_one();
  return true;
}

// One thread hands out the slots, oldest job first: it waits for a slot only until the job in
// front gives up, then answers it busy. Every job waits the same busy_wait, so no job behind the
// front one can give up earlier.
void ComputePool::dispatch() {
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    queued_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
    if (stopping_) return;  // stop() answers what is still waiting
    Job job = std::move(waiting_.front());
    waiting_.pop_front();
    dispatching_ = true;
    lock.unlock();
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(job.give_up - std::chrono::steady_clock::now());
    ComputeSlots::Lease lease = slots_.acquire(std::max(left, std::chrono::milliseconds(0)));
    lock.lock();
    dispatching_ = false;
    if (!lease || stopping_) {
      const bool stopping = stopping_;
      lock.unlock();
      job.done(stopping ? api_error(503, "server stopping") : api_error(503, "server busy; try again"));
      continue;
    }
    running_.push_back(Started{std::move(job), std::move(lease)});
    lock.unlock();
    started_.notify_one();
  }
}

void ComputePool::compute() {
  for (;;) {
    std::unique_lock<std::mutex> lock(mutex_);
    started_.wait(lock, [this] { return stopping_ || !running_.empty(); });
    if (running_.empty()) return;  // stopping
    Started s = std::move(running_.front());
    running_.pop_front();
    const bool stopping = stopping_;
    lock.unlock();
    ApiResponse answer;
    if (stopping) {
      answer = api_error(503, "server stopping");
    } else {
      try {
        answer = s.job.work();
      } catch (const std::exception& e) {
        answer = api_error(500, std::string("internal error: ") + e.what());
      }
    }
    // The slot is free before the client hears the answer: a client that reads its answer and
    // asks again at once finds it free.
    { const ComputeSlots::Lease release = std::move(s.lease); }
    s.job.done(std::move(answer));
  }
}

void ComputePool::stop() {
  const std::lock_guard<std::mutex> once(stop_mutex_);
  if (stopped_) return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  slots_.close();  // the dispatcher may be waiting for a slot
  queued_.notify_all();
  started_.notify_all();
  if (dispatcher_.joinable()) dispatcher_.join();
  for (auto& t : computers_)
    if (t.joinable()) t.join();
  // The threads are gone: nothing else touches the queue now.
  for (Job& job : waiting_) job.done(api_error(503, "server stopping"));
  waiting_.clear();
  stopped_ = true;
}

}  // namespace grundy::server
