"""`rulebook lsp`: a language server over stdio for editors (pygls).

The answers come from compiler/workspace.py; this module only translates between the protocol's
positions (0-based, in the client's code units) and spans (1-based, in code points). pygls and
lsprotocol are imported when the server starts, so the other commands never load them.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.cli import app

T = None  # lsprotocol.types, bound by make_server()

REQUEST_FAILED = -32803  # the protocol's code for a request that was understood but refused

_SYMBOL_KINDS = {
    "resource": "Variable", "counter": "Variable", "var": "Variable", "group": "Array", "enum": "Enum", "event": "Event",
    "track": "Struct", "kind": "Class", "record": "Struct", "entity": "Object", "zone": "Array", "actor": "Object",
    "die": "Object", "proc": "Function", "func": "Function", "extern": "Interface", "variant": "Boolean", "option": "Number", "constant": "Constant", "table": "Array",
    "game": "Module", "field": "Field", "extend": "Function", "amend": "Object", "trigger": "Event",
    "role": "Object",
}
_COMPLETION_KINDS = {
    "resource": "Variable", "counter": "Variable", "var": "Variable", "group": "Variable", "enum": "Enum", "event": "Event",
    "track": "Struct", "kind": "Class", "record": "Struct", "entity": "Value", "zone": "Variable", "actor": "Value",
    "die": "Value", "proc": "Function", "func": "Function", "extern": "Function", "variant": "Constant", "option": "Constant", "constant": "Constant", "table": "Constant",
    "game": "Module", "member": "EnumMember", "keyword": "Keyword", "function": "Function",
    "domain": "Variable", "field": "Field", "window": "Event",
}


@app.command()
def lsp() -> None:
    """Run the language server on stdin and stdout (start it from an editor, see docs/editors.md)."""
    make_server().start_io()


def make_server():
    """A pygls LanguageServer with every feature of the rules language registered."""
    global T
    from importlib.metadata import version

    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    from rulebook.compiler.workspace import Workspace

    T = types
    server = LanguageServer("rulebook", version("rulebook"), text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
    server.rules = Workspace()
    server.views = {}       # pack root (or lone file) -> the View of the latest analysis
    server.published = {}  # uri -> the diagnostics last sent
    for method, handler in [
        (types.TEXT_DOCUMENT_DID_OPEN, did_open), (types.TEXT_DOCUMENT_DID_CHANGE, did_change),
        (types.TEXT_DOCUMENT_DID_SAVE, did_save), (types.TEXT_DOCUMENT_DID_CLOSE, did_close),
        (types.TEXT_DOCUMENT_HOVER, hover), (types.TEXT_DOCUMENT_DEFINITION, definition),
        (types.TEXT_DOCUMENT_REFERENCES, references), (types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, document_symbols),
        (types.TEXT_DOCUMENT_FORMATTING, formatting), (types.TEXT_DOCUMENT_PREPARE_RENAME, prepare_rename),
    ]:
        server.feature(method)(handler)
    server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."]))(completion)
    server.feature(types.TEXT_DOCUMENT_RENAME, types.RenameOptions(prepare_provider=True))(rename)
    return server


# ---------------------------------------------------------------------------- positions


def _path(uri: str) -> Path:
    from pygls.uris import to_fs_path

    return Path(to_fs_path(uri) or uri).resolve()


def _uri(path: Path) -> str:
    from pygls.uris import from_fs_path

    return from_fs_path(str(path))


def _lines(ls, path: Path) -> list[str]:
    from rulebook.dsl.diagnostics import RulesError

    try:
        return ls.rules.text_of(path).split("\n")
    except (OSError, RulesError):  # an unreadable file: positions stay as they are
        return []


def _range(ls, lines: list[str], span):
    """A span as a protocol Range in the client's position encoding."""
    from rulebook.compiler.workspace import lsp_range

    (l0, c0), (l1, c1) = lsp_range(span)
    server_range = T.Range(T.Position(l0, c0), T.Position(l1, c1))
    return ls.workspace.position_codec.range_to_client_units(lines, server_range) if lines else server_range


def _location(ls, view, span):
    path = view.paths.get(span.file) or Path(span.file).resolve()
    return T.Location(uri=_uri(path), range=_range(ls, _lines(ls, path), span))


def _at(ls, params):
    """(view, shown file name, 1-based line, 1-based column) of a request's position."""
    path = _path(params.text_document.uri)
    view = _view(ls, path)
    doc = ls.workspace.get_text_document(params.text_document.uri)
    pos = doc.position_from_client_units(params.position)
    shown = next((s for s, p in view.paths.items() if p == path), str(path))
    return view, shown, pos.line + 1, pos.character + 1


def _view(ls, path: Path):
    from rulebook.compiler.workspace import pack_root

    key = pack_root(path) or path
    view = ls.views.get(key)
    if view is None or path not in view.paths.values():
        view = ls.rules.view(path)
        ls.views[key] = view
    return view


# ---------------------------------------------------------------------------- diagnostics


def _lint(ls, path: Path) -> None:
    """Analyse the pack of `path`, and every other pack in view that reads the file (packs that
    extend it), and publish the findings of each of their files that changed."""
    from rulebook.compiler.workspace import pack_root

    key = pack_root(path) or path
    _publish(ls, path, key)
    for other, view in list(ls.views.items()):
        if other != key and path in view.paths.values():
            _publish(ls, view.path, other)


