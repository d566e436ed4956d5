#pragma once

// Rulesets written in Python whose positions are any hashable values (a frozenset of free
// squares, a sorted tuple of heaps, a string), not tuples of coordinates. Every position the
// engine meets is interned: given a number, its state id, in the order first seen, so that the
// engine sees a one-coordinate core::Position (id) and the transposition table an exact key.
// The search of core/solve/state_search.hpp values them, with the ruleset's optional hooks:
//   components(pos)  the independent parts of pos, whose values xor
//   canonical(pos)   one representative of the positions equal to pos up to a symmetry
//   size(pos)        how big a part is (default len(pos), else 1): the largest part is the one
//                    searched, the others valued; smaller options are tried first
// Misere play, which does not add up by xor, goes to the memo solver over the same ids.
//
// Python objects are touched only with the GIL held, on the thread that solves (a Python ruleset
// is solved on the calling thread); no reference into the intern table is kept across a call
// into Python, which may let another thread intern more positions.

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/model/position.hpp"
#include "core/solve/game.hpp"
#include "core/solve/state_search.hpp"
#include "runtime/errors.hpp"
#include "runtime/progress.hpp"

namespace grundy::python {

namespace py = pybind11;

// What an interned position is taken to cost (its dict entry, the object kept alive, the ids):
// the intern table refuses more than its share of the memory limit at this price.
inline constexpr std::uint64_t kInternedBytes = 256;

// A ruleset's method `attr`, or None when it has none; a UserError when it is not callable.
inline py::object optional_method(const py::object& ruleset, const char* attr) {
  py::object m = py::getattr(ruleset, attr, py::none());
  if (!m.is_none() && !PyCallable_Check(m.ptr()))
    throw runtime::UserError(std::string("Ruleset: ") + attr + " must be a method or None");
  return m;
}

// A ruleset's options(pos), which every ruleset defines.
inline py::object required_options(const py::object& ruleset) {
  py::object m = py::getattr(ruleset, "options", py::none());
  if (m.is_none() || !PyCallable_Check(m.ptr()))
    throw runtime::UserError("Ruleset: define options(self, pos), returning the positions one move leads to");
  return m;
}

// The Python objects of a ruleset, shared by its copies, released with the GIL held whichever
// thread drops the last copy.
template <class State>
std::shared_ptr<State> python_state() {
  return std::shared_ptr<State>(new State, [](State* s) {
    py::gil_scoped_acquire gil;
    delete s;
  });
}

// A ruleset's name: its `name`, else its class's.
inline std::string ruleset_name(const py::object& ruleset) {
  const py::object name = py::getattr(ruleset, "name", py::none());
  return name.is_none() ? py::str(py::type::of(ruleset).attr("__name__")).cast<std::string>()
                        : py::str(name).cast<std::string>();
}

class PyStateRuleset {
 public:
  struct State {
    py::object obj, options, components, canonical, size;
    std::string name;
    py::dict ids;                     // position -> id
    std::vector<py::object> objects;  // id -> position
    std::vector<std::int64_t> canon;  // id -> the id of its canonical form, -1 until asked
    std::vector<std::int32_t> sizes;  // id -> size, -1 until asked
    std::uint64_t max_positions = std::uint64_t{1} << 22;
  };

  // `obj` is a grundy.Ruleset whose coordinates are None.
  explicit PyStateRuleset(const py::object& obj) : s_(python_state<State>()) {
    State& s = *s_;
    s.obj = obj;
    s.options = required_options(obj);
    s.name = ruleset_name(obj);
    s.components = optional_method(obj, "components");
    s.canonical = optional_method(obj, "canonical");
    s.size = optional_method(obj, "size");
  }

  int arity() const { return 1; }
  std::vector<std::string> coordinate_names() const { return {"state"}; }
  std::string name() const { return s_->name; }
  std::string check(const core::Position& p) const {
    if (p.size() == 1 && p[0] >= 0 && static_cast<std::uint64_t>(p[0]) < s_->objects.size()) return "";
    return "state " + core::to_string(p) + " is not a position of " + s_->name;
  }

