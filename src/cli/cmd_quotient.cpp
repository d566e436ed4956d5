#include <algorithm>
#include <iostream>

#include "cli/game_options.hpp"
#include "runtime/progress.hpp"
#include "service/quotient.hpp"

namespace grundy::cli {

namespace {

// The largest order whose product table the text and LaTeX outputs print.
constexpr int kTableOrder = 32;

// "<a, b | a^2 = 1, b^3 = b>" and the heaps of the generators.
std::string presentation_text(const analysis::Presentation& p) {
  std::string gens, rels, heaps;
  for (std::size_t g = 0; g < p.generator_heap.size(); ++g) {
    gens += (g ? ", " : "") + analysis::Presentation::name(g);
    heaps += (g ? ", " : "") + analysis::Presentation::name(g) + " = heap " + std::to_string(p.generator_heap[g]);
  }
  for (const auto& [left, right] : p.relations)
    rels +=
        (rels.empty() ? "" : ", ") + analysis::Presentation::word(left) + " = " + analysis::Presentation::word(right);
  if (gens.empty()) return "<>, the trivial monoid";
  return "<" + gens + (rels.empty() ? "" : " | " + rels) + ">, " + heaps;
}

void write_quotient_text(std::ostream& out, const std::string& game, const analysis::MisereQuotient& q,
                         const std::vector<std::vector<std::int64_t>>& positions) {
  const analysis::Presentation p = analysis::presentation_of(q);
  out << game << ": misere quotient of heaps 0.." << q.size - 1;
  if (q.passes.count > 0)
    out << " with " << q.passes.count << " shared pass" << (q.passes.count == 1 ? "" : "es")
        << (q.passes.from_terminal ? " (also from terminal positions)" : " (not from terminal positions)");
  out << "\norder " << q.order() << ", P-portion " << q.p_count() << " element" << (q.p_count() == 1 ? "" : "s")
      << ", the same quotient since heap " << q.same_since() << " (certified for every position of heaps 0.."
      << q.size - 1 << ")\n";
  if (!q.stopped.empty())
    out << "incomplete: " << q.stopped << " while taking heap " << q.size << " in (asked for heaps 0.." << q.asked - 1
        << ")\n";
  out << "stable: " << (q.stable_observed() ? "observed" : "not observed")
      << " (observed: the quotient of heaps 0..m-1 is the same for m = N and some m <= N/2; a larger heap may "
         "still change it)\n";
  out << "presentation: " << presentation_text(p) << "\n";
  auto portion = [&](const std::vector<bool>& in) {
    out << "{";
    for (int x = 0, first = 1; x < q.order(); ++x)
      if (in[static_cast<std::size_t>(x)]) {
        out << (first ? "" : ", ") << p.element(x);
        first = 0;
      }
    out << "}";
  };
  out << "P-portion: ";
  portion(q.p_portion);
  if (q.passes.count > 0) {
    out << " with every pass to be made";
    for (int left = q.passes.count - 1; left >= 0; --left) {
      out << "; with " << left << " pass" << (left == 1 ? "" : "es") << " left: ";
      portion(q.p_portion_left[static_cast<std::size_t>(left)]);
    }
  }
  for (const auto& heaps : positions) {
    std::string text;
    for (std::int64_t h : heaps) text += (text.empty() ? "" : ",") + std::to_string(h);
    if (text.size() > 60) text = text.substr(0, 57) + "...";
    out << "\nposition " << text << " (" << heaps.size() << " heap" << (heaps.size() == 1 ? "" : "s") << "): ";
    if (std::any_of(heaps.begin(), heaps.end(), [&](std::int64_t h) { return h >= q.size; })) {
      out << "beyond the heaps reached";
      continue;
    }
    const int x = q.element_of(heaps);
    out << (q.p_portion[static_cast<std::size_t>(x)] ? "P" : "N") << ", element " << p.element(x);
  }
  out << "\norder by heap bound n (heaps 0..n):";
  for (int o : q.order_at) out << " " << o;
  out << "\npretending function (heap 0, 1, 2, ... -> element):";
  for (int x : q.heap_element) out << " " << p.element(x);
  out << "\nelements (id, P if its positions are misere P-positions"
      << (q.passes.count > 0 ? " with 0, 1, ... passes left" : "") << ", normal form, a position):\n";
  for (int x = 0; x < q.order(); ++x) {
    out << "  " << x << "  ";
    for (const auto& in : q.p_portion_left) out << (in[static_cast<std::size_t>(x)] ? "P" : "N");
    out << "  " << p.element(x) << "  " << service::element_text(q, x) << "\n";
  }
  if (q.order() > kTableOrder) {
    out << "product table: order " << q.order() << " > " << kTableOrder << ", see --format json\n";
    return;
  }
  // Every number right-aligned in a column one wider than the largest element.
  const std::size_t w = std::to_string(q.order() - 1).size() + 1;
  auto cell = [&](int v, std::size_t width) {
    const std::string t = std::to_string(v);
    out << std::string(width - t.size(), ' ') << t;
  };
  out << "product table:\n" << std::string(w + 2, ' ');
  for (int y = 0; y < q.order(); ++y) cell(y, w);
  out << "\n";
  for (int x = 0; x < q.order(); ++x) {
    cell(x, w + 1);
    out << " ";
    for (int y = 0; y < q.order(); ++y) cell(q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)], w);
    out << "\n";
  }
}

