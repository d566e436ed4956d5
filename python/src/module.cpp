// grundy._core: the engine for Python. Every call goes through the service floor the CLI calls
// (src/service/), so the answers are the CLI's; this file only converts arguments and results,
// and runs the engine under one runtime::Limits a call, so that Ctrl-C and deadlines work from
// Python.
//
// Two ways a call runs:
//   - a game built only from C++ rulesets: on a worker thread, the GIL released; the calling
//     thread checks for Ctrl-C every 50 ms and, on KeyboardInterrupt, cancels that call alone
//     (the cancel flag of its Limits, in force on the worker) and waits for it;
//   - a game with a ruleset written in Python: on the calling thread, holding the GIL, since
//     every position calls back into Python; the callback checks for Ctrl-C and the deadline
//     before each call of options(). Several Python threads may solve one such game at once:
//     every call of options() reads into a buffer of its own, and a lock is waited for with
//     the GIL released. A ruleset's own methods may not call the engine back: that is refused.
// The friendly layer (grundy/__init__.py) wraps these functions; their signatures are in
// grundy/__init__.pyi.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "core/model/parse.hpp"
#include "core/solve/route.hpp"
#include "core/solve/sum.hpp"
#include "games/registry.hpp"
#include "runtime/memory.hpp"
#include "runtime/progress.hpp"
#include "service/check.hpp"
#include "service/discover.hpp"
#include "service/quotient.hpp"
#include "service/seq.hpp"
#include "service/structure.hpp"
#include "service/table.hpp"
#include "service/values.hpp"
#include "service/verify.hpp"
#include "state_ruleset.hpp"

namespace py = pybind11;

