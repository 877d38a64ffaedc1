"""bench/handedit.py edits: The E81216 walk specialised with the cost's amounts tested lazily (not equivalent when an amount raises: see docs/architecture.md).

Written against Federation's module as compiled at the canbuild branch (twenty-sixth session); handedit
stops with the text it cannot find once the generated code moves on."""

EDITS = [
("""    for v_b in you.refs['e81_open'].items:  # rules/federation/e81216.rules:258:24
        if not (f6_can_build(rt, you, v_b)): continue  # rules/federation/e81216.rules:258:24
        return True  # rules/federation/e81216.rules:258:24
    return False
""", """    _s = you.stock; _g = rt.state.globals; _mod = 'build_structure' in rt.by_action
    for v_b in you.refs['e81_open'].items:  # rules/federation/e81216.rules:258:24
        _f = v_b.fields
        if not (not _f['mega'] or _g[_AT_builders3[_f['site']]] < 3): continue
        if not (_s['diamond'] >= _f['dia']): continue
        if (rt.affordable(you, [('plain', 'lavandium', _f['lav']), ('plain', 'copernium', _f['cop']), ('plain', 'oceanium', _f['oce']), ('plain', 'diamond', _f['dia'])], ('build_structure', {'structure': v_b})) if _mod else _s['lavandium'] >= _f['lav'] and _s['copernium'] >= _f['cop'] and _s['oceanium'] >= _f['oce'] and _s['diamond'] >= _f['dia']): return True
        if not (_s['oceanium'] >= 1): continue
        for v_l in rt.over(v_b.fields['lav'] + 1, 'rules/federation/e81216.rules:256:17'):  # rules/federation/e81216.rules:251:31
            for v_c in rt.over(v_b.fields['cop'] + 1, 'rules/federation/e81216.rules:256:43'):  # rules/federation/e81216.rules:251:31
                if not (f5_build_cost_ok(rt, you, v_b, v_l - 1, v_c - 1)): continue  # rules/federation/e81216.rules:251:31
                return True
    return False
"""),
]
