"""Findings with stable codes, positions, gcc-style text and JSON rendering."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Optional

from .ast import Span

ERROR, WARNING, INFO = "error", "warning", "info"

# Stable codes. Never renumber: tools and tests match on them.
CODES: dict[str, tuple[str, str]] = {
    # E1xx: reading and syntax
    "E100": (ERROR, "syntax error"),
    "E101": (ERROR, "unexpected character"),
    "E102": (ERROR, "unexpected end of file"),
    "E103": (ERROR, "unterminated string"),
    "E104": (ERROR, "file is not UTF-8 text"),
    "E105": (ERROR, "file too large"),
    "E106": (ERROR, "nesting too deep"),
    "E107": (ERROR, "cannot read file"),
    "E108": (ERROR, "bad value in a text"),
    # E2xx: names
    "E201": (ERROR, "unknown name"),
    "E202": (ERROR, "unknown resource or counter"),
    "E203": (ERROR, "unknown track"),
    "E204": (ERROR, "unknown kind"),
    "E205": (ERROR, "unknown field"),
    "E206": (ERROR, "unknown event"),
    "E207": (ERROR, "unknown procedure or function"),
    "E208": (ERROR, "duplicate declaration"),
    "E209": (ERROR, "unknown zone"),
    "E210": (ERROR, "unknown die"),
    "E211": (ERROR, "unknown kernel"),
    "E212": (ERROR, "override of nothing"),
    "E213": (ERROR, "unknown variant"),
    "E214": (ERROR, "remove of nothing"),
    "E215": (ERROR, "duplicate field"),
    "E216": (ERROR, "extension of nothing"),
    "E217": (ERROR, "bad amendment"),
    "E218": (ERROR, "base() outside an override"),
    "E219": (ERROR, "override changes the result type"),
    "E220": (ERROR, "override changes the parameters"),
    "E221": (ERROR, "removed name still used"),
    "E222": (ERROR, "amended choose not found"),
    "E223": (ERROR, "bad amended option"),
    "E224": (ERROR, "unknown loop label"),
    # E3xx: types and structure
    "E301": (ERROR, "wrong kind of name"),
    "E302": (ERROR, "wrong number of arguments"),
    "E303": (ERROR, "type mismatch"),
    "E304": (ERROR, "missing field value"),
    "E305": (ERROR, "invalid track"),
    "E306": (ERROR, "no game declared"),
    "E307": (ERROR, "invalid player count"),
    "E308": (ERROR, "invalid value"),
    "E309": (ERROR, "name shadows a declaration"),
    "E310": (ERROR, "nested too deeply"),
    "E311": (ERROR, "invalid modifier"),
    "E312": (ERROR, "index missing or misplaced"),
    "E313": (ERROR, "a zone moved into itself"),
    "E314": (ERROR, "a zone refilled from a zone it cannot refill from"),
    "E320": (ERROR, "hidden zone without an owner"),
    "E321": (ERROR, "a cost in cards without its zones, or from another player's zone"),
    "E322": (ERROR, "a counter's start not a whole number known before play (or worked out from the seats), or outside its bounds"),
    "E323": (ERROR, "a cost's substitute that is its own resource or named twice, a rate written below 1, "
                    "or substitutes in a modifier's +, - or = cost line"),
    "E324": (ERROR, "a loop labelled as a loop around it"),
    "E325": (ERROR, "end game after LABEL in a phase, outside any loop so labelled"),
    "E326": (ERROR, "pick ... at random with what only a player's pick has: a prompt, a label, optional, "
                    "repeatedly, up to N, simultaneously"),
    "E327": (ERROR, "an auction without 'up to' (nor 'over CALLS'), 'opened by' in a sealed auction, a step below 1, "
                    "or its winner and price named alike"),
    "E328": (ERROR, "a field read on a card of several kinds, not all of which have that field alike"),
    "E329": (ERROR, "reveal or look of a field a card has no value of its own for, or shown on an effect"),
    "E330": (ERROR, "a card's reaction names no zone: 'whenever EVENT in ZONE' needs a zone"),
    "E331": (ERROR, "a card's reaction is used from a shared zone: it needs a zone each player has"),
    "E332": (ERROR, "a card's reaction is used from a zone that never holds that card"),
    "E333": (ERROR, "an enum member without a value for a field of its enum that has no default"),
    "E334": (ERROR, "a field an enum does not declare: given to a member, given twice, or read of a member"),
    "E335": (ERROR, "break outside any loop of its own effect"),
    "E336": (ERROR, "break LABEL naming no loop around it"),
    "E337": (ERROR, "a record used as a domain that is none: a field without a finite set of values, or more than 10,000 values"),
    "E338": (ERROR, "a record's title showing something other than one of its fields"),
    "E339": (ERROR, "an enum's data that is not a constant: a field of a type a constant cannot be, a member's value "
                    "worked out in play or given without its field's name, or a set of a member's field"),
    "E340": (ERROR, "an offer made to what is not players, or 'from' something not a player"),
    "E341": (ERROR, "a list in arithmetic other than + or - with another list (seen + x, seen * 2)"),
    "E342": (ERROR, "lists joined, taken from or stored whose items are never equal (cities and players)"),
    "E343": (ERROR, "'TYPE of ITEM' (a field's or a let's type) for a type that is not a list"),
    "E344": (ERROR, "an amend names a pick or choose by a label ('pick as LABEL') no pick or choose of it carries"),
    "E345": (ERROR, "'for each' over what is neither a kind, an enum nor a range of constants, or making too many entities"),
    "E346": (ERROR, "the name 'for each' binds is taken"),
    "E347": (ERROR, "a name 'for each' makes is already declared"),
    "E348": (ERROR, "'amend NAME * N' of what is not an entity"),
    "E349": (ERROR, "a title reads a field of what is neither a card nor an enum member"),
    "E350": (ERROR, "an indexed counter, variable or zone with more than 10,000 elements (its indexes' sizes multiplied)"),
    "E351": (ERROR, "two picks, chooses or ifs of one body labelled alike ('as LABEL'): an amend could not tell them apart"),
    "E352": (ERROR, "'lose N R to P' of a global counter: the game's one number, which no player gains"),
    "E353": (ERROR, "a card's override of a func or proc the pack does not declare (or of another declaration)"),
    "E354": (ERROR, "a card's override whose signature differs from the func or proc it changes"),
    "E355": (ERROR, "an enum member ordered against a number, a member of another enum or any other value"),
    "E356": (ERROR, "ordinal(), next(), prev(), next_around(), prev_around() or steps_around() of something that is "
                    "not an enum member"),
    "E357": (ERROR, "'list of ITEM' or 'zone of KIND' for an event's or an extern's parameter or result (only procs and "
                    "funcs say it)"),
    "E358": (ERROR, "the same func or proc overridden twice in one card"),
    "E359": (ERROR, "a call of a func or proc a card changes for its holder made with the first player as 'you' (a phase's own statements, the winner line)"),
    "E360": (ERROR, "a field per resource of a group (int[GROUP]) declared of another type than int"),
    "E361": (ERROR, "an index of a field declared int[GROUP] that is not a resource of the group"),
    "E362": (ERROR, "pay or gain of a value as a whole cost that is not a field declared int[GROUP]"),
    "E363": (ERROR, "a field declared int[GROUP] in a modifier's cost line"),
    "E364": (ERROR, "a field an amend adds to a record without a default, where the record is built without it"),
    "E365": (ERROR, "base() in an amended arm, option, effect or space block that replaces none"),
    "E366": (ERROR, "base() twice in one amended arm or option"),
    "E367": (ERROR, "base() in an amended arm or option with arguments, or as a value"),
    "E368": (ERROR, "base() in an amended arm taking its values from several arms"),
    "E369": (ERROR, "an amend of a record adding a field the record already has"),
    "E370": (ERROR, "a record's field of a type a record cannot hold (a zone, a die, an effect...), or a record itself"),
    "E371": (ERROR, "a die whose faces show a record"),
    "E372": (ERROR, "a record built without naming its fields, or a name built so that is no record"),
    "E373": (ERROR, "a field a record does not have, or one given twice"),
    "E374": (ERROR, "a record built without a field that has no default"),
    "E375": (ERROR, "a record's field set: a record never changes once built"),
    "E376": (ERROR, "'can' names something that is not a proc"),
    "E377": (ERROR, "'can PROC(...)' of a proc whose body does not start with a decision (choose, may, pick, or a call of a proc that starts with one)"),
    "E378": (ERROR, "'can PROC(...)' whose options' guards test the same 'can' again"),
    "E379": (ERROR, "reset of what is not a var, counter or kind, or of a field its kind does not declare"),
    "E380": (ERROR, "reset of a field with no default, a computed field or an effect"),
    "E381": (ERROR, "fill of a zone that cannot hold the kind: declared of other kinds, or shared for a per-player kind"),
    "E382": (ERROR, "an amend removes a card's reaction or 'anytime' slot that the card does not have"),
    "E383": (ERROR, "a zone written twice among the zones of a card's reaction or 'anytime' slot"),
    "E384": (ERROR, "the exponent of a power (a ** b) written as a number below 0 or past the largest"),
    "E385": (ERROR, "'first VAR in ... may' over what is not a list of players"),
    "E386": (ERROR, "reachable(p from START) without 'via NEXT', the rule of the places next to p"),
    "E387": (ERROR, "reachable(p from START via NEXT) with NEXT a zone: edges are searched with reachable(r in EDGES, ...)"),
    "E388": (ERROR, "'from ... via' on shortest_path or longest_path: they go along a zone of edges"),
    "E389": (ERROR, "a proc or func named affordable: affordable(...) is always the builtin, so it could never be called"),
    "E390": (ERROR, "a range case of a match that holds no number: its constant last number is below its first"),
    "E391": (ERROR, "a card's reaction, 'anytime' or override slot used from an element of a zone not named by its constant indexes"),
    "E392": (ERROR, "a constant position outside a list literal"),
    "E393": (ERROR, "'can copy' of what is no card's effect slot: not ENTITY.SLOT, no card, or a kind without that effect slot"),
    "E394": (ERROR, "a parameter's default: not a constant of its type, on an event's or kernel's parameter, before a parameter without one, or changed by an override"),
    "E395": (ERROR, "a stock gained, lost or paid on what holds no such stock (a card whose kind declares none, or no card)"),
    "E396": (ERROR, "a proc called where no effect may run (a func, a filter, a guard, a trigger's while)"),
    "E397": (ERROR, "a proc inside another expression of an if or while condition"),
    "E398": (ERROR, "a stock's declaration: a cap that is no whole number (or on a field that is no stock), a stock below 0 or per member"),
    # E4xx: types and structure, continued (E3xx is full)
    "E400": (ERROR, "an event's argument named 'subject': it.subject is the player the event happened to"),
    "E401": (ERROR, "a card's reaction named ambiguously: the card has several on that event and zone, told apart by their subject"),
    "E402": (ERROR, "a tagged pay that announces (and emit) an action that is no declared event"),
    "E403": (ERROR, "a player's own use of a global track (a marker added or removed, a player's position, "
                    "tier or printed number): its one marker is every player's"),
    "E404": (ERROR, "a track's scale that does not step from LOW to HIGH, a space written 'at V' that no space "
                    "prints, or printed(TRACK) of a track without a scale"),
    "E405": (ERROR, "one element's bounds of an indexed counter: an element it does not have, written twice, "
                    "bounds not known before play, outside the counter's or crossed, or on a counter of no index"),
    "E406": (ERROR, "a cost kept in a card's field: a field not declared 'cost', or a term a card's data cannot hold"),
    "E407": (ERROR, "an exchange within a group ('trading N any(GROUP) as 1') written where it cannot apply"),
    "E409": (ERROR, "the 'once per' period of a card's 'anytime' slot or an option filters its event by arguments"),
    "E410": (ERROR, "'lose N STOCK on CARD to X': X neither a player holding that resource nor a card"),
    "E411": (ERROR, "'can PROC(...)' of a proc cards change, one of whose versions does not start with a decision"),
    "E412": (ERROR, "a proc or func named after a builtin function (min, reverse, first...): the builtin is what a call calls"),
    "E415": (ERROR, "a zone a card holds read on what holds none: a card whose kind declares no such zone, or a field that is no zone"),
    "E416": (ERROR, "a card moved into a zone it holds itself: into itself, or under a card it holds"),
    "E417": (ERROR, "a zone a card holds, declared or used amiss: a default, an index, a cap, a visibility with an owner, a name of a zone, set or reset"),
    "E418": (ERROR, "a card's modifier (modifier ... in ZONE) or a role's given 'once' or 'until': it is in force while the card is in its zone (the role held)"),
    "E419": (ERROR, "'until end of NAME' naming no proc or loop label, or one that cannot be running where the duration starts"),
    "E420": (ERROR, "a modifier of a func: modifiers change tagged uses of events; a card changes a func with override func ... in ZONE"),
    "E421": (ERROR, "a modifier's value line on an action that is no tagged value: a builtin event, or one the pack "
                    "tags costs, gains, losses or blocks with only"),
    "E422": (ERROR, "a modifier's value line that does not fit the tagged value: no number, a condition on numbers, "
                    "a number on conditions, or arithmetic on a condition"),
    "E423": (ERROR, "a tagged value amiss: a value that is neither a number nor a condition, one tagged with a builtin "
                    "event, or an action tagging both"),
    "E424": (ERROR, "a role's state declared 'global' (a role's state is each holder's), or a role's state read for a player of another role"),
    "E425": (ERROR, "a role whose name is already declared, or a pack with roles that declares 'role' itself"),
    "E426": (ERROR, "a role's override of what is no proc or func of the pack"),
    "E427": (ERROR, "a role given to a player who already holds one: a role named twice in 'seats ... roles', or 'give' in a game whose seats hold roles"),
    "E428": (ERROR, "a pattern's filter on an indexed counter that never holds: the wrong number of "
                    "indexes, a counter named where the event announces none, or no counter at all"),
    "E429": (ERROR, "a trigger's subject the event never has: 'nobody' on an event that always has a subject, "
                    "'you' or 'opponents' on a move into a shared zone"),
    "E430": (ERROR, "a card's option for an open choose (option in LABEL in ZONE ...) whose label names no open choose, or one not marked 'open'"),
    "E431": (ERROR, "a name clash of an open choose: two open chooses of one label, a card's option labelled as another option of the choose, or a name read that the choose does not have"),
    "E432": (ERROR, "an open choose (choose ... as LABEL open) elsewhere than in a proc: in a card's effect, a phase, a card's override"),
    "E433": (ERROR, "a pick's 'fewest KEY' or 'most KEY' whose key is no number"),
    "E434": (ERROR, "'fewest KEY' or 'most KEY' in a simultaneous pick: it is for one player's pick"),
    "E435": (ERROR, "a shift between elements of two different counters (statement or pattern)"),
    "E436": (ERROR, "a shift of what is no indexed counter: a resource, a counter declared without [...], a local"),
    "E437": (ERROR, "a pattern that binds one name to two indexes ('shift(cubes[k, a] to cubes[k, b])')"),
    "E438": (ERROR, "a roll of what is no die: a card (or a zone's cards) whose kind has no field typed by a die"),
    "E439": (ERROR, "a die kept as a piece given or set to a value no face of its die shows"),
    "E440": (ERROR, "a field typed by a die declared amiss: a second one in a kind, computed, indexed, a stock or a zone"),
    "E441": (ERROR, "a field typed by a die without a type some face of which has no title: a piece shows a face's title"),
    "E442": (ERROR, "a modifier that forbids or allows given 'optional' or a consequence ('then { ... }'): a permission is read where nobody is asked"),
    "E443": (ERROR, "a use of an action that an optional modifier or one with a consequence changes, where nothing can be asked nor run (a func's value, a gain onto a card...)"),
    "E444": (ERROR, "a consequence that moves its card away ('then { move this to ...; }') in a modifier the card's effect put in force, not 'once': it stays in force without the card"),
    "E445": (ERROR, "a kind's 'shows' list amiss: written twice in the kind, or naming what is no value field of "
                    "the kind (no such field, an effect, a computed field, a stock, a zone a card holds)"),
    "E447": (ERROR, "a counter's start worked out from the seats that lies outside its bounds for a number of seats the game allows"),
    "E448": (ERROR, "a 'set' pattern that hears no variable: none named, a name that is no variable (a counter: gain or lose), an element of a variable without [...], or the wrong number of indexes"),
    "E449": (ERROR, "a variable's set (set(NAME)) named where it is no event: a modifier's pattern, a tag or allowed(...)"),
    "E450": (ERROR, "a move 'known' that does not say which end it goes to: write 'to top of ZONE known' or 'to bottom of ZONE known'"),
    "E451": (ERROR, "'move ... known to X' where X is not a player or a list of players"),
    "E452": (ERROR, "'size owner' on a shared zone: it has no owner to count it"),
    "E454": (ERROR, "'pick ... alike' (or 'in any order alike') over values that have no copies: players, numbers, members, records"),
    "E455": (ERROR, "'pick ... alike' at random or in a simultaneous pick: it is for one player's question"),
    "E457": (ERROR, "a zone's cap with 'over PROC' on a shared or indexed zone: a hand limit is each player's zone's"),
    "E458": (ERROR, "'once per NAME' on a proc where NAME is no parameter of the proc (or is named twice)"),
    "E459": (ERROR, "'once per' on a proc that gives a value: a call skipped would give none"),
    "E460": (ERROR, "a 'split ... into N piles' of what is no deck to split: a zone a card holds, or a constant N below 1"),
    "E461": (ERROR, "a supply on a counter that is a player's, or has no bounds, or goes below 0: a bank is for a global counter from 0 up"),
    "E462": (ERROR, "a counter's 'supply ... per INDEX' naming no index of the counter, or supply() of a counter's bank read without (or with) its member"),
    "E463": (ERROR, "a counter's 'short PROC' that is no proc taking (the member of the 'per' index and) the number of units missing"),
    "E464": (ERROR, "a track's 'prints' list with a scale, or with fewer numbers than the spaces written (one for the start, one a space)"),
    "E465": (ERROR, "a value that is no role where a role is wanted: 'give P role X' or holders(X) with X a number, a member, a card..."),
    "E466": (ERROR, "a role compared with what is never a role: an enum member, a player, a card of another kind, a number"),
    "E467": (ERROR, "a zone of roles in a pack with roles: a role is held by the player given it, never moved to a zone"),
    "E470": (ERROR, "a counter 'per NAME' naming no proc or loop label, or one that is both"),
    "E471": (ERROR, "piles() of what is not the name of a zone with one index"),
    "E472": (ERROR, "piles() of an indexed zone each player has: it reads a shared zone's piles"),
    "E474": (ERROR, "'X is MEMBER' (a card's types) where no field of X's kind holds MEMBER's enum"),
    "E475": (ERROR, "'X is MEMBER' where two fields (of X's kind, or of its kinds) hold MEMBER's enum: which is read is ambiguous"),
    "E476": (ERROR, "'X is MEMBER' where X is no card (a player, a number, a member): 'is' reads a card's types"),
    "E477": (ERROR, "an 'anytime' slot offered at a named window ('at NAME') that no 'window NAME;' of the pack opens"),
    "E478": (ERROR, "a window named twice in an 'anytime' slot's 'at' list"),
    "E479": (ERROR, "two 'anytime' slots of one card offered at the same window from the same zone"),
    "E480": (ERROR, "'EXPR after PROC(args)' of a proc that can ask a decision (choose, may, pick...): a hypothetical run asks no one"),
    "E481": (ERROR, "'EXPR after NAME(args)' where NAME is no proc (a func, a kernel, a counter): only a proc's run changes the game"),
    "E482": (ERROR, "'EXPR after PROC(args)' of a proc that can end the game: the run would stop half-way"),
    "E483": (ERROR, "a board's cell operation (shift, step, ray, leap) on what is no cell: not a record, or a record "
                    "with a field that is neither a range nor an enum"),
    "E484": (ERROR, "a direction of step() or ray() that does not fit the cell: no enum member, or not as many "
                    "whole-number fields as the cell has fields"),
    "E485": (ERROR, "the offsets of shift() or leap() amiss: not whole numbers, a field the cell does not have or "
                    "named twice, none at all, or more numbers than the cell has fields"),
    "E486": (ERROR, "a record as the index of a counter, variable or zone whose fields are not all ranges and enums"),
    "E487": (ERROR, "a list of a type no list holds: an effect, or a list that does not say what it holds ('list of list')"),
    "E488": (ERROR, "how many dice 'let a = roll N DIE;' rolls is not a whole number (a text, a list, a decimal...), or is a negative number written out"),
    "E489": (ERROR, "'let a = roll N DIE;' keeps the values of the dice rolled, and the die's faces have none (effects only)"),
    "E490": (ERROR, "a display that keeps itself filled ('show N from ZONE') that is per_player, shows fewer than 1, or that no 'fill NAME;' lays out; 'fill NAME;' of a zone that is no display"),
    "E491": (ERROR, "a display's source ('show N from ZONE') that is the display itself, another display, or no shared zone of its kinds"),
    "E492": (ERROR, "a display's redeal ('redeal to PILE when COND') to the display, its source or no shared zone of its kinds, or 'when' no condition"),
    "E493": (ERROR, "a pick's count written amiss: 'at least' without its number, or 'M to N' without 'at least' and 'up to'"),
    "E494": (ERROR, "a pick's 'at least M' that cannot hold: above its 'up to N', with 'at random', or in a mode that has no minimum"),
    "E495": (ERROR, "a pick's 'budget N cost EXPR' amiss: a cost or budget that is no number, or with a count (up to, exactly, at least, repeatedly) or 'at random'"),
    "E496": (ERROR, "a card term's 'alike by FIELD' naming no field of the kind of the zone paid from"),
    "E497": (ERROR, "a card term's 'wild COND': COND no condition, or no 'where' nor 'alike by' for the wild cards to stand in for"),
    "E498": (ERROR, "a 'signed' counter with bounds (its own or an element's) or a bank: signed has none"),
    "E499": (ERROR, "neighbours(CELL, hex) of a record that is not two ranges (the axial coordinates of a hex)"),
    # W4xx: lints
    "W401": (WARNING, "unused declaration"),
    "W402": (WARNING, "unreachable branch"),
    "W403": (WARNING, "trigger can never fire"),
    "I404": (INFO, "override"),
    "W405": (WARNING, "unused local"),
    "W585": (WARNING, "three or more variables indexed alike copied together from one element to another (parallel variables for a piece)"),
    "W588": (WARNING, "parameter never read"),
    "W589": (WARNING, "a proc a phase calls for the first player names a per-player value"),
    "W599": (WARNING, "an override that replaces a declaration of another category"),
    "W600": (WARNING, "an amend that changes nothing"),
    "W607": (WARNING, "a card's own 'modifier ACTION in ZONE' that replaces its kind's of the same name: the kind's "
             "lines stop applying to that card"),
    "W608": (WARNING, "an amend's new condition, count, domain or filter that is 'base' alone: the part stays the base's"),
    "E628": (ERROR, "'seen by FIELD' or 'hidden from FIELD' of a zone whose items have no such field naming a player"),
    "E629": (ERROR, "'seen by FIELD' or 'hidden from FIELD' of a player's zone or of a zone a card holds"),
    "E631": (ERROR, "a deal's packet ('deal N of ZONE to HAND K at a time') of less than one item"),
    "E638": (ERROR, "'end game won by' or 'end game lost by' naming no player (another type, or an actor)"),
    "E639": (ERROR, "'end game won by', 'end game lost by' or 'end game drawn' in a cooperative game ('winner together')"),
    "E640": (ERROR, "steps_around(a, b) of members of two different enums"),
    "E641": (ERROR, "a game without a winner line (every ending sudden, 'end game won by' or 'drawn') that can end without "
                    "naming its outcome"),
    "E642": (ERROR, "a 'for each' declaration's 'where' that reads what is not known before play (a counter, a zone, "
                    "a random value)"),
    "E643": (ERROR, "a 'for each' declaration's 'where' reading a name that a later domain binds"),
    "E644": (ERROR, "'best by KEY' on a pick that is not 'each ... simultaneously pick'"),
    "E645": (ERROR, "'best by KEY' whose KEY is no number or member, or 'ties by seat from P' whose P is no player"),
    "E646": (ERROR, "an amend's 'to NEW' or 'where NEW' of a plain 'may', which has no players to ask nor a condition "
                    "on them (a 'first VAR in PLAYERS where COND may' has)"),
    "E647": (ERROR, "the new names of an amended 'repeat until stable(...)' not written 'stable(NAME, ...)', or a "
                    "name among them twice"),
    "E648": (ERROR, "'also' on a role's modifier, which replaces no other: it is in force beside every modifier of "
                    "its action already"),
    "E650": (ERROR, "'through P where PASSABLE' written after the closing ')' of connects, longest_path, "
                    "shortest_path or reachable: it goes inside, after the last argument"),
    "E651": (ERROR, "'copy c.SLOT(ARGS)' of a card whose kind is not known, where the kinds' slots of that name "
                    "declare different parameters (or none has one): the arguments cannot be matched"),
    "E652": (ERROR, "a shared zone declared only of per-player kinds: no card can ever go into it"),
    "E653": (ERROR, "a card's 'cost' field compared with none: a card that gives no cost costs nothing, never none"),
    "E654": (ERROR, "a 'shortfall' of a name that is not a player's resource (nor a stock cards hold, nor a zone "
                    "cards are paid from): only what is paid can be short"),
    "E655": (ERROR, "a second 'shortfall' of one resource: every payment of it runs one rule"),
    "E656": (ERROR, "an actor's title that reads as another player or actor (a seat's name, another actor's name or "
                    "title), is empty, or holds '{' or '}': text names the actor by it"),
    "E657": (ERROR, "'end game drawn' in a game of one seat: a game played alone is won or lost, never drawn"),
    "E658": (ERROR, "a printed table ('table NAME[INDEX]: TYPE = [...];') whose rows are not as long as its indexes run, "
                    "a value of another type than the table's, an index that is no range or enum, or a type no table holds"),
    "E659": (ERROR, "a printed table read with too few or too many indexes, an index of the wrong type, or a constant "
                    "index outside its range"),
    "E660": (ERROR, "'row KEY of GRID' of what is no grid, with as many values as the grid has indexes or more, or "
                    "with a constant value of another kind than its index's (a member of another enum)"),
    "E661": (ERROR, "'row KEY of GRID' with a constant row past the grid ('row 6 of token' where its rows are 1..5)"),
    "E662": (ERROR, "connects(p from START via NEXT) without 'to GOAL': which places it asks whether START reaches"),
    "E663": (ERROR, "reachable(p from START to GOAL via NEXT): 'to GOAL' asks whether a place is reached, "
                    "which is connects(...)"),
    "E664": (ERROR, "seats_apart() of something that is not a player (a card, a member, a number...)"),
    "E665": (ERROR, "a range open at the top ('2..') where no printed table is indexed: a counter's, variable's or "
                    "zone's range has its high end"),
    "E666": (ERROR, "a printed table's value worked out in play (a counter, an option, a func): a table's values are "
                    "constants, or arithmetic of numbers and 'const' names, worked out once before play"),
    "E667": (ERROR, "a zone whose items are of another kind given where a 'zone of KIND' is declared (a parameter, a "
                    "let, a func's result): its items are read as that kind's cards"),
    "E668": (ERROR, "'amend shortfall RES' of a resource without a shortfall: there is nothing to change"),
    "E669": (ERROR, "a 'shortfall' of a stock cards of two kinds or more hold: its 'holder' is a card of one kind"),
    "E670": (ERROR, "a grid's index misread: 'row KEY of GRID' with a computed value of another kind than its index's "
                    "or past the grid for every value of its loop ('row r + 5 of token' in 'for each r in 1..5'); "
                    "'index [WHICH] of ITEM in GRID' of what is no zone with indexes, of an index it lacks, or of no card"),
    "E671": (ERROR, "a move's depth ('move X to DECK at N from top;') that is not a number, a constant below 1, or "
                    "written after 'to top of' or 'to bottom of'"),
    "E672": (ERROR, "between(a, b) of two cells of different boards (records): the cells between them are on one board"),
    "E673": (ERROR, "edge(a, b) of two cells of different boards (records): a side lies between two cells of one board"),
    "E674": (ERROR, "disjoint(xs) of what is no list of groups (a zone of cards, a list of numbers): it chooses "
                    "among groups, each a list or a zone"),
    "E675": (ERROR, "edge(a, b) of two cells built of constants that are not beside each other (one step along one "
                    "field): they share no side, and play would stop there"),
    "E676": (ERROR, "'seats ... roles ... shuffled' with fewer roles than the most seats: the first as many as "
                    "seats are dealt, so the list needs one for each"),
    "E677": (ERROR, "a supply, a counter's start or a variable's default, worked out before play, reading a printed "
                    "table at a value known only in play (a counter, a variable, a func)"),
    "E678": (ERROR, "'index ... of ITEM in HOLDER.GRID' of a shared zone, of a HOLDER that is no player or actor, or "
                    "a GRID that is neither a zone's name nor a holder's zone (an element, 'techs[2]')"),
    "E679": (ERROR, "a board's sides as an index misused: 'var NAME[edge of RECORD]' of what is no board's cell (an "
                    "enum, a kind, a record with a players' field or a field an option sizes), beside other indexes or "
                    "on a counter or zone; or such a variable read with what is no side of that board (a cell, a list "
                    "of cells of another board, a list of constant cells that are not two beside each other)"),
    "E682": (ERROR, "a 'shortfall' of an indexed zone: a cost pays cards from one of its zones, and the raising "
                    "could not tell which to count"),
    "E683": (ERROR, "'around' on a field that is no record's range of fixed ends (a number of no end, an enum, a "
                    "range ending at an option, an enum's data field): only a range goes round"),
    "E685": (ERROR, "'around' on a range of fewer than 3 numbers: one step either way round reaches the same place"),
    "E687": (ERROR, "a table of a board's sides ('table NAME[edge of RECORD]: bool = [edge(a, b), ...];') holding "
                    "other than conditions, no list, or listing what is no side of that board written with constant cells "
                    "(a cell, a call other than edge(...), two cells not beside each other, a cell worked out in play)"),
    "W406": (WARNING, "two expansions override one declaration"),
    "W407": (WARNING, "override calls itself"),
    "W408": (WARNING, "match without a case for every member"),
    "W409": (WARNING, "two enum members shown alike"),
    "W410": (WARNING, "a winner key written as a negation"),
    "W411": (WARNING, "proc or func that calls itself on every path"),
    "W412": (WARNING, "condition always true by its types"),
    "W413": (WARNING, "statement after end game or return, never run"),
    "W414": (WARNING, "proc with a result type that can end without return"),
    "W415": (WARNING, "restore of the acting player where they are always in (an each, a trigger)"),
    "W416": (WARNING, "a modifier's gain or lose line with no tagged gain or loss of its action to change"),
    "W417": (WARNING, "winner line condition or team score that reads a per-player value (the first player's)"),
    "W418": (WARNING, "retired, no longer issued: every text fills in its {values} where it is evaluated"),
    "W419": (WARNING, "a forbid or allow modifier of an action nothing of the pack is tagged with"),
    "W420": (WARNING, "a tagged block inside 'for each' over players: it is for the acting player, not the loop's"),
    "W421": (WARNING, "a pick over a zone its picker never sees: options shown by position"),
    "W422": (WARNING, "a once-per trigger whose waking event nothing announces: it fires once only"),
    "W423": (WARNING, "an inner variable with the name of an enclosing local: the local cannot be reached there"),
    "W424": (WARNING, "a card of many copies compared or filtered by its name: the first copy only"),
    "W425": (WARNING, "a top-level trigger not on 'you': it fires once per player"),
    "W426": (WARNING, "a counter with a negative lower bound, no start and no rule that sets it: it starts there"),
    "W427": (WARNING, "an item moved into a zone declared of another kind"),
    "W428": (WARNING, "a set of a counter to a value known to be past its bounds: it is kept at the bound"),
    "W429": (WARNING, "shown that shows nothing: on a kind no zone hides, or a shown field revealed"),
    "W430": (WARNING, "a shift whose source and destination are written alike: the same element, nothing moves"),
    "W432": (WARNING, "dice kept as pieces (a kind's field typed by a die) that no rule rolls or sets"),
    "W433": (WARNING, "a die kept as a piece set to a roll of its die (let v = roll DIE; set x.F = v;): that is roll x;"),
    "W434": (WARNING, "an optional modifier that costs nothing to use and is never used up: its holder would always say yes"),
    "W435": (WARNING, "a field listed twice in a kind's 'shows' list"),
    "W436": (WARNING, "an auction or offer given players in an order of their own: it asks in seat order"),
    "W437": (WARNING, "a trigger on the change of a variable (set(NAME)) that no rule sets: it never fires"),
    "W438": (WARNING, "a card term 'N cards ... different by FIELD' without 'wild' asking more cards than FIELD has values: it can never be paid"),
    "W439": (WARNING, "a move 'known' into, or a 'look top N of' or 'reveal top N of', a public zone: everyone sees its cards, in order, already"),
    "W440": (WARNING, "an offer whose body never names its partner"),
    "W441": (WARNING, "a modifier's value line on an action no value of the pack is tagged with"),
    "W442": (WARNING, "a cost, gain, lose, forbid or allow line on an action the pack tags values with only"),
    "W443": (WARNING, "a role's state, proc or func used for a player not known to hold the role (narrow with 'if p is ROLE')"),
    "W444": (WARNING, "a role no seat holds and no 'give' gives: its state and rules are never used"),
    "W445": (WARNING, "a pattern binds an index ('gain(warriors[c])') that neither its while nor its body reads"),
    "W446": (WARNING, "a top-level 'whenever nobody' trigger names a per-player value alone: it is the first player's"),
    "W447": (WARNING, "an open choose (choose ... as LABEL open) that no card adds an option to"),
    "W448": (WARNING, "a proc reads a bare per-player name outside and inside 'each P': inside, it is P's"),
    "W449": (WARNING, "an enum's list of its own members (near) that goes both ways for most members but not for one"),
    "W450": (WARNING, "a var or counter indexed by a kind with '* N' copies, indexed by a card: the copies share one element"),
    "W451": (WARNING, "a 'let' in an inner block of an outer local's name, that local read after the block: a 'set' was likely meant"),
    "W452": (WARNING, "a 'let' or 'set' of a parameter in a 'before' block: the proc's body sees the parameter as given"),
    "W453": (WARNING, "index_of(ENUM, m) of a member of that enum: it is ordinal(m)"),
    "W454": (WARNING, "next(m, n) or a step like it whose constant step count leaves the member where it is"),
    "W455": (WARNING, "a 'can PROC(...)' test that always holds: an option of the proc's choose is always offered"),
    "W456": (WARNING, "a match case never reached, or a range case partly so: earlier constant cases take its numbers"),
    "W457": (WARNING, "reset of a kind none of whose fields has a default: it resets nothing"),
    "W458": (WARNING, "a match with range cases and no else over a counter with bounds that leaves some of its numbers out"),
    "W459": (WARNING, "a 'let' in a func named as a parameter of the func or an earlier 'let' of it, which it hides"),
    "W460": (WARNING, "distinct() of what never holds a value twice (a zone, an enum, a range...): it is that list itself"),
    "W461": (WARNING, "'first VAR in opponents' or 'in players': asked in seat order from P1, not from the actor's left"),
    "W462": (WARNING, "a text inside 'each P' showing both you and P, who are the same player there"),
    "W463": (WARNING, "a card's name compared with a text no card of its kind is declared with: never equal"),
    "W464": (WARNING, "reachable(p from START via NEXT) whose NEXT does not read p: every place has the same neighbours"),
    "W465": (WARNING, "base() in an amended game phase ('amend GAME { phase P { base(); ... } }') the base leaves empty"),
    "W466": (WARNING, "a text shown to players shows a card's copy_number: identical copies could be followed"),
    "W467": (WARNING, "a constant position outside a list field as some declarations of the kind give it"),
    "W468": (WARNING, "a list passed for a parameter declared any that the body does number arithmetic with"),
    "W469": (WARNING, "an amend adds a card's reaction or 'anytime' slot beside one on the same event sharing a zone"),
    "W470": (WARNING, "neighbours(CELL, diagonal) of a record of one field: a line has no diagonal"),
    "W471": (WARNING, "a local let be an empty list without a type: what is added to it is not checked"),
    "W472": (WARNING, "a card's override without base() that another card overrides too: it hides that card's version"),
    "W473": (WARNING, "a 'for each' declaration over a kind or enum with nothing in it: it makes nothing"),
    "W474": (WARNING, "a 'for each' declaration that never uses the name it binds: its entities are alike"),
    "W475": (WARNING, "a proc, func or enum member the base uses that the stacked packs leave unused"),
    "W476": (WARNING, "a card's override that calls the func or proc it changes: for its holder, it calls itself"),
    "W477": (WARNING, "a window; with no card to play at it: no card has an 'anytime in ZONE' slot (without 'at')"),
    "W478": (WARNING, "a card with an 'anytime in ZONE' slot (without 'at') in a pack without a window;"),
    "W479": (WARNING, "a pick's 'fewest KEY' or 'most KEY' whose key does not read the candidate: all of them tie"),
    "W480": (WARNING, "'top public' on a public zone, or 'size owner' on a zone the others see into: it changes nothing"),
    "W481": (WARNING, "an index VAR + N of a for each loop over LOW..HIGH outside the declared range for every VAR"),
    "W482": (WARNING, "a field an amend adds to a record whose title, kept, does not show it"),
    "W483": (WARNING, "a field an amend adds to a record read as a domain: its loops go through more values"),
    "W484": (WARNING, "a resource names a proc for what goes over its cap (over PROC) but has no cap: the proc never runs"),
    "W485": (WARNING, "a constant outside the numbers of a record's range field (row: 1..5): building it stops the game"),
    "W486": (WARNING, "a record's title that leaves out a field: values differing only there read alike"),
    "W487": (WARNING, "the proc a resource hands what goes over its cap gains that resource itself: it goes over again"),
    "W488": (WARNING, "'can copy ENTITY.SLOT' that always holds: every card of the kind has the slot, starting with no decision"),
    "W489": (WARNING, "a tagged pay followed by an emit of its action with the same arguments: write 'pay ... for ACTION(args) and emit;'"),
    "W490": (WARNING, "a track's position compared with a number so that it holds everywhere or nowhere, or, by its "
                      "bare name, with a number its scale prints at another position: printed(TRACK) was meant"),
    "W491": (WARNING, "a stock on a card gained, lost or paid by a negative amount written as a number"),
    "W492": (WARNING, "a stock on a card set with 'set': its cap is passed by and nothing is announced"),
    "W493": (WARNING, "a cost's alternative written twice, or an exchange for a group the cost has no term of"),
    "W494": (WARNING, "a choose option offered to a player who cannot pay: its cost is paid after another statement"),
    "W495": (WARNING, "a pack manifest's 'used' entry that names no zone each player has: simulate leaves it out"),
    "W496": (WARNING, "a card holding cards in a zone of its own moved into a secret zone: what it holds goes with it, out of play"),
    "W497": (WARNING, "a modifier a card's effect registers while contains(ZONE, this): the card may hold it, modifier ... in ZONE"),
    "W498": (WARNING, "a pack manifest's exclude pattern that names no rules file of the pack's folder"),
    "W499": (WARNING, "neighbours(CELL) or neighbours(CELL, diagonal) in a pack that walks the board by the six directions of a hex"),
    # W5xx: warnings, continued
    "W500": (WARNING, "the proc a zone's cap hands the cards over puts cards into that zone: it may go over again"),
    "W501": (WARNING, "a proc 'once per' a parameter that never calls itself, directly or through others: no call is ever skipped"),
    "W502": (WARNING, "the proc a counter's bank runs when it is short ('short PROC') gains that counter: it is short again"),
    "W503": (WARNING, "a role given from a pick among all the roles, without 'where', that a loop runs again: it may pick a role given already (E601)"),
    "W504": (WARNING, "a variable declared 'internal' shown by a text players read"),
    "W505": (WARNING, "a variable declared 'internal' read by the winner line"),
    "W506": (WARNING, "a set of a counter 'per PROC' to its start among the proc's own statements: 'per' does it"),
    "W507": (WARNING, "an attack a reaction cannot stop: an effect on other players outside the tagged block the reaction forbids, or in seat order"),
    "W508": (WARNING, "a named window ('window NAME;') that no card's 'anytime ... at NAME' slot answers: it offers nothing"),
    "W509": (WARNING, "a 'draw ... until' condition that reads nothing the draw or its block changes"),
    "W510": (WARNING, "'EXPR after PROC(args)' whose EXPR reads nothing of the game: it is the same without the run"),
    "W511": (WARNING, "a ray's 'until' (or 'while') condition that does not read the ray's cell: it stops at the first cell or never"),
    "W512": (WARNING, "a shape written out (a list of cells, or a card's) for turns() or orientations() that lists a cell twice"),
    "W513": (WARNING, "a draw from a display's source into the display: it refills by hand a zone that keeps itself filled"),
    "W514": (WARNING, "a pick's 'at least M' above how many candidates there can ever be: every candidate is taken"),
    "W515": (WARNING, "'signed' on a global counter, which without bounds goes below zero already"),
    "W516": (WARNING, "a game whose rules never put a card into any zone, only move cards between zones: every card starts in no zone, so every draw draws nothing"),
    "W517": (WARNING, "a per-player value set in a pass over the players and compared with every player's in the same pass: the players after still hold the old value"),
    "W518": (WARNING, "a 'say' that shows a variable declared 'hidden' to every player"),
    "W519": (WARNING, "a card's stock named like a player's stock or a func: only 'on' tells which a statement means"),
    "W520": (WARNING, "a pick's 'or blind ZONE' of a zone whose cards some player sees: its top card is not unseen"),
    "W521": (WARNING, "a pick or a loop over a list of bare resource names: each is the player's amount, not the resource"),
    "W522": (WARNING, "a display whose source no rule ever puts anything into: it starts empty, so the display is never filled"),
    "W523": (WARNING, "an option's or a may's 'when', or a pick's 'where', that reads what the deciding player "
                      "cannot see: which options are offered tells them"),
    "W524": (WARNING, "a 'for each' declaration whose title does not read a name it binds: its entities' titles repeat"),
    "W525": (WARNING, "'each ... until settled' that can never settle: no 'where', and its body always reopens"),
    "W526": (WARNING, "a remembered variable or position ('var ... global remembered: TYPE;') that no seen_before() or times_seen() reads"),
    "W527": (WARNING, "a record field's range bounded by an option ('col: 1..size;') that may be below the range's low end: in such games the record has no values"),
    "W528": (WARNING, "a 'for each' over a zone whose body adds to that zone: the loop never visits what it adds"),
    "W529": (WARNING, "an enum's text field read by an auction's 'form' (c.sale.auction) whose value for a member is a slip away from a form's words ('once aroud'): the game stops there at play"),
    "W530": (WARNING, "a name in 'repeat until stable(...)' that the body never sets: it adds nothing to the test"),
    "W531": (WARNING, "a '# lint: allow CODE' that allows nothing: no such warning on its line or the next, or no such code"),
    "W532": (WARNING, "a decimal literal ending in zeros after the point ('7.50', '3.0'): texts show it without them"),
    "W533": (WARNING, "an auction's 'opened by P' where its 'form FORM' may be sealed: nobody opens a sealed auction, so there the opener bids as the others do"),
    "W534": (WARNING, "a pick's 'where' over its picker's own hand hidden from its owner that reads a face they never see"),
    "W535": (WARNING, "a 'say' that names a card of a hand hidden from its owner, or a face of it, to every player"),
    "W536": (WARNING, "'reveal c.FIELD == VALUE;' (or 'look') of a field declared 'shown': every player sees the answer already"),
    "W537": (WARNING, "known() or possible() of a field declared 'shown', which every player knows"),
    "W538": (WARNING, "an index range bounded by an option ('[1..size]', 'bool[1..size]') that may be below the range's low end: in such games it has no elements"),
    "W539": (WARNING, "'in force while COND;' in a kind (or a card) whose cards have no slot it gates (reaction, modifier, override, anytime slot, option): it changes nothing"),
    "W540": (WARNING, "'set aside ... until EVENT' whose EVENT nothing in the pack announces: the card never comes back"),
    "W541": (WARNING, "'swap' of a secret zone with one someone sees, not shuffled right after: what it receives was seen, in order"),
    "W542": (WARNING, "an index of numbers read with a player's seat ('ships[seat(p)]'): an index of players says it ('ships[player]', 'ships[p]')"),
    "W543": (WARNING, "floor, ceil or round of a whole number (a division '/' is already rounded down)"),
    "W544": (WARNING, "an 'anytime' slot or reaction whose condition is false for every card that has it"),
    "W545": (WARNING, "'for each c in KIND' moving each card: the kind lists each declaration once, so the other "
                      "copies of a card declared '* N' never move ('fill ZONE with KIND;')"),
    "W546": (WARNING, "in_force() of a card of kinds none of whose cards holds a slot from a zone: it is always false"),
    "W547": (WARNING, "a simultaneous pick's 'where' reads the picker's own hidden zone or variable: who is asked "
                      "(and who is not, with one candidate) tells the table what it hides"),
    "W548": (WARNING, "a deck that refills from a pile whose end card the rules read (the card in play): it is "
                      "shuffled in with the rest"),
    "W549": (WARNING, "'move all of DISPLAY to SOURCE;': a display gathered into its own source is topped up at once from the top of the source, before any shuffle"),
    "W550": (WARNING, "a 'shared' role (a side) that one seat alone holds and no 'give' gives: 'shared' changes nothing"),
    "W551": (WARNING, "a set of a counter to a value taken away from its floor ('0 - X', '-X') while it cannot go "
                      "below that floor: every negative value is kept at the floor"),
    "W552": (WARNING, "a 'hidden' role the seats line gives by seat order (no 'at random'): every player knows who holds it"),
    "W553": (WARNING, "'you.X' in the body of 'each P': 'you' there is P, the player the body runs for, not the one acting before"),
    "W554": (WARNING, "a read of an adjustable field tagged again with its own event ('c.cost for costs(c)'): the modifiers apply twice"),
    "W555": (WARNING, "a constant ('const radius = 2;') that nothing reads: an expansion that overrides it changes nothing"),
    "W556": (WARNING, "'teams of N' on a seats line some of whose seat counts N does not divide: the last team is short"),
    "W557": (WARNING, "'teammate' in a game whose teams are not 'of 2': it is none in a bigger team, and as a subject "
                      "hears every other member ('teammates' says so)"),
    "W558": (WARNING, "a 'secret' decision whose block tells the table its answer anyway: a 'say' or 'reveal' of "
                      "the picked value, or a 'say' in a secret 'may' or option"),
    "W559": (WARNING, "'always asked' on a pick that is always asked anyway: 'optional' offers 'none' beside its "
                      "one candidate, and a pick of every member of an enum or record always has one"),
    "W560": (WARNING, "'exactly 1 with repeats' (or 'up to 1'): one pick, with none before it to repeat"),
    "W561": (WARNING, "a deck that 'refills from PILE 0 times': it never refills"),
    "W562": (WARNING, "a pick whose block starts with a compulsory pick narrowed by its answer: some answers leave "
                      "that pick no candidate, and nothing happens"),
    "W563": (WARNING, "a card of a per_player kind taken from another player's zone, moved into a zone of the "
                      "acting player's: the acting player's own copy moves, not the one taken"),
    "W564": (WARNING, "'each V' of a player variable that no rule sets: it is always none, and the body runs for nobody"),
    "W565": (WARNING, "'known to holders' on a role that is not 'shared': one player holds it, there are no fellow holders to know"),
    "W566": (WARNING, "a choose option that pays, then picks what may be nothing: the cost is paid for nothing"),
    "W567": (WARNING, "a name listed twice in one 'amend a, b, c': the body amends it once"),
    "W568": (WARNING, "a key of 'winner ... by team' that reads the player's team ('score[team()]', 'teammates'), "
                      "added up over the members, or a key of 'by team once' that reads none, the first member's "
                      "alone"),
    "W569": (WARNING, "a card of several copies whose version of a func adds to base(...): two copies held "
                      "change the rule once"),
    "W570": (WARNING, "an amend adds 'secret', 'always asked' or 'with repeats' to a pick that has it already, or 'secret' to a choose that is"),
    "W571": (WARNING, "an 'in force while' condition that asks in_force() of its own card, directly or through other "
                      "cards' conditions: it asks itself without end"),
    "W572": (WARNING, "'each PLAYERS' whose body moves the player's zone into another player's zone of the same name: "
                      "each player in turn passes on what they were just given too"),
    "W573": (WARNING, "the 'where' of 'first ... may' or of an offer reads the asked player's own hidden counter, "
                      "variable or zone: who is asked tells the table what it hides"),
    "W574": (WARNING, "a pick whose block changes the element of a 'hidden' counter or variable its answer names, the "
                      "answer told to the others: which element changed is no secret ('secret' keeps it)"),
    "W575": (WARNING, "an auction's call written twice in its 'over [...]' list: the second can never be bid"),
    "W576": (WARNING, "dice kept as pieces that no rule ever puts into a zone (no 'fill ZONE with KIND', no die "
                      "named) while the game reads their zones: every zone of them stays empty, and rolls roll nothing"),
    "W577": (WARNING, "a set of a counter to a value worked out in play, one of whose results written as a number (an "
                      "if's branch, a match's case, in the value or a func it calls) is past the counter's bounds"),
    "W578": (WARNING, "a public counter or variable that only the rules of one hidden role change: when it changes, "
                      "everyone learns who holds the role"),
    "W579": (WARNING, "a zone dealt out round the players by hand ('while size(Z) > 0 { each players { if size(Z) > 0 "
                      "{ draw 1 from Z to W; } } }'): 'deal all of Z to W;' says it"),
    "W580": (WARNING, "a record's shape ('where COND') that no value of its fields keeps"),
    "W581": (WARNING, "a record built of known values outside its record's shape"),
    "W582": (WARNING, "a limit ('once ... as NAME') that one option alone names: it shares nothing"),
    "W583": (WARNING, "'always asked' on a 'first ... may' with neither 'where' nor 'cost': every player of the list "
                      "is asked anyway"),
    "W584": (WARNING, "'each' or 'first ... may' over every seat (all_players, all_others_from(p)...), or an 'each' "
                      "of a player taken from it, in a game that knocks players out for good: the players out are "
                      "passed over all the same"),
    "W586": (WARNING, "a field adjusted by modifiers read through a card of unknown kind, where the kinds with the "
                      "field tag it differently: the printed value is read"),
    "W587": (WARNING, "an amend's '* N' over copies its entity reads from a constant ('* knight_cards'): what else "
                      "reads the constant keeps the old number"),
    "W591": (WARNING, "'swap' in a 'secret' decision's block of zones the others do not see into, not 'unseen': the players who had looked at the cards forget them, and learn of the swap"),
    "W594": (WARNING, "a modifier of a list cost's event ('needs: list for card_needs;') whose filter names a card that lists no unit of that cost: there is nothing to discount"),
    "W595": (WARNING, "a 'gather' over the places A..B of a list taking its item at each place: the slice 'xs[A..B]'"),
    "W605": (WARNING, "'seen by FIELD' or 'hidden from FIELD' of a field nothing gives a value: every face stays as it starts"),
    "W606": (WARNING, "the field of 'seen by FIELD' or 'hidden from FIELD' declared 'shown': it is shown already"),
    "W610": (WARNING, "a ragged index range empty for a value of the indexes before it: no element there"),
    "W611": (WARNING, "a name listed twice in 'remove a, b, c;'"),
    "W612": (WARNING, "'during PHASE' written in that named phase's own steps: always true there"),
    "W613": (WARNING, "a parameter of an effect slot that no card's block for the slot reads"),
    "W614": (WARNING, "an auction 'over each HOLDINGS' whose HOLDINGS reads nothing of the bidder's: the same for everyone"),
    "W615": (WARNING, "a per-player zone passed by its bare name to a proc that reads it only inside an 'each' "
                      "(the zone stays the caller's)"),
    "W616": (WARNING, "'during PHASE' written in the steps of another phase: phases run one after another, so it "
                      "is always false there"),
    "W617": (WARNING, "a card's 'modifier ACTION in ZONE also' whose kind has no modifier of that action and zones"),
    "W618": (WARNING, "'copy ENTITY.SLOT with it;' where the event carries none of the slot's parameters: it gives nothing"),
    "W619": (WARNING, "a pick from a zone seen item by item ('seen by FIELD', 'hidden from FIELD') that keeps only "
                      "items whose face the picker never sees, or a choose's option in its body reading such a face"),
    "W620": (WARNING, "a pick's 'where' (or a choose's option guard in its body) reading a face of items of a zone "
                      "seen item by item that it does not keep to those its picker sees: the options offered tell it"),
    "W624": (WARNING, "steps_around(a, a): the same member on both sides, always 0 steps"),
    "W625": (WARNING, "'lose N C[a];' and 'gain N C[b];' of one indexed counter side by side: a move in two steps that "
                      "makes units when C[a] holds fewer than N ('shift')"),
    "W626": (WARNING, "a winner line ranking by a counter set only right before 'end game' (a flag saying who won: "
                      "'end game won by')"),
    "W627": (WARNING, "a 'for each' declaration's 'where' that keeps none of its domain's values: it makes nothing"),
    "W628": (WARNING, "a pick's 'different by FIELD' that changes nothing: at most one pick, or 'with repeats'"),
    "W629": (WARNING, "an amend's new domain (a pick's, a loop's, a 'first ... may''s players, a 'repeat until "
                      "stable''s names) written without 'base' that keeps nothing of the base's"),
    "W630": (WARNING, "'can PROC(...)' of a proc that starts with an 'if' or 'match' whose every branch is empty or "
                      "absent: it never holds"),
    "W632": (WARNING, "a deal in packets written by hand ('repeat R { each players: draw K from Z to W; }', or "
                      "'while size(Z) > 0' dealing K at a time): 'deal N of Z to W K at a time;' says it"),
    "W638": (WARNING, "an option of a shortfall's 'raise by' that never gains the resource: taken, it raises nothing, "
                      "and may be asked again and again"),
    "W639": (WARNING, "a shortfall's 'raise by' without an option: nothing is ever raised"),
    "W640": (WARNING, "a prompt's value read from faces seen item by item through a local bound more than once: "
                      "shown masked to every player, the one who sees the face too"),
    "W641": (WARNING, "a prompt's value read through a func reading faces seen item by item of items not worked out "
                      "from its parameters alone: shown masked to every player, the one who sees the faces too"),
    "W642": (WARNING, "simulate: a game far longer than the finished ones whose counters, resources or zones keep "
                      "growing (it may never end), said before the decision limit (E602)"),
    "W644": (WARNING, "a func of one parameter that is a printed table written as a 'match' of every number of a range "
                      "(or member of an enum) to a constant: 'table NAME[...]: TYPE = [...];' says it"),
    "W645": (WARNING, "'row KEY of GRID' with constant values whose ragged row is empty: a loop over it does nothing"),
    "W648": (WARNING, "seats_apart(p, p) or seats_apart(you): the same player on both sides, always 0 seats"),
    "W649": (WARNING, "the distance round the table worked out by hand from places in a list of the players "
                      "('min(index_of(others_from(a), b), size(players) - index_of(...))'): 'seats_apart(a, b)' says it"),
    "W650": (WARNING, "a printed table indexed by an enum whose members are the cards of a kind, one each: a value "
                      "each card prints is a field of the kind"),
    "W651": (WARNING, "a 'zone' parameter whose items' fields the body reads: their kind is not known, so a field "
                      "they lack is found in play only ('z: zone of KIND' has them checked)"),
    "W652": (WARNING, "edge(a, a): the same cell on both sides, which has no side with itself (play stops there)"),
    "W653": (WARNING, "'row KEY of GRID' with a value of a loop past the grid for some of the loop's values "
                      "('row r of token' in 'for each r in 1..6'): play stops there unless a test keeps them out"),
    "W654": (WARNING, "a card put at a depth of a zone ('at N from top') that the same block shuffles afterwards: "
                      "the shuffle undoes the depth"),
    "W655": (WARNING, "between(a, a): the same cell on both sides, never any cell between"),
    "W656": (WARNING, "a field of enum members read of a value whose type is not known (an item of a 'zone' "
                      "parameter), held by the members of several enums: which one's data is not known"),
    "W657": (WARNING, "'seats ... roles ...' (in seat order, or shuffled) listing more roles than the most seats: "
                      "the roles past them are never dealt"),
    "W658": (WARNING, "a func whose value is a 'match' of numbers one after another to constants, its 'else' the value of "
                      "every number past the last case: 'table NAME[n: LOW..]: TYPE = [...];' (open at the top) says it"),
    "W659": (WARNING, "a variable indexed by a board's sides read with a list of cells written out ('wall[[a, b]]'): "
                      "'edge(a, b)' says it is a side and stops play at once where the cells are not beside each other"),
    "W660": (WARNING, "a 'shortfall' of a zone no cost term pays cards from: it never runs ('lose', 'discard' and "
                      "'move' take what there is)"),
    "W661": (WARNING, "a prompt's value set under a condition on faces seen item by item: shown masked to every "
                      "player, the one who sees the face too"),
    "W662": (WARNING, "an aggregate over 'ray(c from ... via ... until COND)' keeping only the cells COND fails for: "
                      "it drops the cell the ray stopped at, which is 'ray(c from ... via ... while NOT COND)'"),
    "W663": (WARNING, "'% N' arithmetic on a field that goes round ('place: 1..8 around;'), N its ring's size: the "
                      "board builtins (shift, step, neighbours, ray, between, edge) already wrap along it"),
    "W664": (WARNING, "a variable every view shows set under a condition on hidden cards, in a branch that does "
                      "nothing else the table sees: the variable alone tells every player the condition"),
    "W666": (WARNING, "a table of a board's sides listing one side twice (either way round): the second says nothing"),
    "W667": (WARNING, "an option's 'when' that says only that the pick its body starts with has a candidate "
                      "('when some(c in D where C) { pick c from D where C ... }'): the option is offered only then "
                      "anyway (4.6), so the 'when' can go"),
    "W603": (WARNING, "an auction's 'doubling N' without a third name in 'as (WINNER, PRICE, STAKES)', or stakes its "
                      "body never reads: the doubles change nothing the rules read"),
    "W604": (WARNING, "a 'deal' inside the block a deal runs for each card dealt ('deal ... as (P, C) { deal ... }')"),
    # E5xx: packs
    "E501": (ERROR, "missing pack manifest"),
    "E502": (ERROR, "invalid pack manifest"),
    "E503": (ERROR, "unknown pack"),
    "E504": (ERROR, "cyclic pack extension"),
    "E505": (ERROR, "empty pack"),
    "E506": (ERROR, "cannot write output"),
    "E507": (ERROR, "extends chain too long"),
    "E508": (ERROR, "pack of a log not found"),
    "E509": (ERROR, "simulation report of another pack"),
    "E510": (ERROR, "player count or variant the game does not have"),
    "E511": (ERROR, "no declaration of that name"),
    "E512": (ERROR, "bad exclude pattern in a pack manifest"),
    "E513": (ERROR, "--max-rounds for a game whose play phases reach no round loop"),
    "E514": (ERROR, "a count in 'draw ... until', which draws one item at a time"),
    "E515": (ERROR, "'draw ... until' into the zone it draws from, or into the pile that zone refills from"),
    "E516": (ERROR, "a 'draw ... until' block that puts the item drawn back into the zone drawn from"),
    "E517": (ERROR, "turns() or orientations() of what is no shape, a list of cells (records)"),
    "E518": (ERROR, "turns() or orientations() of cells of a record that is not two whole numbers ('int' fields)"),
    "E519": (ERROR, "seat names ('seats A to B named ...') not one for each seat the game may have"),
    "E520": (ERROR, "a seat name given twice, empty, or another player's or actor's name"),
    "E521": (ERROR, "'gain N P.R' or 'lose N P.R' with P no player, or R no stock each player holds"),
    "E522": (ERROR, "a variable or counter declared 'hidden' that is global: no player holds it, so no one would see it"),
    "E523": (ERROR, "the form of a board builtin (ray(c from ...), shift(CELL, FIELD = N), neighbours(c, diagonal)) where the pack declares its own func or proc of that name"),
    "E524": (ERROR, "a pick's 'or blind ZONE' amiss: outside a pick's candidates, ZONE no zone of the pick's kind, or a filter or cost that reads the unseen card (only 'VAR in ZONE' of another zone tells it apart)"),
    "E525": (ERROR, "an amend's 'at least M' that the amended pick cannot keep: above its 'up to N', at random, or with the base's budget"),
    "E526": (ERROR, "the event of an adjustable field ('cost: int for costs;') not declared, a builtin, given arguments, "
                    "or not taking the card as its one argument"),
    "E527": (ERROR, "an adjustable field ('cost: int for costs;') that is no plain number or condition, or a 'set' of one"),
    "E528": (ERROR, "a display's source or redeal pile indexed otherwise than the display ('zone row[level] ... show 4 from deck[level]': alike, or one plain zone), or written otherwise than declared"),
    "E529": (ERROR, "'up to N', 'exactly N', 'at least M' or 'or blind ZONE' in 'each ... simultaneously for each U in ... pick': "
                    "it picks one for each element"),
    "E530": (ERROR, "a constant's value or a record range's end ('const radius = 2;', 'q: -radius..radius;') that is no whole number known before play: a counter, a func, an option at a range's low end, a name declared nowhere"),
    "E531": (ERROR, "an order ('<', a ranking key) between a list and another type, or of lists of items without an order"),
    "E532": (ERROR, "subsets(xs, k) of what is not a list, or with a constant k below 0 or past the subsets' bound"),
    "E533": (ERROR, "'reopen;' outside every 'each ... until settled' of its effect"),
    "E534": (ERROR, "a func shown on the screen ('func NAME(): TYPE shown \"Title\"') that takes parameters or reads what some player may not see"),
    "E535": (ERROR, "a numeric option ('option NAME: LOW..HIGH = DEFAULT;') with an empty range or a default outside it (a name another declaration takes is E208)"),
    "E536": (ERROR, "'regions(p in DOMAIN where COND via NEXT)' whose NEXT is no list of DOMAIN's elements or does not read p"),
    "E537": (ERROR, "seen_before()/times_seen() of what is not a remembered variable or position, or a remembered variable that is not global or whose position another declaration names"),
    "E538": (ERROR, "an option of listed values ('option NAME: 9 | 13 | 19 = 19;') with none listed, a value listed twice, or a default not among them"),
    "E539": (ERROR, "a record field's range bounded by a name ('col: 1..size;') that is no option: a bound is an option, known before the setup and fixed for the game"),
    "E540": (ERROR, "'longest' on a pick that is not 'repeated' (or in 'each ... simultaneously pick', with a budget, 'or blind', 'at random'), a 'then highest KEY' that is no number, or a body its search cannot run (a decision, an end, a local of the block set, 'return', 'break')"),
    "E541": (ERROR, "'take X from LIST;' whose LIST is no list variable or local list, or whose X is never one of its items"),
    "E542": (ERROR, "a frame ('numbered t as (EXPR)') on what is no range, not worked out before play, or that does not "
                    "number each element of the range once for some seat"),
    "E543": (ERROR, "an auction's 'form FORM' that is no member of an enum, a member named after no form of auction (open, once_around, sealed, open_in_any_order, open_until_all_pass), or of an enum with no such member"),
    "E544": (ERROR, "'repeat until stable(...)' that names nothing, names what is no counter, variable or local, or whose body sets none of them"),
    "E545": (ERROR, "a '# lint: allow CODE' that names an error: only warnings can be allowed"),
    "E546": (ERROR, "a decimal (a number with a fractional part) where a whole number is wanted: a counter, an amount, a range's end, an index, an int"),
    "E547": (ERROR, "a decimal literal the language refuses: more places after the point than it keeps, or more digits than a number has"),
    "E548": (ERROR, "'reveal ... == VALUE;' (or 'look') that asks anything but whether a card's field has a value with =="),
    "E549": (ERROR, "a value a card's field is asked about ('reveal c.FIELD == VALUE;', possible()) that the field never equals: another type"),
    "E550": (ERROR, "known() or possible() of anything but a card's field written out (c.FIELD)"),
    "E551": (ERROR, "an index range ('var x[1..size]', 'counter c[1..size]', a field's 'bool[1..size]') ending at a name that is no option: a range's end is a number or an option, known before the setup and fixed for the game"),
    "E552": (ERROR, "'in force while' written twice in one kind or card: its cards hold their slots while one condition does"),
    "E553": (ERROR, "'it' in an 'in force while' condition or an override's 'while': they are worked out at each use or call, at no one event"),
    "E554": (ERROR, "'set aside' of what is no card, tile or piece (a zone: 'set aside all of ZONE')"),
    "E555": (ERROR, "'set aside' of a card of kinds no zone holds: it is never in a zone to be set aside from"),
    "E556": (ERROR, "'swap Z with W;' of a zone with itself"),
    "E557": (ERROR, "'swap Z with W;' of zones that cannot take each other's items: one declared of a kind the other is not"),
    "E558": (ERROR, "an index of players ('counter support[player]') read with what is no player: a seat's number, a member, a card"),
    "E559": (ERROR, "an index of players where the seats cannot be known before play: an element's own bounds, a bank per player"),
    "E560": (ERROR, "in_force() of what is no card: it asks whether a card's slots apply now"),
    "E561": (ERROR, "'remove in force;' in an amend of a kind or card that has no 'in force while' line to remove"),
    "E562": (ERROR, "a 'while true' that nothing leaves: no 'break' of its own, no 'return', no 'end game' it could reach"),
    "E563": (ERROR, "'pass ZONE to PLAYER;' of a zone that is not each player's own, named alone (a shared zone, one zone of an indexed zone, another player's)"),
    "E564": (ERROR, "'pass ZONE to PLAYER;' whose PLAYER is no player"),
    "E565": (ERROR, "a field read on a value whose kind is not known (an item of a 'zone' parameter) that nothing declares: no kind, record, enum or player has it"),
    "E566": (ERROR, "a record's range whose ends, worked out from constants ('q: -radius..radius;'), hold no number (the high end below the low): the record has no values"),
    "E567": (ERROR, "'teams of N solo' or 'teams 1 solo': 'solo' sets the first seat alone against the others, two teams or more"),
    "E568": (ERROR, "a name in 'amend a, b, c' that is not declared (the others are amended)"),
    "E569": (ERROR, "an amend's 'may \"prompt\" WORD;' of a statement that cannot take WORD: 'always asked' on a plain 'may', "
                    "'secret' on a 'first ... may', 'with repeats' or 'at random' on either"),
    "E570": (ERROR, "'shared' or 'hidden' on a card of a pack's own kind 'role' (values, effects, a zone's overrides, copies): only a role is a side"),
    "E571": (ERROR, "'known to holders' on a role that is not 'hidden': every player sees who holds it already, not its holders alone"),
    "E572": (ERROR, "an enum's field indexed by what is no record of cells known before play ('shade: int[spot];' "
                    "needs a record of ranges, enums and bools), or an indexed field in a record"),
    "E573": (ERROR, "'amend a, b, c' of names of different categories (a track and an entity), or of several enums: "
                    "one body amends one category, and an enum's members are its own"),
    "E574": (ERROR, "a seats line's teams that no seat count of its range makes whole: a team left empty, or teams of N that no count divides"),
    "E575": (ERROR, "team(p), 'teammates', 'team_count' or 'winner ... by team' in a game whose seats line declares no teams"),
    "E576": (ERROR, "a member's grid ('shade = [[...], ...]') that does not match its record's cells: a row "
                    "missing or too many, a row too short or too long, a row that is no list"),
    "E577": (ERROR, "'secret' on a decision whose answer is told to nobody already: a pick at random (nobody is asked) "
                    "or a simultaneous pick (its answers are never told)"),
    "E578": (ERROR, "'always asked' on a pick at random: nobody is asked"),
    "E579": (ERROR, "'with repeats' on a pick that is not 'exactly N' or 'up to N'"),
    "E580": (ERROR, "refills() of what is not a deck declared 'refills from PILE'"),
    "E581": (ERROR, "an amend removes 'secret', 'always asked' or 'with repeats' from a pick that has none, or 'secret' from a choose"),
    "E582": (ERROR, "an amend leaves a pick with a word it cannot have: 'with repeats' without a count, 'secret' "
                    "or 'always asked' at random"),
    "E583": (ERROR, "an amend writes one of a pick's or a choose's words twice ('secret remove secret')"),
    "E584": (ERROR, "an enum's grid read without a cell, or at a value of another type ('window.shade[3]' of "
                    "'shade: int[spot];')"),
    "E585": (ERROR, "a pick's 'or blind' offers the top card of one zone twice ('or blind deck or blind deck[one]')"),
    "E586": (ERROR, "a pick's 'or blind' with no zone after it"),
    "E587": (ERROR, "a record's shape ('where COND') that cannot be worked out before play from its fields"),
    "E588": (ERROR, "options that share a limit ('once ... as NAME') mark it with different periods ('once' and "
                    "'once per PATTERN', or two patterns)"),
    "E589": (ERROR, "an auction's 'over CALLS' that is no ranked list of calls (a zone, players, an empty list), "
             "with 'min' or 'step', or 'up to' of another type than its calls"),
    "E590": (ERROR, "an auction's calls written out as numbers that do not rise ('over [18, 20, 19]'): a call ranks by its place"),
    "E591": (ERROR, "'deal ... to ZONE' into what is not a 'per_player' zone named alone (each receiver's own)"),
    "E592": (ERROR, "'deal ... from PLAYER' naming what is not a player"),
    "E595": (ERROR, "'once per NAME' of a proc or a loop label with a subject or arguments: the end of a call or round "
                    "is nobody's event"),
    "E596": (ERROR, "'once per NAME' where NAME is both a proc and a loop label: which end starts a new period is unclear"),
    "E597": (ERROR, "a name where a number is written alone ('* knights', 'show market from deck') that is no constant"),
    "E598": (ERROR, "a constant that comes to a negative number where a number of things is written ('* knights')"),
    # E6xx: runtime
    "E601": (ERROR, "rules error during play"),
    "E602": (ERROR, "runaway trigger chain"),
    "E603": (ERROR, "replay diverged"),
    "E604": (ERROR, "invalid game log"),
    "E605": (ERROR, "invalid saved state"),
    "E606": (ERROR, "forbidden action"),
    "E607": (ERROR, "variant not playable in this game"),
    "E608": (ERROR, "the game was called wrongly"),
    "E609": (ERROR, "no running loop of the label"),
    "E611": (ERROR, "'swap ... unseen' of a zone players other than its owner see into: they watch it change"),
    "E612": (ERROR, "an amend names a labelled loop with another loop's keyword ('while as round' of a 'repeat')"),
    "E616": (ERROR, "a modifier's cost line on a list cost ('needs: list for card_needs;') that is no discount or addition of its units: a unit the list cannot hold, an added wild unit, cards, 'different', 'using' or a trade"),
    "E617": (ERROR, "a list field tagged with an event ('needs: list of KIND for EVENT;') whose items are no units of a cost (cards, records)"),
    "E620": (ERROR, "a ragged index range ('[g: gear, 0..(g.positions - 1)]') whose end is not worked out before "
                    "play from the indexes named before it, or an index named twice or where it is no enum or range"),
    "E621": (ERROR, "a constant element past the end of its ragged row ('at[palenque, 11]' where Palenque's "
                    "positions are 0..9)"),
    "E624": (ERROR, "a cost term 'N X.FIELD' whose X is no card or enum member (a payment is the payer's own), or in a "
                    "modifier's cost line"),
    "E625": (ERROR, "'also' on a kind's own modifier (it keeps a card's modifier beside its kind's)"),
    "E618": (ERROR, "an amend of a loop writes a part the loop has not: 'where' of a repeat, a while or a 'repeat "
                    "until stable(...)' (a for each's or an each's filter)"),
    "E622": (ERROR, "a named phase put after or before what is no phase of the game, or outside play and final "
                    "('phase canal_era after setup')"),
    "E623": (ERROR, "a named phase whose name is taken: by a phase the game has already (placed again in an amend), "
                    "or by a declaration ('after NAME' would not tell them apart)"),
    "E626": (ERROR, "an auction's 'doubling N' in another form than 'open until all pass', or with N no whole "
                    "number of at least 1"),
    "E627": (ERROR, "an auction's stakes ('as (WINNER, PRICE, STAKES)') without 'doubling N', or named as the "
                    "winner or the price"),
    "E630": (ERROR, "'copy ENTITY.SLOT with it;' outside a trigger or reaction, with arguments written beside it, or "
                    "for a slot parameter without a default that the event does not carry"),
    "E636": (ERROR, "a 'copy' of an effect slot whose arguments do not match its parameters (one too many, a name no "
                    "parameter has or given twice, a parameter without a default left out)"),
    "E637": (ERROR, "an auction 'over each HOLDINGS' whose HOLDINGS is no list of whole numbers, or with 'step'"),
}


@dataclass(frozen=True)
class Diagnostic:
    """One finding: a stable code, a severity, a message and where it is."""

    code: str
    message: str
    span: Span
    hint: Optional[str] = None
    notes: tuple = field(default=())

    @property
    def severity(self) -> str:
        return CODES[self.code][0]

    def headline(self) -> str:
        """`path:line:col: severity[CODE]: message` as compilers print it."""
        text = f"{self.span}: {self.severity}[{self.code}]: {self.message}"
        return text + (f" ({self.hint})" if self.hint else "")

    @classmethod
    def from_json(cls, d: dict) -> "Diagnostic":
        """The inverse of `to_json` (cached findings are read back with it)."""
        span = Span(d["file"], d["line"], d["column"], d["end_line"], d["end_column"])
        return cls(d["code"], d["message"], span, d["hint"], tuple(d["notes"]))

    def to_json(self) -> dict:
        """A plain dict for `--format json`."""
        s = self.span
        return {
            "code": self.code, "severity": self.severity, "message": self.message, "hint": self.hint,
            "file": s.file, "line": s.line, "column": s.column,
            "end_line": s.end_line, "end_column": s.end_column,
            "notes": [str(n) for n in self.notes],
        }


class RulesError(Exception):
    """Base error of every stage: carries one or more diagnostics."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.headline() for d in self.diagnostics))