namespace grundy::python {

namespace {

using core::Position;
using core::Value;

// The largest side a size or pin takes, as in the CLI.
constexpr std::int64_t kMaxSide = std::int64_t{1} << 40;

// ---------------------------------------------------------------------------------------------
// Running the engine
// ---------------------------------------------------------------------------------------------

// The engine stopped by the deadline of max_seconds: Python's TimeoutError.
struct DeadlineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check_seconds(double max_seconds) {
  if (!(max_seconds >= 0 && max_seconds <= 1e9))
    throw runtime::UserError("max_seconds = " + py::repr(py::float_(max_seconds)).cast<std::string>() +
                             ": allowed 0..1000000000 (seconds, 0 = no limit)");
}

// What the deadline of max_seconds says when it stops the engine (built with the GIL held).
std::string deadline_message(double max_seconds) {
  return "max_seconds=" + py::str(py::float_(max_seconds)).cast<std::string>() +
         ": stopped at the deadline; raise max_seconds or ask for less";
}

// How deep this thread is in the methods of Python rulesets (options, rank, check, reach). The
// engine called from there would wait on the call that is waiting for it.
thread_local int t_callback_depth = 0;

struct InCallback {
  InCallback() { ++t_callback_depth; }
  ~InCallback() { --t_callback_depth; }
  InCallback(const InCallback&) = delete;
  InCallback& operator=(const InCallback&) = delete;
};

void refuse_reentry() {
  if (t_callback_depth > 0)
    throw runtime::UserError(
        "a Ruleset's options(), rank(), check() or reach() called grundy back; the engine is waiting for that "
        "method, so it cannot answer from inside it: compute what the method needs before solving");
}

// Runs f() as the module header says, under `limits` (runtime::StopScope); its result, or its
// exception (an Interrupted by the deadline as DeadlineError, by Ctrl-C as the pending
// KeyboardInterrupt).
template <class F>
auto run_engine(bool python_callbacks, runtime::Limits limits, F&& f) -> decltype(f()) {
  using Result = decltype(f());
  refuse_reentry();
  if (python_callbacks) {
    const runtime::StopScope scope(limits);  // for this thread, and the workers the engine starts
    try {
      return f();
    } catch (const runtime::Interrupted& e) {
      throw DeadlineError(e.what());
    }
  }
  std::optional<Result> result;
  std::exception_ptr error;
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  // Ctrl-C stops this call only: other threads' calls go on.
  const auto cancelled = std::make_shared<std::atomic<bool>>(false);
  limits.cancel = cancelled;
  std::thread worker([&] {
    try {
      const runtime::StopScope scope(limits);
      result.emplace(f());
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(m);
    done = true;
    cv.notify_one();
  });
  bool interrupted = false;
  for (;;) {
    {
      py::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(m);
      if (cv.wait_for(lock, std::chrono::milliseconds(interrupted ? 1000 : 50), [&] { return done; })) break;
    }
    if (!interrupted && PyErr_CheckSignals() != 0) {  // KeyboardInterrupt (or another handler's error) pending
      interrupted = true;
      cancelled->store(true);
    }
  }
  {
    py::gil_scoped_release release;
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (error) {
    try {
      std::rethrow_exception(error);
    } catch (const runtime::Interrupted& e) {
      throw DeadlineError(e.what());
    }
  }
  return std::move(*result);
}

std::uint64_t memory_limit(const py::object& max_memory) {
  if (max_memory.is_none()) return runtime::default_memory_limit();
  if (py::isinstance<py::str>(max_memory)) return core::parse_memory_size(max_memory.cast<std::string>());
  if (py::isinstance<py::int_>(max_memory) && !py::isinstance<py::bool_>(max_memory)) {
    // Within parse_memory_size's range, so that every face takes the same limits.
    int overflow = 0;
    const long long bytes = PyLong_AsLongLongAndOverflow(max_memory.ptr(), &overflow);
    if (overflow != 0 || bytes <= 0 || bytes > (1LL << 50))
      throw runtime::UserError("max_memory = " + py::str(max_memory).cast<std::string>().substr(0, 40) +
                               ": allowed 1..1125899906842624 bytes (2^50), or a size such as '512M' or '16G'");
    return static_cast<std::uint64_t>(bytes);
  }
  throw runtime::UserError("max_memory: give bytes (an int) or a size such as '512M' or '16G'");
}

// The one Limits of a call, from its keyword arguments (the CLI's --max-seconds and
// --max-memory).
runtime::Limits limits_of(double max_seconds, const py::object& max_memory = py::none()) {
  check_seconds(max_seconds);
  runtime::Limits l;
  l.memory = memory_limit(max_memory);
  l.seconds = max_seconds;
  l.stop_message = deadline_message(max_seconds);
  return l;
}

// ---------------------------------------------------------------------------------------------
// Rulesets written in Python
// ---------------------------------------------------------------------------------------------

// A grundy.Ruleset instance seen as a core::Ruleset. Its Python objects live in a State shared
// by every copy (the engine copies rulesets freely); only the calling thread, holding the GIL,
// ever touches them. options(pos) is called once per position and returns every option.
class PyRuleset {
 public:
  struct State {
    py::object obj, options, rank, check, reach;
    int arity = 0;
    std::vector<std::string> names;
    std::string name;
    bool precede = false;
  };

  explicit PyRuleset(const py::object& obj) : s_(python_state<State>()) {
    State& s = *s_;
    s.obj = obj;
    s.options = required_options(obj);
    const py::object coords = py::getattr(obj, "coordinates", py::none());
    if (coords.is_none() || py::isinstance<py::str>(coords))
      throw runtime::UserError(
          "Ruleset: set coordinates to a tuple of names, such as ('x', 'y'), or to None for positions that are "
          "any hashable values");
    for (const char* hook : {"components", "canonical", "size"})
      if (!py::getattr(obj, hook, py::none()).is_none())
        throw runtime::UserError(std::string("Ruleset: ") + hook +
                                 "() is for positions that are hashable values; set coordinates = None to use it");
    for (const py::handle c : coords) s.names.push_back(py::str(c).cast<std::string>());
    s.arity = static_cast<int>(s.names.size());
    if (s.arity < 1 || s.arity > core::kMaxCoords)
      throw runtime::UserError("Ruleset: " + std::to_string(s.arity) + " coordinates; allowed 1.." +
                               std::to_string(core::kMaxCoords));
    for (const auto& n : s.names)
      if (n.empty() || n == "total" || !(std::isalpha(static_cast<unsigned char>(n[0])) || n[0] == '_'))
        throw runtime::UserError("Ruleset: coordinate name '" + n + "': a name starting with a letter, not 'total'");
    s.name = ruleset_name(obj);
    s.rank = optional_method(obj, "rank");
    s.check = optional_method(obj, "check");
    s.reach = optional_method(obj, "reach");
    s.precede = py::bool_(py::getattr(obj, "options_precede", py::bool_(false)));
  }

  int arity() const { return s_->arity; }
  std::vector<std::string> coordinate_names() const { return s_->names; }
  std::string name() const { return s_->name; }

  std::string check(const Position& p) const {
    for (int i = 0; i < p.size(); ++i)
      if (p[i] < 0) return s_->names[static_cast<std::size_t>(i)] + " = " + std::to_string(p[i]) + " is negative";
    if (s_->check.is_none()) return "";
    const InCallback in;
    const py::object why = s_->check(tuple_of(p));
    if (why.is_none() || (py::isinstance<py::bool_>(why) && why.cast<bool>())) return "";
    if (py::isinstance<py::bool_>(why)) return "check() refused it";
    return py::str(why).cast<std::string>();
  }

  // Before each call of options(): Ctrl-C and the deadline of max_seconds (one call may take
  // seconds). The options are read into a buffer of this call's own: while options() runs,
  // another Python thread may solve the same game and call it too.
  template <class Sink>
  void for_each_option(const Position& p, Sink&& sink) const {
    const State& s = *s_;
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    runtime::poll_stop();
    std::vector<Position> options;
    {
      const InCallback in;
      const py::object got = s.options(tuple_of(p));
      // One pass over what options() returned (a list of tuples, any iterable of sequences, or
      // an (n, arity) integer array, a generator runs here), every option checked before the
      // engine sees it.
      const py::object fast =
          py::reinterpret_steal<py::object>(PySequence_Fast(got.ptr(), "options() must return an iterable"));
      if (!fast) {
        if (PyErr_ExceptionMatches(PyExc_TypeError) == 0) throw py::error_already_set();  // raised inside it
        PyErr_Clear();
        throw runtime::UserError(s.name + ": options(" + core::to_string(p) +
                                 ") did not return an iterable of positions");
      }
      const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.ptr());
      PyObject** items = PySequence_Fast_ITEMS(fast.ptr());
      options.reserve(static_cast<std::size_t>(n));
      for (Py_ssize_t k = 0; k < n; ++k) options.push_back(option_of(p, items[k]));
    }
    for (const Position& o : options) sink(o);
  }

  bool has_rank() const { return !s_->rank.is_none(); }
  std::int64_t rank(const Position& p) const {
    if (s_->rank.is_none()) throw runtime::EngineError(s_->name + " has no rank");
    const InCallback in;
    const py::object r = s_->rank(tuple_of(p));
    try {
      return py::cast<std::int64_t>(r);
    } catch (const py::cast_error&) {
      throw runtime::UserError(s_->name + ": rank(" + core::to_string(p) + ") returned " +
                               py::repr(r).cast<std::string>().substr(0, 40) + ", not an integer");
    }
  }
  bool options_precede() const { return s_->precede; }
  core::Box reach_box(const core::Box& b) const {
    if (s_->reach.is_none()) return b;
    const InCallback in;
    const py::object got = s_->reach(tuple_of(b.extents()));
    const Position e = position_of(got, [&] { return s_->name + ": reach(" + core::to_string(b.extents()) + ")"; });
    for (int i = 0; i < e.size(); ++i)
      if (e[i] < b.extent(i))
        throw runtime::UserError(s_->name + ": reach(" + core::to_string(b.extents()) + ") returned (" +
                                 core::to_string(e) + "), smaller than the box it must hold");
    return core::Box(e);
  }

 private:
  py::tuple tuple_of(const Position& p) const {
    py::tuple t(p.size());
    for (int i = 0; i < p.size(); ++i) PyTuple_SET_ITEM(t.ptr(), i, PyLong_FromLongLong(p[i]));
    return t;
  }

  // A sequence of `arity` integers, or a UserError starting with what() (called only then: an
  // option is read in tens of nanoseconds, a message takes longer to write).
  template <class What>
  Position position_of(const py::handle& h, What&& what) const {
    const int arity = s_->arity;
    auto refuse = [&](const std::string& why) {
      throw runtime::UserError(what() + " returned " + py::repr(h).cast<std::string>().substr(0, 40) + why);
    };
    const py::object fast = py::reinterpret_steal<py::object>(PySequence_Fast(h.ptr(), "not a sequence"));
    if (!fast) {
      PyErr_Clear();
      refuse(", not a sequence of " + std::to_string(arity) + " integers");
    }
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.ptr());
    if (n != arity) refuse(": " + std::to_string(n) + " coordinates, expected " + std::to_string(arity));
    Position p(arity);
    PyObject** items = PySequence_Fast_ITEMS(fast.ptr());
    for (int i = 0; i < arity; ++i) {
      int overflow = 0;
      if (PyLong_Check(items[i])) {
        p[i] = PyLong_AsLongLongAndOverflow(items[i], &overflow);
      } else if (PyIndex_Check(items[i])) {  // numpy integers
        const py::object idx = py::reinterpret_steal<py::object>(PyNumber_Index(items[i]));
        if (!idx) throw py::error_already_set();
        p[i] = PyLong_AsLongLongAndOverflow(idx.ptr(), &overflow);
      } else {
        refuse(": coordinate " + std::to_string(i + 1) + " is not a 64-bit integer");
      }
      if (overflow != 0) refuse(": coordinate " + std::to_string(i + 1) + " is not a 64-bit integer");
    }
    return p;
  }

  // An option, checked: arity, not negative, and (without reach()) no coordinate above the
  // position's, nor the position itself; with options_precede, lexicographically smaller.
  Position option_of(const Position& from, PyObject* item) const {
    auto what = [&] { return s_->name + ": options(" + core::to_string(from) + ")"; };
    Position o = position_of(py::handle(item), what);
    auto refuse = [&](const std::string& why) {
      throw runtime::UserError(what() + " returned (" + core::to_string(o) + ")" + why);
    };
    for (int i = 0; i < o.size(); ++i)
      if (o[i] < 0) refuse(": a negative coordinate");
    if (s_->precede) {
      if (!std::lexicographical_compare(o.coords().begin(), o.coords().end(), from.coords().begin(),
                                        from.coords().end()))
        refuse(", not lexicographically smaller (options_precede is set)");
    } else if (s_->reach.is_none()) {
      for (int i = 0; i < o.size(); ++i)
        if (o[i] > from[i])
          refuse(": " + s_->names[static_cast<std::size_t>(i)] +
                 " grows; a move may raise a coordinate only if reach() says how far");
      if (o == from) refuse(": the position itself (a game must end)");
    }
    return o;
  }

  std::shared_ptr<State> s_;
};

// ---------------------------------------------------------------------------------------------
// Games
// ---------------------------------------------------------------------------------------------

// A game as Python holds it: a registry spec (family, parameters, transform flags as written),
// or a composed game (a Python ruleset, a sum) with the transform flags applied to it. Both are
// checked by games::make_game_spec, so a transform given twice is refused with the CLI's words.
struct PyGame {
  std::string family;  // empty: composed
  std::vector<std::string> params;
  std::optional<core::Game> base;  // composed: before the transforms of `flags`
  std::string base_text;           // composed: how it prints
  games::TransformFlags flags;
  bool python_callbacks = false;
  // A ruleset whose positions are hashable values: their ids are the positions the engine sees.
  std::optional<PyStateRuleset> states;

