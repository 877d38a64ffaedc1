"""Card-held overrides, second pass (branch ovfix): a call of a changed func or proc where `you` stands for
no holder (E359), `override phase` in a card (E353), `lose ... to P` of a global counter (E352), `explain`
reading the combined rule, the editor's view of a card's version, and the dispatcher's cost."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import found_at, parse_error, random_games_agree, run_proc, the_one_error

# Cosmic Encounter: each player's alien power changes a rule of the game for them alone.
PACK = """
counter ships;
counter colonies global;
kind alien { text: str; }
zone aliens of alien;
zone power per_player of alien public;
func reward(n: int): int = n;
proc collect(n: int) { gain reward(n) ships; }
proc encounter() { collect(2); }
alien amoeba "Amoeba" {
  text = "You get one ship more.";
  override func reward(n: int): int in power = base(n) + 1;
}
alien virus "Virus" {
  text = "Your reward is doubled.";
  override func reward(n: int): int in power = base(n) * 2;
}
proc deal() { fill aliens with alien; each players { pick a from aliens "which alien?" { move a to power; } } }
"""


def game(phases: str, winner: str = "winner most ships;", seats: str = "seats 2 to 4;") -> str:
    return PACK + f"game cosmic {{ {seats} {phases} {winner} }}\n"


def at(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first `needle` in `text`."""
    i = text.index(needle)
    return text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)


def errors(text: str) -> list[tuple]:
    return [f for f in found_at(text) if f[0][0] == "E"]


# ---------------------------------------------------------------- E359: no holder for the card's rule

def test_a_phase_calling_a_changed_func_for_the_first_player_is_e359_at_the_call():
    text = game("phase setup { deal(); set colonies = reward(3); }")
    result = analyse_text(text)
    the_one_error(result, "E359", "the setup phase calls 'reward' and card 'virus' changes 'reward' for whoever "
                  "holds it in their power")
    d = result.diagnostics[0]
    assert (d.span.line, d.span.column) == at(text, "reward(3)")
    assert "p.reward(...)" in d.hint and "you.reward(...)" in d.hint
    assert d.notes == ("the cards that change 'reward': amoeba, virus",)


def test_a_phase_reaching_one_through_a_proc_names_the_path_at_its_own_call():
    result = analyse_text(game("phase setup { deal(); } phase play { repeat 3 { encounter(); } }"))
    the_one_error(result, "E359", "the play phase calls 'encounter', which calls 'collect' then 'reward' for its 'you'")
    assert "each players: encounter(...);" in result.diagnostics[0].hint
    text = game("phase setup { deal(); } phase play { repeat 3 { encounter(); } }")
    assert errors(text) == [("E359", *at(text, "encounter();"))]


def test_a_step_added_to_a_phase_is_the_phases(tmp_path):
    from .conftest import write_pack
    from rulebook.compiler.driver import analyse

    write_pack(tmp_path / "base", game("phase setup { deal(); }"), name="base")
    house = write_pack(tmp_path / "house", "after setup { set colonies = reward(2); }\n", name="house",
                       extends=["../base"])
    found = [(d.code, d.span.line, d.span.column) for d in analyse(str(house), []).diagnostics if d.code[0] == "E"]
    assert found == [("E359", 1, 30)]


def test_the_winner_lines_condition_is_read_for_the_first_player_too():
    text = game("phase setup { deal(); }", "winner most ships if reward(1) > 1;")
    assert errors(text) == [("E359", *at(text, "reward(1)"))]


def test_saying_whose_rule_it_is_is_no_error_and_runs_that_players_version_on_both_backends():
    # each players (everyone their own), each you and you.f(...) (the first player's, said so), p.f(...)
    text = game("phase setup { deal(); } phase play { each players: encounter(); each you: collect(1); "
                "set colonies = you.reward(1) + total(p in players, p.reward(1)); }")
    assert errors(text) == []
    for interpreted in (False, True):
        g = Game(build_text(PACK + "proc first_only() { each you: collect(1); "
                            "set colonies = you.reward(1) + total(p in players, p.reward(1)); }", interpreted=interpreted), 2, 1)
        run_proc(g, "deal", answers=[0])   # P1 takes the Amoeba, P2 the Virus left
        assert [g.state.players[i].refs["power"].items[0].name for i in (0, 1)] == ["amoeba", "virus"]
        run_proc(g, "first_only", player=0)
        assert [p.stock["ships"] for p in g.state.players] == [1 + 1, 0]
        assert g.state.globals["colonies"] == 2 + (2 + 2)
    random_games_agree(text, seeds=range(1, 3), counts=(2, 3))


