"""Variables holding lists of any value type (docs/language.md 3.3a, "A list variable"): numbers, texts,
conditions, members, cards, records and lists of those, global, per player and indexed; changed by
`set` and `reset`, read by `size`, `contains`, `count`, `==`; kept by the digest, saved states, JSON
replays and views, alike on both backends. From the Chess audit (D3, W4): the repetition rule (FIDE
9.2) written with a `list of list of int`; E487 for a type no list holds; the E201 note listing every
type; explain reading a list's start (D4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.record import SavedState
from rulebook.runtime.state import Record, State, StateError, check_saved
from rulebook.runtime.view import build_view, value_text

from .conftest import (explained, found_at, printed_back, random_games_agree, replays_through_json, rules_programs,
                       run_proc, the_one_error)

PACK = """
enum colour { red "Red", blue "Blue" }
record spot "{row}/{col}" { row: 1..3; col: 1..3; }
kind token { worth: int; }
token gem "Gem" { worth = 2; }
token coin "Coin" { worth = 1; }
zone purse per_player of token hidden;
counter vp;
counter heard;
var seen "Positions seen" global: list of list of int = [];
var words: list of str = ["start"];
var marks[colour] global: list of bool = [];
var hues: list of colour = [red];
var kept: list of token = [gem];
var spots global: list of spot = [];
var rows global: list of list of spot = [[spot(row = 1, col = 1)], []];
func key(): list of int = [vp, seat(you)];
func times(k: list of int): int = count(x in seen where x == k);
proc listen() { whenever you set(words) { gain 1 heard; } }
"""

GAME = PACK + """
proc turn() {
  set seen = seen + [key()];
  set words = words + ["w{vp}"];
  set marks[red] = marks[red] + [vp > 1];
  set hues = hues + [blue] - [red];
  set kept = kept + [coin];
  set spots = spots + [spot(row = 1 + vp % 3, col = 1)];
  set rows = rows + [spots];
  pick c from [1, 2] "how many" { gain c vp; }
  if times(key()) >= 1 { gain 3 vp; }
  if vp > 8 { reset seen; set words = []; }
}
game demo { seats 2 to 3; phase setup { each players { listen(); } } phase play { repeat 4 { each players { turn(); } } } winner most vp; }
"""

program = rules_programs(PACK)


def game_of(program, body: str = "") -> Game:
    g = Game(program("proc p() { " + body + " }"), 2, 1)
    run_proc(g, "p")
    return g


def test_the_pack_is_clean():
    assert found_at(GAME) == []


def test_variables_start_as_declared(program):
    g = game_of(program)
    state, gem = g.state, g.program.entities["gem"]
    assert state.gvars["seen"] == [] and state.gvars["marks[red]"] == [] and state.gvars["spots"] == []
    assert state.gvars["rows"] == [[Record("spot", {"row": 1, "col": 1})], []]
    assert [p.vars["words"] for p in state.players] == [["start"], ["start"]]
    assert state.players[0].vars["hues"] == ["red"]
    assert state.players[0].vars["kept"] == [gem] and state.players[0].vars["kept"][0] is gem   # the card, not its name


def test_a_list_variable_is_added_to_taken_from_emptied_and_reset(program):
    g = game_of(program, 'listen(); set seen = seen + [key()]; gain 2 vp; set seen = seen + [key(), [7]]; '
                         'set seen = seen - [[7]]; set words = words + ["a", "b"] - ["start"]; '
                         'set marks[blue] = [true, false]; set hues = []; set kept = kept + [coin];')
    state = g.state
    assert state.gvars["seen"] == [[0, 1], [2, 1]]
    assert state.players[0].vars["words"] == ["a", "b"] and state.players[1].vars["words"] == ["start"]
    assert state.players[0].stock["heard"] == 1   # `whenever you set(words)` heard the set
    assert state.gvars["marks[blue]"] == [True, False] and state.players[0].vars["hues"] == []
    assert [e.name for e in state.players[0].vars["kept"]] == ["gem", "coin"]
    g = game_of(program, "set seen = [[1], [2]]; set rows = []; reset seen; reset rows; reset words;")
    assert g.state.gvars["seen"] == [] and g.state.gvars["rows"] == [[Record("spot", {"row": 1, "col": 1})], []]


def test_lists_of_lists_compare_item_by_item_and_are_counted(program):
    body = ("set seen = [[0, 1], [1, 1], [0, 1]]; "
            "if seen[1] == key() and seen[2] != key() and first(seen) == [0, 1] { gain 1 heard; } "
            "if contains(seen, [0, 1]) and not contains(seen, [1, 0]) and size(seen) == 3 { gain 1 heard; } "
            "gain times(key()) vp; gain count(k in seen where size(k) == 2) vp; "
            "if rows == [[spot(row = 1, col = 1)], []] and rows != [[], [spot(row = 1, col = 1)]] { gain 1 heard; }")
    g = game_of(program, body)
    assert g.state.players[0].stock["heard"] == 3 and g.state.players[0].stock["vp"] == 2 + 3


def test_a_nested_list_reads_in_brackets_in_texts_and_views(program):
    g = game_of(program, 'set seen = [[1, 2], [], [3]]; set rows = [[spot(row = 2, col = 3)]]; '
                         'let deep: list of list of list of int = [[[4]], []]; say "{seen} | {rows} | {kept} | {deep}";')
    # a list of lists keeps its outer brackets (a list of one list never reads as the list); a flat one is bare
    assert g.messages[-1] == "P1: [[1, 2], [], [3]] | [[2/3]] | Gem | [[[4]], []]"
    view = build_view(g, 0)
    assert view["vars"]["seen"] == [[1, 2], [], [3]]
    assert value_text(view["vars"]["seen"], view) == "[[1, 2], [], [3]]"


def test_a_view_hides_a_card_in_a_list_the_viewer_cannot_see(program):
    g = game_of(program, "move coin to purse; set kept = [gem, coin];")
    mine, theirs = build_view(g, 0), build_view(g, 1)
    assert mine["players"][0]["vars"]["kept"] == [{"entity": "gem"}, {"entity": "coin"}]
    assert theirs["players"][0]["vars"]["kept"] == [{"entity": "gem"}, {"entity": None, "kind": "token"}]


def test_a_saved_state_round_trips_with_lists_everywhere(program):
    g = game_of(program, 'set seen = [[1, 2], []]; set rows = [[spot(row = 3, col = 2)], []]; set kept = [coin, gem]; '
                         'set words = ["x"]; set marks[red] = [true];')
    data = json.loads(SavedState.model_validate(g.state.to_json(), strict=False).model_dump_json())
    check_saved(data, g.program)
    back = State.from_json(data, g.program.entities)
    assert back.to_json() == g.state.to_json() and back.digest() == g.state.digest()
    assert back.gvars["rows"] == [[Record("spot", {"row": 3, "col": 2})], []]
    assert back.players[0].vars["kept"] == [g.program.entities["coin"], g.program.entities["gem"]]


@pytest.mark.parametrize("broken", [[[{"record": "spt", "fields": {}}]], [[{"player": 9}]], [{"entity": "ruby"}]])
def test_a_saved_state_with_a_list_holding_what_the_pack_has_not_is_refused(program, broken):
    g = game_of(program)
    data = g.state.to_json()
    data["gvars"]["rows"] = broken
    with pytest.raises(StateError):
        check_saved(data, g.program)


def test_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 3), counts=(2, 3))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_games_with_lists_in_state_replay_through_json(interpreted):
    replays_through_json(build_text(GAME, interpreted=interpreted), 2)


def test_a_state_holding_lists_is_cloned():
    g = Game(build_text(GAME), 2, 3, make_agents("random", 2, 3))
    g.start()
    for _ in range(5):
        g.apply(0)
    assert g.clone().state.digest() == g.state.digest() and g.state.gvars["seen"]


DIGEST = """
import sys
from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.agents import make_agents
p = build_text(sys.stdin.read(), interpreted=sys.argv[1] == "i")
g = Game(p, 3, 7, make_agents("random", 3, 7))
g.play()
print(g.state.digest())
"""


@pytest.mark.slow
def test_the_digest_is_the_same_across_processes_and_hash_seeds():
    digests = set()
    for seed, backend in (("1", "c"), ("2", "i")):
        out = subprocess.run([sys.executable, "-c", DIGEST, backend], input=GAME, capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1


# ---------------------------------------------------------------- the repetition rule (FIDE 9.2, 9.6.1)
KNIGHTS = """
# Threefold and fivefold repetition, on a 4x4 board with a knight each.
record square "{x}{y}" { x: 1..4; y: 1..4; }
record mv "{from}-{to}" { from: square; to: square; }
var at[1..4, 1..4] "Board" global: player;
var seen "Positions seen" global internal: list of list of int = [];
counter plies global;
counter won;
func code(s: square): int = if at[s.x, s.y] == none then 0 else seat(at[s.x, s.y]);
# the position (FIDE 9.2.3): what stands on each square, and who is to move
func layout(p: player): list of int = gather(s in square, [code(s)]) + [seat(p)];
func times_seen(p: player): int = let now = layout(p); count(k in seen where k == now);
func jumps(p: player): list of mv =
  gather(s in square where at[s.x, s.y] == p,
    gather(t in square where at[t.x, t.y] == none and abs(t.x - s.x) * abs(t.y - s.y) == 2,
      [mv(from = s, to = t)]));
