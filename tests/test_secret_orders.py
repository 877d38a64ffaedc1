"""Secret orders for many pieces at once (twelfth session, branch secret): `each PLAYERS simultaneously
for each U in ELEMENTS pick ...` (one secret pick per element of each player's own list, all revealed
together: Diplomacy's orders, a sealed bid on every lot), `as "..."` on a simultaneous pick, `hidden` on
an indexed per-player variable (E522 kept for a global one), and W523: an offer whose condition reads
what the decider cannot see. Both backends, views, fmt, explain, diagnostics."""

from __future__ import annotations


from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.hidden import marks, open_values
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game
from rulebook.runtime.view import build_view

from .conftest import explained, found_at, printed_back, random_games_agree, screens

# A sealed-bid auction of several lots at once: every player writes a bid for each lot still on offer,
# unseen by the others, and all bids are opened together.
SEALED = """
enum lot { vase "Vase", clock "Clock", rug "Rug" }
enum offer { worth: int; nothing(worth = 0), low(worth = 1), high(worth = 2), }
var bid[lot] "Bid" hidden: offer = nothing;
var sold[lot] "Sold" global: bool = false;
counter won "Lots won";

proc round() {
  each players simultaneously for each l in lot where not sold[l] pick b from offer "bid for {l}" as "bid {b}" {
    set bid[l] = b;
  }
  for each l in lot where not sold[l] {
    let best = highest(p in players, p.bid[l].worth);
    if best > 0 {
      let taker = first(gather(p in players where p.bid[l].worth == best, [p]));
      set sold[l] = true;
      each players where you == taker { gain 1 won; }
    }
  }
}
game sealed {
  seats 2 to 4;
  phase play { repeat 2 { round(); } }
  winner most won;
}
"""


def step(g: Game, answers: list) -> list:
    """Start the game (or go on) answering the decisions from `answers` (labels); returns (seat, prompt)
    of each decision asked, the view of the next seat asked being read before each answer."""
    asked = []
    d = g.decision if g.started else g.start()
    while d is not None and answers:
        asked.append((d.player.name, d.prompt))
        d = g.apply(d.index_of(answers.pop(0)))
    return asked


def test_each_player_answers_every_element_before_the_next_and_bodies_wait_for_all():
    g = Game(build_text(SEALED), 2, 1)
    asked = step(g, ["bid high", "bid low", "bid nothing"])
    # P1 bids on the three lots in a row, then P2 is asked: one visit to the screen per player
    assert asked == [("P1", "bid for Vase"), ("P1", "bid for Clock"), ("P1", "bid for Rug")]
    assert (g.decision.player.name, g.decision.prompt) == ("P2", "bid for Vase")
    # nothing ran yet: the bids are set only once everyone has chosen
    assert all(v == "nothing" for k, v in g.state.players[0].vars.items() if k.startswith("bid["))
    view = build_view(g, 1)   # P2, asked: sees that P1 has chosen, never what
    assert view["chosen_in_secret"] == ["P1"] and view["picked_in_secret"] == []   # (their own: none yet)
    assert build_view(g, 0)["picked_in_secret"] == ["high", "low", "nothing"]   # P1 sees their own bids
    step(g, ["bid high", "bid high", "bid nothing"])
    p1, p2 = g.state.players
    assert (p1.vars["bid[vase]"], p1.vars["bid[clock]"], p1.vars["bid[rug]"]) == ("high", "low", "nothing")
    assert (p2.vars["bid[vase]"], p2.vars["bid[clock]"]) == ("high", "high")
    assert p1.stock["won"] == 1 and p2.stock["won"] == 1   # the vase to P1 (a tie: the first), the clock to P2
    # the second round asks only about the rug, still on offer
    assert g.decision.prompt == "bid for Rug"


def test_a_player_with_nothing_to_order_is_not_asked_and_a_pass_skips_one_element():
    text = SEALED.replace('as "bid {b}"', 'as "bid {b}" optional')
    g = Game(build_text(text), 2, 1)
    asked = step(g, ["none", "bid low", "none", "bid low", "none", "none"])
    assert [p for p, _ in asked] == ["P1"] * 3 + ["P2"] * 3
    p1 = g.state.players[0]
    assert (p1.vars["bid[vase]"], p1.vars["bid[clock]"]) == ("nothing", "low")


def test_an_indexed_hidden_variable_is_its_holders_alone():
    g = Game(build_text(SEALED), 2, 1)
    step(g, ["bid low", "bid low", "bid nothing", "bid high", "bid low", "bid nothing"])
    mine, theirs = build_view(g, 0), build_view(g, 1)
    assert mine["players"][0]["vars"]["bid[vase]"] == "low"
    assert not any(k.startswith("bid[") for k in theirs["players"][0]["vars"])   # P2 never sees P1's bids
    assert theirs["players"][1]["vars"]["bid[vase]"] == "high"                         # but their own
    assert mine["vars"]["sold[vase]"] is True                                     # a public one stays public
    shown = screens(g)
    # the map's variable as a table, a row per lot, a column per player (the viewer's headed `you`)
    assert row(shown[1], "Vase") == ["Vase", "…", "high"] and row(shown[0], "Vase") == ["Vase", "low", "…"]