def test_alone_at_the_table_the_first_player_is_the_holder():
    assert errors(game("phase setup { deal(); set colonies = reward(3); }", seats="seats 1 to 1;")) == []


def test_calls_inside_each_rank_and_auction_bodies_are_the_players_own():
    text = game("phase setup { deal(); } phase play { each players where reward(1) > 0: collect(1); "
                "rank players by reward(2) award [1] ships; "
                "auction \"bid ships?\" among players up to reward(ships) as (buyer, price) { collect(price); } }")
    assert errors(text) == []


# ---------------------------------------------------------------- E353: override phase in a card

def test_override_phase_in_a_card_is_e353_at_the_phase_name_naming_the_proc_to_override():
    text = PACK + 'alien trader "Trader" { text = ""; override phase play in power { gain 1 ships; } }'
    d = parse_error(text)
    assert d.code == "E353" and "phase 'play' is the game's, run once for everyone" in d.message
    assert (d.span.line, d.span.column) == at(text, "play in") and "override proc turn() in ZONE" in d.hint


# ---------------------------------------------------------------- E352: lose ... to P of a global counter

def test_lose_to_a_player_of_a_global_counter_is_e352_at_the_counter():
    # Twilight Struggle-like: handing the defcon track to the opponent is no transfer
    text = """
    counter vp;
    counter defcon global from 1 to 5 start 5;
    proc coup(p: player) { lose 1 defcon to p; lose 1 vp to p; lose 1 defcon; }
    """
    assert found_at(text) == [("E352", 4, 35)]
    result = analyse_text(text)
    assert "'defcon' is a global counter" in result.diagnostics[0].message
    assert found_at("counter vp;\nproc coup(p: player, c: counter) { lose 1 c to p; }") == []


# ---------------------------------------------------------------- the dispatcher: one call per card

# Lewis & Clark-like: every player has the same set of character cards (a per_player kind); the
# Interpreter in your play area makes each trade bring one more fur.
PER_PLAYER = """
resource fur;
kind character per_player { }
zone deck per_player of character;
zone area per_player of character;
func furs(n: int): int = n;
proc trade() { gain furs(1) fur; }
character interpreter "Interpreter" { override func furs(n: int): int in area = base(n) + 1; }
character scout "Scout" { }
proc setup_decks() { fill deck with character; }
proc recruit() { pick c from deck "recruit?" { move c to area; } }
"""


def test_a_per_player_cards_own_copy_held_runs_its_version_on_both_backends():
    for interpreted in (False, True):
        g = Game(build_text(PER_PLAYER, interpreted=interpreted), 2, 1)
        for seat in (0, 1):
            run_proc(g, "setup_decks", player=seat)
        run_proc(g, "recruit", player=0, answers=["Interpreter"])
        run_proc(g, "recruit", player=1, answers=["Scout"])
        for seat in (0, 1):
            run_proc(g, "trade", player=seat)
        assert [p.stock["fur"] for p in g.state.players] == [2, 1]


def test_the_dispatcher_asks_the_runtime_once_per_card_and_hears_simulate_only_when_held():
    program = build_text(PACK)
    g = Game(program, 3, 1)
    run_proc(g, "deal", answers=[0])   # P1 the Amoeba, P2 the Virus, P3 none
    heard, calls = [], []
    g.held_use = lambda card, holder: heard.append((card.name, holder.name))
    uses = g.held_uses
    g.held_uses = lambda *a: calls.append(a[0].name) or uses(*a)
    for seat in range(3):
        run_proc(g, "collect", 1, player=seat)
    assert calls == ["virus", "amoeba"] * 3   # the last declared outermost, once each per call
    assert heard == [("amoeba", "P1"), ("virus", "P2")]
    assert [p.stock["ships"] for p in g.state.players] == [2, 2, 1]


# ---------------------------------------------------------------- the editor: a card's version of a name