def did_you_mean(name: str, candidates: Iterable[str]) -> Optional[str]:
    """A "did you mean 'x'?" hint for a misspelt name, or None (the name: `closest`)."""
    close = closest(name, candidates)
    return f"did you mean '{close}'?" if close is not None else None


def closest(name: str, candidates: Iterable[str]) -> Optional[str]:
    """The candidate a misspelt name most likely means, or None: the closest by difflib, else (for a
    short name difflib scores low) one a single slip away: two letters swapped (`rde` for `red`),
    one letter wrong, missing or extra."""
    candidates = list(candidates)
    import difflib   # here: most runs never suggest a name, and difflib is a tenth of a lint's imports

    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.7)
    if not close and len(name) >= 3:
        close = [c for c in candidates if one_slip(name, c)][:1]
    if not close:
        close = sorted((c for c in candidates if part_of(name, c)),
                       key=lambda c: -difflib.SequenceMatcher(None, name, c).ratio())[:1]
    if not close:   # a plural for a singular or the other way round, in a part (`discards`: `plant_discard`)
        one = singular(name)
        close = sorted((c for c in candidates if one == singular(c) or part_of(one, singular(c))),
                       key=lambda c: -difflib.SequenceMatcher(None, name, c).ratio())[:1]
    if not close and len(name) >= 4:   # two slips, in a name long enough to still be itself (`acum` for
        # `acc`): the one candidate that close with the same first letter, none when two are
        close = [c for c in candidates if len(c) >= 3 and c[0] == name[0] and slips(name, c) <= 2]
        close = close if len(close) == 1 else []
    return close[0] if close else None


