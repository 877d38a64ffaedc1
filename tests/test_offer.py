"""`offer ["prompt"] to PLAYERS [where C] [from P] [first | chosen] as PARTNER { ... } [else { ... }]`: an
offer to other players, each asked accepting or declining (a decision); the body runs the exchange as
the offerer with PARTNER bound; on both backends, logged and replayed, printed back, explained,
checked (E340, W440)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading

from .conftest import drive, holding, on_both_backends, parse_error, printed_back, random_games_agree, replays_through_json, the_one_error

# Bohnanza in small: the active player offers beans for beans; who has the beans asked for may accept.
PACK = """
resource wax "Wax beans";
resource soy "Soy beans";
counter vp;
counter nobody global;
var last_partner global: player;
proc trade(give: int, want: int) {
  offer "{give} wax for your {want} soy?" to opponents where soy >= want as partner {
    lose give wax;
    gain want soy;
    each partner { lose want soy; gain give wax; }
    set last_partner = partner;
  } else {
    gain 1 nobody;
  }
}
proc auction_house() {
  offer "1 wax for 1 soy (the trader picks)?" to players where soy > 0 from left chosen as buyer {
    lose 1 wax;
    gain 1 soy;
    each buyer { lose 1 soy; gain 1 wax; gain 1 vp; }
    set last_partner = buyer;
  }
}
"""

GAME = """
game beans {
  seats 2 to 5;
  phase setup { each players { gain 3 wax; gain 3 soy; } }
  phase play {
    repeat 3 {
      each players { trade(1, 1); auction_house(); }
    }
  }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))



def run(g, proc, seat=0, answers=(), args=()):
    gen = g.program.procs[proc](g, g.state.players[seat], *args)
    return drive(g, gen, answers)


def stocks(g):
    return [(p.stock["wax"], p.stock["soy"]) for p in g.state.players]


def test_the_first_to_accept_from_the_offerers_left_trades(program):
    g = holding(program, wax=3, soy=[3, 3, 3, 3])
    asked = run(g, "trade", seat=1, answers=["decline", "accept"], args=(2, 1))   # from P2's left: P3, P4
    assert [d.player.name for d in asked] == ["P3", "P4"]   # P1 is never asked: P4 accepted first
    assert asked[0].prompt == "2 wax for your 1 soy?" and asked[0].options == ["decline", "accept"]
    assert g.state.gvars["last_partner"].name == "P4"
    assert stocks(g) == [(3, 3), (1, 4), (3, 3), (5, 2)]


def test_nobody_accepts_runs_else(program):
    g = holding(program, wax=3, soy=[3, 3, 3])
    asked = run(g, "trade", answers=["decline", "decline"], args=(1, 1))
    assert [d.player.name for d in asked] == ["P2", "P3"]
    assert g.state.globals["nobody"] == 1 and g.state.gvars.get("last_partner") is None
    assert stocks(g) == [(3, 3)] * 3


def test_who_cannot_give_their_side_is_not_asked(program):
    g = holding(program, wax=3, soy=[3, 1, 2, 2])   # `where soy >= want`, read as each opponent: P2 has 1 soy
    asked = run(g, "trade", answers=["accept"], args=(1, 2))
    assert [d.player.name for d in asked] == ["P3"]
    g = holding(program, wax=3, soy=[3, 1, 1])
    assert run(g, "trade", args=(1, 2)) == [] and g.state.globals["nobody"] == 1   # nobody to ask


def test_the_offerer_chooses_among_those_who_accepted(program):
    g = holding(program, wax=3, soy=[3, 3, 0, 3, 3])   # P3 has no soy: not asked; P1 itself is never asked
    asked = run(g, "auction_house", answers=["accept", "decline", "accept", "P5"])
    assert [d.player.name for d in asked] == ["P2", "P4", "P5", "P1"]   # all asked, then the offerer
    assert asked[-1].options == ["P2", "P5"] and asked[-1].prompt == "choose a partner among those who accepted"
    assert g.state.gvars["last_partner"].name == "P5" and g.state.players[4].stock["vp"] == 1