  // Derived by build().
  std::optional<core::Game> built;
  std::optional<games::GameSpec> spec;
  core::Evaluation eval = core::Evaluation::Grundy;
  std::string text;
  // What the engine learned about single positions, kept between calls; `memo` guards it when
  // several Python threads ask one game at once (their solves run with the GIL released).
  std::shared_ptr<std::mutex> memo = std::make_shared<std::mutex>();
  std::shared_ptr<service::PositionValues> values;

  void build() {
    if (!family.empty()) {
      spec = games::make_game_spec(family, params, flags);
      built = games::make_game(*spec);
      eval = spec->transforms.misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy;
      text = games::spec_text(*spec);
    } else {
      const games::Transforms t = games::make_game_spec("game", {}, flags).transforms;
      built = games::with_transforms(*base, t);
      eval = t.misere ? core::Evaluation::MisereOutcome : core::Evaluation::Grundy;
      text = base_text + games::transforms_text(t);
    }
    memo = std::make_shared<std::mutex>();
    values.reset();
  }

  const core::Game& game() const { return *built; }
  service::Subject subject() const { return {game(), eval, spec}; }
};

games::TransformFlags flags_of(const games::Transforms& t) {
  games::TransformFlags f;
  if (t.passes == 1) f.pass = 1;
  if (t.passes > 1) f.passes = {std::to_string(t.passes)};
  f.pass_from_terminal = t.pass_from_terminal ? 1 : 0;
  if (!t.forbid.empty()) f.forbid = {t.forbid};
  f.misere = t.misere ? 1 : 0;
  return f;
}

PyGame game_from_spec(const std::string& text, const std::vector<std::string>& extra_params) {
  PyGame g;
  const games::GameSpec spec = games::parse_game_spec(text, games::SpecOf::WholeGame);
  g.family = spec.family;
  for (const auto& [k, v] : spec.params) g.params.push_back(k + "=" + v);
  for (const auto& kv : extra_params) g.params.push_back(kv);
  g.flags = flags_of(spec.transforms);
  (void)games::find_family(g.family);
  g.build();
  return g;
}

PyGame game_from_ruleset(const py::object& ruleset) {
  PyGame g;
  if (py::getattr(ruleset, "coordinates", py::none()).is_none()) {
    PyStateRuleset r(ruleset);
    g.states = r;
    g.base_text = r.name();
    g.base = core::Game::of(std::move(r));
    g.python_callbacks = true;
    g.build();
    return g;
  }
  PyRuleset r(ruleset);
  g.base_text = r.name();
  g.base = core::Game::of(std::move(r));
  g.python_callbacks = true;
  g.build();
  return g;
}

// What a game of hashable positions cannot do: it has no coordinates to add a pass counter to,
// to write a forbidden set in, to sum by, or to lay out in a box.
void require_coordinates(const PyGame& g, const std::string& what) {
  if (g.states)
    throw runtime::UserError(what + " of " + g.text +
                             ": its positions are hashable values, not coordinates; it takes value(), values(), "
                             "outcome(), moves() and misere()");
}

PyGame with_flag(const PyGame& g, const std::function<void(games::TransformFlags&)>& add) {
  PyGame out = g;
  add(out.flags);
  if (g.states &&
      (out.flags.pass != g.flags.pass || out.flags.passes != g.flags.passes || out.flags.forbid != g.flags.forbid))
    require_coordinates(g, out.flags.forbid != g.flags.forbid ? "forbid()" : "with_pass()");
  out.build();
  return out;
}

PyGame sum_of(const PyGame& a, const PyGame& b) {
  for (const PyGame* g : {&a, &b}) require_coordinates(*g, "a sum");
  for (const PyGame* g : {&a, &b})
    if (g->eval != core::Evaluation::Grundy)
      throw runtime::UserError("sum of " + a.text + " and " + b.text +
                               ": misere play is for a whole game; add the games, then call .misere()");
  core::Sum<core::Game, core::Game> sum(a.game(), b.game());
  if (sum.arity() > core::kMaxCoords)
    throw runtime::UserError("sum: more than " + std::to_string(core::kMaxCoords) + " coordinates in all");
  PyGame g;
  g.base = core::Game::of(std::move(sum));
  g.base_text = "(" + a.text + ") + (" + b.text + ")";
  g.python_callbacks = a.python_callbacks || b.python_callbacks;
  g.build();
  return g;
}

// A position given as a sequence of integers or as the CLI's text "3,5,7"; checked as the CLI
// checks it (a game with passes may leave out its last pass counter).
Position position_arg(const PyGame& g, const py::handle& pos) {
  if (g.states) return Position{static_cast<std::int64_t>(g.states->intern(pos))};
  std::string text;
  if (py::isinstance<py::str>(pos)) {
    text = pos.cast<std::string>();
  } else {
    const py::object fast = py::reinterpret_steal<py::object>(PySequence_Fast(pos.ptr(), ""));
    if (!fast) {
      PyErr_Clear();
      throw runtime::UserError("position " + py::repr(pos).cast<std::string>().substr(0, 40) +
                               ": give a tuple of integers such as (3, 5) or a string '3,5'");
    }
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.ptr());
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* item = PySequence_Fast_GET_ITEM(fast.ptr(), i);
      if (!PyIndex_Check(item) || PyBool_Check(item))
        throw runtime::UserError("position " + py::repr(pos).cast<std::string>().substr(0, 40) + ": coordinate " +
                                 std::to_string(i + 1) + " is not an integer");
      text += (i ? "," : "") + py::str(py::reinterpret_steal<py::object>(PyNumber_Index(item))).cast<std::string>();
    }
  }
  return service::position_of(g.game(), text);
}

