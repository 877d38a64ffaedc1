"""Hidden information: zone visibility, reveal and look, Game.view(i), and agents that get the view."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime import view as view_module
from rulebook.runtime.agents import Agent, HumanAgent, RandomAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State

from .conftest import ScriptedConsole, dealt, rules_program, run_proc

# a Love Letter-like pack: hidden hands, a secret deck, open discards
PACK = """
counter vp;
kind card { strength: int; }
zone hand per_player of card hidden;
zone deck of card secret;
zone discards per_player of card;
card guard "Guard" { strength = 1; }
card priest "Priest" { strength = 2; }
card baron "Baron" { strength = 3; }
card handmaid "Handmaid" { strength = 4; }
card prince "Prince" { strength = 5; }
card king "King" { strength = 6; }
card countess "Countess" { strength = 7; }
card princess "Princess" { strength = 8; }
proc deal() { fill deck with card; each players { draw 2 from deck to hand; } }
proc priest_look() { pick p from opponents "look at whose hand?" { look p.hand; } }
proc show_top() { reveal first(deck); }
proc peek_deck() { look deck; }
proc discard_one() {
  pick c from hand "discard" { move c to discards; gain c.strength vp; }
}
game love_letter {
  seats 2 to 4;
  phase setup { deal(); }
  phase play { repeat 3 { each players { discard_one(); draw 1 from deck to hand; } } }
  winner most vp;
}
"""
NAMES = ["guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"]
TITLES = ["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess", "Princess"]


program = rules_program(PACK)


def names(zone_view: dict, key: str = "items") -> list[str]:
    return [e["name"] for e in zone_view[key]]


def test_owner_sees_a_hidden_hand_others_its_size_nobody_a_secret_deck(program):
    g = dealt(program)
    v0 = g.view(0)
    assert names(v0["players"][0]["zones"]["hand"]) == ["guard", "priest"]
    theirs = v0["players"][1]["zones"]["hand"]
    assert theirs == {"visibility": "hidden", "size": 2, "known": []}
    assert v0["zones"]["deck"] == {"visibility": "secret", "size": 4, "known": []}
    assert v0["players"][1]["zones"]["discards"]["items"] == []        # public, empty
    v1 = g.view(1)
    assert names(v1["players"][1]["zones"]["hand"]) == ["baron", "handmaid"]
    assert "items" not in v1["players"][0]["zones"]["hand"]
    assert v0 != v1


def test_look_shows_one_player_until_the_item_moves(program):
    g = dealt(program, 3)
    run_proc(g, "priest_look", answers=["P3"])
    seen = g.view(0)["players"][2]["zones"]["hand"]
    assert "items" not in seen and names(seen, "known") == ["king", "prince"]   # by name, not position
    assert g.view(1)["players"][2]["zones"]["hand"]["known"] == []     # P2 learnt nothing
    run_proc(g, "discard_one", player=2, answers=["King"])
    assert names(g.view(0)["players"][2]["zones"]["hand"], "known") == ["prince"]   # the King moved
    assert names(g.view(1)["players"][2]["zones"]["discards"]) == ["king"]


def test_known_items_in_a_secret_zone_are_listed_by_name_never_by_position(program):
    g = dealt(program)
    g.state.zones["deck"].reverse()
    run_proc(g, "peek_deck")
    known = names(g.view(0)["zones"]["deck"], "known")
    assert known == sorted(known) and set(known) == {"prince", "king", "countess", "princess"}
    assert g.view(1)["zones"]["deck"]["known"] == []


def test_reveal_shows_every_player(program):
    g = dealt(program, 3)
    top = g.state.zones["deck"][0].name
    run_proc(g, "show_top")
    assert all(names(g.view(i)["zones"]["deck"], "known") == [top] for i in range(3))


def test_knowledge_is_saved_loaded_and_part_of_the_digest(program):
    g = dealt(program)
    before = g.state.digest()
    run_proc(g, "priest_look")
    assert g.state.digest() != before
    data = g.state.to_json()
    assert data["known"] == {"baron": [0], "handmaid": [0]}
    again = State.from_json(json.loads(json.dumps(data)), program.entities)
    assert again.known == g.state.known and again.digest() == g.state.digest()


def test_a_game_without_reveal_or_look_keeps_its_old_json_form(program):
    assert "known" not in dealt(program).state.to_json()


def test_the_view_is_json_and_shows_a_decision_only_to_its_player(program):
    g = Game(program, 2, 3, [RandomAgent(1), RandomAgent(2)])
    d = g.start()
    mine, theirs = g.view(d.player.index), g.view(1 - d.player.index)
    assert json.loads(json.dumps(mine)) == mine
    assert mine["decision"]["prompt"] == "discard" and len(mine["decision"]["options"]) == 2
    assert theirs["decision"] is None


class Spy(Agent):
    """Reads everything public it is handed and remembers every string in it; with `probes`, also
    asks the question's `index_of` for each of those labels (titles), remembering those it takes:
    an answer by a title the player may not see would tell that the card is there."""

    def __init__(self, seat: int, probes: tuple = ()):
        self.seat, self.rng, self.seen, self.probes = seat, RandomAgent(seat), [], probes

    def collect(self, value, out: set) -> None:
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            for k, v in value.items():
                self.collect(k, out)
                self.collect(v, out)
        elif isinstance(value, (list, tuple)):
            for v in value:
                self.collect(v, out)
        elif value is not None and not isinstance(value, (int, float, bool)):
            for attr in dir(value):
                if not attr.startswith("_") and not callable(getattr(value, attr)):
                    self.collect(getattr(value, attr), out)

    def choose(self, decision, view) -> int:
        found: set = set()
        self.collect(decision, found)
        self.collect(dict(view), found)
        for label in self.probes:
            try:
                decision.index_of(label)
            except ValueError:
                continue
            found.add(label)
        self.seen.append(found)
        return self.rng.choose(decision, view)


def test_a_spying_agent_finds_no_card_of_the_opponents_hand(program):
    spies = [Spy(0, tuple(TITLES)), Spy(1, tuple(TITLES))]
    g = Game(program, 2, 7, spies)
    hands_at_ask = []
    original = g.offer

    def offer(d):
        other = g.state.players[1 - d.player.index]
        hands_at_ask.append((d.player.index, {e.name for e in other.zones["hand"]} |
                             {e.title for e in other.zones["hand"]}))
        return original(d)

    g.offer = offer
    g.play()
    asked = {0: iter(spies[0].seen), 1: iter(spies[1].seen)}
    checked = 0
    for seat, hidden in hands_at_ask:
        seen = next(asked[seat])
        assert not (seen & hidden), (seat, seen & hidden)
        assert any(t in seen for t in TITLES)       # the spy does see its own hand
        checked += 1
    assert checked >= 6


def test_random_agents_never_build_a_view(program, monkeypatch):
    def refuse(game, index):
        raise AssertionError("a view was built")
    monkeypatch.setattr(view_module, "build_view", refuse)
    result = Game(program, 3, 5, [RandomAgent(i) for i in range(3)]).play()
    assert result["winners"]


def test_random_games_stay_deterministic_with_the_new_protocol(program):
    def play():
        g = Game(program, 3, 11, [RandomAgent(i) for i in range(3)])
        return g.play(), g.log
    assert play() == play()


def test_the_human_agent_shows_own_hand_and_stocks_but_not_the_others_hand(program):
    console = ScriptedConsole()
    g = Game(program, 2, 3, [HumanAgent(console), HumanAgent(console)])
    d = g.start()
    assert g.agents[d.player.index].choose(*g.offer(d)) == 0
    text = "\n".join(console.printed)
    me, other = g.state.players[d.player.index], g.state.players[1 - d.player.index]
    assert "your hand: [" in text and all(e.title in text for e in me.zones["hand"])
    assert not any(e.title in text for e in other.zones["hand"])
    assert "2 hidden" in text and "4 secret" in text


def test_a_shared_hidden_zone_is_refused_at_lint():
    found = analyse_text("kind card { n: int; }\nzone pile of card hidden;\n").diagnostics
    assert [(d.code, d.span.line) for d in found] == [("E320", 2)]


def test_reveal_needs_an_item_or_a_zone():
    found = analyse_text("counter vp;\nproc p() { reveal vp; }\n").diagnostics
    assert [d.code for d in found if d.severity == "error"] == ["E303"]


# ---------------------------------------------------------------------------- Federation


@pytest.fixture
def federation(federation_programs):
    return federation_programs["compiled"]


def test_federation_views_differ_between_players_and_keep_face_down_stacks_hidden(federation):
    g = Game(federation, 3, 4, [RandomAgent(i) for i in range(3)])
    d = g.start()
    for _ in range(30):
        d = g.apply(g.agents[d.player.index].choose(*g.offer(d)))
    views = [g.view(i) for i in range(3)]
    assert views[0] != views[1] != views[2]
    assert [v["decision"] is not None for v in views] == [i == d.player.index for i in range(3)]
    for zone in ("laws_left", "laws_right", "deep_space"):
        shown = views[0]["zones"][zone]
        assert shown["visibility"] == "secret" and "items" not in shown
        assert shown["size"] == len(g.state.zones[zone])
    text = json.dumps(views[1])
    assert not any(f'"name": "{e.name}"' in text for e in g.state.zones["laws_left"])


def test_knowledge_survives_save_state_and_load_state(program, tmp_path):
    from rulebook.runtime.record import load_state, save_state

    g = dealt(program, 3)
    run_proc(g, "priest_look", answers=["P3"])
    save_state(g.state, tmp_path / "state.json")
    again = load_state(tmp_path / "state.json", program)
    assert again.known == {"prince": {0}, "king": {0}} and again.digest() == g.state.digest()


def test_a_saved_state_claiming_unknown_knowledge_is_refused(program, tmp_path):
    from rulebook.runtime.engine import RulesRuntimeError
    from rulebook.runtime.record import load_state

    g = dealt(program)
    for known, message in (({"dragon": [0]}, "unknown card or tile 'dragon' known"),
                           ({"guard": [5]}, "not seats of this game")):
        data = g.state.to_json() | {"known": known}
        (tmp_path / "s.json").write_text(json.dumps(data))
        with pytest.raises(RulesRuntimeError) as e:
            load_state(tmp_path / "s.json", program)
        assert message in e.value.message


def test_a_variable_naming_a_hidden_card_shows_only_its_kind_to_whoever_cannot_see_it():
    """A `var` may hold a card from a hidden hand (the card a player set aside in secret): their own
    view names it, an opponent's only says a card is held, until the card is in the open."""
    text = PACK.replace("proc deal()", "var kept: card;\nproc keep() { set kept = first(hand); }\nproc deal()")
    g = dealt(build_text(text))
    run_proc(g, "keep")
    card = g.state.players[0].vars["kept"]
    mine, theirs = g.view(0), g.view(1)
    assert mine["players"][0]["vars"]["kept"] == {"entity": card.key}
    assert theirs["players"][0]["vars"]["kept"] == {"entity": None, "kind": "card"}
    assert card.name not in json.dumps(theirs)
    g.move(card, g.zone(g.state.players[0], "discards"))          # played face up
    assert g.view(1)["players"][0]["vars"]["kept"] == {"entity": card.key}