def test_one_acceptance_needs_no_choosing(program):
    g = holding(program, wax=3, soy=[3, 3, 3])
    asked = run(g, "auction_house", answers=["decline", "accept"])
    assert len(asked) == 2 and g.state.gvars["last_partner"].name == "P3"


def test_the_trace_shows_the_answers_and_the_partner(program):
    g = holding(program, wax=3, soy=[3, 3, 3])
    trace = []
    g.tracer = trace.append
    run(g, "trade", answers=["decline", "accept"], args=(1, 1))
    assert "P1: offer accepted by P3" in [e.describe() for e in trace]


def test_random_agents_play_to_the_end_on_both_backends_alike():
    random_games_agree(PACK + GAME)


def test_a_logged_game_replays(program):
    replays_through_json(program, 7)


def test_it_prints_back_and_reads_in_words():
    module, printed = printed_back(PACK + GAME)
    assert 'offer "{give} wax for your {want} soy?" to opponents where soy >= want as partner {' in printed
    assert "to players where soy > 0 from left chosen as buyer {" in printed
    result = analyse_text(PACK + GAME)
    assert result.ok, result.diagnostics
    trade = " ".join(reading(result.symbols.decls["trade"], result.symbols))
    assert "Offer ([give] wax for your [want] soy?) to your opponents for whom your soy beans is at least want" in trade
    assert "asked in seat order from your left" in trade and "the first to accept is the partner" in trade
    assert "If nobody accepted:" in trade
    house = " ".join(reading(result.symbols.decls["auction_house"], result.symbols))
    assert "then you choose the partner among those who accepted" in house


@pytest.mark.parametrize("stmt, code, what", [
    ("offer to 1..3 as p { each p { gain 1 vp; } }", "E340", "players"),
    ("offer to opponents from 3 as p { each p { gain 1 vp; } }", "E340", "starts from"),
    ("offer to opponents where wax as p { each p { gain 1 vp; } }", "E303", ""),
    ("offer to opponents as p { each p { gain 1 vp; } } each p { gain 1 vp; }", "E201", "'p'"),
    ("offer to opponents as p { each p { gain 1 vp; } } else { each p { gain 1 vp; } }", "E201", "'p'"),
])
def test_misuse_is_found_where_it_is_written(stmt, code, what):
    text = PACK + f"proc q() {{\n  {stmt}\n}}"
    the_one_error(analyse_text(text), code, what, line=PACK.count("\n") + 2)


def test_a_body_that_never_names_the_partner_is_warned():
    text = PACK + "proc q() {\n  offer to opponents as p { gain 1 wax; }\n}"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W440"]
    assert len(found) == 1 and "'p'" in found[0].message and found[0].span.line == PACK.count("\n") + 2


@pytest.mark.parametrize("stmt, what", [
    ("offer to opponents first chosen as p { }", "once"),
    ("offer to opponents from left from right as p { }", "once"),
    ("offer to opponents picked as p { }", "no clause"),
])
def test_a_misspelt_clause_is_a_syntax_error(stmt, what):
    d = parse_error(PACK + f"proc q() {{ {stmt} }}")
    assert d.code == "E100" and what in d.message


def test_the_words_stay_names_elsewhere():
    text = PACK + """
counter chosen;
proc offer(n: int) { gain n chosen; }
proc q() {
  offer(2);
  offer to opponents first as partner { each partner { gain 1 chosen; } }
}
"""
    result = analyse_text(text)
    assert result.ok, result.diagnostics


def test_a_proc_returns_through_an_offer_only_with_else():
    returns = PACK + "proc partner_of(): player {\n  offer to opponents as p { return p; } else { return none; }\n}"
    assert analyse_text(returns).ok, analyse_text(returns).diagnostics
    falls = PACK + "proc partner_of(): player {\n  offer to opponents as p { return p; }\n}"
    found = analyse_text(falls).diagnostics
    assert [d.code for d in found] == ["W414"] and "when nobody accepts this offer" in found[0].message