  template <class Sink>
  void for_each_option(const core::Position& p, Sink&& sink) const {
    std::vector<std::uint64_t> ids;
    options_of(static_cast<std::uint64_t>(p[0]), ids);
    for (const std::uint64_t id : ids) sink(core::Position{static_cast<std::int64_t>(id)});
  }

  // The id of a position given from Python (interned on first sight), or a UserError.
  std::uint64_t intern(const py::handle& pos) const {
    State& s = *s_;
    PyObject* found = PyDict_GetItemWithError(s.ids.ptr(), pos.ptr());
    if (found != nullptr) return PyLong_AsUnsignedLongLong(found);
    if (PyErr_Occurred() != nullptr) {
      if (PyErr_ExceptionMatches(PyExc_TypeError) == 0) throw py::error_already_set();
      PyErr_Clear();
      throw runtime::UserError(s.name + ": position " + repr(pos) +
                               " is not hashable; positions of a ruleset without coordinates are dict keys "
                               "(a tuple, a frozenset, a string, a number)");
    }
    if (s.objects.size() >= s.max_positions)
      throw runtime::TooLarge(s.name + ": more than " + std::to_string(s.max_positions) + " positions (" +
                              std::to_string(s.max_positions * kInternedBytes >> 20) + " MiB at " +
                              std::to_string(kInternedBytes) +
                              " bytes each), the most the memory limit allows; raise it with --max-memory");
    const std::uint64_t id = s.objects.size();
    s.ids[pos] = py::int_(id);
    s.objects.push_back(py::reinterpret_borrow<py::object>(pos));
    s.canon.push_back(-1);
    s.sizes.push_back(-1);
    return id;
  }
  py::object object(std::uint64_t id) const { return s_->objects.at(id); }
  std::string text(std::uint64_t id) const { return repr(object(id)); }

  // The ids of pos's options, or of its components, or of its canonical form (memoised), or its
  // size (memoised): the hooks called with Ctrl-C and the deadline checked first.
  void options_of(std::uint64_t id, std::vector<std::uint64_t>& out) const {
    stop_check();
    call_each(s_->options, "options", id, out);
    for (const std::uint64_t o : out)
      if (o == id)
        throw runtime::UserError(s_->name + ": options(" + text(id) +
                                 ") returned the position itself (a game must end)");
  }
  void components_of(std::uint64_t id, std::vector<std::uint64_t>& out) const {
    if (s_->components.is_none()) {
      out.assign(1, id);
      return;
    }
    stop_check();
    call_each(s_->components, "components", id, out);
  }
  std::uint64_t canonical_of(std::uint64_t id) const {
    if (s_->canonical.is_none()) return id;
    if (s_->canon[id] < 0) {
      const py::object pos = object(id);
      const py::object c = s_->canonical(pos);
      const std::uint64_t cid = intern(c);
      s_->canon[id] = static_cast<std::int64_t>(cid);
      s_->canon[cid] = static_cast<std::int64_t>(cid);
    }
    return static_cast<std::uint64_t>(s_->canon[id]);
  }
  int size_of(std::uint64_t id) const {
    if (s_->sizes[id] < 0) {
      const py::object pos = object(id);
      std::int64_t n = 1;
      if (!s_->size.is_none()) {
        const py::object got = s_->size(pos);
        if (!PyIndex_Check(got.ptr()) || PyBool_Check(got.ptr()))
          throw runtime::UserError(s_->name + ": size(" + repr(pos) + ") returned " + repr(got) + ", not an integer");
        n = got.cast<std::int64_t>();
      } else if (PySequence_Check(pos.ptr()) != 0 || PyAnySet_Check(pos.ptr()) != 0) {
        const Py_ssize_t len = PyObject_Length(pos.ptr());
        if (len < 0) PyErr_Clear();
        n = len < 0 ? 1 : len;
      }
      s_->sizes[id] = static_cast<std::int32_t>(std::clamp<std::int64_t>(n, 0, INT32_MAX));
    }
    return s_->sizes[id];
  }