# ---------------------------------------------------------------------------- 7 Wonders: secret picks

def test_a_secret_pick_shows_in_its_players_view_alone_until_everyone_has_chosen():
    """7 Wonders: the card P1 picked in secret stays in P1's hand until all have chosen; P1's view
    names it under `picked_in_secret`, the others' views never do (nor show which card it is)."""
    from rulebook.compiler.driver import interpret_pack

    g = Game(interpret_pack("seven_wonders"), 3, 1, [RandomAgent(i) for i in range(3)])
    d = g.start()
    while not (d.prompt == "choose a card to play" and d.player.index == 0):
        d = g.apply(g.agents[d.player.index].choose(*g.offer(d)))
    assert all("picked_in_secret" not in g.view(i) for i in range(3))
    card = g.state.players[0].zones["hand"][2]
    d = g.apply(2)                                        # P1 picks their third card
    mine = g.view(0)
    assert mine["chosen_in_secret"] == ["P1"]
    assert mine["picked_in_secret"]["name"] == card.name and mine["picked_in_secret"]["title"] == card.title
    assert card in g.state.players[0].zones["hand"]       # nothing moves before everyone has chosen
    for other in (1, 2):
        theirs = g.view(other)
        assert theirs["chosen_in_secret"] == ["P1"] and "picked_in_secret" not in theirs
        assert f'"{card.key}"' not in json.dumps(theirs)
    theirs = g.agents[1].choose(*g.offer(d))
    picked = g.state.players[1].zones["hand"][theirs]
    d = g.apply(theirs)                                   # P2 picks: each sees their own pick only
    assert g.view(1)["picked_in_secret"]["name"] == picked.name
    assert g.view(0)["picked_in_secret"]["name"] == card.name
    assert "picked_in_secret" not in g.view(2) and f'"{picked.key}"' not in json.dumps(g.view(0))
    d = g.apply(g.agents[2].choose(*g.offer(d)))          # the last pick closes the round
    assert d.prompt.startswith("build it")               # the next secret round: how to use the card
    so_far = g.view(d.player.index)["chosen_in_secret"]   # (a seat with one use left was not asked)
    for i in range(3):
        shown = g.view(i).get("picked_in_secret")
        assert (shown is not None) == (f"P{i + 1}" in so_far) and not isinstance(shown, dict)   # a use now


def test_an_enum_member_is_a_name_in_the_view_and_its_title_on_the_screen():
    """Values stay member names (what a program reading a view relies on); the view carries the
    titles, so a screen reads "the Lumber season", not `lumber`."""
    program = build_text('''
enum season { lumber "the Lumber season", ore }
var now: season = lumber;
var later: season = ore;
counter vp;
game g { seats 2 to 2; phase play {} winner most vp; }
''')
    g = Game(program, 2, 1)
    g.start()
    view = g.view(0)
    mine = view["players"][0]["vars"]
    assert mine == {"later": "ore", "now": "lumber"}
    assert json.loads(json.dumps(view)) == view
    assert view_module.value_text(mine["now"], view) == "the Lumber season"
    assert view_module.value_text(mine["later"], view) == "ore"   # no title: its name
    view["titles"]["ore"] = "changed"
    assert g.view(0)["titles"] == {"lumber": "the Lumber season"}       # each view its own copy
