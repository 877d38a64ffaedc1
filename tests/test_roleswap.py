"""`swap ZONE with ZONE unseen;` (4.14): a swap only the acting player sees. One Night Ultimate Werewolf's Robber,
Troublemaker and Drunk move cards while the table's eyes are closed, Mascarade's players swap under the table: the
acting player keeps what they knew of the cards, where they went; every other player still believes what they saw
where they saw it, so no screen of theirs changes (the plain swap made them forget, which told them). E611 (a swap
the others watch), W591 (a plain swap in a secret decision's block), fmt, explain, saved games, both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load_state, save_state

from .conftest import (analyse_text, answer_by_prompt, explained, found_at, parse_error, played_on_both_backends,
                       printed_back, rules_program, run_answering, screens, write_pack)
from .test_werewolf_pack import PACK as WEREWOLF, dealt, learnt

MASCARADE = """
kind character { gold: int; }
character king "King" { gold = 3; }
character queen "Queen" { gold = 2; }
character bishop "Bishop" { gold = 2; }
character cheat "Cheat" { gold = 1; }
zone deck of character secret;
zone card per_player of character secret;
counter coins "Coins" from 0 to 13 start 6;
proc turn() {
  pick p from opponents "swap (or pretend to) with whom?" secret {
    choose "swap for real?" secret {
      option "swap" { swap card with p.card unseen; }
      option "pretend" { }
    }
  }
}
proc peek() { look card; }
game mascarade "Mascarade" {
  seats 2 to 4;
  phase setup {
    fill deck with character;
    shuffle deck;
    each players {
      draw 1 from deck to card;
      reveal card;
    }
  }
  phase play {
    repeat 2 {
      each players: turn();
    }
    each players: gain total(c in card, c.gold) coins;
  }
  winner most coins;
}
"""

program = rules_program(MASCARADE)

NIGHT = {"lone Werewolf": "3", "Robber": "P5", "Troublemaker: swap": "P1", "Troublemaker: with": "P4", "Drunk": "1"}


def cards(game: Game, zone: str = "card") -> list[str]:
    return [game.zone(p, zone).items[0].title for p in game.state.players]


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_no_night_action_shows_on_a_screen_but_the_acting_players(backend):
    """The Werewolf pack's night, screen by screen: between one decision and the next only the screen of the player
    who acted changes (the Robber sees where his card went and his new one, the Drunk where he put his); at dawn the
    robbed Werewolf still sees his Werewolf and the Robber, moved on by the Troublemaker, still believes he holds it."""
    program = compile_pack(WEREWOLF).program if backend == "compiled" else interpret_pack(WEREWOLF)
    game = dealt(program, ["robber", "troublemaker", "drunk", "insomniac", "werewolf"], ["seer", "villager", "werewolf#2"])
    shots, actors = [], []

    def answer(d):
        shots.append(screens(game, range(5)))
        actors.append({d.player.index})
        return next((d.index_of(a) for k, a in NIGHT.items() if d.prompt.startswith(k)), 0)

    run_answering(program.procs["night"](game, game.state.players[0]), answer)
    shots.append(screens(game, range(5)))
    actors[-1].add(3)   # after the Drunk, the Insomniac's look, asked nothing, ends the night
    assert actors == [{4}, {0}, {1}, {1}, {2, 3}]
    for before, after, acting in zip(shots, shots[1:], actors):
        changed = {i for i in range(5) if before[i] != after[i]}
        assert changed <= acting, (acting, changed)
    assert shots[0][4] == shots[-1][4].replace("Centre 3: 1 secret (you know: Werewolf)", "Centre 3: 1 secret")
    dawn = shots[-1]
    assert "your Card: 1 secret (you know: Werewolf)" in dawn[0]   # the Robber: wrong, and he cannot tell
    assert "Card dealt: Robber" in dawn[0] and "P5" in dawn[0] and "(you know: Robber)" in dawn[0]
    assert "Centre 1: 1 secret (you know: Drunk)" in dawn[2] and "your Card: 1 secret\n" in dawn[2]
    assert "your Card: 1 secret (you know: Werewolf)" in dawn[3]   # the Insomniac looked: the truth
    assert learnt(game, 4, "held") == ["Werewolf"] and "Card dealt: Werewolf" in dawn[4]


def test_a_plain_swap_tells_the_robbed_player_and_w591_says_so(tmp_path):
    """Without `unseen`, the robbed Werewolf forgets his card as it moves: his screen shows the swap the Robber's
    secret pick hides. The lint says so at each of the three swaps of the night."""
    text = (Path(WEREWOLF) / "werewolf.rules").read_text().replace(" unseen;", ";")
    pack = write_pack(tmp_path, text, "werewolf")
    assert [c for c, *_ in found_at(text)].count("W591") == 3
    program = compile_pack(str(pack)).program
    game = dealt(program, ["robber", "troublemaker", "drunk", "insomniac", "werewolf"], ["seer", "villager", "werewolf#2"])
    before = screens(game, [4])[0]
    answer_by_prompt(program.procs["night"](game, game.state.players[0]), NIGHT)
    assert "(you know: Werewolf)" in before and "your Card: 1 secret (you know" not in screens(game, [4])[0]


def test_mascarade_the_player_who_swapped_knows_the_others_believe_what_they_saw(program):
    game = Game(program, 3, 1)
    game.start()   # the setup shows every card to everyone, then the first turn asks P1
    dealt_cards = cards(game)
    before = screens(game, [1, 2])
    answer_by_prompt(program.procs["turn"](game, game.state.players[0]), {"swap (or": "P2", "swap for": "swap"})
    assert cards(game) == [dealt_cards[1], dealt_cards[0], dealt_cards[2]]
    assert screens(game, [1, 2]) == before   # P2 and P3 saw nothing
    mine = game.view(0)
    assert [c["title"] for c in mine["players"][0]["zones"]["card"]["known"]] == [dealt_cards[1]]
    assert [c["title"] for c in mine["players"][1]["zones"]["card"]["known"]] == [dealt_cards[0]]
    theirs = game.view(1)   # P2 still believes they hold the card they were dealt
    assert [c["title"] for c in theirs["players"][1]["zones"]["card"]["known"]] == [dealt_cards[1]]
    assert [c["title"] for c in theirs["players"][0]["zones"]["card"]["known"]] == [dealt_cards[0]]


def test_a_look_ends_the_belief(program):
    game = Game(program, 3, 1)
    game.start()
    dealt_cards = cards(game)
    answer_by_prompt(program.procs["turn"](game, game.state.players[0]), {"swap (or": "P2", "swap for": "swap"})
    run_answering(program.procs["peek"](game, game.state.players[1]), lambda d: 0)
    theirs = game.view(1)
    assert [c["title"] for c in theirs["players"][1]["zones"]["card"]["known"]] == [dealt_cards[0]]
    # the card they now see is no longer believed in P1's hand; what P1 holds now, they do not know
    assert theirs["players"][0]["zones"]["card"].get("known", []) == []
    assert not any(1 in seats for d in game.state.remembered.values() for seats in d.values())


def test_beliefs_are_saved_and_played_alike_on_both_backends(tmp_path, program):
    game = Game(program, 3, 1)
    game.start()
    answer_by_prompt(program.procs["turn"](game, game.state.players[0]), {"swap (or": "P3", "swap for": "swap"})
    assert game.state.remembered   # P2 and P3 still place the two cards where they saw them
    save_state(game.state, tmp_path / "s.json")
    again = Game(program, 3, 1)
    again.state = load_state(tmp_path / "s.json", program)
    assert again.state.remembered == game.state.remembered and again.view(2) == game.view(2)
    pack = write_pack(tmp_path / "mascarade", MASCARADE, "mascarade")
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        played_on_both_backends(pack, players, seed)


def test_unseen_is_printed_back_and_explained():
    module, printed = printed_back(MASCARADE)
    assert "swap card with p.card unseen;" in printed
    assert "Unseen: only the acting player sees it done" in explained(analyse_text(MASCARADE), "turn")
    assert "swap hand with p.hand;" in printed_back(MASCARADE.replace("swap card with p.card unseen;",
                                                                      "swap card with p.card;"))[1].replace("card", "hand")


def test_a_swap_the_others_watch_cannot_be_unseen():
    base = """kind card { strength: int; }
