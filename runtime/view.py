"""What one player may see of a game: the view agents receive instead of the Game.

A zone is `public` (everyone sees its contents in order), `hidden` (a per-player zone only its owner
sees) or `secret` (nobody sees it). A zone a player may not see shows its size and the entities that
player learnt by `reveal`/`look` (sorted by name, so the view tells nothing of their order). A
decision is shown only to the player who takes it.

The view is data, not a sandbox: agents run in the same Python process and could reach the game
through private attributes. Everything public an agent is handed (the question's attributes, the
view's contents) holds only what its player may know; `tests/test_view.py` checks that.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, Optional

from .state import EntityDef, Holder, encode


class Seat(NamedTuple):
    """The player a question is for: their seat index and name (not their live state)."""

    index: int
    name: str


class Asked:
    """A decision as its player is asked it: the prompt, the options' labels, where in the rules.
    Built for every decision, so it wraps the decision and reads all but its size on demand."""

    __slots__ = ("_decision", "size")

    def __init__(self, decision):
        self._decision = decision
        self.size = len(decision.values)   # how many options there are (random agents read only this)

    @property
    def player(self) -> Seat:
        """The seat asked (index and name)."""
        p = self._decision.player
        return Seat(p.index, p.name)

    @property
    def prompt(self) -> str:
        """The question."""
        return self._decision.prompt

    @property
    def where(self) -> str:
        """The rules position that asks."""
        return self._decision.where

    @property
    def options(self) -> list[str]:
        """The options' labels (built on first use: random agents need only `size`)."""
        return list(self._decision.options)

    def __repr__(self) -> str:
        return f"Asked({self.player.name}, {self.prompt!r}, {self.options})"


class PlayerView(Mapping):
    """A player's view, built from the game the first time it is read (random agents never read it)."""

    __slots__ = ("_game", "_index", "_data")

    def __init__(self, game, index: int):
        self._game, self._index, self._data = game, index, None

    @property
    def data(self) -> dict:
        """The view as a JSON-ready dict."""
        if self._data is None:
            self._data = build_view(self._game, self._index)
            self._game = None   # built once: the view keeps no handle on the game after that
        return self._data

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __iter__(self):
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def __repr__(self) -> str:
        return f"PlayerView({self._index})"


def build_view(game, index: int) -> dict:
    """The state as player `index` sees it (JSON-serialisable)."""
    state, program = game.state, game.program
    viewer = state.players[index]

    def entity(e: EntityDef) -> dict:
        fields = {k: encode(v) for k, v in e.fields.items()}
        fields.update({k: encode(v) for k, v in state.evars.get(e.key, {}).items()})
        return {"name": e.name, "title": e.title, "kind": e.kind, "fields": fields,
                "flipped": e.key in state.flipped}

    def zone(owner: Optional[Holder], name: str, items: list) -> dict:
        visibility = program.visibility.get(name, "public")
        shown = {"visibility": visibility, "size": len(items)}
        if visibility == "public" or (visibility == "hidden" and owner is viewer):
            shown["items"] = [entity(e) for e in items]
        else:
            known = [e for e in items if index in state.known.get(e.place_key(owner), ())]
            shown["known"] = [entity(e) for e in sorted(known, key=lambda e: e.name)]
        return shown

    def holder(h: Holder) -> dict:
        return {"name": h.name, "stock": dict(sorted(h.stock.items())),
                "vars": {k: encode(v) for k, v in sorted(h.vars.items())},   # variables are public
                "zones": {z: zone(h, z, items) for z, items in sorted(h.zones.items())}}

    view = {
        "you": index,
        "players": [holder(p) for p in state.players],
        "actors": {n: holder(a) for n, a in sorted(state.actors.items())},
        "globals": dict(sorted(state.globals.items())),
        "vars": {k: encode(v) for k, v in sorted(state.gvars.items())},
        "zones": {z: zone(None, z, items) for z, items in sorted(state.zones.items())},
        "over": state.over,
        "decision": None,
    }
    d = game.decision
    if d is not None and d.player is viewer:
        view["decision"] = {"prompt": d.prompt, "options": list(d.options), "where": d.where}
    if game.secret_round is not None:   # who has already chosen in this simultaneous pick, never what
        view["chosen_in_secret"] = [p.name for p in game.secret_round]
    return view