def _publish(ls, path: Path, key: Path) -> None:
    from rulebook.dsl.diagnostics import ERROR, WARNING

    view = ls.rules.view(path)
    ls.views[key] = view
    severity = {ERROR: T.DiagnosticSeverity.Error, WARNING: T.DiagnosticSeverity.Warning}
    for file, found in view.diagnostics().items():
        lines = _lines(ls, file)
        diagnostics = [T.Diagnostic(
            range=_range(ls, lines, d.span), severity=severity.get(d.severity, T.DiagnosticSeverity.Information),
            code=d.code, source="rulebook",
            message=d.message + (f" ({d.hint})" if d.hint else "") + "".join(f"\nnote: {n}" for n in d.notes))
            for d in found]
        uri = _uri(file)
        if ls.published.get(uri) != diagnostics or file == path:
            ls.published[uri] = diagnostics
            ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))


def did_open(ls, params) -> None:
    """A document opened: take its text and lint its pack."""
    path = _path(params.text_document.uri)
    ls.rules.set_text(path, params.text_document.text)
    _lint(ls, path)


def did_change(ls, params) -> None:
    """An edit (pygls has applied it to the document): re-lint with the new text."""
    path = _path(params.text_document.uri)
    ls.rules.set_text(path, ls.workspace.get_text_document(params.text_document.uri).source)
    _lint(ls, path)


def did_save(ls, params) -> None:
    """Saved: other packs' views may read this file from disk, so lint again."""
    _lint(ls, _path(params.text_document.uri))


def did_close(ls, params) -> None:
    """Closed: the file on disk counts again (a file outside any pack has nothing left to report)."""
    from rulebook.compiler.workspace import pack_root

    path = _path(params.text_document.uri)
    ls.rules.close(path)
    if pack_root(path) is not None and path.is_file():
        _lint(ls, path)
    else:
        ls.published.pop(params.text_document.uri, None)
        ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


# ---------------------------------------------------------------------------- navigation


def hover(ls, params):
    """A declaration's plain-language reading and where it is declared."""
    view, shown, line, column = _at(ls, params)
    target = view.target_at(shown, line, column)
    text = view.hover(target) if target else None
    if text is None:
        return None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text),
                   range=_range(ls, _lines(ls, view.paths[shown]), target.occurrence.span))


def definition(ls, params):
    """Where the name under the cursor is declared (the override in force first)."""
    view, shown, line, column = _at(ls, params)
    target = view.target_at(shown, line, column)
    if target is None:
        return None
    return [_location(ls, view, o.span) for o in view.definitions(target.key)] or None


def references(ls, params):
    """Every use of the name under the cursor across the pack and the packs it extends."""
    view, shown, line, column = _at(ls, params)
    target = view.target_at(shown, line, column)
    if target is None:
        return None
    return [_location(ls, view, o.span) for o in view.references(target.key, params.context.include_declaration)]


def document_symbols(ls, params):
    """The outline of a file: its declarations (and the fields of its kinds)."""
    path = _path(params.text_document.uri)
    view = _view(ls, path)
    shown = next((s for s, p in view.paths.items() if p == path), None)
    lines = _lines(ls, path)

    def symbol(s):
        return T.DocumentSymbol(name=s["name"], detail=s["detail"], kind=getattr(T.SymbolKind, _SYMBOL_KINDS[s["category"]]),
                                range=_range(ls, lines, s["span"]), selection_range=_range(ls, lines, s["name_span"]),
                                children=[symbol(c) for c in s["children"]])

    return [symbol(s) for s in view.symbols_of(shown)] if shown else []


def completion(ls, params):
    """Names, enum members, keywords and builtins; after `x.`, the fields of x's kind when known."""
    view, _shown, line, column = _at(ls, params)
    text = ls.workspace.get_text_document(params.text_document.uri).source
    items = [T.CompletionItem(label=label, kind=getattr(T.CompletionItemKind, _COMPLETION_KINDS[category]),
                              detail=category)
             for label, category in view.completions(text, line, column)]
    return T.CompletionList(is_incomplete=False, items=items)


# ---------------------------------------------------------------------------- edits


def formatting(ls, params):
    """The whole file in `rulebook fmt`'s layout (comments kept); nothing when it does not parse."""
    path = _path(params.text_document.uri)
    doc = ls.workspace.get_text_document(params.text_document.uri)
    new = _view(ls, path).format(doc.source, str(path))
    if new is None or new == doc.source:
        return None
    lines = doc.source.split("\n")
    whole = T.Range(T.Position(0, 0), T.Position(len(lines), 0))
    return [T.TextEdit(range=whole, new_text=new)]


def prepare_rename(ls, params):
    """The name's range when it can be renamed (a declared name, a field, a local), else nothing."""
    view, shown, line, column = _at(ls, params)
    target = view.target_at(shown, line, column)
    if target is None:
        return None
    return _range(ls, _lines(ls, view.paths[shown]), target.occurrence.span)


def rename(ls, params):
    """Rename a declared name or field in every file of the pack chain, or a local where it is read; keywords
    and clashes are refused."""
    from pygls.exceptions import JsonRpcException

    from rulebook.compiler.workspace import RenameRefused

    view, shown, line, column = _at(ls, params)
    target = view.target_at(shown, line, column)
    if target is None:
        raise JsonRpcException(message="there is no name here to rename", code=REQUEST_FAILED)
    try:
        edits = view.rename(target, params.new_name)
    except RenameRefused as e:
        raise JsonRpcException(message=str(e), code=REQUEST_FAILED) from None
    changes = {}
    for file, spans in edits.items():
        path = view.paths.get(file) or Path(file).resolve()
        lines = _lines(ls, path)
        changes[_uri(path)] = [T.TextEdit(range=_range(ls, lines, s), new_text=params.new_name) for s in spans]
    return T.WorkspaceEdit(changes=changes)