def slips(a: str, b: str) -> int:
    """How many slips turn `a` into `b`: letters changed, dropped or added, adjacent pairs swapped
    (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def singular(name: str) -> str:
    """A name with each `_`-part's plural `s` dropped (`plant_discards` -> `plant_discard`), to match
    a name written in the plural with one declared in the singular and back."""
    return "_".join(p[:-1] if len(p) > 3 and p.endswith("s") and not p.endswith("ss") else p for p in name.split("_"))


def part_of(a: str, b: str) -> bool:
    """Whether one name is the other shortened or lengthened: a prefix of it (`min_temp` for
    `min_temperature`), or whole `_`-parts of it (`hand` for `player_hand`); at least 3 letters."""
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(short) < 3 or short == long_:
        return False
    if long_.startswith(short):
        return True
    return f"_{short}_" in f"_{long_}_"


def one_slip(a: str, b: str) -> bool:
    """Whether `b` is `a` with one adjacent pair swapped, or one letter changed, dropped or added."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        differ = [i for i in range(len(a)) if a[i] != b[i]]
        return len(differ) == 1 or (len(differ) == 2 and differ[1] == differ[0] + 1
                                    and a[differ[0]] == b[differ[1]] and a[differ[1]] == b[differ[0]])
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


# Characters a terminal would act on or hide: controls (ESC starts a sequence that recolours or
# moves the cursor), format characters (bidirectional overrides reorder text), line and paragraph
# separators, and lone surrogates (an undecodable file name) which no terminal encoding can show.
_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs"))


