"""Regression corpus of malformed rules files (tests/malformed/).

Each file holds one mistake a designer could really make, in otherwise valid rules taken from
real games (Tapestry tracks, Federation tiles, 7 Wonders cards). The table below pins the exact
findings, as (code, line), that `analyse_file` must report for it: one finding per file, except
where a second one cannot be avoided (noted next to the entry).

Entries in KNOWN_BUGS hold the finding the file *should* give; they are strict xfails, so a fix
makes them XPASS and the marker must then be removed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.check import article
from rulebook.compiler.driver import analyse_file
from rulebook.dsl.diagnostics import CODES
from rulebook.dsl.parser import MAX_FILE_BYTES, MAX_NESTING

CORPUS = Path(__file__).resolve().parent / "malformed"

# file (relative to tests/malformed) -> exact findings as (code, line)
EXPECTED: dict[str, list[tuple[str, int]]] = {
    "comment_cuts_a_field_after_an_enum.rules": [("E100", 10)],
    "amend_winner_base_past_the_tiebreaks.rules": [("E365", 12), ("I404", 11)],   # trial20: the base's line stays
    # ---------------------------------------------------------------- E1xx: reading and syntax
    "missing_semicolon.rules": [("E100", 9)],             # right after the statement's last token
    "loop_body_without_braces.rules": [("E100", 6)],      # trial3: it was told "a condition needs braces"
    "index_of_numbers_without_a_range.rules": [("E100", 3)],   # trial3: "unexpected ']'; expected '..'", no hint
    "title_after_global.rules": [("E100", 3)],            # a Can't Stop trial: "unexpected '"Runner"'", no hint
    "for_each_field_of_member_misspelt.rules": [("E334", 6)],   # trial16's Risk: was E303, "worked out by an expression"
    "enum_member_title_after_values.rules": [("E100", 7)],   # trial12's Small World map: "unexpected '"Crag"'", no hint
    "teammate_of_a_player_as_a_field.rules": [("E202", 6)],   # trial12's Tichu: "unknown ... 'teammate'", no way named
    "entity_declared_with_an_index.rules": [("E100", 3)],  # trial9: "expected '*', 'for', ...", no 'for each'
    "copies_named_by_a_counter.rules": [("E597", 6)],   # consts2: a count known only in play where a number goes
    "display_size_constant_misspelt.rules": [("E597", 8)],   # consts2: did you mean the constant
    "copies_constant_below_zero.rules": [("E598", 8)],   # consts2: a constant worked out below zero
    "auction_over_calls_not_rising.rules": [("E590", 5)],   # bridgebid: a call ranks by its place in the list
    "auction_over_a_zone.rules": [("E589", 9)],             # bridgebid: a zone's order is no rank
    "auction_over_calls_with_a_step.rules": [("E589", 4)],  # bridgebid: the calls' order ranks the bids
    "auction_over_calls_written_twice.rules": [("W575", 8)],   # bridgebid: the second can never be bid
    "auction_doubling_once_around.rules": [("E626", 5)],   # bidding2: a double needs 'open until all pass'
    "auction_stakes_without_doubling.rules": [("E627", 4)],   # bidding2: the stakes would always be 1
    "deal_inside_a_deal_block.rules": [("W604", 11)],   # bidding2: the inner deal's cards get no turn of the block
    "deal_into_the_table.rules": [("E591", 8)],      # deal: a shared zone has no "each player's own"
    "deal_from_a_seat_number.rules": [("E592", 8)],  # deal: the seat's number, not the player dealt to first
    "retire_a_seat_number.rules": [("E303", 5)],     # deal: retire names a player, not their seat
    "entity_declared_with_an_index.rules": [("E100", 3)],
    "trigger_on_an_element_of_a_plain_counter.rules": [("E428", 5)],   # trial19 (globalevents: a global gain is heard now)
    "if_value_as_an_operand.rules": [("E100", 6)],   # trial19: "a keyword cannot be used as a name here"
    "any_for_some.rules": [("E100", 5)],   # trial19: "unexpected 'any'; expected an expression"
    "match_case_with_an_arrow.rules": [("E100", 3)],   # trial19's Memoir '44: "use '==' to compare"
    "computed_field_given_with_func.rules": [("E100", 5)],   # trial19: "a block is not closed"
    "lone_file_trigger_body.rules": [("E202", 5)],   # trial19: a lone file's top-level triggers went unchecked  # trial9: "expected '*', 'for', ...", no 'for each'
    "auction_form_without_its_value.rules": [("E100", 6)],   # auctions: "a keyword cannot be used as a name", at 'to'
    "open_in_any_without_order.rules": [("E100", 5)],        # auctions: the same, for 'open in any up to'
    "for_each_statement_over_two_domains.rules": [("E100", 5)],   # trial15: "unexpected ','", no nesting named
    "amend_func_case_with_colon.rules": [("E100", 8)],
    "eliminate_in_a_func.rules": [("E100", 5)],
    "indexed_counter_without_index.rules": [("E312", 6)],
    "index_on_a_plain_counter.rules": [("E312", 6)],
    "indexed_var_outside_its_range.rules": [("E312", 4)],
    "grid_with_indexes_in_two_brackets.rules": [("E312", 6)],
    "grid_declared_with_two_brackets.rules": [("E100", 2)],
    "grid_of_three_indexes_given_two.rules": [("E312", 6)],
    "variable_holding_a_number.rules": [("E303", 3)],
    "winner_by_a_zone.rules": [("E303", 10)],
    "winner_together_if_a_number.rules": [("E303", 7)],
    "kind_list_of_int_with_a_text.rules": [("E303", 3)],   # trial14: a kind's `list of int` was E201 "unknown enum or kind 'int'"
    "winner_together_with_a_key.rules": [("E100", 8)],      # a cooperative line and a ranking in one
    "winner_together_without_condition.rules": [("E100", 7)],
    "winner_together_without_if.rules": [("E100", 7)],
    "pay_from_another_player.rules": [("E624", 6)],   # parsed since 'pay 1 c.good;' (slots): the checker's
    "zone_with_two_visibilities.rules": [("E100", 3)],
    "effect_straight_in_a_card.rules": [("E100", 9)],
    "each_over_a_zone.rules": [("E100", 7)],
    "membership_test_with_in.rules": [("E100", 9)],
    "length_of_a_hand_with_len.rules": [("E207", 7)],     # trial13: "unknown function 'len'", no 'size' named       # trial13's Power Grid: "unexpected 'in'", no way named
    "phase_outside_the_game.rules": [("E100", 10)],
    "winner_misspelt_together.rules": [("E100", 7)],
    "winner_together_reads_a_player_counter.rules": [("W417", 7)],
    "allowed_unknown_action.rules": [("E206", 8)],
    "emit_benefit_event.rules": [("E301", 8)],            # benefit is no keyword: the checker says it
    "declared_builtin_event.rules": [("E208", 3)],
    "too_many_copies.rules": [("E308", 4)],               # found by bench/fuzz.py: 17 GB, OOM-killed             # found by bench/fuzz.py: zones were compared
    "missing_semicolon_after_declaration.rules": [("E100", 2)],   # right after 'resource x'
    "gain_without_amount.rules": [("E100", 12)],
    "amount_after_resource.rules": [("E100", 12)],
    "list_filtered_alone.rules": [("E100", 6)],            # `opponents where COND` standing as a value
    "draw_where_after_the_destination.rules": [("E100", 10)],
    "draw_to_before_from.rules": [("E100", 8)],
    "draw_with_a_unit.rules": [("E100", 7)],
    "move_to_end_of.rules": [("E100", 7)],
    "move_top_of_zone.rules": [("E100", 6)],
    "set_times_equal.rules": [("E100", 4)],
    "for_each_with_a_colon.rules": [("E100", 7)],
    "opponent_called.rules": [("E207", 5)],                # `opponent()`: the players are named, not called
    "zone_kinds_with_commas.rules": [("E100", 5)],         # `of green, yellow`: several kinds join with 'or'
    "zone_index_unknown_name.rules": [("E201", 7), ("E391", 9)],   # found by bench/fuzz.py: an IndexError
    "amount_none.rules": [("E303", 4)],                    # found by bench/fuzz.py: the backends differed
    "roll_inside_a_list.rules": [("E100", 6)],             # a roll's value goes to a let of its own
    "roll_plus_a_number.rules": [("E100", 6)],
    "supply_misspelt.rules": [("E100", 2)],
    "supply_reads_a_counter.rules": [("E303", 3)],             # before play: numbers and player_count
    "supply_of_a_resource_without_one.rules": [("E303", 7)],
    "range_with_a_step.rules": [("E100", 6)],            # a range has no step: `2..12..2`
    "range_to_a_zone.rules": [("E303", 7)],
    "keywords_as_names.rules": [("E100", 3), ("E100", 5), ("E100", 6)],
    "gain_of_a_computed_resource.rules": [("E100", 6)],
    "statement_after_end_game.rules": [("W413", 8)],
    "keyword_as_local_name.rules": [("E100", 7)],
    "keyword_as_name.rules": [("E100", 6)],
    "unclosed_block.rules": [("E102", 5)],                # at the '{' that is never closed
    "unclosed_space_block.rules": [("E100", 9)],
    "extra_closing_brace.rules": [("E100", 8)],
    "unterminated_string.rules": [("E103", 3)],
    "single_quoted_title.rules": [("E101", 3)],
    "stray_character.rules": [("E101", 6)],
    "invalid_utf8.rules": [("E104", 4)],
    "invalid_utf8_after_accent.rules": [("E104", 3)],
    "nul_byte.rules": [("E104", 3)],
    "deep_nesting.rules": [("E106", 5)],
    "comment_with_slashes.rules": [("E100", 1)],
    "unknown_phase.rules": [("E100", 7)],
    "choose_without_option.rules": [("E100", 9)],
    "if_without_braces.rules": [("E100", 6)],
    "single_equals_in_condition.rules": [("E100", 6)],
    "elif_instead_of_else_if.rules": [("E100", 8)],
    "entity_without_name.rules": [("E100", 9)],
    "capitalised_keyword.rules": [("E100", 3)],
    "seats_with_dash.rules": [("E100", 5)],
    "seats_as_a_range.rules": [("E100", 5)],
    "phase_without_its_word.rules": [("E100", 9)],
    "trigger_argument_named_resource.rules": [("E100", 7)],
    "misspelt_gain.rules": [("E100", 7)],
    "misspelt_advance.rules": [("E100", 11)],
    "misspelt_else.rules": [("E100", 8)],
    "misspelt_track.rules": [("E100", 4)],
    "equals_in_let.rules": [("E100", 6)],                 # one finding: no missing ';' is assumed after it
    "invalid_escape.rules": [("E101", 2)],
    "missing_brace_after_wrapped_header.rules": [("E100", 11)],   # a note names the proc's '{'
    "missing_brace_mid_file.rules": [("E100", 13)],
    "assign_without_set.rules": [("E100", 7)],
    "single_equals_after_and.rules": [("E100", 6)],
    "enum_member_is_keyword.rules": [("E100", 2)],
    "statement_in_kind.rules": [("E100", 6)],
    "missing_semicolon_before_say.rules": [("E100", 7)],
    "quote_in_label_value.rules": [("E100", 5)],
    "func_without_semicolon.rules": [("E100", 3)],   # not "did you mean 'count'" for the name before it       # where the parser notices; a note names line 7
    "zone_of_keyword.rules": [("E100", 6)],
    "counter_bound_missing.rules": [("E100", 2)],
    "move_without_item.rules": [("E100", 10)],
    "line_separator_after_comment.rules": [("E101", 2)],
    "line_separator_in_title.rules": [("E101", 2)],
    "huge_number.rules": [("E308", 5)],
    "say_value_unclosed.rules": [("E108", 6)],
    "say_value_empty.rules": [("E108", 5)],
    "say_value_bad_expression.rules": [("E108", 6)],
    "say_value_unknown_name.rules": [("E201", 5)],
    "deep_minus_chain.rules": [("E106", 5)],
    "modifier_outside_an_effect.rules": [("E100", 5)],    # a modifier is a statement, not a declaration
    "else_without_closing_brace.rules": [("E100", 8)],
    "enum_missing_comma.rules": [("E100", 2)],
    "option_outside_choose.rules": [("E100", 6)],
    # ---------------------------------------------------------------- E2xx: names
    "modifier_unknown_action.rules": [("E206", 7)],
    "tag_unknown_action.rules": [("E206", 6)],
    "modifier_unknown_resource.rules": [("E202", 10)],
    "unknown_resource_typo.rules": [("E202", 7)],
    "unknown_track.rules": [("E203", 12)],
    "unknown_kind.rules": [("E204", 9)],
    # the misspelt field also leaves the real one without a value: E304 on the card is unavoidable
    "unknown_field.rules": [("E205", 13)],   # 'colour' for 'color': no E304 for 'color' besides
    "trigger_argument_unknown.rules": [("E205", 7)],
    "unknown_event_in_trigger.rules": [("E206", 10)],
    "unknown_proc.rules": [("E207", 8)],
    "duplicate_declaration.rules": [("E208", 5)],
    "duplicate_parameter.rules": [("E208", 4)],
    "enum_member_clashes.rules": [("E208", 4)],
    "draw_from_unknown_zone.rules": [("E209", 10)],
    "unknown_die.rules": [("E210", 11)],
    "unknown_kernel.rules": [("E211", 4)],
    "override_of_nothing.rules": [("E212", 3)],
    "copy_named_with_hash.rules": [("E100", 7)],   # a note names the line where '#' cut 'c#2' short
    "pick_label_before_prompt.rules": [("E100", 7)],
    "card_not_closed_before_the_next.rules": [("E100", 7)],   # a note names the card's '{' 
    "misspelt_field_of_a_card.rules": [("E205", 8)],   # and no E304 for the field it meant
    "field_added_without_default.rules": [("E304", 8)],   # one finding, the other cards in a note
    "func_as_value.rules": [("E301", 6)],
    "func_as_statement.rules": [("E301", 6)],
    "override_of_nothing_calls_base.rules": [("E212", 4)],   # and no E218 for its base()
    "remove_of_nothing.rules": [("E214", 3)],
    "duplicate_field.rules": [("E215", 11)],
    "duplicate_field_in_kind.rules": [("E215", 7)],
    "unknown_type.rules": [("E201", 3)],
    "unknown_name.rules": [("E201", 6)],
    "cr_line_endings.rules": [("E202", 7)],               # CR-only line breaks: the comments end where they seem to
    "escape_in_say_line.rules": [("E202", 4)],            # the line is echoed with the ESC escaped
    # ---------------------------------------------------------------- E3xx: types and structure
    "swap_a_hand_with_itself.rules": [("E556", 7)],
    "modifier_forbid_with_cost.rules": [("E311", 7)],
    "modifier_lose_not_a_number.rules": [("E303", 7)],
    "modifier_lose_names_a_resource.rules": [("E100", 8)],   # the tagged loss names it, not the modifier
    "lose_tagged_unknown_action.rules": [("E206", 7)],
    "gain_a_track.rules": [("E301", 11)],
    "advance_a_resource.rules": [("E301", 6)],
    "advance_a_number_parameter.rules": [("E303", 6)],
    "reactivate_a_counter.rules": [("E301", 6)],
    "bonus_space_not_a_number.rules": [("E303", 6)],
    "shared_hidden_zone.rules": [("E320", 3)],
    "reveal_a_counter.rules": [("E303", 6)],
    "simultaneous_over_cards.rules": [("E303", 6)],
    "eliminate_an_actor.rules": [("E303", 8)],
    "eliminate_a_counter.rules": [("E303", 7)],
    "call_a_resource.rules": [("E301", 5)],
    "marker_on_a_resource.rules": [("E301", 7)],
    "emit_builtin_event.rules": [("E100", 5)],           # builtin event names are keywords
    "wrong_arity_proc.rules": [("E302", 10)],
    "wrong_arity_builtin.rules": [("E302", 6)],
    "emit_wrong_arity.rules": [("E302", 7)],
    "total_without_value.rules": [("E302", 6)],
    "highest_without_number.rules": [("E302", 6), ("E303", 7), ("E303", 8)],
    "set_a_builtin_attribute.rules": [("E303", 7), ("E303", 8)],
    "field_wrong_enum_member.rules": [("E303", 13)],
    "effect_given_as_value.rules": [("E303", 11)],
    "enum_as_an_amount.rules": [("E303", 7)],
    "variant_when_not_a_condition.rules": [("E303", 4)],
    "die_value_of_wrong_type.rules": [("E303", 7)],
    "roll_into_untyped_die.rules": [("E303", 10)],
    "die_value_on_untyped_die.rules": [("E303", 5), ("E303", 6)],   # each face is reported
    "value_given_as_effect.rules": [("E303", 10)],
    "string_amount.rules": [("E303", 5)],
    "int_field_given_text.rules": [("E303", 10)],
    "field_default_wrong_type.rules": [("E303", 5)],
    "copy_without_slot.rules": [("E303", 13)],
    "copy_a_value_field.rules": [("E303", 10)],
    "card_compared_with_number.rules": [("E303", 10)],
    "member_compared_with_text.rules": [("E303", 11)],
    "condition_compared_with_number.rules": [("E303", 6)],
    "condition_is_a_number.rules": [("E303", 6)],
    "winner_together_if_an_untyped_func.rules": [("E303", 8)],
    "where_tests_a_number.rules": [("E303", 8)],
    "trigger_on_neighbour.rules": [("E303", 5)],
    "draw_from_resource.rules": [("E303", 11)],
    "cap_not_a_number.rules": [("E303", 2)],
    "group_cap_a_resource.rules": [("E303", 5)],
    "missing_field_value.rules": [("E304", 9)],
    "draw_without_destination.rules": [("E304", 11)],
    "game_without_winner.rules": [("E304", 5)],
    "die_face_without_value.rules": [("E304", 6)],
    "track_spaces_out_of_order.rules": [("E305", 9)],     # reported on the first misnumbered space
    "first_to_past_last_space.rules": [("E305", 9)],
    "amend_space_past_last_space.rules": [("E305", 11)],
    "amend_space_twice.rules": [("E215", 11), ("I404", 10)],   # the first space 2 holds, and is reported
    "amend_field_of_a_track.rules": [("E217", 10)],
    "amend_several_names_one_misspelt.rules": [("E568", 10), ("I404", 10), ("I404", 10)],   # amend2: the other two amended
    "amend_several_names_of_different_categories.rules": [("E573", 13)],   # amend2: a card and a track, one body
    "amend_name_listed_twice.rules": [("I404", 9), ("I404", 9), ("W567", 9)],   # amend2: each name amended once
    "amend_title_of_a_resource.rules": [("E217", 5)],
    "amend_enum_member_without_title.rules": [("E217", 6)],   # it changes nothing: no I404
    "remove_an_enum_member.rules": [("E214", 6)],
    "seats_out_of_range.rules": [("E307", 5)],             # at the seats line, not the game
    # an empty game block lacks both seats and a winner: two findings on the game line
    "empty_game.rules": [("E304", 4), ("E307", 4)],
    "bad_tie_mode.rules": [("E308", 6)],
    "tie_mode_a_reserved_word.rules": [("E100", 7)],   # trial18: "found 'lowest' expected 'none', a name"
    "negative_regress.rules": [("E308", 6)],
    "negative_draw.rules": [("E308", 8)],
    "local_shadows_declaration.rules": [("E309", 6)],
    "loop_variable_shadows_declaration.rules": [("E309", 6)],
    "parameter_shadows_counter.rules": [("E309", 5)],
    "number_parameter_as_a_resource.rules": [("E303", 5)],
    # fields with one value per member of an enum (`cost: int[spice]`)
    "member_field_without_index.rules": [("E312", 8)],
    "set_member_field_without_index.rules": [("E312", 7)],
    "member_field_index_a_number.rules": [("E303", 8)],
    "member_given_twice.rules": [("E215", 4)],
    "member_not_in_enum.rules": [("E303", 4)],
    "member_value_not_a_number.rules": [("E303", 4)],
    "member_field_given_one_number.rules": [("E303", 4)],
    "member_map_for_a_number_field.rules": [("E303", 4)],
    "member_field_of_text.rules": [("E303", 3)],
    "member_field_unknown_enum.rules": [("E201", 3)],
    "blind_top_of_one_deck_twice.rules": [("E585", 9)],   # (trial6's two decks are one pick now: branch shapes)
    "blind_top_of_no_zone.rules": [("E586", 7)],
    # ---------------------------------------------------------------- W4xx: lints
    "each_of_a_start_player_never_set.rules": [("W564", 8)],   # trial6: the turn ran for nobody, silently
    "negative_score_on_an_unsigned_counter.rules": [("W551", 7)],   # trial3: Blokus Duo's scores all 0
    # W401 is dropped for a lone file, so this one lives in a one-file pack (unused_pack/pack.toml)
    "unused_pack/unused_resource.rules": [("W401", 4)],
    "unreachable_if_false.rules": [("W402", 7)],
    "you_in_each_body.rules": [("W553", 8)],
    "condition_always_true.rules": [("W402", 6)],
    "may_when_a_text.rules": [("E303", 6)],
    "set_aside_without_until.rules": [("E100", 7)],
    "variant_inside_the_game.rules": [("E100", 5)],   # trial19: "a block is not closed", while every block was
    "set_aside_a_zone.rules": [("E554", 7)],
    "secret_simultaneous_pick.rules": [("E577", 5)],
    "always_asked_at_random.rules": [("E578", 5)],
    "best_by_on_one_players_pick.rules": [("E644", 5)],   # claims: the best of picks made at once only
    "different_by_with_up_to_one.rules": [("W628", 7)],   # claims: one pick has nothing to differ from
    "pick_narrowed_by_the_pick_around_it.rules": [("W562", 6)],   # trial5: a quantity with no face left did nothing
    "per_player_copy_moved_into_your_own_zone.rules": [("W563", 10)],   # trial5: moved the challenger's own disc
    "top_of_a_zone.rules": [("E100", 8)],              # trial5: "unexpected '.'; expected 'in'"
    "otherwise_for_else.rules": [("E100", 6)],         # trial5: "unexpected '{'; expected '('"
    "winner_last_standing.rules": [("E100", 13)],      # trial5: it was told to write 'if' before 'standing'
    "roll_a_zone.rules": [("E301", 8)],                # trial5: no hint, and W432 besides
    "move_all_of_a_card.rules": [("E303", 8)],         # trial11: "expected a zone, found a die_piece", no hint
    "break_leaves_the_inner_loop_only.rules": [("E562", 5)],   # trial5: linted clean, then E602 in play
    "func_gives_wrong_type.rules": [("E303", 6)],
    "simultaneous_pick_with_else.rules": [("E304", 11)],
    "shared_deck_refills_from_each_players_pile.rules": [("E314", 5)],
    "effect_slot_compared_with_none.rules": [("E303", 7)],
    "return_from_a_plain_proc.rules": [("E303", 10), ("E303", 15)],
    "index_by_a_resource.rules": [("E301", 6)],
    "pick_repeatedly_with_else.rules": [("E304", 12)],
    "may_repeatedly_with_else.rules": [("E304", 9), ("E303", 19)],
    "in_any_order_misspelt.rules": [("E100", 7)],
    "pick_up_to_with_else.rules": [("E304", 11)],
    "pick_up_to_misspelt.rules": [("E100", 7)],
    "gather_of_numbers.rules": [("E303", 6), ("E302", 8)],
    "enum_titles_alike.rules": [("W409", 2)],
    "winner_negated.rules": [("W410", 7), ("W410", 7)],
    "title_shows_another_name.rules": [("E303", 4)],
    "copy_field_divides_by_zero.rules": [("E303", 3)],
    "match_case_of_another_type.rules": [("E303", 8)],
    "let_pay_named_as_a_resource.rules": [("E309", 6)],
    "match_results_of_two_kinds.rules": [("E303", 6), ("E303", 7)],
    "die_face_no_copies.rules": [("E303", 4)],
    "may_else_without_block.rules": [("E100", 6)],
    "repeat_zero.rules": [("W402", 5)],
    "option_guard_false.rules": [("W402", 8)],
    # W403 too is a whole-pack lint: these two live in one-file packs
    # (their proc is unused too in a pack of one file: W401 comes with it)
    "trigger_pack/trigger_never_fires.rules": [("W401", 10), ("W403", 12)],
    "event_pack/custom_event_never_emitted.rules": [("W401", 6), ("W403", 7)],
    "unused_local.rules": [("W405", 6)],
    "func_calls_itself.rules": [("W411", 4)],
    "procs_call_each_other.rules": [("W411", 4), ("W411", 5)],   # each of the two never ends
    "while_size_at_least_zero.rules": [("W412", 7)],
    "restore_in_each.rules": [("W415", 7)],
    # W416 is a whole-pack lint (a loss tagged in another file of the pack would be changed)
    "loss_pack/lose_line_never_used.rules": [("W416", 8)],
    # trial8: W416 says the same of a 'gain' line (a gain tagged in another file would be changed)
    "gain_pack/gain_line_never_used.rules": [("W401", 10), ("W416", 7)],   # (its proc is unused: W401)
    # W414: a typed proc that can end without return gives none
    "typed_proc_without_return.rules": [("W414", 6)],     # at the closing brace
    "typed_proc_if_without_else.rules": [("W414", 6)],
    "typed_proc_pick_without_else.rules": [("W414", 7)],
    "typed_proc_loop_may_not_run.rules": [("W414", 7)],
    "var_global_after_its_type.rules": [("E100", 4)],   # trial2: the words before the type's ':'
    "zone_given_for_a_list.rules": [("E303", 7)],       # trial2: not '[market]'
    "pick_with_repeats_repeatedly.rules": [("E579", 5)],   # repeats: 'with repeats' follows a count
    "refills_of_the_discard_pile.rules": [("E580", 6)],    # repeats: the pile, not the deck
    "teammates_subject_without_teams.rules": [("E575", 5)],   # leftovers: at the subject, as for the domain
    "amend_removes_secret_a_pick_lacks.rules": [("E581", 9)],   # leftovers: at the amend's pick
    "amend_pick_word_added_and_removed.rules": [("E583", 10)],
    "in_force_asks_itself.rules": [("W571", 5)],           # leftovers: at the call that leads back
    "keyword_field_read_bare.rules": [("E100", 3)],     # trial8: a field named 'rank' read bare
    "enum_field_worked_out.rules": [("E303", 5)],       # trial8: a member worked out, not written out
    "enum_member_named_top.rules": [("E100", 3)],   # trial7: "unexpected ','; expected ':'", at the comma
    "option_pays_before_an_empty_pick.rules": [("W566", 10)],   # trial7: Catan's city paid for nothing, silently
    "keyword_to_read_as_a_value.rules": [("E100", 7)],   # trial7: "unexpected 'to'; expected an expression"
    "gain_the_resource_a_func_gives.rules": [("E100", 10)],   # trial7: it asked for 'gain 1 f(x) vp;'
    "teams_of_two_solo.rules": [("E567", 4)],
    "grid_row_too_short.rules": [("E576", 8)],           # grids: a Checkers start position's row lost a square
    "grid_read_at_a_number.rules": [("E584", 8)],        # grids: Sagrada's number ladder left in after the grid
    "grid_indexed_by_an_enum.rules": [("E572", 4)],      # grids: a Kingdomino field indexed by an enum              # trial10: one seat against the rest
    "hidden_element_picked_in_the_open.rules": [("W574", 8)],   # trial10: Camel Up's bets told to all, silently
    "list_or_nothing_joined_to_a_number.rules": [("E341", 2)],  # trial10: the hint dropped the if's brackets
    "aggregate_over_two_domains.rules": [("E100", 5)],   # trial10: "unexpected 'in'; expected ')'"
}

# Files whose expectation above is what the linter *should* report but does not yet.
KNOWN_BUGS: dict[str, str] = {}


def _param(name: str, bugs: dict[str, str] = KNOWN_BUGS):
    if name in bugs:
        return pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=bugs[name]), id=name)
    return pytest.param(name, id=name)


def _findings(name: str) -> list[tuple[str, int]]:
    result = analyse_file(CORPUS / name)
    return sorted((d.code, d.span.line) for d in result.diagnostics)


# ---------------------------------------------------------------------------- the corpus itself


def test_every_corpus_file_has_an_expectation():
    on_disk = {p.relative_to(CORPUS).as_posix() for p in CORPUS.rglob("*.rules")}
    assert on_disk == set(EXPECTED)


def test_corpus_covers_every_stage_with_known_codes():
    codes = {code for found in EXPECTED.values() for code, _ in found}
    assert codes <= set(CODES)
    for stage in ("E1", "E2", "E3", "W4"):
        assert any(c.startswith(stage) for c in codes), stage
    assert all(EXPECTED.values()), "every corpus file must pin at least one finding"
    assert len(EXPECTED) >= 40


@pytest.mark.parametrize("name", [_param(n) for n in sorted(EXPECTED)])
def test_malformed_file_findings(name):
    assert _findings(name) == sorted(EXPECTED[name])


# ---------------------------------------------------------------------------- wording of syntax errors

# file -> a phrase the E1xx message must contain
SENTENCES: dict[str, str] = {
    "missing_semicolon.rules": "must end with ';'",
    "missing_semicolon_after_declaration.rules": "must end with ';'",
    "gain_without_amount.rules": "need an amount before the resource",
    "amount_after_resource.rules": "need an amount before the resource",
    "list_filtered_alone.rules": "'where' filters a domain where something goes over it",
    "supply_misspelt.rules": "expected 'supply', 'over' or ';' after the resource",
    "range_with_a_step.rules": "a range has one '..' between two numbers",
    "keyword_as_local_name.rules": "a keyword cannot be used as a name",
    "keyword_as_name.rules": "a keyword cannot be used as a name",
    "trigger_argument_named_resource.rules": "a keyword cannot be used as a name",
    "unclosed_block.rules": "is closed with '}'",
    "unclosed_space_block.rules": "a block is not closed",
    "extra_closing_brace.rules": "this '}' closes nothing",
    "comment_with_slashes.rules": "a declaration must start with a keyword",
    "choose_without_option.rules": "must start with 'option'",
    "winner_together_without_if.rules": "a cooperative line says when the team wins after 'if'",
    "zone_with_two_visibilities.rules": "a zone has one visibility",
    "tie_mode_a_reserved_word.rules": "after 'ties', which takes a tie mode: 'split', 'share', 'all', 'lower' or 'none'",
    "effect_straight_in_a_card.rules": "an effect goes inside one of the card's effect slots",
    "each_over_a_zone.rules": "did you mean 'for each c in ZONE { ... }'",
    "membership_test_with_in.rules": "'in' is no test: whether a list or a zone holds a value is 'contains(LIST, X)'",
    "phase_outside_the_game.rules": "'phase' goes inside a game",
    "unterminated_string.rules": "is not closed with '\"'",
    "single_quoted_title.rules": "is not part of the rules language",
    "stray_character.rules": "is not part of the rules language",
    "invalid_utf8.rules": "is not valid UTF-8",
    "invalid_utf8_after_accent.rules": "is not valid UTF-8",
    "nul_byte.rules": "NUL byte",
    "deep_nesting.rules": f"nest more than {MAX_NESTING} deep",
    "unknown_phase.rules": "setup, play and final",
    "misspelt_gain.rules": "did you mean 'gain'?",
    "misspelt_advance.rules": "did you mean 'advance'?",
    "misspelt_else.rules": "did you mean 'else'?",
    "misspelt_track.rules": "did you mean 'track'?",
    "elif_instead_of_else_if.rules": "did you mean 'else if'?",
    "equals_in_let.rules": "use '==' to compare",
    "single_equals_in_condition.rules": "use '==' to compare",
    "invalid_escape.rules": "is not an escape in a text",
    "missing_brace_mid_file.rules": "a block is not closed",
    "assign_without_set.rules": "a value is changed with 'set'",
    "single_equals_after_and.rules": "use '==' to compare",
    "enum_member_is_keyword.rules": "a keyword cannot be used as a name here",
    "statement_in_kind.rules": "a kind declares fields ('name: type;'), not statements",
    "missing_semicolon_before_say.rules": "a statement must end with ';'",
    "pick_label_before_prompt.rules": "a pick's prompt comes before its label",
    "grid_declared_with_two_brackets.rules": "its indexes in one pair of brackets",
    "quote_in_label_value.rules": "a quote inside a text's {...} value ends the text there",
    "func_without_semicolon.rules": "a declaration must end with ';'",
    "missing_brace_after_wrapped_header.rules": "a block is not closed",
    "zone_of_keyword.rules": "a keyword cannot be used as a name",
    "counter_bound_missing.rules": "expected an expression",
    "move_without_item.rules": "expected an expression",
    "keyword_field_read_bare.rules": "a keyword cannot be used as a name",
    "line_separator_after_comment.rules": "is not a line break in rules files",
    "line_separator_in_title.rules": "is not a line break in rules files",
    "deep_minus_chain.rules": "nests more than 1000 levels deep",
    "else_without_closing_brace.rules": "a '}' is missing before 'else'",
    "enum_missing_comma.rules": "a ',' is missing",
    "option_outside_choose.rules": "goes directly inside a 'choose' block",
    "winner_misspelt_together.rules": "not 'winner toghether'",
    "winner_together_without_condition.rules": "'winner together if CONDITION;'",
    "winner_together_with_a_key.rules": "a cooperative game has no key to rank the players by",
    "amend_func_case_with_colon.rules": "a case of a func's match expression is amended as 'VALUE = EXPR;'",
    "enum_member_named_top.rules": "a keyword cannot be used as a name here; found 'top'",
    "keyword_to_read_as_a_value.rules": "a keyword cannot be used as a name here; found 'to'",
    "gain_the_resource_a_func_gives.rules": "is a call, which names none here",
}

SENTENCE_BUGS: dict[str, str] = {}

_GRAMMAR_JARGON = re.compile(r"\$END|__\w+|\b(?:RBRACE|LBRACE|SEMICOLON|LPAR|RPAR|NAME|INT|STRING|ANON\w*)\b")


@pytest.mark.parametrize("name", [_param(n, SENTENCE_BUGS) for n in sorted(SENTENCES)])
def test_syntax_message_reads_like_a_sentence(name):
    diags = analyse_file(CORPUS / name).diagnostics
    assert [d.code[:2] for d in diags] == ["E1"]
    message = diags[0].message
    assert SENTENCES[name] in message
    assert not _GRAMMAR_JARGON.search(message), message


# ---------------------------------------------------------------------------- exact positions

# file -> (code, line, column) of its single finding
POSITIONS: dict[str, tuple[str, int, int]] = {
    "amend_several_names_of_different_categories.rules": ("E573", 13, 7),   # amend2: at the first name
    "unterminated_string.rules": ("E103", 3, 20),        # the opening quote
    "single_quoted_title.rules": ("E101", 3, 16),
    "stray_character.rules": ("E101", 6, 14),            # the '≥'
    "invalid_utf8.rules": ("E104", 4, 24),               # the 0xe7 byte
    "invalid_utf8_after_accent.rules": ("E104", 3, 34),  # the 0xe9 byte, counted in characters
    "nul_byte.rules": ("E104", 3, 14),
    "winner_together_without_if.rules": ("E100", 7, 19),   # where the 'if' is missing
    "pay_from_another_player.rules": ("E624", 6, 11),   # the player before the dot
    "zone_with_two_visibilities.rules": ("E100", 3, 49),          # the second visibility
    "tie_mode_a_reserved_word.rules": ("E100", 7, 75),             # the 'lowest'
    "effect_straight_in_a_card.rules": ("E100", 9, 3),
    "each_over_a_zone.rules": ("E100", 7, 10),                     # the 'in'
    "membership_test_with_in.rules": ("E100", 9, 30),
    "length_of_a_hand_with_len.rules": ("E207", 7, 6),              # the 'in'
    "phase_outside_the_game.rules": ("E100", 10, 1),
    "deep_nesting.rules": ("E106", 5, 107),              # the proc's '{' is level 1, so the 100th '(' is 101
    "unknown_resource_typo.rules": ("E202", 7, 12),     # the name, not the statement
    "field_wrong_enum_member.rules": ("E303", 13, 11),   # the value 'gray'
    "unreachable_if_false.rules": ("W402", 7, 6),        # the constant condition
    "misspelt_gain.rules": ("E100", 7, 3),               # the misspelt word, not the '1' after it
    "misspelt_advance.rules": ("E100", 11, 3),
    "misspelt_else.rules": ("E100", 8, 5),
    "misspelt_track.rules": ("E100", 4, 1),
    "elif_instead_of_else_if.rules": ("E100", 8, 5),
    "equals_in_let.rules": ("E100", 6, 26),
    "invalid_escape.rules": ("E101", 2, 31),             # the backslash
    "cr_line_endings.rules": ("E202", 7, 10),
    "line_separator_after_comment.rules": ("E101", 2, 77),
    "line_separator_in_title.rules": ("E101", 2, 21),
    "huge_number.rules": ("E308", 5, 8),
    "negative_regress.rules": ("E308", 6, 23),           # the '-2'
    "escape_in_say_line.rules": ("E202", 4, 43),         # the column counts the ESC as one character
    "say_value_unclosed.rules": ("E108", 6, 29),          # the '{' left open
    "say_value_empty.rules": ("E108", 5, 18),
    "say_value_bad_expression.rules": ("E108", 6, 38),    # the '}' where the right-hand side is missing
    "say_value_unknown_name.rules": ("E201", 5, 16),
    "else_without_closing_brace.rules": ("E100", 8, 3),   # the 'else'
    "enum_missing_comma.rules": ("E100", 2, 33),          # the member after the missing ','
    "option_outside_choose.rules": ("E100", 6, 3),
    "card_compared_with_number.rules": ("E303", 10, 6),   # the comparison
    "quote_in_label_value.rules": ("E100", 5, 28),        # the text the quote cut short
    "member_compared_with_text.rules": ("E303", 11, 33),
    "copy_a_value_field.rules": ("E303", 10, 50),         # guard.strength
    "func_calls_itself.rules": ("W411", 4, 30),           # the call, not the declaration
    "eliminate_an_actor.rules": ("E303", 8, 15),
    "eliminate_a_counter.rules": ("E303", 7, 32),
    "winner_together_if_a_number.rules": ("E303", 7, 22),   # the condition
    "condition_is_a_number.rules": ("E303", 6, 6),
    "where_tests_a_number.rules": ("E303", 8, 28),
    "winner_together_reads_a_player_counter.rules": ("W417", 7, 22),
    "while_size_at_least_zero.rules": ("W412", 7, 9),     # the condition
    "typed_proc_without_return.rules": ("W414", 6, 1),    # the proc's closing brace
    "typed_proc_if_without_else.rules": ("W414", 6, 3),   # the 'if' the path goes on past
    "seats_out_of_range.rules": ("E307", 5, 3),
    "pick_narrowed_by_the_pick_around_it.rules": ("W562", 6, 28),   # the narrowing 'where'
    "per_player_copy_moved_into_your_own_zone.rules": ("W563", 10, 10),   # the item moved
    "top_of_a_zone.rules": ("E100", 8, 13),            # the 'top'
    "aggregate_over_two_domains.rules": ("E100", 5, 43),   # the second variable
    "otherwise_for_else.rules": ("E100", 6, 5),
    "winner_last_standing.rules": ("E100", 13, 10),    # the word after 'winner'
    "roll_a_zone.rules": ("E301", 8, 10),
    "break_leaves_the_inner_loop_only.rules": ("E562", 5, 9),   # the 'true'
    "comment_cuts_a_field_after_an_enum.rules": ("E100", 10, 3),
}
POSITION_BUGS: dict[str, str] = {}

LEFT_OPEN = "looks like the one left open: the code after it comes back to its indentation without a '}'"
PROC_HINT = "'proc' begins a declaration, at the top level: close the blocks before it with '}'"
# file -> the exact message, hint and notes of its single finding
MESSAGES: dict[str, tuple[str, object, tuple]] = {
    "phase_without_its_word.rules": ("a game's phase is written 'phase setup { ... }'; found 'setup'",
                                     "write 'phase' before 'setup'", ()),
    "seats_with_dash.rules": ("a game's player counts are written 'seats 3 to 7', not with '-'", "write 'seats 3 to 7;'",
                              ()),
    "seats_as_a_range.rules": ("a game's player counts are written 'seats 2 to 6', not with '..'",
                               "write 'seats 2 to 6;'", ()),
    "length_of_a_hand_with_len.rules": ("unknown function 'len': the number of items of a zone or a list is "
                                        "'size(...)'", "write 'size(hand)'", ()),
    "roll_inside_a_list.rules": ("'roll' gives a value only as the whole value of a new name, 'let NAME = roll "
                                 "...;', not inside an expression",
                                 "roll into a local of its own first ('let a = roll ...;'), then use the local", ()),
    "roll_plus_a_number.rules": ("a roll's value is the whole value of its 'let'; found '+' after 'roll d6'",
                                 "roll into a local first, then work with it: 'let r = roll d6; let sum = r + ...;'",
                                 ()),
    "zone_kinds_with_commas.rules": ("a zone of several kinds joins them with 'or', not ','",
                                     "write 'of green or yellow or red': the zone holds items of any of them (3.9)",
                                     ()),
    "opponent_called.rules": ("'opponent' is no function: the players are named without '()'",
                              "the other players are the list 'opponents', and 'first(opponents)' is one of them; "
                              "the next player in turn order is 'left', in a game of two the other player", ()),
    "list_filtered_alone.rules": ("'where' filters a domain where something goes over it (a pick, a loop, an "
                                  "aggregate), not a list standing alone",
                                  "write the condition where the list is used: 'pick p from opponents where COND', "
                                  "'for each p in opponents where COND', 'count(p in opponents where COND)'", ()),
    "draw_to_before_from.rules": ("a draw names the zone it takes from first, then where the cards go",
                                  "write 'draw 10 from deck to hand;'", ()),
    "draw_with_a_unit.rules": ("a draw's amount is a number alone: 'cards' is no word of the statement",
                               "write 'draw 7 from deck to hand;'", ()),
    "move_to_end_of.rules": ("a card moved to a zone goes to its end already: 'end of' is not written",
                             "write 'move c to row[r];' ('to top of ZONE' puts it on top)", ()),
    "move_top_of_zone.rules": ("the top card of a zone is 'first(ZONE)', not 'top of ZONE'",
                               "write 'move first(deck) to pile;', or 'draw 1 from deck to pile;'", ()),
    "set_times_equal.rules": ("'set' takes '=' alone: '*=' is not written",
                              "write 'set direction = direction * -1;'", ()),
    "for_each_with_a_colon.rules": ("'for each' takes a block: only 'each PLAYERS:' takes one statement after ':'",
                                    "write 'for each r in 1..4 { move all of row[r] to deck; }'", ()),
    "draw_where_after_the_destination.rules": ("a draw's 'where' tests the items of the zone it takes from, so "
                                               "it comes before 'to', not after the zone they go to",
                                               "write 'draw 1 from mission_cards where it.fail to mission_hand;'",
                                               ()),
    "remove_an_enum_member.rules": ("'ambassador' is a member of enum 'role', not a declaration: amend or override "
                                    "the enum", "to drop the member, restate the enum without it: 'override enum "
                                    "role { ... }'", ()),
    "amend_enum_member_without_title.rules": ("'black' is already a member of enum 'colour': give it a title to "
                                              "retitle it", "a new member needs a name no member has; dropping one "
                                              "is 'override enum'", ()),
    "misspelt_gain.rules": ("'gian' is not a keyword; did you mean 'gain'?", None, ()),
    "misspelt_advance.rules": ("'advence' is not a keyword; did you mean 'advance'?", None, ()),
    "misspelt_else.rules": ("'esle' is not a keyword; did you mean 'else'?", None, ()),
    "otherwise_for_else.rules": ("'otherwise' is not a keyword; did you mean 'else'?", None, ()),
    "top_of_a_zone.rules": ("'top(...)' is the aggregate over a domain, 'top(x in DOMAIN, KEY)'; the top item of a "
                            "zone is 'first(ZONE)'", "write 'first(p.mat)'", ()),
    "winner_last_standing.rules": ("a winner line is 'winner most ...', 'winner fewest ...' or 'winner together if "
                                   "...', not 'winner last'", "a player knocked out ('eliminate', 4.25) never wins: "
                                   "when one is left, any ranking line names them, 'winner most KEY;'", ()),
    "roll_a_zone.rules": ("'cup' is a zone, not a die", "roll the dice kept in it with 'roll all of cup;' (3.11), or "
                          "one of them with 'roll x;'", ()),
    "misspelt_track.rules": ("'trak' is not a keyword; did you mean 'track'?", None, ()),
    "elif_instead_of_else_if.rules": ("'elif' is not a keyword; did you mean 'else if'?", None, ()),
    "capitalised_keyword.rules": ("'Resource' is not a keyword; did you mean 'resource'?", None, ()),
    "range_to_a_zone.rules": ("a range runs from a whole number to a whole number, not a zone of piece",
                              "size(columns) is how many items it holds", ()),
    "equals_in_let.rules": ("use '==' to compare; '=' only sets a value; found '='", "write '==' here", ()),
    "single_equals_in_condition.rules": ("use '==' to compare; '=' only sets a value; found '='",
                                         "write '==' here", ()),
    "invalid_escape.rules": ("'\\q' is not an escape in a text",
                             "a text may use \\\" for a quote, \\\\ for a backslash and \\n for a new line", ()),
    "missing_brace_mid_file.rules": ("a block is not closed: a '}' is missing; found 'proc'",
                                     PROC_HINT,
                                     (f"the '{{' at line 7, column 16 {LEFT_OPEN}",)),
    "copy_named_with_hash.rules": ("unexpected 'proc'; expected '%', '(', '*', '**', '+', '-', ...", None,
                                   ("line 6: '#' starts a comment, so the rest of that line after 'c' is not read; "
                                    "in rules a copy is named by its declaration ('copy_number' tells copies apart)",)),
    "card_not_closed_before_the_next.rules": ("a block is not closed: a '}' is missing; found 'power' declaring "
                                              "'armor_plating'",
                                              "'power' begins a declaration, at the top level: close the blocks "
                                              "before it with '}'",
                                              (f"the '{{' at line 4, column 31 {LEFT_OPEN}",)),
    "missing_brace_after_wrapped_header.rules": ("a block is not closed: a '}' is missing; found 'proc'",
                                                 PROC_HINT,
                                                 (f"the '{{' at line 4, column 14 {LEFT_OPEN}",)),
    "unclosed_block.rules": ("the file ends before this '{' is closed with '}'", None,
                             (f"the '{{' at line 9, column 43 {LEFT_OPEN}",)),
    "unclosed_space_block.rules": ("a block is not closed: a '}' is missing; found 'space'",
                                   "expected 'add', 'advance', 'auction', 'bonus', 'break', 'choose', ...",
                                   (f"the '{{' at line 7, column 40 {LEFT_OPEN}",)),
    "comment_cuts_a_field_after_an_enum.rules": ("unexpected 'can_fund'; expected '=', '{'", None, ()),
    "zone_of_keyword.rules": ("a keyword cannot be used as a name here; found 'any'", "expected a name", ()),
    "counter_bound_missing.rules": ("unexpected ';'; expected an expression", None, ()),
    "move_without_item.rules": ("unexpected 'to'; expected an expression", None, ()),
    "for_each_field_of_member_misspelt.rules": ("unknown field 'symbl' of enum territory", "did you mean 'symbol'?",
                                                 ()),
    "enum_field_worked_out.rules": ("the value of field 'pips' is known before play: a member of rank_name "
                                    "written out, not worked out by an expression",
                                    "name the member (two, three, ...), give each copy its own from a list "
                                    "of members: 'pips = [two, three, four, ...][copy_number];', or, in a 'for each' "
                                    "declaration, read a field its enum member declares ('colour = c.colour;')", ()),
    "keyword_field_read_bare.rules": ("a keyword cannot be used as a name here; found 'rank'",
                                      "'rank' is reserved: call it 'ranks' or 'rank_value', say; a card's field of "
                                      "that name is read on the card: 'this.rank', 'c.rank'", ()),
    "line_separator_after_comment.rules": (
        "U+2028 (line separator) is not a line break in rules files, and may appear nowhere, not even in a "
        "comment or a text", "end lines with a plain newline", ()),
    "line_separator_in_title.rules": (
        "U+2028 (line separator) is not a line break in rules files, and may appear nowhere, not even in a "
        "comment or a text", "end lines with a plain newline", ()),
    "huge_number.rules": ("this number has 4301 digits; a number in rules has at most 18", None, ()),
    "deep_minus_chain.rules": ("this nests more than 1000 levels deep (each operator, '-', 'not', 'else if' and "
                               "'.' counts as one); split it with 'let' or a 'func'", None, ()),
    "cr_line_endings.rules": ("unknown resource or counter 'prestig'", "did you mean 'prestige'?", ()),
    "else_without_closing_brace.rules": ("a '}' is missing before 'else': 'else' follows the '}' that closes an "
                                         "'if', 'may' or 'pick' block; found 'else'", "write '}' before 'else'", ()),
    "enum_missing_comma.rules": ("a ',' is missing: the items between these braces are separated by ','; found "
                                 "'yellow'", "write ',' before 'yellow'", ()),
    "option_outside_choose.rules": ("'option' is an item of 'choose { ... }', not a statement: it goes directly "
                                    "inside a 'choose' block; found 'option'",
                                    "write 'choose { option \"...\" { ... } option ... }'", ()),
    "card_compared_with_number.rules": ("cannot compare a card with a number: the comparison is always false",
                                        "compare one of its fields, as in c.value, or count them with size(...)", ()),
    "func_as_value.rules": ("'gems_per_colour' is a func, not a value",
                            "call it for its value: gems_per_colour(players)", ()),
    "func_as_statement.rules": ("'floor_penalty' is a func, not a procedure",
                                "a func gives a value and does nothing else: use it in an expression, as in "
                                "'let x = floor_penalty(...);'", ()),
    "field_added_without_default.rules": (
        "card 'onyx_mine' gives no value for field 'level'",
        "give it a value in each card, or a default in the kind: 'level: int = ...;'",
        ("6 more of kind card give none either: 'ruby_mine', 'emerald_shop', 'sapphire_guild', "
         "'diamond_palace', 'pearl_fair' and 1 more",)),
    "member_compared_with_text.rules": ("cannot compare a gem with a text: the comparison is always false",
                                        "an enum member is written without quotes: white", ()),
    "condition_compared_with_number.rules": ("cannot compare a condition with a number",
                                             "a condition is true or false: test it as it is, or with 'not'", ()),
    "copy_a_value_field.rules": ("'strength' is a field of card (int), not an effect slot",
                                 "the effect slots of card: play", ()),
    "func_calls_itself.rules": ("'lowest_of_run' calls itself every time it runs, so it never ends",
                                "make the call depend on a condition that becomes false", ()),
    "typed_proc_without_return.rules": ("column_score() gives a number, but it can reach its end without 'return' "
                                        "and then gives none",
                                        "add 'return ...;' at the end; write 'return none;' if none is meant", ()),
    "typed_proc_pick_without_else.rules": ("settle() gives a planet, but when this 'pick' picks nothing (no "
                                           "candidate), it reaches its end without 'return' and gives none",
                                           "give it an 'else' that returns, or end the proc with 'return ...;'; "
                                           "write 'return none;' if none is meant", ()),
    "eliminate_an_actor.rules": ("eliminate is for players: the actor 'frederick' is never knocked out", None, ()),
    "eliminate_a_counter.rules": ("eliminate needs a player or a list of players, not a number", None, ()),
    "winner_together_reads_a_player_counter.rules": (
        "the winner line's condition reads 'played', which each player has: it is read for the first player only",
        "say whose: some(p in players where p.played ...), total(p in players, p.played), or make it global", ()),
    "winner_together_if_a_number.rules": ("whether anybody wins is a condition, true or false, not a number",
                                          "compare it: fireworks > 0", ()),
    "winner_together_if_an_untyped_func.rules": ("whether anybody wins is a condition, true or false, not a number",
                                                 "compare it: score() > 0", ()),
    "condition_is_a_number.rules": ("a condition must be true or false, not a number", "compare it: actions > 0", ()),
    "swap_a_hand_with_itself.rules": ("'swap hand with hand;' swaps a zone with itself: nothing would change",
                                      "name the other zone: 'swap hand with p.hand;' (p another player)", ()),
    "where_tests_a_number.rules": ("a condition must be true or false, not a number", "compare it: c.coins > 0", ()),
    "while_size_at_least_zero.rules": ("the condition is always true: size(table) >= 0 holds whatever the game "
                                       "holds (a size or a count is never below 0), so the loop never ends by it",
                                       "did you mean '> 0'?", ()),
    "entity_declared_with_an_index.rules": (
        "an entity declaration takes no index after its name ('house[...]'): one entity per number or member is "
        "written with 'for each' after the title",
        "write 'property house \"Property {v}\" for each v in 1..30 { ... }'", ()),
    "var_global_after_its_type.rules": ("'global' comes before the ':' of a variable, not after its type",
                                        "write 'var starter \"Starts the round\" global: player'", ()),
    "move_all_of_a_card.rules": ("expected a zone, found a die_piece",
                                 "'dice' is a card (its 5 copies are one declaration), not a zone: 'fill ZONE with "
                                 "die_piece;' puts every die_piece into a zone, 'move dice to ZONE;' moves this one", ()),
    "aggregate_over_two_domains.rules": (
        "'some(...)' goes over one domain: 'o in ...' is its variable, and 'c in ...' a second one",
        "nest them: 'some(o in DOMAIN where some(c in DOMAIN2 where COND))'", ()),
    "teams_of_two_solo.rules": ("'teams of 2 solo': 'solo' sets the first seat alone against the others, so it counts "
                                "the teams, two or more (the lone seat's and the others')",
                                "write 'teams 2 solo' (one against all: Scotland Yard, Fury of Dracula)", ()),
    "hidden_element_picked_in_the_open.rules": (
        "'bet' is hidden, but the answer of 'pick c' says which of its elements changes (bet[c]), and the other "
        "players are told the answer",
        "write 'secret' before the pick's block to tell them '…' (4.21e): 'pick c from ... secret { ... }'", ()),
    "list_or_nothing_joined_to_a_number.rules": (
        "cannot add a number to a list: + takes a list on each side",
        "a list of one item is written in brackets: (if (t - 1) % 12 > 0 then [t - 1] else []) + [t]", ()),
    "zone_given_for_a_list.rules": ("argument 1 of camels_in() ('cards') must be a list of cards, not a zone of card",
                                    "a zone is no list: gather(c in market, [c]) is the list of its cards (a "
                                    "parameter declared 'zone' takes the zone itself)", ()),
}


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_exact_message(name):
    (d,) = analyse_file(CORPUS / name).diagnostics
    assert (d.message, d.hint, d.notes) == MESSAGES[name]


def test_the_gain_message_speaks_only_for_gain_and_lose():
    """The friendly messages are keyed on the parser state and the token: these three mistakes once
    all read "'gain' and 'lose' need an amount before the resource"."""
    for name in ("zone_of_keyword.rules", "counter_bound_missing.rules", "move_without_item.rules"):
        (d,) = analyse_file(CORPUS / name).diagnostics
        assert "need an amount" not in d.message, name
    (d,) = analyse_file(CORPUS / "gain_without_amount.rules").diagnostics
    assert "need an amount" in d.message


@pytest.mark.parametrize("name", [_param(n, POSITION_BUGS) for n in sorted(POSITIONS)])
def test_finding_position(name):
    (d,) = analyse_file(CORPUS / name).diagnostics
    assert (d.code, d.span.line, d.span.column) == POSITIONS[name]


# ---------------------------------------------------------------------------- the CLI, in process

runner = CliRunner()


def _lint(*args: str):
    return runner.invoke(app, ["lint", *args])


@pytest.mark.parametrize("name", [_param(n) for n in sorted(EXPECTED)])
def test_cli_lint_text(name):
    result = _lint(str(CORPUS / name))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    text = result.output
    assert "Traceback" not in text
    assert result.exit_code == 1
    for code, line in EXPECTED[name]:
        severity = CODES[code][0]
        headline = rf"(?m)^\S*{re.escape(Path(name).name)}:{line}:\d+: {severity}\[{code}\]: \S"
        assert re.search(headline, text), f"no {code} headline at line {line} in:\n{text}"
    assert re.search(r"(?m)^\s+\^~*$", text), f"no caret line in:\n{text}"


CLI_JSON = ["missing_semicolon.rules", "invalid_utf8.rules", "unknown_resource_typo.rules",
            "unknown_field.rules", "empty_game.rules", "bad_tie_mode.rules", "trigger_pack/trigger_never_fires.rules",
            "unused_pack/unused_resource.rules"]


@pytest.mark.parametrize("name", CLI_JSON)
def test_cli_lint_json(name):
    result = _lint("--format", "json", str(CORPUS / name))
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert sorted((d["code"], d["line"]) for d in found) == sorted(EXPECTED[name])
    for d in found:
        assert d["file"].endswith(Path(name).name)
        assert d["column"] >= 1 and d["severity"] == CODES[d["code"]][0] and d["message"]


def test_cli_lint_several_files_at_once():
    names = ["missing_semicolon.rules", "unknown_track.rules", "repeat_zero.rules"]
    result = _lint("--format", "json", *(str(CORPUS / n) for n in names))
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert len(found) == sum(len(EXPECTED[n]) for n in names)


# ---------------------------------------------------------------------------- limits and edge files


@pytest.mark.parametrize("text", ["", "\n\n\n", "# only a comment\n", "\ufeff", "\ufeff# BOM and a comment\n",
                                  "  \t\r\n"], ids=["empty", "newlines", "comment", "bom", "bom-comment", "blank"])
def test_files_with_nothing_in_them_are_clean(tmp_path, text):
    path = tmp_path / "blank.rules"
    path.write_bytes(text.encode("utf-8"))
    assert analyse_file(path).diagnostics == []


def test_missing_file_is_e107(tmp_path):
    assert [(d.code, d.span.line) for d in analyse_file(tmp_path / "missing.rules").diagnostics] == [("E107", 0)]


def test_file_too_large_is_e105(tmp_path):
    path = tmp_path / "huge.rules"
    line = b"# " + b"x" * 97 + b"\n"
    path.write_bytes(line * (MAX_FILE_BYTES // len(line) + 1))
    assert [(d.code, d.span.line) for d in analyse_file(path).diagnostics] == [("E105", 1)]


def test_nesting_exactly_at_the_limit_is_accepted(tmp_path):
    depth = MAX_NESTING - 1   # the proc's '{' is the first level
    path = tmp_path / "at_limit.rules"
    path.write_text('resource vp;\nproc p() {\n  gain ' + "(" * depth + "1" + ")" * depth + " vp;\n}\n")
    assert analyse_file(path).diagnostics == []


_RECURSION = "the parse-tree Transformer and the checker recurse once per operand/else-if: a few hundred " \
             "raise RecursionError (a traceback) although no bracket nests deeper than the E106 limit"


def test_long_else_if_chain_does_not_crash(tmp_path):
    path = tmp_path / "cascade.rules"
    path.write_text("resource vp;\nproc p() {\n  if vp > 0 { gain 1 vp; }"
                    + "".join(f" else if vp > {i} {{ gain 1 vp; }}\n" for i in range(1, 600)) + "}\n")
    assert analyse_file(path).diagnostics == []


def test_long_sum_does_not_crash(tmp_path):
    path = tmp_path / "sum.rules"
    path.write_text("resource vp;\nproc p() {\n  gain " + " + ".join(["1"] * 600) + " vp;\n}\n")
    assert [(d.code, d.span.line) for d in analyse_file(path).diagnostics] == [("E310", 3)]


@pytest.mark.parametrize("word, said", [("int", "an int"), ("track", "a track"), ("use", "a use"),
                                        ("unit", "a unit"), ("hour_glass", "an hour_glass"), ("Erudite", "an Erudite")])
def test_messages_name_a_type_with_the_article_its_sound_needs(word, said):
    assert article(word) == said