pipeline::Size size_arg(const py::handle& size) {
  if (py::isinstance<py::str>(size)) return pipeline::parse_size(size.cast<std::string>(), "size", kMaxSide);
  if (PyIndex_Check(size.ptr()) && !PyBool_Check(size.ptr()))
    return pipeline::parse_size(py::str(size).cast<std::string>(), "size", kMaxSide);
  if (py::isinstance<py::sequence>(size)) {
    std::string text;
    for (const py::handle e : size) text += (text.empty() ? "" : "x") + py::str(e).cast<std::string>();
    return pipeline::parse_size(text, "size", kMaxSide);
  }
  throw runtime::UserError("size " + py::repr(size).cast<std::string>().substr(0, 40) +
                           ": give N, (A, B) or 'AxB' with sides from 1 to 2^40");
}

// fix={"z": 5} or ["z=5"]: the CLI's c=v pins.
std::vector<std::string> fixes_arg(const py::handle& fix) {
  std::vector<std::string> out;
  if (fix.is_none()) return out;
  if (py::isinstance<py::dict>(fix)) {
    for (const auto& [k, v] : fix.cast<py::dict>()) {
      if (!PyIndex_Check(v.ptr()) || PyBool_Check(v.ptr()))
        throw runtime::UserError("fix " + py::str(k).cast<std::string>() + "=" +
                                 py::repr(v).cast<std::string>().substr(0, 40) + ": the value is not an integer");
      out.push_back(py::str(k).cast<std::string>() + "=" + py::str(v).cast<std::string>());
    }
    return out;
  }
  if (py::isinstance<py::str>(fix)) return {fix.cast<std::string>()};
  for (const py::handle f : fix) out.push_back(py::str(f).cast<std::string>());
  return out;
}

