"""Counters that live for a turn (`counter actions start 1 per turn;`, 3.3) and how many were picked
(`let n = pick ... { ... };`, 4.21): both backends, E470, fmt, explain. From the Dominion audit (its
items 4 and 9): a Village's +2 Actions are lost at Clean-up and the next turn starts at 1; Cellar
draws as many cards as it discarded; Splendor's return of tokens over 10."""

from __future__ import annotations

from rulebook.runtime.engine import Game

from .conftest import explained, found_at, printed_back, random_games_agree, rules_programs, run_proc
from rulebook.compiler.driver import analyse_text, build_text

DOMINION = """
counter actions "Actions" start 1 per turn;
counter buys "Buys" start 1 per turn;
counter coin "Coins" per turn;
counter vp;
kind card { plus_actions: int = 0; coins: int = 0; }
card village "Village" * 2 { plus_actions = 2; }
card copper "Copper" * 5 { coins = 1; }
card estate "Estate" * 3 { }
zone pool of card;
zone hand per_player of card;
zone discard per_player of card;
proc deal() { fill pool with card; draw 10 from pool to hand; }
proc resolve(c: card) { lose 1 actions; gain c.plus_actions actions; move c to discard; }
proc turn() {
  pick c from hand where c.plus_actions > 0 and actions > 0 "play an Action?" repeatedly { resolve(c); }
  for each t in hand where t.coins > 0 { gain t.coins coin; }
  if buys > 0 and coin >= 3 { lose 1 buys; lose 3 coin; gain 1 vp; }
}
proc cellar() {
  let n = pick c from hand where c.name != "village" "discard a card?" repeatedly { move c to discard; };
  gain n vp;
}
"""

program = rules_programs(DOMINION)


def stock(g, what: str, seat: int = 0) -> int:
    return g.state.players[seat].stock[what]


def dealt(program, more: str = "") -> Game:
    g = Game(program(more), 2, 1)
    run_proc(g, "deal")
    return g


def test_a_village_s_actions_are_lost_when_the_turn_ends_and_the_next_starts_at_one(program):
    g = dealt(program)
    assert (stock(g, "actions"), stock(g, "buys"), stock(g, "coin")) == (1, 1, 0)
    # a Village (+2 Actions: 1 - 1 + 2 = 2 left), the other Village (2 - 1 + 2 = 3): no Action is left to play
    run_proc(g, "turn", answers=["Village (1 of 2)", "Village"])
    assert stock(g, "actions") == 1
    assert stock(g, "vp") == 1   # 5 coins: one buy of 3, 2 coins left over
    # the turn is over: the 3 Actions, the unused coins and the spent Buy are back to the turn's start
    assert (stock(g, "actions"), stock(g, "buys"), stock(g, "coin")) == (1, 1, 0)


def test_inside_the_turn_the_counters_keep_what_was_gained(program):
    g = dealt(program, "proc outer() { turn(); set vp = actions * 10 + coin; }\n"
                       "proc inner() { gain 2 actions; gain 4 coin; set vp = actions * 10 + coin; }\n"
                       "proc turn2() { inner(); }")
    run_proc(g, "inner")
    assert stock(g, "vp") == 34   # not per inner: kept
    run_proc(g, "outer", answers=["none"])
    assert stock(g, "vp") == 10   # read after turn() returned: back to 1 Action and 0 coins


def test_a_return_out_of_the_turn_ends_it_too(program):
    g = dealt(program, "counter spare per quick;\nproc quick() { gain 5 spare; if spare > 1 { return; } gain 1 vp; }\n"
                       "proc caller() { quick(); set vp = spare + 1; }")
    run_proc(g, "caller")
    assert stock(g, "vp") == 1 and stock(g, "spare") == 0


def test_per_round_of_a_labelled_loop_and_a_global_counter(program):
    """Agricola (a house rule for illustration): food given each round is eaten or lost at its end; the
    pot of the round is shared."""
    more = """
counter food per round;
counter pot global per round;
proc rounds() {
  repeat 3 as round { gain 2 food; set pot = pot + 1; set vp = vp + food * 10 + pot; }
}
proc broken() {
  while true as round { gain 3 food; set pot = 7; break; }
}
"""
    g = Game(program(more), 2, 1)
    run_proc(g, "rounds")
    assert stock(g, "vp") == 3 * 21 and stock(g, "food") == 0 and g.state.globals["pot"] == 0
    run_proc(g, "broken")
    assert stock(g, "food") == 0 and g.state.globals["pot"] == 0


def test_cellar_draws_as_many_as_it_discarded(program):
    g = dealt(program)
    run_proc(g, "cellar", answers=["Copper (1 of 5)", "Estate (1 of 3)", "none"])
    assert stock(g, "vp") == 2 and len(g.state.players[0].zones["discard"]) == 2


def test_nothing_picked_binds_zero(program):
    g = dealt(program)
    run_proc(g, "cellar", answers=["none"])
    assert stock(g, "vp") == 0