def test_the_editor_lists_the_rule_and_the_cards_versions_renames_them_all_and_outlines_them(tmp_path):
    # Santorini: a god changes how its holder's workers climb; a house pack amends Apollo and adds Artemis
    from rulebook.compiler.workspace import Workspace

    from .conftest import write_pack

    base = write_pack(tmp_path / "base", """\
        counter height;
        kind god { }
        zone gods of god;
        zone patron per_player of god public;
        func can_climb(up: int): bool = up <= 1;
        proc climb(up: int) { if can_climb(up) { gain up height; } }
        god apollo "Apollo" { override func can_climb(up: int): bool in patron = base(up) or up == 2; }
        god pan "Pan" { override func can_climb(up: int): bool in patron = base(up); }
        """, name="base")
    house = write_pack(tmp_path / "house", """\
        amend apollo { override func can_climb(up: int): bool in patron = base(up) or up == 3; }
        god artemis "Artemis" { override func can_climb(up: int): bool in patron = base(up) or up == 4; }
        """, name="house", extends=["../base"])
    view = Workspace().view(house / "main.rules")
    assert {p.parent.name: [d.code for d in found] for p, found in view.diagnostics().items() if found} == \
        {"house": ["I404"]}
    key = ("name", "can_climb")
    where = [(o.span.file.split("/")[-2], o.span.line, o.span.column, o.role) for o in view.occurrences_of(key)]
    assert where == [("base", 5, 6, "decl"), ("base", 6, 26, "ref"), ("base", 7, 37, "held"),
                     ("base", 8, 31, "held"), ("house", 1, 30, "held"), ("house", 2, 39, "held")]
    assert [(o.span.line, o.role) for o in view.references(key, declarations=False)] == [(6, "ref")]
    assert len(view.references(key, declarations=True)) == len(where)
    # go to definition: the rule, then the versions as they stack (the last declared outermost), the
    # version an amend replaced last
    defs = [(o.span.file.split("/")[-2], o.span.line) for o in view.definitions(key)]
    assert defs == [("base", 5), ("house", 2), ("base", 8), ("house", 1), ("base", 7)]
    # from the base's name and from a card's version: the same name, renamed everywhere
    shown = {p.parent.name: s for s, p in view.paths.items()}
    for at in (view.target_at(shown["base"], 5, 8), view.target_at(shown["house"], 2, 40)):
        assert at.key == key
        edits = view.rename(at, "can_go_up")
        assert sorted((f.split("/")[-2], s.line, s.column) for f, spans in edits.items() for s in spans) == \
            sorted(w[:3] for w in where)
    # the outline shows each card's version under it; hover reads the one rule
    outline = {s["name"]: [(c["name"], c["category"], c["detail"], c["name_span"].column) for c in s["children"]]
               for s in view.symbols_of(shown["house"])}
    assert outline == {"amend apollo": [("override can_climb", "func", "in patron", 30)],
                       "artemis": [("override can_climb", "func", "in patron", 39)]}
    hover = view.hover(view.target_at(shown["house"], 2, 40))
    assert "If you hold Artemis in your patron:\n    True when" in hover and "\n  Otherwise, if you hold Pan" in hover
    assert "Otherwise, if you hold Apollo in your patron (amended by" in hover and "Otherwise:\n    True when" in hover
    assert "can_climb.base" not in hover and "held" not in hover


def test_an_actor_holds_cards_in_its_own_zones_and_gets_their_version_on_both_backends():
    # a neutral alien (an actor) with a power of its own: its collections follow it, and a phase asking
    # for them says whose they are (each neutral), so no E359
    text = PACK + """
    actor neutral "The neutral alien";
    proc give(a: alien) { move a to neutral.power; }
    proc neutral_turn() { each neutral: collect(3); }
    game cosmic { seats 2 to 4; phase setup { fill aliens with alien; } phase play { neutral_turn(); } winner most ships; }
    """
    assert errors(text) == []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "neutral_turn")
        run_proc(g, "give", g.program.entities["amoeba"])
        run_proc(g, "neutral_turn")
        assert g.state.actors["neutral"].stock["ships"] == 3 + (3 + 1)
        assert [p.stock["ships"] for p in g.state.players] == [0, 0]


def test_can_of_a_proc_cards_change_reads_the_version_in_force_for_the_asker():
    # Coup: the Duke's holder may always take tax; the others take income only below 5 coins. `can act()`
    # tests the choose of the version in force for the asker (once E377; branch anytime, E411 when a
    # version opens with no decision)
    text = """
    resource coin;
    kind role { }
    zone hand per_player of role;
    proc act() { choose "act?" { option "income" when coin < 5 { gain 1 coin; } } }
    role duke "Duke" { override proc act() in hand { choose "act?" { option "tax" { gain 3 coin; } } } }
    proc take(r: role) { move r to hand; }
    func may_act() = can act();
    proc turn() { if can act() { act(); } }
    """
    assert analyse_text(text).diagnostics == []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        p0, p1 = g.state.players
        p0.stock["coin"] = p1.stock["coin"] = 6
        run_proc(g, "take", g.program.entities["duke"], player=0)
        assert (g.program.funcs["may_act"](g, p0), g.program.funcs["may_act"](g, p1)) == (True, False)