const pipeline::FixSyntax kFixArg{"fix", kMaxSide};

// The table's values narrowed to the smallest unsigned width that holds them (1, 2 or 4 bytes,
// core::ValueArray's widths); a cell that is no position (or was never solved) becomes the
// width's largest value, which no value reaches. Returns the width.
int narrow_in_place(core::ValueArray& values) {
  Value max = 0;
  for (const Value v : values)
    if (v < core::kUnsolved) max = std::max(max, v);
  const int w = core::ValueArray::width_for(std::uint64_t{max} + 1);
  values.convert(w);
  values.with_cells([&values](auto* cells) {
    using Cell = std::remove_pointer_t<decltype(cells)>;
    const Cell unsolved = core::ValueArray::encode<Cell>(core::kUnsolved);
    for (std::size_t i = 0; i < values.size(); ++i)
      if (cells[i] == unsolved) cells[i] = static_cast<Cell>(~Cell{0});
  });
  return w;
}

py::dtype dtype_of(int w) {
  return w == 1   ? py::dtype::of<std::uint8_t>()
         : w == 2 ? py::dtype::of<std::uint16_t>()
                  : py::dtype::of<std::uint32_t>();
}

// A numpy view of `table` (moved to the heap, owned by the array): `axes` in that order from
// cell `base`.
py::array view_of(core::DenseTable table, const Position& base, const std::vector<int>& axes,
                  const std::vector<std::int64_t>& shape) {
  const int w = narrow_in_place(table.values);
  const core::Box box = table.box;
  std::vector<py::ssize_t> strides, dims;
  for (std::size_t k = 0; k < axes.size(); ++k) {
    std::int64_t stride = 1;
    for (int i = box.arity() - 1; i > axes[k]; --i) stride *= box.extent(i);
    strides.push_back(static_cast<py::ssize_t>(stride * w));
    dims.push_back(static_cast<py::ssize_t>(shape[k]));
  }
  auto* owned = new core::DenseTable(std::move(table));
  const py::capsule owner(owned, [](void* p) { delete static_cast<core::DenseTable*>(p); });
  const std::uint64_t offset = owned->values.empty() ? 0 : box.index(base);
  unsigned char* const cells = owned->values.with_cells([](auto* c) { return reinterpret_cast<unsigned char*>(c); });
  return py::array(dtype_of(w), dims, strides, cells + offset * w, owner);
}

py::object json_result(const std::string& text) {
  // Kept for the life of the process (a static py::object would be released after Python ends).
  static const py::handle loads = [] {
    py::object f = py::module_::import("json").attr("loads");
    return f.release();
  }();
  return loads(text);
}

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

// g.memo locked by the calling thread. A thread that holds the GIL waits for the lock without
// it: the thread holding the lock may be inside a Python options() that needs the GIL.
std::unique_lock<std::mutex> lock_memo(const PyGame& g) {
  std::unique_lock<std::mutex> lock(*g.memo, std::defer_lock);
  if (lock.try_lock()) return lock;
  if (PyGILState_Check() != 0) {
    py::gil_scoped_release release;
    lock.lock();
  } else {
    lock.lock();
  }
  return lock;
}

// Called with g.memo locked.
Value value_of(PyGame& g, const Position& p) {
  if (!g.values) g.values = std::make_shared<service::PositionValues>(g.subject(), runtime::Limits{});
  return g.values->value(p);
}

// The value (or outcome) of one position given from Python, through the game's cache.
Value single_value(PyGame& g, const py::handle& pos, double max_seconds) {
  const Position p = position_arg(g, pos);
  return run_engine(g.python_callbacks, limits_of(max_seconds), [&] {
    const auto lock = lock_memo(g);
    return value_of(g, p);
  });
}

py::object value(PyGame& g, const py::handle& pos, double max_seconds) {
  if (g.eval != core::Evaluation::Grundy)
    throw runtime::UserError("value of " + g.text + ": misere play has outcomes, not Grundy values; use outcome(pos)");
  return py::int_(single_value(g, pos, max_seconds));
}

std::string outcome(PyGame& g, const py::handle& pos, double max_seconds) {
  return single_value(g, pos, max_seconds) == 0 ? "P" : "N";
}

py::array values(PyGame& g, const py::handle& positions, double max_seconds) {
  std::vector<Position> ps;
  for (const py::handle pos : positions) ps.push_back(position_arg(g, pos));
  std::vector<Value> vs = run_engine(g.python_callbacks, limits_of(max_seconds), [&] {
    const auto lock = lock_memo(g);
    std::vector<Value> out;
    out.reserve(ps.size());
    for (const Position& p : ps) out.push_back(value_of(g, p));
    return out;
  });
  return py::array_t<std::uint32_t>(static_cast<py::ssize_t>(vs.size()), vs.data());
}

