// `grundy table --format latex|png|svg|pdf|tikz`, `grundy seq`'s figures and `grundy play`,
// driven through the real binary.
#include <gtest/gtest.h>

#include "support/run_cli.hpp"

namespace {

std::string temp_file(const std::string& name) { return testing::TempDir() + "/grundy_out_" + name; }

}  // namespace

TEST(OutputCli, LatexTableOfNimWithPass) {
  // Table 2 of the chocolate paper, first 3x3 corner: G_P(0,0)=0, G_P(1,2)=G_P(2,1)=0.
  const CliResult r = run_cli("table nim -p heaps=2 --pass --size 3 --format latex");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "% nim(heaps=2) + pass, $p = 1$; P-positions in bold\n"
            "\\begin{tabular}{r|rrr}\n"
            "$x\\backslash y$ & 0 & 1 & 2 \\\\\n\\hline\n"
            "0 & \\textbf{0} & 2 & 1 \\\\\n"
            "1 & 2 & 1 & \\textbf{0} \\\\\n"
            "2 & 1 & \\textbf{0} & 2 \\\\\n"
            "\\end{tabular}\n");
  const CliResult shaded = run_cli("table nim -p heaps=2 --size 2 --format latex --mark-p shade");
  EXPECT_NE(shaded.out.find("\\cellcolor[gray]{0.8}0"), std::string::npos) << shaded.out;
}

TEST(OutputCli, PngAndSvgFiles) {
  const std::string png = temp_file("t.png"), svg = temp_file("t.svg");
  CliResult r = run_cli("table subtraction -p set=2,12,14 --pass --size 30 --format png --out " + png);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(slurp(png).substr(0, 8), "\x89PNG\r\n\x1a\n");
  r = run_cli("table nim -p heaps=2 --size 13 --format svg --out " + svg);
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string s = slurp(svg);
  EXPECT_NE(s.find("<svg "), std::string::npos);
  EXPECT_NE(s.find("<title>nim(heaps=2)</title>"), std::string::npos);
  EXPECT_NE(s.find("</svg>"), std::string::npos);
}

TEST(OutputCli, BinaryFormatsNeedOut) {
  for (const char* f : {"png", "pdf", "npy"}) {
    const CliResult r = run_cli(std::string("table nim -p heaps=2 --size 4 --format ") + f);
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.err.find("writes a binary file: give --out FILE"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // SVG is text: standard output takes it.
  EXPECT_NE(run_cli("table nim -p heaps=2 --size 4 --format svg").out.substr(0, 200).find("<svg "), std::string::npos);
  CliResult r = run_cli("table nim -p heaps=2 --size 4 --format gif");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("allowed text, csv, json, latex, png, svg, pdf, tikz, npy, bfile"), std::string::npos) << r.err;
  r = run_cli("value nim -p heaps=2 1,1 --format latex");
  EXPECT_EQ(r.status, 2);
  r = run_cli("table nim -p heaps=2 --size 4 --format latex --mark-p italic");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--mark-p = 'italic': allowed bold, shade, none"), std::string::npos) << r.err;
  r = run_cli("table nim -p heaps=2 --size 4 --format png --out /nonexistent-dir/x.png");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--out /nonexistent-dir/x.png: cannot create a file in /nonexistent-dir"), std::string::npos) << r.err;
}

TEST(OutputCli, FiguresForPapers) {
  // A PDF of the given width (8 cm = 226.77 pt), its title the game's.
  const std::string pdf = temp_file("t2.pdf"), tex = temp_file("t2.tex"), png = temp_file("k.png");
  CliResult r = run_cli("table nim -p heaps=2 --pass --size 13 --out " + pdf + " --figure-width 8cm --labels on");
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string bytes = slurp(pdf);
  EXPECT_EQ(bytes.rfind("%PDF-", 0), 0u);
  EXPECT_NE(bytes.find("/MediaBox [ 0 0 226.77"), std::string::npos) << bytes.substr(0, 600);
  // TikZ to standard output, or to a .tex file.
  r = run_cli("table nim -p heaps=2 --size 5 --format tikz");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("% nim(heaps=2); ", 0), 0u) << r.out.substr(0, 200);
  EXPECT_NE(r.out.find("\\begin{tikzpicture}"), std::string::npos);
  EXPECT_EQ(run_cli("table nim -p heaps=2 --size 5 --format tikz --out " + tex).status, 0);
  EXPECT_EQ(slurp(tex), r.out);
  // A sequence is a strip with its proven period: Kayles, period 12 after preperiod 71.
  r = run_cli("seq octal -p code=0.77 --size 120 --format tikz");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("{period 12 from x = 71 (proven)}"), std::string::npos) << r.out.substr(0, 300);
  EXPECT_EQ(run_cli("seq octal -p code=0.77 --size 120 --dpi 300 --out " + png).status, 0);
  EXPECT_EQ(slurp(png).substr(0, 8), "\x89PNG\r\n\x1a\n");
  // A table of a one-heap game is a strip too, with the period it shows (observed).
  r = run_cli("table subtraction -p set=1,2,3 --size 40 --format tikz");
  EXPECT_NE(r.out.find("{period 4 from x = 0 (observed)}"), std::string::npos) << r.out.substr(0, 300);
  // Bad options: one line each, exit 2.
  for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
           {"--figure-width 3furlongs", "--figure-width = '3furlongs': give a length from 1in to 100in"},
           {"--figure-width 0.5in", "--figure-width = '0.5in': give a length"},
           {"--labels maybe", "--labels = 'maybe': allowed auto, on, off"},
           {"--dpi 5", "--dpi = '5': give 10 to 2400 pixels per inch"},
           {"--dpi 72x", "--dpi = '72x': give 10 to 2400"},
           {"--figure-width 72pt", "--figure-width 72pt leaves no room for the table: give a larger width"}}) {
    r = run_cli("table nim -p heaps=2 --size 40 --format svg " + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_NE(r.err.find(says), std::string::npos) << args << ": " << r.err;
  }
  // A PNG is refused before Cairo is asked for more than it draws.
  r = run_cli("table nim -p heaps=2 --size 40 --out " + png + " --dpi 2400 --figure-width 100in");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--dpi 2400: the PNG would be 240001 x "), std::string::npos) << r.err;
}