SPLENDOR = """
counter vp;
enum gem { ruby, onyx, pearl }
counter gems[gem];
proc give_back() {
  set gems[ruby] = 5; set gems[onyx] = 4; set gems[pearl] = 3;
  # Splendor: over 10 tokens, return the excess: each returned token is a point here, to count them
  let n = pick g from gem where gems[ruby] + gems[onyx] + gems[pearl] > 10 and gems[g] > 0
      "return a token" exactly 3 { lose 1 gems[g]; };
  set vp = n;
}
"""


splendor = rules_programs(SPLENDOR)


def test_splendor_returned_tokens_are_counted(splendor):
    g = Game(splendor(), 2, 1)
    run_proc(g, "give_back", answers=["ruby", "onyx"])
    assert stock(g, "vp") == 2   # 12 tokens: two returned, then 10 is no longer over, and the pick ends


def test_per_naming_no_proc_or_label_is_e470():
    text = DOMINION + "counter spare per turns;\n"
    assert ("E470", DOMINION.count("\n") + 1, 19) in found_at(text)   # at the name after 'per'
    both = DOMINION + "counter spare per turn;\nproc p() { repeat 2 as turn { } }\n"
    assert [c for c, *_ in found_at(both) if c == "E470"] == ["E470"] * 4   # each counter per turn
    assert not [d for d in analyse_text(DOMINION).diagnostics if d.severity == "error"]


def test_fmt_writes_both_back():
    module, printed = printed_back(DOMINION)
    assert 'counter actions "Actions" start 1 per turn;' in printed
    assert "let n = pick c from hand where c.name != \"village\" \"discard a card?\" repeatedly {" in printed
    assert "  };" in printed


def test_explain_reads_both():
    result = analyse_text(DOMINION)
    assert "It goes back to its start at the end of each call of “turn”, every player's" in explained(result, "coin")
    assert "Let n be how many were picked (0 if none was)." in explained(result, "cellar")


def test_a_set_by_hand_to_the_start_is_w506():
    text = DOMINION.replace("proc turn() {\n", "proc turn() {\n  set actions = 1;\n  set coin = 2;\n") \
        .replace("  if buys > 0 and coin >= 3 { lose 1 buys; lose 3 coin; gain 1 vp; }\n",
                 "  if buys > 0 and coin >= 3 { lose 1 buys; lose 3 coin; gain 1 vp; }\n  set coin = 0;\n"
                 "  if coin == 0 { set buys = 1; }\n")
    line = DOMINION.split("\n").index("proc turn() {") + 2
    # the start of the turn's Actions and the Clean-up's coins; not 2 coins, not a set under an if
    assert [f for f in found_at(text) if f[0] == "W506"] == [("W506", line, 3), ("W506", line + 5, 3)]
    assert not [f for f in found_at(DOMINION) if f[0] == "W506"]


GAME = DOMINION + """
counter food "Food" per round;
proc harvest() {
  while true as round {
    gain 2 food;
    if food > 1 { break; }
  }
}
proc quick() { gain 2 coin; if coin > 1 { return; } gain 1 vp; }
game dominion {
  seats 2 to 3;
  phase setup { fill pool with card; shuffle pool; each players { draw 4 from pool to hand; } }
  phase play {
    repeat 4 as round {
      each players { turn(); cellar(); quick(); harvest(); gain food vp; gain coin vp; gain actions vp; }
    }
  }
  winner most vp;
}
"""


def test_whole_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 5), counts=(2, 3))


# ---------------------------------------------------------------- piles(ZONE): the piles ever set out

SUPPLY = """
counter vp;
kind card { kingdom: bool = false; }
card copper "Copper" * 3 { }
card village "Village" * 2 { kingdom = true; }
card smithy "Smithy" * 2 { kingdom = true; }
card moat "Moat" * 2 { kingdom = true; }
card mine "Mine" * 2 { kingdom = true; }
zone supply[card] "Supply" of card;
zone trash of card;
zone discard per_player of card;
func empty_piles() = count(c in piles(supply) where size(supply[c]) == 0);
proc setup_supply() {
  for each k in [village, smithy, moat] { fill supply[k] with card where declaration(it) == k; }
  fill supply[copper] with card where declaration(it) == copper;
}
proc take(c: card) { draw 1 from supply[c] to discard; }
proc late() { move mine to supply[mine]; move mine to trash; }
proc score() { set vp = empty_piles() * 10 + size(piles(supply)); }
"""

supply = rules_programs(SUPPLY)


def supplied(supply) -> Game:
    g = Game(supply(), 2, 1)
    run_proc(g, "setup_supply")
    return g


def test_piles_lists_the_piles_set_out_not_the_unused_ones(supply):
    g = supplied(supply)
    assert [e.name for e in g.piles("supply")] == ["copper", "village", "smithy", "moat"]   # declaration order
    run_proc(g, "score")
    assert stock(g, "vp") == 4   # no pile is empty yet: the Mine pile, never set out, does not count