  void set_max_positions(std::uint64_t n) const { s_->max_positions = std::max<std::uint64_t>(n, 1024); }

 private:
  static std::string repr(const py::handle& h) {
    std::string r = py::repr(h).cast<std::string>();
    if (r.size() > 60) r = r.substr(0, 57) + "...";
    return r;
  }
  static void stop_check() {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    runtime::poll_stop();
  }

  // hook(pos) as ids: one pass over whatever iterable it returned.
  void call_each(const py::object& hook, const char* what, std::uint64_t id, std::vector<std::uint64_t>& out) const {
    const py::object pos = object(id);
    const py::object got = hook(pos);
    const py::object fast = py::reinterpret_steal<py::object>(PySequence_Fast(got.ptr(), "not iterable"));
    if (!fast) {
      if (PyErr_ExceptionMatches(PyExc_TypeError) == 0) throw py::error_already_set();  // raised inside it
      PyErr_Clear();
      throw runtime::UserError(s_->name + ": " + what + "(" + repr(pos) + ") did not return an iterable of positions");
    }
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(fast.ptr());
    PyObject** items = PySequence_Fast_ITEMS(fast.ptr());
    out.clear();
    out.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t k = 0; k < n; ++k) out.push_back(intern(py::handle(items[k])));
  }

  std::shared_ptr<State> s_;
};

// The search's rules (core::SearchRules) over the ids of a PyStateRuleset.
class PyStateRules {
 public:
  using State = std::uint64_t;

  explicit PyStateRules(PyStateRuleset r) : r_(std::move(r)) {}

  int size(State s) const { return r_.size_of(s); }
  core::SearchKey key(State s, bool canonical, bool) const { return {canonical ? r_.canonical_of(s) : s, 0}; }
  template <class Sink>
  void for_each_component(State s, Sink&& sink) const {
    std::vector<std::uint64_t> parts;
    r_.components_of(s, parts);
    for (const std::uint64_t p : parts) sink(p);
  }
  template <class Sink>
  bool for_each_option(State s, Sink&& sink) const {
    std::vector<std::uint64_t> options;
    r_.options_of(s, options);
    for (const std::uint64_t o : options)
      if (!sink(o)) return false;
    return true;
  }

 private:
  PyStateRuleset r_;
};

// The hooks core::Game finds by argument-dependent lookup: the search for Grundy values and
// normal-play outcomes, a position written as Python writes it.
inline std::unique_ptr<core::PositionSolver> fast_position_solver(const PyStateRuleset& r, core::Evaluation eval,
                                                                  std::uint64_t memory_limit) {
  if (eval == core::Evaluation::MisereOutcome) return nullptr;
  struct Solver final : core::PositionSolver {
    Solver(const PyStateRuleset& r, core::Evaluation e, std::uint64_t bytes)
        : rules(r), eval(e), search(rules, core::SearchTechniques{}, bytes) {}
    core::Value value(const core::Position& p) override {
      const core::Value v = search.solve(static_cast<std::uint64_t>(p[0]));
      return eval == core::Evaluation::Grundy ? v : (v == 0 ? 0 : 1);
    }
    PyStateRules rules;
    core::Evaluation eval;
    core::StateSearch<PyStateRules> search;
  };
  // A quarter of the memory to the table, half to the interned positions.
  r.set_max_positions(memory_limit / 2 / kInternedBytes);
  return std::make_unique<Solver>(r, eval, std::max(memory_limit / 4, core::SearchTable::kMinBytes));
}

inline std::string position_text_of(const PyStateRuleset& r, const core::Position& p) {
  return r.text(static_cast<std::uint64_t>(p[0]));
}

}  // namespace grundy::python
