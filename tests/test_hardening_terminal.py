"""User text at the terminal and outputs on disk (issue 8, section 4): titles, `say` lines, prompts and
echoed source lines are printed literally (no rich markup, no emoji codes) with control characters
escaped; the human agent re-asks; unwritable outputs are E506 at the path; written files get the
umask's mode, `fmt` keeps a file's mode and writes through a symlink."""

from __future__ import annotations

import os
import stat

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.dsl.ast import Span
from rulebook.dsl.diagnostics import Diagnostic, printable, render_text
from rulebook.dsl.files import write_atomic

from .conftest import write_pack

runner = CliRunner()

ESC = "\x1b"


def invoke(*args, **kw):
    result = runner.invoke(app, [str(a) for a in args], **kw)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


def titled_pack(tmp_path, title: str, said: str = "hello"):
    return write_pack(tmp_path / "t", f"""
        counter vp;
        game demo {title} {{
          seats 2 to 2;
          phase play {{ each players {{ choose "pick {said}" {{ option "a {said}" {{ gain 1 vp; }}
                                                               option "b" {{ gain 2 vp; }} }}
                                       say "{said}"; }} }}
          winner most vp;
        }}
    """)


def test_a_title_with_a_closing_markup_tag_is_printed_not_parsed(tmp_path):
    result = invoke("play", titled_pack(tmp_path, '"Demo [/] end"'), "-n", 2)
    assert result.exit_code == 0 and "Demo [/] end: final scores" in result.output


def test_bold_markup_and_emoji_codes_stay_literal(tmp_path):
    result = invoke("play", titled_pack(tmp_path, '"[b]x[/b] :x:"', said="[red]r[/red] :smile:"), "-n", 2)
    assert "[b]x[/b] :x:: final scores" in result.output
    assert "P1: [red]r[/red] :smile:" in result.output
    assert "\u274c" not in result.output and "\U0001f604" not in result.output


def test_escape_sequences_in_titles_and_say_are_shown_escaped(tmp_path):
    pack = titled_pack(tmp_path, '"Demo"', said="x")
    main = pack / "main.rules"
    main.write_text(main.read_text().replace('game demo "Demo"', f'game demo "Demo{ESC}[2J\u202e"')
                    .replace('say "x"', f'say "{ESC}]0;pwned{ESC}\\\\ ok"'))
    result = invoke("play", pack, "-n", 2, "--trace")
    assert result.exit_code == 0, result.output
    assert ESC not in result.output and "\u202e" not in result.output
    assert "Demo\\x1b[2J\\u202e: final scores" in result.output
    assert "P1: \\x1b]0;pwned\\x1b\\ ok" in result.output


def test_trace_prints_prompts_and_options_literally(tmp_path):
    result = invoke("play", titled_pack(tmp_path, '"D"', said="[/] :x:"), "-n", 2, "--trace")
    assert "pick [/] :x: -> " in result.output


def test_echoed_source_lines_escape_controls_and_keep_the_caret_under_the_mistake():
    source = f'say "{ESC}[31m"; gain 1 vpp;\n'
    d = Diagnostic("E202", "unknown resource or counter 'vpp'", Span("m.rules", 1, 21, 1, 24))
    _, line, caret = render_text([d], {"m.rules": source}).split("\n")
    assert ESC not in line and line == '  say "\\x1b[31m"; gain 1 vpp;'
    assert caret.index("^") == line.index("vpp") and caret.endswith("^~~")


def test_a_line_separator_in_a_title_does_not_move_the_caret_to_another_line():
    source = 'game g "a\u2028b" { }\nresource coin\n'
    d = Diagnostic("E100", "expected ';'", Span("m.rules", 2, 14, 2, 15))
    _, line, caret = render_text([d], {"m.rules": source}).split("\n")
    assert line == "  resource coin" and caret == "  " + " " * 13 + "^"


def test_printable_escapes_controls_format_separators_and_surrogates():
    assert printable("a\x1b[0m\x07\u202e\u2028\udcff") == "a\\x1b[0m\\x07\\u202e\\u2028\\udcff"
    assert printable("two\nlines\tok", newlines=True) == "two\nlines\tok"
    assert printable("Café ★ 东 [b]") == "Café ★ 东 [b]"


def test_a_diagnostic_message_with_markup_is_printed_literally(tmp_path):
    bad = tmp_path / "m.rules"
    bad.write_text('resource coin;\nproc p() { gain 1 [b]; }\n')
    result = invoke("lint", bad)
    assert result.exit_code == 1 and "[b]" in result.output


HUMAN = """
counter vp;
game vote { seats 2 to 2; phase play { each players { choose "how many points?" {
  option "one" { gain 1 vp; } option "two" { gain 2 vp; } } } } winner most vp; }
"""


