"""`rulebook fmt`: canonical layout, comments kept where they were, idempotent, layout-only."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.dsl import ast as A
from rulebook.dsl.parser import deep_recursion, parse_text, scan
from rulebook.dsl.printer import format_module, format_text

from .test_docs import RULES as DOC_BLOCKS

ROOT = Path(__file__).resolve().parent.parent
PACK_FILES = sorted((ROOT / "rules").glob("*/*.rules"))
FEDERATION = sorted((ROOT / "rules" / "federation").glob("*.rules"))
# the reference's examples that parse (the rules-error ones include syntax errors on purpose)
DOC_TEXTS = [(line, body) for info, body, line in DOC_BLOCKS if info == "rules"]


def _comments(text: str) -> Counter:
    return Counter(c.text for c in scan(text)[1])


def _same_meaning(a: str, b: str) -> bool:
    with deep_recursion():
        return parse_text(a).items == parse_text(b).items


def test_the_shipped_packs_are_found():
    assert len(FEDERATION) >= 10 and set(FEDERATION) <= set(PACK_FILES)
    assert sum(_comments(p.read_text()).total() for p in FEDERATION) > 300   # the pack keeps its comments (400+ before the Variation pieces became copies)


@pytest.mark.parametrize("path", PACK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_shipped_pack_file_is_in_canonical_form(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


@pytest.mark.parametrize("path", FEDERATION, ids=lambda p: p.name)
def test_fmt_of_a_re_laid_out_pack_file_gives_it_back_with_every_comment(path):
    """Indent every line further, push trailing comments right and double the blank lines: the
    formatter must undo all of it and keep every comment in place."""
    text = path.read_text(encoding="utf-8")
    messy = "\n".join("   " + line.replace("  #", "        #") if line.strip() else "\n" for line in text.split("\n"))
    assert messy != text
    formatted = format_text(messy)
    assert _comments(formatted) == _comments(text)
    assert formatted == text


@pytest.mark.parametrize("line,text", DOC_TEXTS, ids=[f"language.md:{line}" for line, _ in DOC_TEXTS])
def test_fmt_of_a_doc_example_keeps_comments_and_meaning(line, text):
    formatted = format_text(text)
    assert _comments(formatted) == _comments(text)
    assert _same_meaning(formatted, text)
    assert format_text(formatted) == formatted


def test_fmt_of_the_pack_before_it_was_canonical_kept_every_comment():
    """The pack as it was first written (one-line blocks, aligned trailing comments) formats to the
    shipped text, so the comparison is between really different layouts."""
    messy = ('kind seat {\n  floor: int;          # 1 lower\n}\n'
             'seat a "A" { floor = 3; }      # provisional: position\n'
             'proc p() { if floor > 1 { gain 1 floor; } }   # why\n')
    formatted = format_text(messy)
    assert _comments(formatted) == _comments(messy)
    assert formatted == ('kind seat {\n  floor: int;  # 1 lower\n}\n\n'
                         'seat a "A" { floor = 3; }  # provisional: position\n\n'   # one line, as written
                         'proc p() {  # why\n  if floor > 1 {\n    gain 1 floor;\n  }\n}\n')


def test_full_line_comments_stay_before_their_code_with_blank_lines():
    text = ("# header\n\n# vp\nresource vp;\nproc p() {\n  # first\n  gain 1 vp;\n\n  # second\n"
            "  gain 2 vp;\n  # last thing in the block\n}\n# the end\n")
    assert format_text(text) == ("# header\n\n# vp\nresource vp;\n\nproc p() {\n  # first\n  gain 1 vp;\n\n"
                                 "  # second\n  gain 2 vp;\n  # last thing in the block\n}\n# the end\n")


def test_comment_before_else_stays_in_the_then_block():
    text = "resource vp;\nproc p() {\n  if vp > 1 { gain 1 vp;\n  # then\n  } else { gain 2 vp; }\n}\n"
    formatted = format_text(text)
    assert "    gain 1 vp;\n    # then\n  } else {\n" in formatted
    assert format_text(formatted) == formatted


def test_two_comments_that_land_on_one_line_are_both_kept():
    text = "resource vp;\nproc p() {\n  gain 1 +  # one\n    2 vp;  # two\n}\n"
    formatted = format_text(text)
    assert _comments(formatted) == _comments(text)
    assert format_text(formatted) == formatted
    assert _same_meaning(formatted, text)


def test_a_file_of_comments_only_keeps_them():
    text = "# just a note\n\n# and another\n"
    assert format_text(text) == text


def test_fmt_reads_cr_only_line_endings():
    text = "resource vp; # a\r# b\rproc p() { gain 1 vp; }\r"
    assert format_text(text) == "resource vp;  # a\n\n# b\nproc p() {\n  gain 1 vp;\n}\n"


runner = CliRunner()


def test_cli_fmt_check_passes_on_the_shipped_pack():
    result = runner.invoke(app, ["fmt", "--check", *map(str, FEDERATION)])
    assert result.exit_code == 0, result.output


def test_cli_fmt_keeps_comments_in_the_file(tmp_path):
    path = tmp_path / "a.rules"
    path.write_text("resource vp;   # points\nproc p() { gain 1 vp; }  # one\n")
    assert runner.invoke(app, ["fmt", str(path)]).exit_code == 0
    assert path.read_text() == "resource vp;  # points\n\nproc p() {  # one\n  gain 1 vp;\n}\n"
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 0


def test_cli_fmt_of_a_deep_expression(tmp_path):
    """500 nested '-' used to end in RecursionError (issue 8)."""
    path = tmp_path / "deep.rules"
    path.write_text("resource vp;\nproc p() { gain " + "- " * 500 + "1 vp; }\n")
    result = runner.invoke(app, ["fmt", str(path)])
    assert result.exit_code == 0, result.output
    assert path.read_text() == "resource vp;\n\nproc p() {\n  gain " + "-" * 500 + "1 vp;\n}\n"


def test_a_long_match_is_written_one_case_a_line_and_reads_back_the_same():
    from rulebook.dsl.parser import parse_text
    from rulebook.dsl.printer import format_text

    cases = ", ".join(f"m{i}: {i} * 100 + {i}" for i in range(8))
    text = f"enum e {{ {', '.join(f'm{i}' for i in range(8))} }}\nfunc score(x: e) = match x {{ {cases} }};\n"
    out = format_text(text)
    assert "func score(x: e) = match x {\n  m0: 0 * 100 + 0,\n" in out and out.rstrip().endswith("};")
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    short = "func f(x: int) = match x { 1: 2, else: 3 };\n"
    assert format_text(short) == short


def test_a_long_enum_is_written_one_member_a_line_and_reads_back_the_same():
    """An enum whose one-line form passes the line width (7 Wonders' card uses, with titles) is
    written one member a line, each with its comma; a short one stays on one line."""
    members = ", ".join(f'use_{i} "what use number {i} does"' for i in range(6))
    text = f"enum use {{ {members} }}\n"
    out = format_text(text)
    assert out.startswith('enum use {\n  use_0 "what use number 0 does",\n') and out.endswith(",\n}\n")
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    short = "enum symbol { compass, gear, tablet }\n"
    assert format_text(short) == short


def test_a_long_and_or_chain_is_written_one_operand_a_line_and_reads_back_the_same():
    """Federation's `can_build`: a func whose value is too long for a line is broken before each
    `and`, and the parenthesised `or` inside it, still too long, one level further in (its `and`
    in brackets)."""
    text = ("resource robots;\nresource diamond;\nresource oceanium;\ncounter builders[1..3];\n"
            "kind building { mega: bool; site: int; dia: int; lav: int; cop: int; }\n"
            "func ok(b: building, l: int, c: int) = l + c <= oceanium;\n"
            "func can_build(b: building) = robots > 0 and (not b.mega or builders[b.site] < 3) and diamond >= b.dia "
            "and (ok(b, 0, 0) or oceanium >= 1 and some(l in b.lav + 1 where some(c in b.cop + 1 where "
            "ok(b, l - 1, c - 1))));\n")
    out = format_text(text)
    assert ("func can_build(b: building) = robots > 0\n"
            "    and (not b.mega or builders[b.site] < 3)\n"
            "    and diamond >= b.dia\n"
            "    and (ok(b, 0, 0)\n"
            "        or (oceanium >= 1 and some(l in b.lav + 1 where some(c in b.cop + 1 where ok(b, l - 1, c - 1)))));\n"
            ) in out   # an `and` inside an `or` keeps its brackets
    assert max(len(line) for line in out.splitlines()) <= 110
    assert format_text(out) == out and parse_text(out) == parse_text(text)
    nested = text.replace("ok(b, l - 1, c - 1)", "ok(b, l - 1, c - 1) and ok(b, l, c) and ok(b, c, l)")
    broken = format_text(nested)
    assert "        or (oceanium >= 1\n            and some(" in broken      # the inner chain's operand, one level in
    assert format_text(broken) == broken and parse_text(broken) == parse_text(nested)
    short = "resource vp;\n\nfunc f(x: int) = (x > 1 and x < 5) or x == 9;\n"
    assert format_text(short) == short
    assert format_text(short.replace("(x > 1 and x < 5)", "x > 1 and x < 5")) == short   # the brackets are added


# ---------------------------------------------------------------------------- long lines laid out
# Each example is too long for a line; the layout must read back to the same declarations, be
# fmt's own fixed point and keep every line within the width (text literals aside: none here).

MARKET = """resource coin;
resource food;
counter vp;
kind card { worth: int; colour: int; }
zone hand per_player of card;
zone market of card;
func price(c: card) = c.worth;
"""


def _laid_out(body: str) -> str:
    """fmt of MARKET plus `body`: checked to read back the same, to be stable and to fit the width."""
    text = MARKET + body
    out = format_text(text)
    assert _same_meaning(out, text)
    assert format_text(out) == out
    assert max(len(line) for line in out.splitlines()) <= 110
    return out


def test_a_long_pick_head_is_written_one_clause_a_line():
    out = _laid_out('proc buy() { pick c from market where c.worth > 2 and price(c) <= coin and c.colour != 3 '
                    '"buy which card from the market row?" optional { move c to hand; } else { gain 1 coin; } }\n')
    assert ('proc buy() {\n'
            '  pick c from market\n'
            '      where c.worth > 2 and price(c) <= coin and c.colour != 3\n'
            '      "buy which card from the market row?" optional {\n'
            '    move c to hand;\n'
            '  } else {\n') in out


def test_a_clause_still_too_long_breaks_its_and_chain_one_level_further_in():
    out = _laid_out('proc buy() { pick c from market where c.worth > 2 and price(c) <= coin and c.colour != 3 '
                    'and some(d in hand where d.colour == c.colour and d.worth >= c.worth) "buy which card?" { '
                    'move c to hand; } }\n')
    assert ('  pick c from market\n'
            '      where c.worth > 2\n'
            '          and price(c) <= coin\n'
            '          and c.colour != 3\n'
            '          and some(d in hand where d.colour == c.colour and d.worth >= c.worth)\n'
            '      "buy which card?" {\n') in out


def test_long_if_else_if_while_and_for_each_heads_break_their_chains_operator_first():
    out = _laid_out("proc tidy() {\n"
                    "  if size(hand) > 3 and coin > 4 and food > 2 and vp < 10 and some(c in hand where c.worth > 3) "
                    "and size(market) > 1 { gain 1 vp; } else if size(hand) > 5 and coin > 7 and food > 6 and "
                    "vp < 11 and some(c in hand where c.colour == 2) and size(market) > 2 { gain 2 vp; }\n"
                    "  while coin > 0 and food < 5 and size(hand) > 0 and every(c in hand where c.worth > 1) and "
                    "vp < 20 and vp > 1 { lose 1 coin; }\n"
                    "  for each c in market where c.worth > 1 and c.colour != 2 and price(c) <= coin + food "
                    "in any order \"score which card next?\" { gain 1 vp; }\n}\n")
    assert ("  if size(hand) > 3\n"
            "      and coin > 4\n"
            "      and food > 2\n"
            "      and vp < 10\n"
            "      and some(c in hand where c.worth > 3)\n"
            "      and size(market) > 1 {\n"
            "    gain 1 vp;\n"
            "  } else if size(hand) > 5\n"
            "      and coin > 7\n"
            "      and food > 6\n"
            "      and vp < 11\n"
            "      and some(c in hand where c.colour == 2)\n"
            "      and size(market) > 2 {\n"
            "    gain 2 vp;\n"
            "  }\n"
            "  while coin > 0\n"
            "      and food < 5\n"
            "      and size(hand) > 0\n"
            "      and every(c in hand where c.worth > 1)\n"
            "      and vp < 20\n"
            "      and vp > 1 {\n"
            "    lose 1 coin;\n"
            "  }\n"
            "  for each c in market\n"
            "      where c.worth > 1 and c.colour != 2 and price(c) <= coin + food\n"
            "      in any order \"score which card next?\" {\n") in out


def test_a_long_option_head_puts_its_guard_on_the_next_line():
    out = _laid_out('proc spend() { choose "spend what?" { option "spend a coin for a point, once in each turn" once '
                    'when coin > 0 and vp < 20 and size(hand) > 0 and food < 9 { lose 1 coin; gain 1 vp; } option "pass" {} } }\n')
    assert ('  choose "spend what?" {\n'
            '    option "spend a coin for a point, once in each turn" once\n'
            '        when coin > 0 and vp < 20 and size(hand) > 0 and food < 9 {\n'
            '      lose 1 coin;\n') in out


def test_long_statements_break_between_their_clauses():
    out = _laid_out("proc score() { rank players where vp > 0 and size(hand) > 0 by total(c in hand, c.worth) + "
                    "coin * 2 award [16, 8, 4] coin ties split; }\n")
    assert ("  rank players\n"
            "      where vp > 0 and size(hand) > 0\n"
            "      by total(c in hand, c.worth) + coin * 2\n"
            "      award [16, 8, 4] coin ties split;\n") in out


def test_a_long_if_then_else_value_is_written_one_branch_a_line():
    """Fleet-building in a space game: `else if` stays flat, a branch that fits keeps `if C then A`
    on its line, and an `if` inside `then` gets parentheses, so no `else` reads as the wrong one's."""
    out = _laid_out("func ship_cost(c: card, n: int) = if c.colour == 1 then if n < 2 then [10, 5][n + 1] else 0 "
                    "else if c.colour == 2 and size(hand) > 3 then price(c) * 2 + 1 else c.worth;\n"
                    "func fleet(c: card) = if some(d in hand where d.colour == c.colour and d.worth > c.worth and "
                    "d.worth < 10) then c.worth * 2 + size(market) else 0;\n")
    # (the Chess audit, D8: the value below its head, not its first condition glued to it, and the
    # chain at one level)
    assert ("func ship_cost(c: card, n: int) =\n"
            "  if c.colour == 1 then (if n < 2 then [10, 5][n + 1] else 0)\n"
            "  else if c.colour == 2 and size(hand) > 3 then price(c) * 2 + 1\n"
            "  else c.worth;\n") in out
    assert ("func fleet(c: card) =\n"
            "  if some(d in hand where d.colour == c.colour and d.worth > c.worth and d.worth < 10)\n"
            "  then c.worth * 2 + size(market)\n"
            "  else 0;\n") in out


def test_a_long_func_value_goes_below_its_head_and_its_chains_stay_at_one_level():
    """Chess (audit D8): `how_of`'s `if ... then ... else if` got its first condition glued to the
    signature; `hits` split its 4-argument call one argument a line, then its `and` indented deeper
    than the call's closing bracket; `in_check`'s call fits on a line of its own. Each now goes below
    the head, one level in, as the audit's author wrote them; a value that fits, a `match` and an
    `and` chain whose first operand fits keep their place after `=`."""
    chess = """
enum piece { none_here, pawn, king, rook }
enum special { plain, en_passant, castles }
record square { file: int; rank: int; }
var kind_at[1..8, 1..8] global: piece = none_here;
func fx(s: square): int = s.file;
func pattern(k: piece, dx: int, dy: int, t: int): bool = match k { pawn: abs(dx) == 1, king: max(abs(dx), abs(dy)) == 1, rook: dx == 0 or dy == 0, else: false };
func how_of(s: square, t: square): special = if kind_at[fx(s), s.rank] == pawn and fx(s) != fx(t) and kind_at[fx(t), t.rank] == none_here then en_passant else if kind_at[fx(s), s.rank] == king and abs(fx(t) - fx(s)) == 2 then castles else plain;
func hits(s: square, tx: int, ty: int): bool = pattern(kind_at[fx(s), s.rank], tx - fx(s), ty - s.rank, tx * ty - fx(s) * s.rank) and (kind_at[fx(s), s.rank] != rook or tx == fx(s) or ty == s.rank);
func in_check(s: square, tx: int): bool = hits(square(file = fx(s), rank = s.rank), fx(square(file = tx, rank = 1)), s.rank + 0);
func near(s: square, t: square): bool = abs(fx(s) - fx(t)) <= 1 and abs(s.rank - t.rank) <= 1 and kind_at[fx(t), t.rank] != king;
"""
    out = format_text(chess)
    assert _same_meaning(out, chess) and format_text(out) == out
    assert max(len(line) for line in out.splitlines()) <= 110
    assert ("func how_of(s: square, t: square): special =\n"
            "  if kind_at[fx(s), s.rank] == pawn and fx(s) != fx(t) and kind_at[fx(t), t.rank] == none_here then en_passant\n"
            "  else if kind_at[fx(s), s.rank] == king and abs(fx(t) - fx(s)) == 2 then castles\n"
            "  else plain;\n") in out
    assert ("func hits(s: square, tx: int, ty: int): bool =\n"
            "  pattern(kind_at[fx(s), s.rank], tx - fx(s), ty - s.rank, tx * ty - fx(s) * s.rank)\n"
            "  and (kind_at[fx(s), s.rank] != rook or tx == fx(s) or ty == s.rank);\n") in out
    assert ("func in_check(s: square, tx: int): bool =\n"
            "  hits(square(file = fx(s), rank = s.rank), fx(square(file = tx, rank = 1)), s.rank + 0);\n") in out
    assert "func pattern(k: piece, dx: int, dy: int, t: int): bool = match k {\n" in out   # a table stays one
    assert "func near(s: square, t: square): bool = abs(fx(s) - fx(t)) <= 1\n    and " in out


def test_long_calls_and_lists_are_written_one_item_a_line():
    """A call of several arguments and a list go one item a line (no comma after the last: the
    grammar has none), a call of one argument hugs it, and a long sum breaks before each `+`."""
    out = _laid_out('func rows() = ["000000000", "110001110", "000111000", "000111110", "000001100", "011100001", '
                    '"001000000", "000000010", "001000000"];\n'
                    "func best_of(c: card) = max(total(d in hand where d.colour == c.colour, d.worth), "
                    "count(d in market where d.worth > c.worth), c.worth * 3);\n"
                    "func sum(c: card) = c.worth * c.worth + c.colour * c.colour + price(c) * price(c) + "
                    "7 * min(c.worth, c.colour, price(c));\n")
    assert ('func rows() = [\n  "000000000",\n  "110001110",\n  "000111000",\n  "000111110",\n  "000001100",\n'
            '  "011100001",\n  "001000000",\n  "000000010",\n  "001000000"\n];\n') in out
    assert ("func best_of(c: card) = max(\n"
            "  total(d in hand where d.colour == c.colour, d.worth),\n"
            "  count(d in market where d.worth > c.worth),\n"
            "  c.worth * 3\n"
            ");\n") in out
    assert ("func sum(c: card) = c.worth * c.worth\n"
            "    + c.colour * c.colour\n"
            "    + price(c) * price(c)\n"
            "    + 7 * min(c.worth, c.colour, price(c));\n") in out


def test_each_with_one_statement_that_fits_takes_the_short_form():
    out = _laid_out("proc round() {\n  each players { gain 1 coin; }\n  each players where coin > 2 { lose 1 coin; }\n"
                    "  each players { gain 1 coin; gain 1 food; }\n"
                    "  each players where coin > 2 and food > 2 and vp > 3 and size(hand) > 3 and size(market) > 2 "
                    "and vp < 90 { gain 1 vp; }\n}\n")
    assert ("proc round() {\n"
            "  each players: gain 1 coin;\n"
            "  each players where coin > 2: lose 1 coin;\n"
            "  each players {\n    gain 1 coin;\n    gain 1 food;\n  }\n"
            "  each players where coin > 2 and food > 2 and vp > 3 and size(hand) > 3 and size(market) > 2 and vp < 90 {\n"
            "    gain 1 vp;\n"
            "  }\n}\n") in out
    assert parse_text(out).items[-1].body[0] == parse_text(MARKET + "proc p() { each players: gain 1 coin; }").items[-1].body[0]


def test_a_block_holding_a_comment_keeps_its_block_rather_than_the_short_form():
    """An `each` or a `match` arm whose one statement would fit on the head's line stays a block when
    a comment stands inside it (on its own line or after its statement): joined, the comment would
    leave the block it explains."""
    text = MARKET + ("proc round() {\n  each players {\n    # everyone\n    gain 1 coin;\n  }\n"
                     "  each players {\n    gain 1 food;  # and food\n  }\n  each players { gain 1 vp; }\n"
                     "  match coin {\n    1 {\n      gain 1 coin;\n      # one more\n    }\n    2 { gain 2 coin; }\n"
                     "    else {\n      # the rest\n      gain 3 coin;\n    }\n  }\n}\n")
    out = format_text(text)
    assert ("  each players {\n    # everyone\n    gain 1 coin;\n  }\n"
            "  each players {\n    gain 1 food;  # and food\n  }\n"
            "  each players: gain 1 vp;\n"
            "  match coin {\n    1 {\n      gain 1 coin;\n      # one more\n    }\n    2: gain 2 coin;\n"
            "    else {\n      # the rest\n      gain 3 coin;\n    }\n  }\n") in out
    assert _comments(out) == _comments(text) and _same_meaning(out, text) and format_text(out) == out


def test_a_trailing_comment_after_a_later_line_of_a_broken_statement_stays_after_that_line():
    """The comment follows the last code before it; a line that held a block keeps its comment on its
    first line (the seat case above); one of several statements, after the last (test_wingtools)."""
    text = MARKET + ("func rich(c: card) = c.worth > 2 and price(c) <= coin  # affordable\n"
                     "    and c.colour != 3 and some(d in hand where d.colour == c.colour and d.worth >= 2);  # pairs\n"
                     "proc score() { rank players where vp > 0 by total(c in hand, c.worth) + coin * 2 + food * 3 "
                     "+ vp award [16, 8, 4] coin ties split; }  # end of game\n")
    out = format_text(text)
    assert ("func rich(c: card) = c.worth > 2\n"
            "    and price(c) <= coin  # affordable\n"
            "    and c.colour != 3\n"
            "    and some(d in hand where d.colour == c.colour and d.worth >= 2);  # pairs\n") in out
    assert "proc score() {  # end of game\n  rank players\n" in out
    assert _comments(out) == _comments(text) and _same_meaning(out, text) and format_text(out) == out
    single = MARKET + ("proc score() {\n  rank players where vp > 0 by total(c in hand, c.worth) + coin * 2 + food * 3 "
                       "+ vp award [16, 8, 4] coin ties split;  # ties share\n}\n")
    assert "      award [16, 8, 4] coin ties split;  # ties share\n" in format_text(single)


@pytest.mark.parametrize("width", [1, 30, 60])
@pytest.mark.parametrize("name", ["federation/e81216.rules", "tapestry/civilizations.rules", "stupor_mundi/castle.rules"])
def test_a_pack_file_laid_out_narrower_reads_back_the_same_with_its_comments(name, width, monkeypatch):
    """Every rule of the layout at work at once: at a width nothing fits in, each construct is
    broken as far as it goes, and the file still reads back the same, with every comment, stably."""
    from rulebook.dsl import printer

    monkeypatch.setattr(printer, "LINE_WIDTH", width)
    text = (ROOT / "rules" / name).read_text(encoding="utf-8")
    out = format_text(text)
    assert out != text and _same_meaning(out, text)
    assert _comments(out) == _comments(text)
    assert format_text(out) == out


def test_a_table_of_one_line_cards_and_counters_stays_a_table():
    """Sushi Go's deck written one card a line (and its counters one a line) stays so: a card or kind
    of values written on one line keeps its line when it fits, and one-line declarations the source
    wrote with no blank line between them stay together; what was written over several lines, or
    apart, stays so."""
    text = ('counter points "Points";\ncounter penalty "Pudding penalty";\n\nenum dish { tempura, maki }\n'
            "kind card { dish: dish; rolls: int = 0; }\n# the deck\n"
            'card tempura_card "Tempura" * 14 { dish = tempura; }\n'
            'card maki1 "Maki (1)" * 6 { dish = maki; rolls = 1; }  # one roll\n'
            'card maki2 "Maki (2)" * 12 {\n  dish = maki;\n  rolls = 2;\n}\n'
            'card maki3 "Maki (3)" * 8 { dish = maki; rolls = 3; }\nzone deck of card;\n')
    out = format_text(text)
    assert out == ('counter points "Points";\ncounter penalty "Pudding penalty";\n\nenum dish { tempura, maki }\n'
                   "kind card { dish: dish; rolls: int = 0; }\n# the deck\n"
                   'card tempura_card "Tempura" * 14 { dish = tempura; }\n'
                   'card maki1 "Maki (1)" * 6 { dish = maki; rolls = 1; }  # one roll\n\n'
                   'card maki2 "Maki (2)" * 12 {\n  dish = maki;\n  rolls = 2;\n}\n\n'
                   'card maki3 "Maki (3)" * 8 { dish = maki; rolls = 3; }\nzone deck of card;\n')
    assert format_text(out) == out and _same_meaning(out, text)
    long = 'kind card { dish: int; }\ncard c "C" { dish = ' + " + ".join(["1"] * 60) + "; }\n"
    assert 'card c "C" {\n  dish = ' in format_text(long)   # too long for one line: a block
    dice = 'counter vp;\ndie d6 "Die": int { face = 1; face = 2; face = 3; }\ndie coin { face { gain 1 vp; } face {} }\n'
    assert format_text(dice) == dice   # a die written on one line too


def test_an_explicit_public_zone_keeps_its_word_and_an_unsaid_one_gains_none():
    text = "kind card {}\n\nzone market of card public;\n\nzone deck of card;\n\nzone hand per_player of card hidden;\n"
    assert format_text(text, "a.rules") == text   # `public`, the default, stays where the designer wrote it
    said, unsaid = parse_text(text).items[1:3]
    assert said.visibility == unsaid.visibility == "public" and said.public_written and not unsaid.public_written


def test_an_explicit_public_leaves_the_content_digest_as_it_was(tmp_path):
    from rulebook.compiler.driver import pack_digest

    from .conftest import write_pack

    said = write_pack(tmp_path / "said", "kind card {}\nzone market of card public;\n")
    unsaid = write_pack(tmp_path / "unsaid", "kind card {}\nzone market of card;\n")
    assert pack_digest(said) == pack_digest(unsaid)   # the word changes nothing: a log of one replays on the other


def test_a_one_line_arm_ending_in_a_block_is_not_joined_before_else():
    """`1: pick q from opponents repeatedly {}` followed by `else {}` would read back with the else as
    the pick's own (found by the property test of AST-built statements): the arm is printed as a block."""
    arm = A.Arm((A.Int(1),), (A.Pick("q", A.Name("opponents"), None, None, (), repeated=True),))
    module = A.Module("a.rules", (A.Proc("body", (), (A.MatchStmt(A.Int(0), (arm,), ()),)),))
    printed = format_module(module)
    again = parse_text(printed, "a.rules").items[0].body[0]
    assert again.otherwise == () and again.arms[0].body[0].otherwise == ()
    assert "1: pick" not in printed and format_module(parse_text(printed, "a.rules")) == printed


def test_a_field_the_printer_moves_before_an_override_keeps_its_comment():
    """Race for the Galaxy audit (D2): fmt puts a card's plain fields before its overrides; the note of
    a moved field (`# value unsure`, a `# provisional` marker) was left on the override's line or
    dangled at the end of the card. The leftover tokens are aligned again, so it moves with its field."""
    text = ("counter vp;\nkind card { cost: int = 0; vp: int = 0; }\nzone tableau per_player of card;\n"
            "func extra(): int = 0;\n"
            "card old_earth \"Old Earth\" {\n"
            "  cost = 3;\n"
            "  override func extra(): int in tableau = base() + 1;   # power checked\n"
            "  vp = 2;                                               # value unsure\n"
            "}\n")
    out = format_text(text)
    assert ("  cost = 3;\n  vp = 2;  # value unsure\n"
            "  override func extra(): int in tableau = base() + 1;  # power checked\n}\n") in out
    assert _comments(out) == _comments(text) and _same_meaning(out, text) and format_text(out) == out


# ---------------------------------------------------------------- every pack in canonical form; short nested calls

def test_every_pack_under_rules_and_tests_packs_is_in_canonical_form():
    packs = sorted(p for base in (ROOT / "rules", ROOT / "tests" / "packs") for p in base.iterdir() if p.is_dir())
    assert len(packs) >= 20
    checked = CliRunner().invoke(app, ["fmt", "--check", *map(str, packs)])
    assert checked.exit_code == 0, checked.output


@pytest.mark.parametrize("written, printed", [
    # a walk whose next step is a short call: below the func's head, whole (Go's chain)
    ("func chain(p: point): list of point = reachable(q from p via gather(r in neighbours(q) where board[r] == board[p], [r]));\n",
     "func chain(p: point): list of point =\n  reachable(q from p via gather(r in neighbours(q) where board[r] == board[p], [r]));\n"),
    # a long binder: its short condition whole on the next line, not broken at `==` past the width (Go's liberties)
    ("func liberties(p: point): int = count(q in reachable(x from p via neighbours(x) through y where board[y] == board[p])"
     " where board[q] == none);\n",
     "func liberties(p: point): int =\n  count(q in reachable(x from p via neighbours(x) through y where board[y] == board[p])\n"
     "      where board[q] == none);\n"),
    # a call's one argument, a short call, on a line of its own rather than broken one argument a line
    ("proc p() {\n  set something_long_here_and_longer_still_more_text = outer_function(inner_function_name(alpha_value, "
     "beta_value, gamma));\n}\n",
     "proc p() {\n  set something_long_here_and_longer_still_more_text = outer_function(\n"
     "    inner_function_name(alpha_value, beta_value, gamma)\n  );\n}\n"),
    # an aggregate's value that is an `if`: after the binder, one part a line, never `..., if a\n and b` (Chess)
    ("func moves(p: player): list of mv = gather(t in targets(p, s) + (if board[s] == king then castle_targets(p, s) "
     "else []), if board[s] == pawn and t.rank == last_rank(p) then promotions_of(s, t) else [plain_move(s, t)]);\n",
     "func moves(p: player): list of mv = gather(\n  t in targets(p, s) + (if board[s] == king then castle_targets(p, s) "
     "else []),\n  if board[s] == pawn and t.rank == last_rank(p) then promotions_of(s, t) else [plain_move(s, t)]\n);\n"),
])
def test_a_short_nested_call_stays_on_one_line(written, printed):
    assert format_text(written) == printed
    assert format_text(printed) == printed
    assert parse_text(printed).items == parse_text(written).items


def test_a_nested_call_that_fits_where_it_is_is_printed_as_alone():
    alone = "func f(): int = max(g(x), h(y));\n"
    assert format_text(alone) == alone
    nested = "proc p() {\n  gain max(total(k in 1..6, pts[k]), total(k in 7..24, other().pts[k])) vp;\n}\n"
    assert format_text(nested) == nested


# ---------------------------------------------------------------- a search as an aggregate's domain (branch depth)

SEARCH = ("reachable(x from gather(s in sq where owner_of[s] == q and tile_at[s], [s]) "
          "via gather(n in around(x) where tile_at[n] and owner_of[n] == q, [n]))")


@pytest.mark.parametrize("written, printed", [
    # the search broken before its `via`, the aggregate's condition leading a line of its own below it
    (f"proc p(q: int) {{\n  if some(c in {SEARCH} where owner_of[c] == q + 1) {{\n    gain 1 vp;\n  }}\n}}\n",
     "proc p(q: int) {\n  if some(c in reachable(x from gather(s in sq where owner_of[s] == q and tile_at[s], [s])\n"
     "        via gather(n in around(x) where tile_at[n] and owner_of[n] == q, [n]))\n"
     "      where owner_of[c] == q + 1) {\n    gain 1 vp;\n  }\n}\n"),
    (f"proc p(q: int) {{\n  gain count(c in {SEARCH} where owner_of[c] == q + 1) vp;\n}}\n",
     "proc p(q: int) {\n  gain count(c in reachable(x from gather(s in sq where owner_of[s] == q and tile_at[s], [s])\n"
     "        via gather(n in around(x) where tile_at[n] and owner_of[n] == q, [n]))\n"
     "      where owner_of[c] == q + 1) vp;\n}\n"),
    # a func's value below its head, the condition one level in, `via` one more
    (f"func linked(q: int): bool = some(c in {SEARCH} where owner_of[c] == q + 1 and tile_at[c]);\n",
     "func linked(q: int): bool =\n  some(c in reachable(x from gather(s in sq where owner_of[s] == q and tile_at[s], [s])\n"
     "      via gather(n in around(x) where tile_at[n] and owner_of[n] == q, [n]))\n"
     "    where owner_of[c] == q + 1 and tile_at[c]);\n"),
    # no condition: the search broken alone
    (f"func reached(q: int): int = count(c in {SEARCH}) + size(gather(s in sq where tile_at[s], [s]));\n",
     "func reached(q: int): int =\n  count(c in reachable(x from gather(s in sq where owner_of[s] == q and tile_at[s], [s])\n"
     "      via gather(n in around(x) where tile_at[n] and owner_of[n] == q, [n])))\n"
     "  + size(gather(s in sq where tile_at[s], [s]));\n"),
])
def test_a_search_as_an_aggregates_domain_is_broken_before_via(written, printed):
    assert max(map(len, written.splitlines())) > 150   # (the line fmt left whole)
    assert format_text(written) == printed
    assert format_text(printed) == printed
    assert parse_text(printed).items == parse_text(written).items
    assert max(map(len, printed.splitlines())) <= 110


def test_a_search_whose_start_is_too_long_for_a_line_breaks_the_start_too():
    start = "gather(s in sq where owner_of[s] == q and tile_at[s] and owner_of[s] != q + 2 and not tile_at[s], [s])"
    written = f"proc p(q: int) {{\n  if some(c in reachable(x from {start} via around_owned_by(x, q)) where tile_at[c]) " \
              "{\n    gain 1 vp;\n  }\n}\n"
    printed = format_text(written)
    assert max(map(len, printed.splitlines())) <= 110 and format_text(printed) == printed
    assert parse_text(printed).items == parse_text(written).items
    lines = printed.splitlines()
    assert [line.strip() for line in lines if line.strip().startswith(("via", "where"))] == \
        ["via around_owned_by(x, q))", "where tile_at[c]) {"]