zone hand per_player of card hidden;
zone discards per_player of card;
zone mine per_player of card hidden from owner;
"""
    assert [(c, ln, col) for c, ln, col in found_at(base + "proc p(q: player) { swap discards with q.discards unseen; }")
            if c != "W401"] == [("E611", 5, 26)]
    assert [c for c, *_ in found_at(base + "proc p(q: player) { swap hand with q.mine unseen; }")
            if c != "W401"] == ["E611"]
    assert [c for c, *_ in found_at(base + "proc p(q: player) { swap hand with q.hand unseen; }") if c != "W401"] == []


def test_a_secret_picks_plain_swap_is_w591_and_unseen_misspelt_is_e100():
    base = """kind card { strength: int; }
zone hand per_player of card hidden;
zone pile of card;
"""
    secret = base + 'proc p() { pick q from opponents "whom?" secret { swap hand with q.hand; } }'
    assert [c for c, *_ in found_at(secret) if c != "W401"] == ["W591"]
    open_pick = base + 'proc p() { pick q from opponents "whom?" { swap hand with q.hand; } }'
    assert [c for c, *_ in found_at(open_pick) if c != "W401"] == []   # an answer the table hears: no secret kept
    seen = base + 'proc p() { pick q from opponents "whom?" secret { swap hand with pile; } }'
    assert "W591" not in [c for c, *_ in found_at(seen)]   # the pile is face up: the swap is watched anyway
    d = parse_error(base + "proc p(q: player) { swap hand with q.hand unsen; }")
    assert d.code == "E100" and "did you mean 'unseen'" in d.hint


def test_unseen_is_coloured_only_as_a_swaps_last_word():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def kinds(text: str) -> list:
        return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value == "unseen"]

    assert kinds("swap held with p.held unseen;") == [(Keyword, "unseen")]
    assert all(kind is not Keyword for kind, _ in kinds("let unseen = 2; gain unseen vp;"))
    assert all(kind in Name for kind, _ in kinds("let unseen = 2;"))