def test_the_human_agent_asks_again_for_superscripts_and_huge_numbers(tmp_path):
    pack = write_pack(tmp_path / "vote", HUMAN)
    answers = "\n".join(["\u00b2", "9" * 5000, "\u0662", "-1", "0", "2", "1"]) + "\n"
    result = invoke("play", pack, "--players", 2, "--agent", "human", input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("type a number from 1 to 2") == 5
    assert "winner: P1" in result.output


# ---------------------------------------------------------------------------------------- outputs

def compiled_pack(tmp_path):
    return write_pack(tmp_path / "p", "resource coin;\nproc p() { gain 1 coin; }\n")


def assert_e506_at(result, path):
    assert result.exit_code == 1, result.output
    assert f"{path}: error[E506]: cannot write" in result.output


def test_compile_into_a_file_is_e506(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("keep")
    assert_e506_at(invoke("compile", compiled_pack(tmp_path), "-o", afile), afile)
    assert afile.read_text() == "keep"


def test_compile_into_dev_null_is_e506(tmp_path):
    assert_e506_at(invoke("compile", compiled_pack(tmp_path), "-o", "/dev/null"), "/dev/null")


def test_compile_into_a_read_only_place_is_e506(tmp_path):
    # /proc refuses new files even to root, unlike a chmod-ed folder
    assert_e506_at(invoke("compile", compiled_pack(tmp_path), "-o", "/proc"), "/proc")   # checked before compiling


def test_compile_below_a_file_is_e506(tmp_path):
    (tmp_path / "afile").write_text("")
    out = tmp_path / "afile" / "sub"
    assert_e506_at(invoke("compile", compiled_pack(tmp_path), "-o", out), out)   # checked before compiling


def test_compile_onto_a_folder_named_like_the_module_is_e506(tmp_path):
    (tmp_path / "out" / "snippet.py").mkdir(parents=True)
    assert_e506_at(invoke("compile", compiled_pack(tmp_path), "-o", tmp_path / "out"),
                   tmp_path / "out" / "snippet.py")


def test_compile_into_a_non_utf8_folder_name(tmp_path):
    out = os.fsdecode(os.fsencode(str(tmp_path)) + b"/out\xff")
    result = invoke("compile", compiled_pack(tmp_path), "-o", out)
    assert result.exit_code == 0 and "out\\udcff" in result.output
    assert os.path.isfile(os.path.join(out, "snippet.py"))


def test_a_pack_in_a_non_utf8_folder_lints_compiles_and_plays(tmp_path):
    folder = os.fsdecode(os.fsencode(str(tmp_path)) + b"/pack\xfe")
    pack = write_pack(tmp_path / "plain", HUMAN)
    os.rename(pack, folder)
    assert invoke("lint", folder).exit_code == 0
    assert invoke("compile", folder, "-o", tmp_path / "out").exit_code == 0
    assert invoke("play", folder, "-n", 2, "--agent", "first").exit_code == 0


def test_a_play_log_into_a_folder_is_e506(tmp_path):
    pack = write_pack(tmp_path / "vote", HUMAN)
    assert_e506_at(invoke("play", pack, "-n", 2, "--log", tmp_path), tmp_path)


def test_a_play_log_onto_dev_null_or_a_fifo_never_replaces_it(tmp_path):
    pack = write_pack(tmp_path / "vote", HUMAN)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target in ("/dev/null", fifo, tmp_path / "link"):
        if target == tmp_path / "link":
            target.symlink_to("/dev/null")
        result = invoke("play", pack, "-n", 2, "--agent", "first", "--log", target)
        assert_e506_at(result, target)
        assert "not a regular file" in result.output
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode) and stat.S_ISFIFO(os.stat(fifo).st_mode)


def umask() -> int:
    old = os.umask(0o022)
    os.umask(old)
    return old


def test_written_files_get_the_umask_mode_not_0600(tmp_path):
    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "new.txt").st_mode) == 0o640
    result = invoke("compile", compiled_pack(tmp_path), "-o", tmp_path / "out")
    assert result.exit_code == 0
    assert stat.S_IMODE(os.stat(tmp_path / "out" / "snippet.py").st_mode) == 0o666 & ~umask()


def test_fmt_keeps_the_file_mode(tmp_path):
    path = tmp_path / "m.rules"
    path.write_text("resource   coin;\n")
    os.chmod(path, 0o754)
    assert invoke("fmt", path).exit_code == 0
    assert path.read_text() == "resource coin;\n"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o754


def test_fmt_formats_a_symlinks_target_and_keeps_the_link(tmp_path):
    target = tmp_path / "real.rules"
    target.write_text("resource   coin;\n")
    link = tmp_path / "link.rules"
    link.symlink_to(target)
    assert invoke("fmt", link).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == "resource coin;\n"


def test_fmt_and_lint_of_a_fifo_are_e107_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.rules"
    os.mkfifo(fifo)
    for command in ("fmt", "lint"):
        result = invoke(command, fifo)
        assert result.exit_code == 1 and "E107" in result.output and "not a regular file" in result.output
