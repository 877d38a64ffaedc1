"""compiler/hidden.py: which values a prompt or label shows are open (worked out from nothing
hidden), so the hot seat may tell the other players an answer with them filled in (tests/test_screen.py
shows the screens)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.hidden import marks, open_values
from rulebook.dsl import ast as A

PACK = """
enum role { duke "Duke", captain "Captain" }
kind card { role: role; }
card d "Duke" { role = duke; }
zone hand per_player of card hidden;
zone deck of card secret;
zone table of card;
counter vp;
var last global: role = duke;
func holds(p: player, r: role): bool = some(c in p.hand where c.role == r);
proc claimed(r: role) { may "challenge the claim to be a {r}?" { } }
proc strongest(): role {
  return first(hand).role;
}
proc p() {
  claimed(duke);
  let n = 0;
  if first(deck).role == duke { set n = 1; }
  set n = count(k in deck where k.role == duke);   # (a name bound from hidden anywhere in a declaration is hidden in all of it)
  pick r from role where holds(you, r) "name a role" {
    may "{r} {n} {size(left.hand)} {vp} {last} {holds(left, duke)}?" { }
  }
  let s = strongest();
  for each c in table {
    may "{c.role} {s} {count(x in left.hand)} {count(x in left.hand where x.role == duke)}?" { }
  }
}
"""


def prompts(text: str) -> dict[str, str]:
    """Each prompt with values, as written -> its marks."""
    sym = analyse_text(text).symbols
    found = open_values(sym)
    return {n.title: marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d)
            if type(n) is A.May and any(not isinstance(p, str) for p in n.title_parts)}


def test_values_worked_out_from_hidden_cards_are_found_through_locals_params_funcs_and_returns():
    found = prompts(PACK)
    # public: a member passed as a constant, a zone's size, counters and variables
    assert found["challenge the claim to be a {r}?"] == "-v-"
    # r is picked among the roles a hidden hand holds (its filter); n is set from the secret deck;
    # size(left.hand) and vp and last are open; holds(...) reads a hidden hand; n, from the secret
    # deck, is masked from the deciding player too ('s'), and so is holds(left, duke), which reads
    # another player's hidden hand (r, through holds(you, r), reads the asker's own: 'h')
    assert found["{r} {n} {size(left.hand)} {vp} {last} {holds(left, duke)}?"] == "h-s-v-v-v-s-"
    # a card of a public zone is open; a proc's result from a hidden hand is not; counting a hidden
    # zone is its size, counting what it holds is not (and, left's hand, not the asker's either)
    assert found["{c.role} {s} {count(x in left.hand)} {count(x in left.hand where x.role == duke)}?"] == "v-h-v-s-"


def test_a_parameter_passed_a_hidden_value_anywhere_is_hidden():
    found = prompts(PACK.replace("claimed(duke);", "claimed(duke); claimed(first(hand).role);"))
    assert found["challenge the claim to be a {r}?"] == "-h-"
