#include "dist/mpi.hpp"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <thread>

#include "runtime/errors.hpp"

#ifdef GRUNDY_WITH_MPI
// The C interface only: Open MPI's deprecated C++ bindings live in another library.
#define OMPI_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace grundy::dist {

namespace {

bool g_active = false;
int g_rank = 0, g_size = 1;
#ifdef GRUNDY_WITH_MPI
MPI_Comm g_end_comm = MPI_COMM_NULL;  // end_alike's
#endif
bool g_broken = false;
bool g_solo = false;

}  // namespace

bool built_with_mpi() {
#ifdef GRUNDY_WITH_MPI
  return true;
#else
  return false;
#endif
}

bool launched() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"})
    if (std::getenv(var) != nullptr) return true;
  return false;
}

void init([[maybe_unused]] int* argc, [[maybe_unused]] char*** argv) {
#ifdef GRUNDY_WITH_MPI
  if (!launched() || g_active) return;
  int provided = 0;
  MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
  // Errors are fatal to the job (MPI's default handler): a lost rank ends every process.
  MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_size);
  MPI_Comm_dup(MPI_COMM_WORLD, &g_end_comm);
  g_active = true;
#endif
}

void finalize() {
#ifdef GRUNDY_WITH_MPI
  if (g_active) MPI_Finalize();
#endif
  g_active = false;
}

runtime::World world() {
  if (!g_active || g_solo) return {};
  return {g_rank, g_size, true};
}

Solo::Solo() : was_(g_solo) { g_solo = true; }
Solo::~Solo() { g_solo = was_; }

void abort(int code) {
  std::cerr.flush();
  // mpirun forwards each rank's output on its own: a moment for this rank's last line to pass
  // before mpirun's report of the abort.
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
#ifdef GRUNDY_WITH_MPI
  if (g_active) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::exit(code);
}

bool end_alike([[maybe_unused]] int status, [[maybe_unused]] bool counts, [[maybe_unused]] double seconds) {
#ifdef GRUNDY_WITH_MPI
  if (!g_active || g_size == 1) return true;
  // The largest status and the largest negated one, over the ranks that count.
  int mine[2] = {counts ? status : INT_MIN, counts ? -status : INT_MIN};
  int all[2] = {0, 0};
  MPI_Request request;
  MPI_Iallreduce(mine, all, 2, MPI_INT, MPI_MAX, g_end_comm, &request);
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(std::min(seconds, 1e9));
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) break;
    if (std::chrono::steady_clock::now() > until) return false;  // the request is left: the job ends
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return all[0] == -all[1];
#else
  return true;
#endif
}

Exchange::Exchange() : uncaught_(std::uncaught_exceptions()) {}
Exchange::~Exchange() {
  if (std::uncaught_exceptions() > uncaught_) g_broken = true;
}
bool exchange_broken() { return g_broken; }

#ifdef GRUNDY_WITH_MPI

namespace {
constexpr std::size_t kPiece = std::size_t{1} << 30;  // bytes a piece: MPI counts are ints
}  // namespace

void send(const void* data, std::size_t bytes, int to, int tag) {
  const auto* p = static_cast<const char*>(data);
  do {
    const std::size_t n = std::min(bytes, kPiece);
    MPI_Send(p, static_cast<int>(n), MPI_BYTE, to, tag, MPI_COMM_WORLD);
    p += n;
    bytes -= n;
  } while (bytes > 0);
}

