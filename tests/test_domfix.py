"""The Dominion audit's tool defects (ninth session, helper domfix): one definition of "used" for
`simulate` and `cover` (Gardens), E301's hint at `c is MEMBER` (now read: tests/test_types.py), a `set` traced as a set, `explain` of
a call, `gallery --stats` and a stale report."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime import simulate as sim
from rulebook.runtime.engine import Game

from .conftest import rules_program, run_proc, the_one_error, write_pack
from .test_cli import invoke

# Gardens is a Victory card whose rule is a computed field read by the winner line; the hand that
# is money is no "used" zone (`used = ["in_play"]`), so holding Gardens is not using it.
GARDENS = """
kind card { func points: int = 0; play: effect; }
card copper "Copper" * 12 { play { } }
card gardens "Gardens" { points = size(deck) / 10; }
zone deck per_player of card;
zone in_play per_player of card;
func vp() = total(c in deck, c.points);
game gardens_used {
  seats 2 to 2;
  phase setup {
    each players where seat() == 1 {
      fill deck with card;
      move first(deck) to in_play;
      copy first(in_play).play;
    }
  }
  winner most vp();
}
"""


def gardens_pack(tmp_path):
    pack = write_pack(tmp_path / "gardens", GARDENS, name="gardens_used")
    (pack / "pack.toml").write_text('name = "gardens_used"\nused = ["in_play"]\n')
    return pack


def test_a_card_whose_rule_is_a_computed_field_is_used_when_it_is_read_as_cover_counts_it(tmp_path):
    pack = gardens_pack(tmp_path)
    job, program = sim.prepare(str(pack), [], 2)
    names = [n for _kind, n, _title in sim.component_names(program, job.used)]
    records = sim.run(job, range(1, 4), 1)
    gardens = names.index("gardens")
    for r in records:   # read for P1, whose deck holds it, by the winner line: P1 used it
        assert (gardens, 0) in r.used and (gardens, 1) not in r.used
    out = invoke("cover", pack, "-g", "2")
    assert "3/3" in out.output and "gardens points" not in out.output   # reached: not listed as never reached

TYPES = """
enum card_type { action "Action", treasure "Treasure", attack "Attack" }
kind card { types: list of card_type; }
card village "Village" { types = [action]; }
zone hand per_player of card;
counter done;
"""


def test_is_a_member_held_in_a_list_field_reads_the_list():
    # (the tenth session's `c is MEMBER`, branch types: what E301 hinted at is now read so)
    assert not analyse_text(TYPES + "proc p() { pick c from hand where c is action { gain 1 done; } }").diagnostics


def test_is_a_member_of_an_enum_no_field_holds_says_which_field_to_declare():
    result = analyse_text("enum colour { red, blue }\nkind card { cost: int; }\nzone hand per_player of card;\n"
                          "counter done;\nproc p() { pick c from hand where c is red { gain 1 done; } }")
    the_one_error(result, "E474", "'c is red' reads the field of c's kind that holds 'colour'")
    assert "'kind card { types: list of colour; ... }'" in result.diagnostics[0].hint


# Dominion's turn: the per-turn counters set back by hand.
TURN = """
counter coin;
counter buys from 0 to 5;
proc turn() {
  gain 3 coin;
  set coin = 0;
  set buys = 1;
  set buys = 1;
  set buys = 9;
  set coin = 0 - 2;
  set coin = 2;
}
"""

turn_program = rules_program(TURN)


def test_a_set_of_a_players_counter_is_traced_as_the_set_written(turn_program):
    game = Game(turn_program, 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "turn")
    lines = [(e.kind, e.what) for e in trace if e.kind in ("gain", "lose", "set")]
    assert lines == [
        ("gain", "coin"), ("set", "coin = 0 (was 3)"), ("set", "buys = 1 (was 0)"),
        ("set", "buys = 1 (unchanged)"), ("set", "buys = 9 (was 1; 4 lost over the cap)"),
        ("set", "coin = -2 (unchanged: 0, its floor)"), ("set", "coin = 2 (was 0)")]


def test_explain_reads_a_two_argument_func_in_place():
    """Dominion's `is_a(c, action)` read "for which “is a” for (c, “Action”)"."""
    from rulebook.compiler.explain import reading
    result = analyse_text(TYPES + "func is_a(c: card, t: card_type) = contains(c.types, t);\n"
                          "func score(c: card, n: int) = n + count(x in hand where is_a(x, action));\n"
                          "proc p() { pick c from hand where is_a(c, action) { gain score(c, 2) done; } }")
    lines = reading(result.symbols.decls["p"], result.symbols)
    assert lines[0] == "Pick one c from your hand for which “Action” is in c's types, then:", lines
    assert "“score” for (c, 2)" in lines[1]   # a func that binds a name of its own keeps the call's reading


def test_gallery_refuses_a_simulate_report_of_other_rules(tmp_path):
    """A Dominion audit: `gallery --stats` showed a report made before the pack changed. The report
    holds the rules' content digest; a report of other rules is refused, one of these rules is shown."""
    import json

    pack = gardens_pack(tmp_path)
    report = tmp_path / "sim.json"
    result = invoke("simulate", pack, "-n", "2", "-g", "2", "-w", "1", "--json", report)
    assert result.exit_code == 0, result.output
    digest = json.loads(report.read_text())["digest"]
    assert invoke("gallery", pack, "-o", tmp_path / "site", "--stats", report).exit_code == 0
    main = pack / "main.rules"
    main.write_text(main.read_text().replace("size(deck) / 10", "size(deck) / 5"))
    result = invoke("gallery", pack, "-o", tmp_path / "site2", "--stats", report)
    assert result.exit_code == 2 and f"rules digest {digest}" in result.output and "simulate" in result.output
    assert not (tmp_path / "site2").exists()
    main.write_text(main.read_text().replace("size(deck) / 5", "size(deck) / 10") + "\n# a comment\n")
    assert invoke("gallery", pack, "-o", tmp_path / "site3", "--stats", report).exit_code == 0   # a comment: same rules
