"""`remove NAME;` and the uses it leaves (audit finding 10): one E221 at the remove with a note for
every use, a field value that names the card included; and the documented way to take a card out
of Tapestry that the rules name (docs/games/tapestry.md, "Removing cards")."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.runtime.engine import Game

from .conftest import write_pack

# A lighthouse-keeping game: a landmark named by a lane's field and by a proc.
BASE = '''
counter vp;
kind landmark "Landmark" { worth: int; }
landmark lighthouse "Lighthouse" { worth = 2; }
landmark mill "Mill" { worth = 1; }
kind lane "Lane" { prize: landmark; }
lane coast "Coast" { prize = lighthouse; }
zone built per_player of landmark;
proc build_light() { move lighthouse to built; }
game keepers { seats 2 to 3; phase play { build_light(); } winner most vp; }
'''


def test_a_field_value_naming_a_removed_card_is_one_more_note_of_the_one_e221(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    house = write_pack(tmp_path / "house", "remove lighthouse;\n", name="house", extends=["../base"])
    errors = [d for d in analyse(str(house)).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E221"]   # no E303 "field 'prize' names a landmark" besides
    (e221,) = errors
    assert e221.message == "'lighthouse' is removed, but the rules still use it in 2 places"
    assert [n.rsplit("/", 1)[-1] for n in e221.notes] == ["main.rules:7:30", "main.rules:9:27"]


def test_removing_a_tapestry_landmark_lists_the_lane_and_the_track(tmp_path):
    house = write_pack(tmp_path / "rm", "remove lighthouse;\n", name="rm", extends=["tapestry"])
    errors = [d for d in analyse(str(house)).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E221"]
    assert [n.rsplit("/", 1)[-1] for n in errors[0].notes] == ["game.rules:79:11", "tracks.rules:83:19"]


def _docs_workaround() -> str:
    doc = (Path(__file__).resolve().parent.parent / "docs" / "games" / "tapestry.md").read_text()
    section = doc[doc.index("## Removing cards"):]
    return re.search(r"```rules\n# pack: no_radio/house.rules\n(.*?)```", section, re.S).group(1)


def test_the_documented_way_to_play_without_radio(tmp_path):
    write_pack(tmp_path / "rm", "remove radio;\n", name="rm", extends=["tapestry"])
    (e221,) = [d for d in analyse(str(tmp_path / "rm")).diagnostics if d.severity == "error"]
    assert e221.code == "E221" and e221.notes[0].endswith("setup.rules:33:10")
    house = write_pack(tmp_path / "no_radio", _docs_workaround(), name="no_radio", extends=["tapestry"])
    assert [d for d in analyse(str(house)).diagnostics if d.severity == "error"] == []
    base, without = compile_pack("tapestry").program, compile_pack("tapestry", expansions=[str(house)]).program
    for seed in (13, 14):   # seed 13 deals Radio to the display, 14 does not
        dealt = Game(base, players=2, seed=seed)
        dealt.start()
        assert ("radio" in [e.name for e in dealt.state.zones["tech_display"]]) == (seed == 13)
        game = Game(without, players=2, seed=seed)
        game.start()
        for _ in range(20):   # set_up asks for capitals and civilizations before the house rule runs
            if "radio" in [e.name for e in game.state.zones["tech_box"]]:
                break
            game.apply(0)
        display = [e.name for e in game.state.zones["tech_display"]]
        assert "radio" in [e.name for e in game.state.zones["tech_box"]]
        assert len(display) == 3 and "radio" not in display
        assert "radio" not in [e.name for e in game.state.zones["tech_deck"]]
        assert display[:2] == [e.name for e in dealt.state.zones["tech_display"] if e.name != "radio"][:2]