py::list moves(PyGame& g, const py::handle& pos, double max_seconds) {
  const Position p = position_arg(g, pos);
  const bool grundy = g.eval == core::Evaluation::Grundy;
  const runtime::Limits limits = limits_of(max_seconds);
  const service::Moves listed = run_engine(g.python_callbacks, limits, [&] {
    const auto lock = lock_memo(g);
    if (!g.values) g.values = std::make_shared<service::PositionValues>(g.subject(), runtime::Limits{});
    return service::moves(*g.values, p, std::uint64_t{1} << 23, limits.memory,
                          "moves() lists every one (ask value() for its value)");
  });
  py::list out;
  for (const auto& [o, v] : listed.options) {
    py::dict m;
    m["position"] = g.states ? g.states->object(static_cast<std::uint64_t>(o[0]))
                             : py::tuple(py::cast(std::vector<std::int64_t>(o.coords().begin(), o.coords().end())));
    if (grundy) m["grundy"] = v;
    m["outcome"] = v == 0 ? "P" : "N";
    m["winning"] = v == 0;
    out.append(m);
  }
  return out;
}

py::array table(PyGame& g, const py::handle& size, const py::handle& fix, const py::object& max_memory,
                double max_seconds, const std::string& save, const std::string& load) {
  require_coordinates(g, "table()");
  const service::TableRequest req{size_arg(size), fixes_arg(fix), kFixArg, {save, load}, {}};
  const runtime::Limits limits = limits_of(max_seconds, max_memory);
  pipeline::SolvedSlice s =
      run_engine(g.python_callbacks, limits, [&] { return service::table_view(g.subject(), req, limits); });
  std::vector<int> axes{s.row};
  std::vector<std::int64_t> shape{s.rows};
  if (s.col >= 0) {
    axes.push_back(s.col);
    shape.push_back(s.cols);
  }
  return view_of(std::move(s.table), s.base, axes, shape);
}

py::array solve(PyGame& g, const py::handle& size, const py::object& max_memory, double max_seconds) {
  require_coordinates(g, "solve()");
  const pipeline::Size sz = size_arg(size);
  const runtime::Limits limits = limits_of(max_seconds, max_memory);
  core::DenseTable t = run_engine(g.python_callbacks, limits, [&] { return service::solve(g.subject(), sz, limits); });
  std::vector<int> axes;
  std::vector<std::int64_t> shape;
  for (int i = 0; i < t.box.arity(); ++i) {
    axes.push_back(i);
    shape.push_back(t.box.extent(i));
  }
  return view_of(std::move(t), Position(t.box.arity()), axes, shape);
}

py::array ppos(PyGame& g, const py::handle& size, const py::handle& fix, const py::object& max_memory,
               double max_seconds) {
  require_coordinates(g, "ppos()");
  const service::TableRequest req{size_arg(size), fixes_arg(fix), kFixArg, {}, {}};
  const runtime::Limits limits = limits_of(max_seconds, max_memory);
  const int arity = g.game().arity();
  std::vector<std::int64_t> flat = run_engine(g.python_callbacks, limits, [&] {
    const pipeline::PPositions ps = service::ppos(g.subject(), req, limits);
    const std::uint64_t n = ps.count();
    runtime::ensure_fits(core::mul_bytes(n, static_cast<std::uint64_t>(arity) * 8), limits.memory,
                         "the P-positions of " + g.text);
    std::vector<std::int64_t> out;
    out.reserve(n * static_cast<std::uint64_t>(arity));
    ps.for_each([&](const Position& p) { out.insert(out.end(), p.coords().begin(), p.coords().end()); });
    return out;
  });
  const auto n = static_cast<py::ssize_t>(flat.size() / static_cast<std::size_t>(arity));
  py::array_t<std::int64_t> a({n, static_cast<py::ssize_t>(arity)});
  if (!flat.empty()) std::memcpy(a.mutable_data(), flat.data(), flat.size() * sizeof(std::int64_t));
  return a;
}

py::dict seq(PyGame& g, std::int64_t n, const std::optional<std::int64_t>& search_arg, const py::object& max_memory,
             double max_seconds, const std::string& save, const std::string& load) {
  require_coordinates(g, "seq()");
  (void)core::parse_int(std::to_string(n), "n", 1, std::int64_t{1} << 30);
  // None: the game's default (service::default_seq_search), as on the command line.
  const std::int64_t search =
      search_arg ? core::parse_int(std::to_string(*search_arg), "search", 1, std::int64_t{1} << 40) : 0;
  const runtime::Limits limits = limits_of(max_seconds, max_memory);
  const service::SeqResult r = run_engine(g.python_callbacks, limits, [&] {
    return service::seq(g.subject(), n, search, {save, load}, limits);
  });
  py::dict d;
  d["game"] = g.game().name();
  if (r.layers.size() == 1) {
    d["values"] = py::array_t<std::uint32_t>(static_cast<py::ssize_t>(n), r.layers[0].data());
  } else {
    py::array_t<std::uint32_t> a({static_cast<py::ssize_t>(r.layers.size()), static_cast<py::ssize_t>(n)});
    for (std::size_t p = 0; p < r.layers.size(); ++p)
      std::memcpy(a.mutable_data(static_cast<py::ssize_t>(p), 0), r.layers[p].data(),
                  r.layers[p].size() * sizeof(Value));
    d["values"] = a;
  }
  d["status"] = service::seq_status(r.period);
  d["proven"] = r.period.found && r.period.proven;
  d["preperiod"] = r.period.found ? py::object(py::int_(r.period.preperiod)) : py::object(py::none());
  d["period"] = r.period.found ? py::object(py::int_(r.period.period)) : py::object(py::none());
  d["saltus"] = r.period.found ? py::object(py::int_(r.period.saltus)) : py::object(py::none());
  d["checked_up_to"] = r.checked_up_to;
  d["size"] = n;
  d["why"] = r.why;
  return d;
}