proc turn() {
  set seen = seen + [layout(you)];
  if times_seen(you) >= 5 { say "Fivefold repetition: drawn."; end game; }
  if times_seen(you) >= 3 {
    may "claim a draw (threefold repetition)?" { say "{you} claims a draw."; end game; }
  }
  if plies >= 60 { say "Out of moves: {you} wins."; gain 1 won; end game; }
  pick m from jumps(you) "your move" {
    set at[m.from.x, m.from.y] = none;
    set at[m.to.x, m.to.y] = you;
    set plies = plies + 1;
    say "{m}";
  }
}
game knights "Knights" {
  seats 2 to 2;
  phase setup { set at[1, 1] = all_players[1]; set at[4, 4] = all_players[2]; }
  phase play { while true { each players: turn(); } }
  winner most won if total(p in players, p.won) > 0;
}
"""

# the knights go out and back twice: the starting position, P1 to move, stands for the third time
SHUFFLE = ["11-23", "44-32", "23-11", "32-44"] * 2


def shuffled(g: Game, moves) -> list[str]:
    """Play the moves (a forced one, a lone option, has been made by the game); the prompts asked."""
    asked = []
    for m in moves:
        asked.append(g.decision.prompt)
        if m in g.decision.options:
            g.apply(g.decision.index_of(m))
    return asked


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_draw_is_offered_on_the_third_occurrence_and_forced_on_the_fifth(interpreted):
    g = Game(build_text(KNIGHTS, interpreted=interpreted), 2, 1)
    g.start()
    assert set(shuffled(g, SHUFFLE)) == {"your move"}   # twice seen: no claim yet
    assert g.messages[-1] == "P2: 32-44"
    assert g.decision.prompt == "claim a draw (threefold repetition)?" and g.decision.player.name == "P1"
    start = g.state.gvars["seen"][0]
    assert g.state.gvars["seen"].count(start) == 3 and g.state.gvars["seen"][-1] == start
    claims = 0
    while g.decision is not None:   # every claim declined, the knights go on out and back
        if g.decision.prompt.startswith("claim"):
            claims += 1
            g.apply(g.decision.index_of("no"))
        else:
            g.apply(next(i for i, o in enumerate(g.decision.options) if o in SHUFFLE))
    assert g.messages[-1] == "P1: Fivefold repetition: drawn." and g.result()["winners"] == []
    assert max(g.state.gvars["seen"].count(k) for k in g.state.gvars["seen"]) == 5 and claims >= 2


def test_a_claimed_draw_ends_the_game_alike_on_both_backends():
    digests = []
    for interpreted in (False, True):
        g = Game(build_text(KNIGHTS, interpreted=interpreted), 2, 1)
        g.start()
        shuffled(g, SHUFFLE)
        g.apply(g.decision.index_of("yes"))
        assert g.messages[-1] == "P1 claims a draw." and g.decision is None
        digests.append(g.state.digest())
    assert digests[0] == digests[1]
    random_games_agree(KNIGHTS, seeds=range(1, 4), counts=(2,))


# ---------------------------------------------------------------- misuse
def test_a_list_of_a_type_no_list_holds_is_e487_at_the_item():
    result = analyse_text("var x: list of effect = [];")
    the_one_error(result, "E487", "not an effect")
    assert (result.diagnostics[0].span.line, result.diagnostics[0].span.column) == (1, 16)
    result = analyse_text("proc p() { let x: list of list = []; }")
    the_one_error(result, "E487", "a list that does not say what it holds")
    found = next(d for d in result.diagnostics if d.code == "E487")
    assert found.span.column == 27 and "list of list of int" in found.hint


@pytest.mark.parametrize("text, item, hint", [
    # a word of the language as the item type: E487 at it (it was E100, "a keyword cannot be used as a name")
    ("var x: list of zone = [];", "zone", "index the zone by an enum"),
    ("counter vp;\nproc p() { let held: list of counter = []; gain size(held) vp; }", "counter",
     "keep numbers ('list of int')"),
    ("proc p(r: list of resource) { }", "resource", "index one resource by an enum"),
    ("func f(): list of list of track = [];", "track", "no track names"),
    ("var rolls global: list of die = [];", "die", "keep what the dice rolled"),
    ("record spot { near: list of any; }", "any", "say what the list holds"),
    ("kind card { paid: list of cost; }", "cost", "a card's printed price"),
    ("kind card { where: list of zone; }", "zone", "keep the cards themselves"),
])
def test_a_list_of_a_word_of_the_language_is_e487_at_the_item_with_a_hint(text, item, hint):
    result = analyse_text(text)
    the_one_error(result, "E487", "lists of those, not ")
    found = next(d for d in result.diagnostics if d.code == "E487")
    line = text.split("\n")[found.span.line - 1]
    assert line[found.span.column - 1:found.span.end_column - 1] == item and hint in found.hint


def test_an_unknown_item_type_is_e201_whose_note_lists_every_type():
    result = analyse_text("enum colour { red }\nvar seen global: list of position = [];")
    the_one_error(result, "E201", "unknown type 'position'")
    assert result.diagnostics[0].notes == ("known types: int, decimal, str, bool, player, list of TYPE, colour",)
    note = analyse_text("var x: position = none;").diagnostics[0].notes[0]
    assert note.startswith("known types: int, decimal, str, bool, player, list of TYPE, list, resource, counter, track")


def test_what_a_list_variable_may_not_hold_or_start_with():
    the_one_error(analyse_text("var e: list = [];"), "E303", "not a list")
    assert "'var e: list of int;'" in analyse_text("var e: list = [];").diagnostics[0].hint
    the_one_error(analyse_text("counter vp;\nvar g global: list of int = [vp];"), "E303",
                  "a list kept from the start is written of constants")
    the_one_error(analyse_text("var h global: list of list of int = [1];"), "E342", "a list of lists of numbers")
    result = analyse_text(PACK + "proc q() { set seen = seen + key(); }")
    the_one_error(result, "E342", "their items are never equal")
    assert result.diagnostics[-1].hint == "to add the list as one item, write it in brackets: seen + [key()]"
    the_one_error(analyse_text(PACK + "proc q() { set seen = key(); }"), "E303",
                  "'seen' holds a list of lists of numbers, not a list of numbers")
    result = analyse_text(PACK + "proc q() { let mine: list of list of int = key(); set seen = mine; }")
    the_one_error(result, "E342")
    assert next(d for d in result.diagnostics if d.code == "E342").hint == "each item is a list: [key()]"
    the_one_error(analyse_text('var w: list of str = ["a", 1];'), "E342", "'1' is a number, not a text")
    the_one_error(analyse_text('var v global: list of list of int = [[1], ["x"]];'), "E342",
                  """'["x"]' is a list of texts, not a list of numbers""")


def test_a_list_type_of_another_type_than_list_is_e343():
    result = analyse_text("kind card { }\nvar f: list of card of int = [];")
    assert [d.code for d in result.diagnostics] == ["E343"]


def test_printed_back():
    text = GAME + "proc q(k: list of list of str): list of list of bool { let acc: list of list of int = []; " \
                  "return [[true]]; }"
    _module, printed = printed_back(text)
    assert 'var seen "Positions seen" global: list of list of int = [];' in printed
    assert "proc q(k: list of list of str): list of list of bool {" in printed
    assert "let acc: list of list of int = [];" in printed
    printed_back(KNIGHTS)


def test_explained():
    result = analyse_text(GAME)
    assert explained(result, "seen").endswith(
        "Positions seen: one value for the game, holding a list of lists of numbers, starting empty.")
    assert explained(result, "words").endswith("Words: a value each player keeps, holding a list of texts, starting "
                                               "with “start”.")
    assert explained(result, "marks").endswith("holding each a list of conditions, starting empty.")
    assert explained(result, "kept").endswith("holding a list of tokens, starting with “Gem”.")


CHESS_EXPLAIN = """
record point { x: 1..8; y: 1..8; }
record snapshot { text: str; }
var seen "Positions seen" global: list of snapshot = [];
func empty_point(m: point): bool = m == none;
func nobody_there(p: player): bool = p == none;
func spot_of(m: point): bool = let q: point = m; q != none;
enum special { plain "", en_passant " e.p." }
var last global: special = plain;
"""


def test_explain_reads_a_list_start_a_record_none_and_an_empty_title():
    """The Chess audit's D4 (repro/explain): not "starting as none", not "m is nobody", not “”."""
    result = analyse_text(CHESS_EXPLAIN)
    assert explained(result, "seen").endswith("holding a list of snapshots, starting empty.")
    assert explained(result, "empty_point").endswith("True when m is none.")
    assert explained(result, "nobody_there").endswith("True when p is nobody.")   # a player's none is still nobody
    assert explained(result, "spot_of").endswith("True when q is not none.")
    assert explained(result, "special").endswith("One of: plain (shown as no text) or en passant (shown “ e.p.”).")
    assert explained(result, "last").endswith("starting as plain.")


