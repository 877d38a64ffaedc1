"""`rulebook cover --branches`: the choose options and match arms never taken, beside the rules that
never ran (Love Letter's card effects sit in one match: without it, cover says "proc 1/1")."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.runtime.coverage import branch_points, cover_games

from .conftest import write_pack
from .test_cli import invoke

PACK = """
counter vp;
counter coin;
enum card_type { guard, priest, baron }
var played: card_type = guard;
proc turn() {
  choose "what now?" {
    option "play" { gain 1 vp; }
    option "rest" when vp > 100 { gain 1 coin; }
    option "wait" {}
  }
  match played {
    guard { gain 1 coin; }
    priest, baron { gain 2 coin; }
    else { gain 3 coin; }
  }
}
game love "Love Letter" {
  seats 2 to 2;
  phase play { repeat 3 { each players: turn(); } }
  winner most vp;
}
"""


def test_branch_points_name_each_option_and_each_arm_with_a_statement(tmp_path):
    root = write_pack(tmp_path / "love", PACK)
    points = branch_points(analyse(str(root)).symbols)
    assert sorted((group, name.replace(f"{tmp_path}/", "")) for group, name in points.values()) == [
        ("choose option", "love/main.rules:7 'play'"), ("choose option", "love/main.rules:7 'rest'"),
        ("choose option", "love/main.rules:7 'wait'"),   # an empty option is a decision too
        ("match arm", "love/main.rules:12 else"), ("match arm", "love/main.rules:12 guard"),
        ("match arm", "love/main.rules:12 priest, baron")]


def test_cover_with_branches_lists_what_was_never_taken_and_fails(tmp_path):
    root = write_pack(tmp_path / "love", PACK)
    program = compile_pack(str(root)).program
    coverage = cover_games(program, [2], range(1, 6), [[]], "random", branch_points(analyse(str(root)).symbols))
    report = {group: (total, [name.replace(f"{tmp_path}/", "") for name in missing])
              for group, (total, missing) in coverage.report().items()}
    assert report["choose option"] == (3, ["love/main.rules:7 'rest' (never offered)"])   # its guard never holds
    assert report["match arm"] == (3, ["love/main.rules:12 else", "love/main.rules:12 priest, baron"])
    assert report["proc"] == (1, [])
    result = invoke("cover", root, "--games", 5, "--branches")
    assert result.exit_code == 1 and "'rest'" in result.output and "priest, baron" in result.output
    assert invoke("cover", root, "--games", 5).exit_code == 0   # without --branches: every proc ran


MOON = """
counter vp;
counter coin;
proc score() {
  gain 1 vp;
  if vp >= 26 {
    gain 1 coin;
  } else if vp > 1 {
    gain 2 coin;
  } else {
    gain 3 coin;
  }
}
game hearts_game "Hearts" {
  seats 2 to 2;
  phase play { each players: score(); }
  winner most vp;
}
"""


def test_if_branches_are_followed_too(tmp_path):
    """Hearts: whether anyone ever shot the moon is an `if` branch; `cover --branches` names each
    branch of a chain (then, each else if, else) by the position of its first `if`."""
    root = write_pack(tmp_path / "hearts", MOON)
    points = branch_points(analyse(str(root)).symbols)
    assert sorted(name.replace(f"{tmp_path}/", "") for group, name in points.values() if group == "if branch") == [
        "hearts/main.rules:6 else", "hearts/main.rules:6 else if vp > 1", "hearts/main.rules:6 then"]
    program = compile_pack(str(root)).program
    coverage = cover_games(program, [2], range(1, 4), [[]], "random", points)
    total, missing = coverage.report()["if branch"]
    assert total == 3 and sorted(m.rsplit(" ", 1)[-1] for m in missing) == ["1", "then"]   # only the else ran


SENTRY = """
counter vp;
counter coin;
proc turn() {
  choose "what now?" {
    option "draw" { gain 1 vp; }
    option "put it back" {}
    option "trash" when coin > 0 {}
  }
}
game sentry "Sentry" {
  seats 1 to 1;
  phase play { repeat 2 { each players: turn(); } }
  winner most vp;
}
"""


def test_an_empty_option_is_counted_offered_and_taken_by_the_answers(tmp_path):
    # Dominion audit D5: Sentry's "put it back" {} is a real decision. Empty options are counted from
    # the questions asked (offered) and their answers (taken), not from a first statement's line
    root = write_pack(tmp_path / "sentry", SENTRY)
    program = compile_pack(str(root)).program
    points = branch_points(analyse(str(root)).symbols)

    # `first` always answers the first option: "put it back" is offered, never taken; "trash" never offered
    total, names = cover_games(program, [1], range(1, 4), [[]], "first", points).report()["choose option"]
    assert total == 3 and [n.replace(f"{tmp_path}/", "") for n in names] == [
        "sentry/main.rules:5 'put it back'", "sentry/main.rules:5 'trash' (never offered)"]
    total, names = cover_games(program, [1], range(1, 30), [[]], "random", points).report()["choose option"]
    assert total == 3 and [n.replace(f"{tmp_path}/", "") for n in names] == ["sentry/main.rules:5 'trash' (never offered)"]


REDEAL = """
counter points;
counter locos global;
proc refill() {
  while locos >= 3 { set locos = 0; gain 1 points; }
}
game ttr "Ticket to Ride" {
  seats 2 to 2;
  phase play { refill(); }
  winner most points;
}
"""


def test_a_while_body_that_never_ran_is_named(tmp_path):
    # Ticket to Ride audit, defect 4: the three-Locomotive redeal is a `while` whose body is rare;
    # `cover --branches` said only "proc 1/1"
    root = write_pack(tmp_path / "ttr", REDEAL)
    points = branch_points(analyse(str(root)).symbols)
    assert [(g, n.replace(f"{tmp_path}/", "")) for g, n in points.values()] == [("while body", "ttr/main.rules:5")]
    program = compile_pack(str(root)).program
    assert cover_games(program, [2], range(1, 3), [[]], "random", points).report()["while body"] == \
        (1, [f"{tmp_path}/ttr/main.rules:5"])
    ran = write_pack(tmp_path / "ran", REDEAL.replace("counter locos global;", "counter locos global start 4;"))
    points = branch_points(analyse(str(ran)).symbols)
    report = cover_games(compile_pack(str(ran)).program, [2], range(1, 3), [[]], "random", points).report()
    assert report["while body"] == (1, [])
    result = invoke("cover", root, "--games", 2, "--branches")
    assert result.exit_code == 1 and "while body" in result.output


CHESS = """
counter moved;
counter ep global;
func sgn(n: int): int = if n > 0 then 1 else if n < 0 then 0 - 1 else 0;
func how_of(n: int): int =
  if n == 7 then 2
  else if n > 100 then (if ep > 0 then 3 else 4)
  else 1;