// structure, check, discover: the CLI's JSON answer, as Python objects.
template <class Write>
py::object analysis_json(PyGame& g, const runtime::Limits& limits, Write&& write) {
  const std::string text = run_engine(g.python_callbacks, limits, [&] {
    std::ostringstream out;
    write(out);
    return out.str();
  });
  return json_result(text);
}

py::list verify(const std::string& which, double max_seconds) {
  const runtime::Limits limits = limits_of(max_seconds);
  const auto rows = run_engine(false, limits, [&] {
    std::vector<std::pair<std::string, analysis::ClaimResult>> out;
    service::verify(which, limits, [&](const service::PaperResult& p) {
      for (const auto& r : p.claims) out.emplace_back(p.title, r);
    });
    return out;
  });
  py::list out;
  for (const auto& [title, r] : rows) {
    py::dict d;
    d["paper"] = r.paper;
    d["title"] = title;
    d["claim"] = r.claim;
    d["status"] = analysis::to_string(r.status);
    d["range"] = r.range;
    d["detail"] = r.detail;
    out.append(d);
  }
  return out;
}

}  // namespace

}  // namespace grundy::python

PYBIND11_MODULE(_core, m) {
  using namespace grundy;
  using namespace grundy::python;
  m.doc() = "grundy's engine (the C++ core). Use the package `grundy`, which wraps this module.";

  // Errors: a bad input is a ValueError with the CLI's one-line message; a deadline is a
  // TimeoutError; an engine bug is a RuntimeError naming itself.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const DeadlineError& e) {
      PyErr_SetString(PyExc_TimeoutError, e.what());
    } catch (const runtime::TooLarge& e) {
      // The CLI's words, with the keyword argument where the CLI names its flag.
      std::string text = e.what();
      const std::string flag = "--max-memory ";
      if (const auto at = text.find(flag); at != std::string::npos) text.replace(at, flag.size(), "max_memory=");
      PyErr_SetString(PyExc_ValueError, text.c_str());
    } catch (const runtime::UserError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const runtime::EngineError& e) {
      PyErr_SetString(PyExc_RuntimeError, (std::string("grundy internal error: ") + e.what()).c_str());
    }
  });

  py::class_<PyGame>(m, "Game")
      .def_property_readonly("name", [](const PyGame& g) { return g.game().name(); })
      .def_property_readonly("spec", [](const PyGame& g) { return g.text; })
      .def_property_readonly("coordinates", [](const PyGame& g) { return g.game().coordinate_names(); })
      .def_property_readonly("arity", [](const PyGame& g) { return g.game().arity(); })
      .def_property_readonly("is_misere", [](const PyGame& g) { return g.eval == core::Evaluation::MisereOutcome; })
      .def_property_readonly("python_defined", [](const PyGame& g) { return g.python_callbacks; })
      .def(
          "with_pass",
          [](const PyGame& g, int k, bool from_terminal) {
            return with_flag(g, [&](games::TransformFlags& f) {
              if (k == 1)
                ++f.pass;
              else
                f.passes.push_back(std::to_string(k));
              if (from_terminal) ++f.pass_from_terminal;
            });
          },
          py::arg("k") = 1, py::arg("from_terminal") = false,
          R"(This game with k shared passes: a last coordinate p, the passes left, is added.

>>> grundy.game("nim -p heaps=2").with_pass().coordinates
['x', 'y', 'p']
)")
      .def(
          "forbid",
          [](const PyGame& g, const std::string& e) {
            return with_flag(g, [&](games::TransformFlags& f) { f.forbid.push_back(e); });
          },
          py::arg("expr"),
          R"(This game where a move into a position with expr non-zero is illegal.

>>> grundy.game("nim -p heaps=2").forbid("total == 3").moves((2, 2))[0].position
(0, 2)
)")
      .def(
          "misere", [](const PyGame& g) { return with_flag(g, [](games::TransformFlags& f) { ++f.misere; }); },
          R"(This game under misere play (the last player to move loses): outcomes, not values.

>>> grundy.game("nim -p heaps=2").misere().outcome((1, 0))
'P'
)")
      .def("__add__", &sum_of)
      .def("value", &value, py::arg("pos"), py::kw_only(), py::arg("max_seconds") = 0.0,
           R"(The Grundy value of a position: a tuple of coordinates, or the CLI's text '3,5'. A game
with passes may leave out its pass counter (all passes left). What the engine solved is kept for
the next calls.

>>> grundy.game("nim -p heaps=3").value((3, 5, 7))
1
)")
      .def("values", &values, py::arg("positions"), py::kw_only(), py::arg("max_seconds") = 0.0,
           R"(The Grundy values of many positions (an iterable, or an (n, arity) array), as a uint32 array.

>>> grundy.game("nim -p heaps=2").values([(1, 2), (3, 3)]).tolist()
[3, 0]
)")
      .def("outcome", &outcome, py::arg("pos"), py::kw_only(), py::arg("max_seconds") = 0.0,
           R"('P' (the player to move loses) or 'N'; under misere play for a misere game.

>>> grundy.game("nim -p heaps=2").outcome((4, 4))
'P'
)")
      .def("moves", &moves, py::arg("pos"), py::kw_only(), py::arg("max_seconds") = 0.0)
      .def("table", &table, py::arg("size"), py::arg("fix") = py::none(), py::kw_only(),
           py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0, py::arg("save") = "", py::arg("load") = "",
           R"(The table `grundy table` prints: a numpy array over one or two free coordinates (rows,
columns), the others pinned by fix={"z": 5} (a pass counter left free is pinned at K). size is N,
(A, B) or 'AxB'. The dtype is the smallest unsigned one that holds the values; a cell that is no
position holds the dtype's largest value. The array is a view of the engine's table: no copy.
save= and load= write and read a table file, as the CLI's --save and --load.