# ---------------------------------------------------------------- a field named by a reserved word in a title (D2)
FROM = """
record mv "{from}-{to}" { from: 1..8; to: 1..8; }
counter n;
var last global: mv = mv(from = 1, to = 2);
proc go(m: mv) { gain m.from n; set last = m; say "moved {m} ({m.from} to {m.to})"; }
game demo { seats 1 to 1; phase play { pick m from mv where m.from < m.to and m.to < 4 "move" { go(m); } } winner most n; }
"""


def test_a_field_named_from_is_read_in_its_records_title_on_both_backends():
    assert found_at(FROM) == []
    for interpreted in (False, True):
        g = Game(build_text(FROM, interpreted=interpreted), 1, 1)
        g.start()
        assert g.decision.options == ["1-2", "1-3", "2-3"]
        g.apply(g.decision.index_of("2-3"))
        assert g.messages == ["P1: moved 2-3 (2 to 3)"]
    printed_back(FROM)
    assert "{from}-{to}" in explained(analyse_text(FROM), "mv") or "from" in explained(analyse_text(FROM), "mv")


def test_a_reserved_word_in_braces_naming_nothing_is_an_unknown_name_and_a_value_word_stays_a_value():
    the_one_error(analyse_text('proc f() { say "{from}"; }'), "E201", "unknown name 'from'")
    assert found_at('proc f() { say "{none} {you}"; }') == []