def row(screen: str, label: str) -> list[str]:
    """The cells of a table's row on a screen, by its first cell."""
    for line in screen.splitlines():
        cells = [c.strip() for c in line.strip("│ ").split("│")]
        if cells and cells[0] == label:
            return cells
    return []


def test_a_prompt_showing_an_indexed_hidden_variable_is_masked_from_the_others():
    text = SEALED.replace('"bid for {l}"', '"bid for {l} (last time {bid[l]})"')
    sym = analyse_text(text).symbols
    found = open_values(sym)
    got = [marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d)
           if type(n) is A.Pick and n.title_parts]
    assert got == ["-v-h-"]


def test_both_backends_play_the_same_games():
    random_games_agree(SEALED)
    random_games_agree(SEALED.replace('as "bid {b}"', 'as "bid {b}" optional'), seeds=range(1, 4), counts=(3,))


def test_fmt_and_explain():
    _module, text = printed_back(SEALED)
    assert "simultaneously for each l in lot" in text and 'as "bid {b}"' in text
    words = explained(analyse_text(SEALED), "round")
    assert "secretly picks one b for each l among the lots for which not" in words
    assert "all before anyone's is seen" in words


def test_a_label_on_a_plain_simultaneous_pick():
    text = SEALED.replace("for each l in lot where not sold[l] pick b from offer \"bid for {l}\"",
                          "pick l from lot where not sold[l] \"bid for which lot?\"").replace('"bid {b}"', '"the {l}"')
    text = text.replace("set bid[l] = b;", "set bid[l] = high;")
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        d = g.start()
        assert d.options == ["the Vase", "the Clock", "the Rug"]
    random_games_agree(text, seeds=range(1, 3), counts=(2,))


def test_several_picks_for_each_element_is_e529():
    text = SEALED.replace('"bid for {l}" as "bid {b}"', '"bid for {l}" up to 2')
    line = next(i for i, t in enumerate(text.split("\n"), start=1) if "up to 2" in t)
    assert ("E529", line, text.split("\n")[line - 1].index("pick b") + 1) in found_at(text)


def test_a_global_hidden_variable_is_still_e522():
    text = SEALED + 'var reserve[lot] global hidden: offer = nothing;\n'
    assert ("E522", text.count("\n"), 5) in found_at(text)


# W523: which options are offered tells the decider what another player's hidden hand holds
LEAK = """
kind card { rank: int; }
card lo "Low" { rank = 2; }
card hi "High" { rank = 14; }
zone deck of card secret;
zone hand per_player of card hidden;
zone muck of card secret;
counter score;
func best(): int = highest(c in hand, c.rank);
func beats(q: player): bool = q.best() > best();
proc decide() {
  choose "show or muck?" {
    option "show" { gain 1 score; }
    option "muck" when some(q in opponents where q.best() > best()) { move all of hand to muck; }
  }
}
game g {
  seats 2 to 2;
  phase setup { fill deck with card; each players: draw 1 from deck to hand; }
  phase play { each players: decide(); }
  winner most score;
}
"""


def w523(text: str) -> list:
    return [(d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics if d.code == "W523"]


def test_an_option_offered_by_another_players_hidden_hand_is_w523_with_the_path():
    [(line, column, message)] = w523(LEAK)
    row = LEAK.split("\n")[line - 1]
    assert row.strip().startswith('option "muck"') and row[column - 1:].startswith("q.best()")
    assert "another player's hidden zone 'hand' (through best())" in message


def test_w523_through_a_func_given_another_player_and_on_a_picks_where():
    text = LEAK.replace("when some(q in opponents where q.best() > best())", "when some(q in opponents where beats(q))")
    [(_line, _column, message)] = w523(text)
    assert "(through beats() -> best())" in message
    text = LEAK.replace('option "show" { gain 1 score; }',
                        'option "show" { pick q from opponents where q.best() > 3 { gain 1 score; } }')
    assert len(w523(text)) == 2 and any("a pick's 'where'" in m for *_, m in w523(text))


def test_no_w523_for_the_deciders_own_hand_a_size_or_a_secret_pile():
    for cond in ("best() > 3", "beats(you) or size(hand) > 0", "some(q in opponents where size(q.hand) > 0)",
                 "count(c in deck) > 1", "some(c in deck where c.rank > 3)"):
        assert w523(LEAK.replace("some(q in opponents where q.best() > best())", cond)) == [], cond


def test_w523_for_a_hidden_variable_of_another_player():
    text = SEALED.replace("where not sold[l] pick", "where some(p in opponents where p.bid[l] == high) pick")
    assert w523(text) == []   # a `for each`'s `where` decides which questions are asked, not which options
    text = SEALED.replace("pick b from offer", "pick b from offer where some(p in opponents where p.bid[l] != b)")
    [(_line, _column, message)] = w523(text)
    assert "another player's hidden variable 'bid'" in message