void recv(void* data, std::size_t bytes, int from, int tag) {
  auto* p = static_cast<char*>(data);
  do {
    const std::size_t n = std::min(bytes, kPiece);
    MPI_Recv(p, static_cast<int>(n), MPI_BYTE, from, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    p += n;
    bytes -= n;
  } while (bytes > 0);
}

int recv_any(void* data, std::size_t bytes, int tag) {
  if (bytes >= kPiece) throw runtime::EngineError("mpi::recv_any: a message of " + std::to_string(bytes) + " bytes");
  // Probed every millisecond, asleep between: a blocking receive spins (Open MPI polls), and
  // the master of a job queue waits long for results on a core its workers may need.
  MPI_Status status;
  for (int ready = 0;;) {
    MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &ready, &status);
    if (ready != 0) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  MPI_Recv(data, static_cast<int>(bytes), MPI_BYTE, status.MPI_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return status.MPI_SOURCE;
}

struct Outbox::Pending {
  std::vector<std::uint64_t> message;
  std::vector<MPI_Request> requests;
};

void Outbox::post(std::vector<std::uint64_t>&& message, int to, int tag) {
  const std::size_t bytes = message.size() * sizeof(std::uint64_t);
  auto p = std::make_unique<Pending>();
  p->message = std::move(message);
  const char* at = reinterpret_cast<const char*>(p->message.data());
  std::size_t left = bytes;
  do {
    const std::size_t n = std::min(left, kPiece);
    p->requests.emplace_back();
    MPI_Isend(at, static_cast<int>(n), MPI_BYTE, to, tag, MPI_COMM_WORLD, &p->requests.back());
    at += n;
    left -= n;
  } while (left > 0);
  waiting_ += bytes;
  sent_ += bytes;
  pending_.push_back(std::move(p));
  // Let finished sends go, so a steady stream does not hold max_bytes_ at all times.
  while (!pending_.empty()) {
    int done = 0;
    auto& front = pending_.front()->requests;
    MPI_Testall(static_cast<int>(front.size()), front.data(), &done, MPI_STATUSES_IGNORE);
    if (done == 0) break;
    waiting_ -= pending_.front()->message.size() * sizeof(std::uint64_t);
    pending_.pop_front();
  }
}

void Outbox::wait_oldest() {
  auto& front = pending_.front()->requests;
  MPI_Waitall(static_cast<int>(front.size()), front.data(), MPI_STATUSES_IGNORE);
  waiting_ -= pending_.front()->message.size() * sizeof(std::uint64_t);
  pending_.pop_front();
}

namespace {

std::uint64_t all_reduce(const runtime::World& world, std::uint64_t v, MPI_Op op) {
  if (!world.distributed) return v;
  std::uint64_t out = 0;
  MPI_Allreduce(&v, &out, 1, MPI_UINT64_T, op, MPI_COMM_WORLD);
  return out;
}

}  // namespace

std::uint64_t sum(const runtime::World& world, std::uint64_t v) { return all_reduce(world, v, MPI_SUM); }
std::uint64_t max(const runtime::World& world, std::uint64_t v) { return all_reduce(world, v, MPI_MAX); }
std::uint64_t min(const runtime::World& world, std::uint64_t v) { return all_reduce(world, v, MPI_MIN); }

void barrier(const runtime::World& world) {
  if (world.distributed) MPI_Barrier(MPI_COMM_WORLD);
}

void broadcast(const runtime::World& world, std::vector<std::uint64_t>& words) {
  if (!world.distributed) return;
  std::uint64_t n = words.size();
  MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  words.resize(n);
  for (std::uint64_t at = 0; at < n; at += kPiece / 8) {
    const std::uint64_t count = std::min<std::uint64_t>(n - at, kPiece / 8);
    MPI_Bcast(words.data() + at, static_cast<int>(count), MPI_UINT64_T, 0, MPI_COMM_WORLD);
  }
}

#else  // a world of one process: nothing to send to

void send(const void*, std::size_t, int, int) { throw runtime::EngineError("mpi::send without MPI"); }
void recv(void*, std::size_t, int, int) { throw runtime::EngineError("mpi::recv without MPI"); }
int recv_any(void*, std::size_t, int) { throw runtime::EngineError("mpi::recv_any without MPI"); }
struct Outbox::Pending {};
void Outbox::post(std::vector<std::uint64_t>&&, int, int) { throw runtime::EngineError("mpi::Outbox without MPI"); }
void Outbox::wait_oldest() {}
std::uint64_t sum(const runtime::World&, std::uint64_t v) { return v; }
std::uint64_t max(const runtime::World&, std::uint64_t v) { return v; }
std::uint64_t min(const runtime::World&, std::uint64_t v) { return v; }
void barrier(const runtime::World&) {}
void broadcast(const runtime::World&, std::vector<std::uint64_t>&) {}

#endif

Outbox::Outbox() = default;

void Outbox::wait_all() {
  while (!pending_.empty()) wait_oldest();
}

Outbox::~Outbox() {
  // An exception unwinding past the outbox ends the job in main (Exchange): waiting here for
  // sends nobody will receive would hang instead, and freeing their buffers under MPI's feet
  // would be worse, so they are left to the process's end.
  if (std::uncaught_exceptions() == 0) {
    wait_all();
  } else {
    for (auto& p : pending_) static_cast<void>(p.release());
  }
}

}  // namespace grundy::dist