TEST(PlayCli, EngineAnswersWithTheWinningMove) {
  // Nim (1,2,4): G = 1^2^4 = 7. The user moves y 2 -> 1, to (1,1,4), G = 4; the engine's only
  // winning reply is z 4 -> 0, to (1,1,0), a P-position.
  const CliResult r = run_cli("play nim -p heaps=3 1,2,4", "1,1,4\nquit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Your turn: G = 7 != 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("so you are winning"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You play y 2 -> 1, to (1,1,4)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("I play z 4 -> 0, to (1,1,0): G = 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  z: oooo (4)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bye"), std::string::npos);
}

TEST(PlayCli, BoardsAreDrawnAsTheTableIsAndChocolateAsDefinition6BuildsIt) {
  // CB_2(h, 3, 7) with h(z) = z/2: columns 1,1,2,2,3,3,4,4 high, the bitter square bottom left.
  CliResult r = run_cli("play chocolate2 -p h=z/2 3,7", "quit\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  y             o o \n"
                       "            o o o o \n"
                       "        o o o o o o \n"
                       "    # o o o o o o o \n"
                       "    ----------------> z\n"),
            std::string::npos)
      << r.out;
  // CB(F, 5, 3, 7) with F(x,z) = z/2, from above: the same heights in every row x.
  r = run_cli("play chocolate -p F=z/2 5,3,7", "quit\n");
  EXPECT_NE(r.out.find("  x 0 # 1 2 2 3 3 4 4 \n    1 1 1 2 2 3 3 4 4 \n"), std::string::npos) << r.out;
  // The knight at (m, n) = (3, 2): row m = 3 from the top, column n = 2, as `table` shows it.
  r = run_cli("play knight 3,2", "quit\n");
  EXPECT_NE(r.out.find("       0 1 2 3 4 5 6 7  n ->\n  m  0 . . - - - - - -\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("     3 - - N - - - - -\n"), std::string::npos) << r.out;
}

TEST(PlayCli, HintPassAndGameEnd) {
  // Two-heap Nim with a pass at (1,1,1): G_P(1,1) = 1 (Table 2 of the chocolate paper); the
  // winning move is the pass, to (1,1,0) with G = 0. After it the engine must move to (0,1,0) or
  // (1,0,0); the user takes the last stone and the engine cannot move.
  const CliResult r = run_cli("play nim -p heaps=2 --pass 1,1,1 --hint", "pass\n1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("Hint: winning moves (1,1,0)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(1,1,0)  pass  G = 0  <- winning"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("You play pass, to (1,1,0)."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("I cannot move: you win!"), std::string::npos) << r.out;
}

TEST(PlayCli, BadMovesAreRefusedAndAskedAgain) {
  const CliResult r = run_cli("play subtraction -p set=1,2 5", "7\n#9\n4\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("(7) is not a move from (5)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("move number = '9'"), std::string::npos) << r.out;
  // Subtraction {1,2}: G(n) = n mod 3; from 4 the engine moves to 3, a P-position.
  EXPECT_NE(r.out.find("I play x 4 -> 3, to (3): G = 0"), std::string::npos) << r.out;
}

TEST(PlayCli, EngineFirstAndBadPosition) {
  CliResult r = run_cli("play nim -p heaps=2 --engine-first 3,5", "");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("I play y 5 -> 3, to (3,3): G = 0"), std::string::npos) << r.out;
  r = run_cli("play nim -p heaps=2 3,5,1", "");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("is not a position of"), std::string::npos) << r.err;
}