def test_three_emptied_piles_end_a_dominion_game_an_unused_one_does_not(supply):
    g = supplied(supply)
    for c in ("village", "village", "smithy", "smithy"):
        run_proc(g, "take", g.program.entities[c])
    run_proc(g, "score")
    assert stock(g, "vp") == 2 * 10 + 4   # two emptied piles; the unused Mine pile is not a third
    run_proc(g, "take", g.program.entities["moat"])
    run_proc(g, "take", g.program.entities["moat"])
    run_proc(g, "score")
    assert stock(g, "vp") == 3 * 10 + 4


def test_a_pile_filled_by_a_move_counts_once_emptied_again(supply):
    g = supplied(supply)
    run_proc(g, "late")
    run_proc(g, "score")
    assert stock(g, "vp") == 1 * 10 + 5   # the Mine pile held a card, and is empty again


def test_the_piles_set_out_are_saved_and_read_back(supply, tmp_path):
    from rulebook.runtime.record import load_state, save_state
    g = supplied(supply)
    save_state(g.state, tmp_path / "s.json")
    state = load_state(tmp_path / "s.json", g.program)
    assert state.filled == g.state.filled == {"supply[copper]", "supply[village]", "supply[smithy]", "supply[moat]"}
    assert "filled" not in Game(build_text(DOMINION), 2, 1).state.to_json()   # a pack without piles()


def test_a_pack_without_piles_plays_a_plain_game(program):
    assert type(Game(program(), 2, 1)) is Game


def test_piles_misuse_is_e471_and_e472():
    text = SUPPLY + """
zone market of card;
zone rows[card] per_player of card;
zone grid[1..2, 1..3] of card;
func f1() = size(piles(market));
func f2() = size(piles(rows));
func f3() = size(piles(grid));
func f4() = size(piles(supply[copper]));
"""
    base = SUPPLY.count("\n") + 5
    assert [f for f in found_at(text) if f[0] in ("E471", "E472")] == [
        ("E471", base, 24), ("E472", base + 1, 24), ("E471", base + 2, 24), ("E471", base + 3, 24)]
    # a pack's own `piles` keeps its name
    assert not analyse_text("counter vp;\nfunc piles(n: int) = n * 2;\nproc p() { gain piles(3) vp; }\n").diagnostics


def test_explain_reads_piles():
    assert "the piles of the supply that were ever set out" in explained(analyse_text(SUPPLY), "empty_piles")


PILE_GAME = SUPPLY.replace("proc take(c: card)", "proc take_(c: card)") + """
proc turn() {
  pick c from card where size(supply[c]) > 0 "buy a card?" optional { draw 1 from supply[c] to discard; gain 1 vp; }
  if empty_piles() >= 3 { end game; }
}
game dominion {
  seats 2 to 3;
  phase setup { setup_supply(); }
  phase play { while true { each players: turn(); } }
  winner most vp;
}
"""


def test_games_ending_on_three_piles_agree_on_both_backends():
    random_games_agree(PILE_GAME, seeds=range(1, 5), counts=(2, 3))


RETURNING = """
counter vp;
event ping();
proc turn() {
  whenever you ping() until end of turn { gain 1 vp; }
  if true { return; }
}
proc p() { turn(); emit ping(); }
"""

returning = rules_programs(RETURNING)


def test_a_return_ends_what_lasted_until_the_end_of_the_proc_on_both_backends(returning):
    """(A fix on the way: the interpreter's `return` is an exception through the proc's watch, which took
    it for the game stopping and left the trigger in force; the compiled `return` ended it.)"""
    g = Game(returning(), 2, 1)
    run_proc(g, "p")
    assert stock(g, "vp") == 0


def test_a_recursive_call_of_the_proc_leaves_the_count_to_the_outer_call(program):
    """A proc `per` names that calls itself (a Throne Room playing the turn's step again, a chain of
    captures): the nested call's return does not put the counter back; the outermost call's does."""
    more = ("counter chain_len \"Captures in the chain\" per capture;\n"
            "proc capture(n: int) { gain 1 chain_len; if n > 1 { capture(n - 1); } gain chain_len vp; }\n"
            "proc take_turn() { capture(3); set vp = vp * 10 + chain_len; }\n")
    g = dealt(program, more)
    run_proc(g, "take_turn")
    # the innermost call sees 3, then (the count going on) each outer one 3: 9 vp; after the outermost
    # call the chain is back to 0 (the old reading put it back at each return: 3 + 0 + 0 = 3)
    assert stock(g, "vp") == 90 and stock(g, "chain_len") == 0
    # mutual recursion alike: the count is the outermost running call's
    more2 = more + "proc relay(n: int) { capture(n); }\nproc hop(n: int) { gain 1 chain_len; if n > 0 { relay(n - 1); } }\n"
    g = dealt(program, more2.replace("if n > 1 { capture(n - 1); }", "if n > 1 { hop(n - 1); }"))
    run_proc(g, "take_turn")
    # capture(3) 1, hop(2) 2, capture(1) 3 and gains 3; back in capture(3) the count is still 3: 6 (was 3)
    assert stock(g, "chain_len") == 0 and stock(g, "vp") == 60