@lru_cache(maxsize=4096)
def _shown(char: str) -> str:
    if unicodedata.category(char) not in _HIDDEN:
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, newlines: bool = False) -> str:
    """User text as it may reach a terminal: every control, format or separator character written as
    an escape (`\\x1b`, `\\u202e`); with `newlines`, line breaks (and tabs) are kept."""
    if text.isprintable():
        return text
    keep = "\n\t" if newlines else ""
    return "".join(c if c in keep else _shown(c) for c in text)


def render_text(diagnostics: Iterable[Diagnostic], sources: dict[str, str]) -> str:
    """gcc-style text: headline, then the source line with a caret under the span.

    Source lines are split where the lexer counts line breaks (LF, CRLF, CR), and shown through
    `printable`, with the caret moved by the width the escapes add.
    """
    from .lexer import LINE_BREAK   # here: the lexer imports lark, which a cache hit never needs

    out = []
    for d in diagnostics:
        out.append(printable(d.headline()))
        source = sources.get(d.span.file)
        if source is not None and d.span.line > 0:
            lines = LINE_BREAK.split(source)
            if d.span.line <= len(lines):
                raw = lines[d.span.line - 1].replace("\t", " ")
                line = printable(raw)
                start = len(printable(raw[:d.span.column - 1]))
                width = 1   # one character, even shown as an escape: the caret points at its start
                if d.span.end_line == d.span.line and d.span.end_column > d.span.column + 1:
                    width = len(printable(raw[d.span.column - 1:d.span.end_column - 1])) or 1
                out.append(f"  {line}")
                out.append("  " + " " * start + "^" + "~" * (width - 1))
        out.extend(f"  note: {printable(str(n))}" for n in d.notes)
    return "\n".join(out)


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    """A JSON array of findings for tools."""
    import json

    return json.dumps([d.to_json() for d in diagnostics], indent=2)


def sort_key(d: Diagnostic) -> tuple:
    """Order findings by file and position."""
    return (d.span.file, d.span.line, d.span.column, d.code)