>>> t = grundy.game("nim -p heaps=3").table(4, fix={"z": 1})
>>> t.tolist(), t.dtype
([[1, 0, 3, 2], [0, 1, 2, 3], [3, 2, 1, 0], [2, 3, 0, 1]], dtype('uint8'))
)")
      .def("solve", &solve, py::arg("size"), py::kw_only(), py::arg("max_memory") = py::none(),
           py::arg("max_seconds") = 0.0,
           R"(Every cell of the box: an N-D array, one axis per coordinate in order (pass counters
over 0..K), in the smallest unsigned dtype, without a copy.

>>> grundy.game("nim -p heaps=1 --pass").solve(4).tolist()
[[0, 0], [1, 2], [2, 1], [3, 4]]
)")
      .def("ppos", &ppos, py::arg("size"), py::arg("fix") = py::none(), py::kw_only(),
           py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0,
           R"(The P-positions of the box (pinned coordinates run up to their pin, only the pin
counts), as an (n, arity) int64 array in index order; misere P-positions for a misere game.
Uses the CLI's fastest route (an f grid where the family has one).

>>> grundy.game("nim -p heaps=2").ppos(3).tolist()
[[0, 0], [1, 1], [2, 2]]
)")
      .def("seq", &seq, py::arg("n"), py::kw_only(), py::arg("search") = py::none(), py::arg("max_memory") = py::none(),
           py::arg("max_seconds") = 0.0, py::arg("save") = "", py::arg("load") = "")
      .def(
          "quotient",
          [](PyGame& g, std::int64_t size, const std::vector<std::vector<std::int64_t>>& positions,
             const py::object& max_memory, double max_seconds) {
            require_coordinates(g, "quotient()");
            (void)core::parse_int(std::to_string(size), "size", 1, analysis::kLargestHeapBound);
            std::vector<std::string> texts;
            for (const auto& heaps : positions) {
              std::string t;
              for (std::int64_t h : heaps) t += (t.empty() ? "" : ",") + std::to_string(h);
              texts.push_back(t);
            }
            const auto heap_lists = service::parse_heap_lists(texts, size, "positions");
            const runtime::Limits limits = limits_of(max_seconds, max_memory);
            return analysis_json(g, limits, [&](std::ostream& out) {
              service::write_quotient_json(out, g.game().name(), service::quotient(g.subject(), size, limits),
                                           heap_lists);
            });
          },
          py::arg("size"), py::kw_only(), py::arg("positions") = std::vector<std::vector<std::int64_t>>{},
          py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0,
          R"(The misere quotient of a heap game (take-and-break, subtraction) on heaps 0..size-1: the CLI's
`quotient --format json` as a dict (order, p_count, stable, generators, relations, pretending: heap ->
element word, heaps: heap -> element id, elements, product). With positions (lists of heaps
below size, any number of them), positions gives each one's element and misere outcome. A stop
(max_seconds, max_memory) returns the quotient certified so far, with complete False and stopped saying why.

>>> grundy.game("subtraction -p set=1,2,3").quotient(4)["order"]
6
)")
      .def(
          "structure",
          [](PyGame& g, const py::handle& size, const py::object& max_memory, double max_seconds) {
            require_coordinates(g, "structure()");
            const pipeline::Size sz = size_arg(size);
            const runtime::Limits limits = limits_of(max_seconds, max_memory);
            return analysis_json(g, limits, [&](std::ostream& out) {
              service::write_structure_json(out, service::structure(g.subject(), sz, limits));
            });
          },
          py::arg("size"), py::kw_only(), py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0)
      .def(
          "check",
          [](PyGame& g, const py::handle& size, const std::string& formula, const std::string& ppos,
             const py::object& max_memory, double max_seconds) {
            require_coordinates(g, "check()");
            const pipeline::Size sz = size_arg(size);
            const runtime::Limits limits = limits_of(max_seconds, max_memory);
            return analysis_json(g, limits, [&](std::ostream& out) {
              service::write_check_json(out, service::check(g.subject(), sz, formula, ppos, limits));
            });
          },
          py::arg("size"), py::kw_only(), py::arg("formula") = "", py::arg("ppos") = "",
          py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0)
      .def(
          "discover",
          [](PyGame& g, const py::handle& size, const py::object& max_memory, double max_seconds) {
            require_coordinates(g, "discover()");
            const pipeline::Size sz = size_arg(size);
            const runtime::Limits limits = limits_of(max_seconds, max_memory);
            return analysis_json(g, limits, [&](std::ostream& out) {
              service::write_discover_json(out, service::discover(g.subject(), sz, limits));
            });
          },
          py::arg("size"), py::kw_only(), py::arg("max_memory") = py::none(), py::arg("max_seconds") = 0.0)
      .def("__repr__",
           [](const PyGame& g) { return "grundy.game(" + py::repr(py::str(g.text)).cast<std::string>() + ")"; });

  m.def("game_from_spec", &game_from_spec, py::arg("spec"), py::arg("params") = std::vector<std::string>{});
  m.def("game_from_ruleset", &game_from_ruleset, py::arg("ruleset"));
  m.def("verify", &verify, py::arg("which") = "all", py::kw_only(), py::arg("max_seconds") = 0.0);
  m.def("families", [] { return json_result(games::families_json().dump()); });
  m.attr("__version__") = GRUNDY_VERSION;
}