# ---------------------------------------------------------------- a func's lets (the Chess audit's W5)
LETS = """
counter vp;
enum piece { queen, rook, knight }
func depth(n: int): int = if n == 0 then 0 else 1 + depth(n - 1);
func named(): int = let d = depth(20); d + d;
func written(): int = depth(20) + depth(20);
func kind_after(m: int, s: int): piece = if m + s > 3 then queen else knight;
func hits(m: int, s: int): bool = let k = kind_after(m, s); k == queen or k == rook;
proc by_name() { gain named() vp; }
proc twice() { gain written() vp; }
proc attack(m: int, s: int) { if hits(m, s) { gain 1 vp; } }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_funcs_let_is_worked_out_once(interpreted):
    """A recursive func counts a step at each call: a let calls it once, its name read twice."""
    p = build_text(LETS, interpreted=interpreted)
    steps = {}
    for proc in ("by_name", "twice"):
        g = Game(p, 2, 1)
        g.start(p.procs[proc](g, g.state.players[0]))
        steps[proc] = (g.steps, g.state.players[0].stock["vp"])
    assert steps == {"by_name": (21, 40), "twice": (42, 40)}
    g = Game(p, 2, 1)
    g.start(p.procs["attack"](g, g.state.players[0], 2, 2))
    assert g.state.players[0].stock["vp"] == 1


def test_a_let_named_as_a_parameter_is_w459():
    codes = found_at(LETS + "func shadow(m: int): int = let m = m + 1; m;")
    assert ("W459", 12, 28) in codes


def test_the_editor_finds_a_record_named_in_a_list_type_of_a_parameter_or_a_nested_let():
    from rulebook.compiler.workspace import file_occurrences
    text = ("record spot { row: int; }\n"
            "proc p(a: list of spot) { let x: list of spot = []; let y: list of list of spot = []; say \"{x}{y}{a}\"; }\n")
    found = [(o.span.line, o.span.column, o.role) for o in file_occurrences(parse_text(text, "a.rules"), text)
             if o.name == "spot"]
    assert found == [(1, 8, "decl"), (2, 19, "ref"), (2, 42, "ref"), (2, 76, "ref")]