// The product table as a LaTeX tabular, P-portion elements in bold, for a paper.
void write_quotient_latex(std::ostream& out, const std::string& game, const analysis::MisereQuotient& q) {
  if (q.order() > kTableOrder)
    throw runtime::UserError("quotient --format latex: the product table of order " + std::to_string(q.order()) +
                             " is too large for a page (at most " + std::to_string(kTableOrder) +
                             "); --format json has it");
  const analysis::Presentation p = analysis::presentation_of(q);
  auto name = [&](int x) {
    const std::string e = p.element(x, true);
    return q.p_portion[static_cast<std::size_t>(x)] ? "\\mathbf{" + e + "}" : e;
  };
  out << "% " << game << ": misere quotient of heaps 0.." << q.size - 1 << ", order " << q.order()
      << ", P-portion in bold\n% " << presentation_text(p) << "\n";
  out << "\\begin{tabular}{c|" << std::string(static_cast<std::size_t>(q.order()), 'c') << "}\n";
  out << "$\\cdot$";
  for (int y = 0; y < q.order(); ++y) out << " & $" << name(y) << "$";
  out << " \\\\ \\hline\n";
  for (int x = 0; x < q.order(); ++x) {
    out << "$" << name(x) << "$";
    for (int y = 0; y < q.order(); ++y)
      out << " & $" << name(q.product[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)]) << "$";
    out << " \\\\\n";
  }
  out << "\\end{tabular}\n";
}

}  // namespace

void add_quotient_command(CLI::App& app) {
  static GameOptions o;
  static std::int64_t size = 0;
  static std::vector<std::string> positions;
  auto* cmd = app.add_subcommand(
      "quotient", "the misere quotient of a heap game (take-and-break, subtraction) restricted to heaps 0..N-1");
  add_game_options(cmd, o, {io::Format::Text, io::Format::Json, io::Format::Latex});
  cmd->add_option("--size", size, "heaps 0..N-1, N from 1 to " + std::to_string(analysis::kLargestHeapBound))
      ->type_name("N")
      ->required()
      ->each(int_in("--size", 1, analysis::kLargestHeapBound));
  cmd->add_option("--position", positions,
                  "a position of any number of heaps below N, \"3,5,7\": its misere outcome from the quotient "
                  "(repeatable)")
      ->type_name("H,H,...");
  cmd->footer(
      "Example: grundy quotient octal -p code=0.75 --size 20 (add --pass for one shared pass)\n"
      "         grundy quotient octal -p code=0.75 --size 20 --position 3,5,7,19,19,4\n"
      "Every position of heaps below N, of any number of heaps, is a misere P-position exactly when the\n"
      "product of its heaps' elements lies in the P-portion; the quotient is certified on all of them.\n"
      "With passes, two positions are one element when they are so with every count of passes left,\n"
      "and each count has its P-portion.\n"
      "A stop (--max-seconds, --max-memory, Ctrl-C) keeps the quotient of the last heap bound reached.");
  on_run(cmd, o.limit, [](const runtime::Limits& limits) {
    const service::Subject s = o.subject();
    const auto heap_lists = service::parse_heap_lists(positions, size, "--position");
    const analysis::MisereQuotient q = service::quotient(s, size, limits);
    const std::string game = s.game.name();
    with_output(o.output, [&](std::ostream& out) {
      if (o.output_format() == io::Format::Json)
        service::write_quotient_json(out, game, q, heap_lists);
      else if (o.output_format() == io::Format::Latex)
        write_quotient_latex(out, game, q);
      else
        write_quotient_text(out, game, q, heap_lists);
    });
    // A stop keeps what was certified: it is written above, and the exit status is the stop's.
    if (!q.stopped.empty())
      throw runtime::Interrupted("quotient: " + q.stopped + " while taking heap " + std::to_string(q.size) +
                                 " in; the output holds the quotient of heaps 0.." + std::to_string(q.size - 1) +
                                 ", certified");
  });
}

}  // namespace grundy::cli