func how_too(n: int): int = if n == 7 then 2 else 1;
func sgn_too(n: int): int = if n > 0 then 1 else if n < 0 then 0 - 1 else 0;
proc turn() {
  gain how_of(moved) + sgn(moved) moved;
  gain (if ep > 9 then 2 else 1) ep;
}
game chess "Chess" {
  seats 2 to 2;
  phase play { repeat 5 { each players: turn(); } }
  winner most moved;
}
"""


def test_the_sides_of_if_values_are_counted_in_funcs_and_statements(tmp_path):
    # Chess audit D6: en passant and castling were `else if` sides of a func's value, invisible to
    # `cover --branches`; each side is named by its first `if`'s FILE:LINE as an `if` statement's
    # branches are, an `else if` by its condition; a func never called has every side missed
    root = write_pack(tmp_path / "chess", CHESS)
    points = branch_points(analyse(str(root)).symbols)
    assert sorted(n.replace(f"{tmp_path}/", "") for g, n in points.values() if g == "if value") == [
        "chess/main.rules:10 else", "chess/main.rules:10 else if n < 0", "chess/main.rules:10 then",
        "chess/main.rules:13 else", "chess/main.rules:13 then",
        "chess/main.rules:4 else", "chess/main.rules:4 else if n < 0", "chess/main.rules:4 then",
        "chess/main.rules:6 else", "chess/main.rules:6 else if n > 100", "chess/main.rules:6 then",
        "chess/main.rules:7 else", "chess/main.rules:7 then",
        "chess/main.rules:9 else", "chess/main.rules:9 then"]
    program = compile_pack(str(root)).program
    total, missing = cover_games(program, [2], range(1, 3), [[]], "random", points).report()["if value"]
    # moved: 0, 1, 3, 5, 7: how_of's `then` is reached in the fifth turn; ep goes from 0 to 9 before its last read
    # sgn_too reads as sgn, and is never called: its sides are its own
    assert total == 15 and sorted(m.replace(f"{tmp_path}/", "") for m in missing) == [
        "chess/main.rules:10 else", "chess/main.rules:10 else if n < 0", "chess/main.rules:10 then",
        "chess/main.rules:13 then", "chess/main.rules:4 else if n < 0", "chess/main.rules:6 else if n > 100",
        "chess/main.rules:7 else", "chess/main.rules:7 then", "chess/main.rules:9 else", "chess/main.rules:9 then"]
