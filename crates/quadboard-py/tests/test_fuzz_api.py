"""A seeded slice of tests/fuzz_api.py for CI (about 3 s): random calls of the core API on
legal positions from random standard and Chess960 games, compared with python-chess 1.11
(results, exceptions raised and the board after each call). The fuzzer's other modes (edited
boards, attribute assignment, invalid arguments) run from the script; its known
differences are listed in fuzz_api.KNOWN_PREFIXES."""

from __future__ import annotations

import fuzz_api


def test_random_calls_on_legal_positions_match_python_chess(monkeypatch):
    monkeypatch.setattr(fuzz_api, "JUNK", [0.0])
    fuzzer = fuzz_api.Fuzzer(seed=1, verbose=0, max_examples=1, assignments=False,
                             legal_only=True)
    for _ in range(400):
        fuzzer.run_episode()
    assert fuzzer.calls > 5000
    unknown = {key: fuzzer.examples[key][0] for key in fuzzer.diffs if not fuzz_api.known(key)}
    assert not unknown, "\n\n".join(f"{k}\n{v}" for k, v in unknown.items())


def test_the_fuzzer_sees_a_difference():
    # A broken oracle comparison would pass everything: a planted difference must show.
    fuzzer = fuzz_api.Fuzzer(seed=2, verbose=0)
    try:
        fuzzer.both((None, None), [], "planted", "planted()",
                    lambda o, m: 1 if m is fuzz_api.C else 2, check_state=False)
    except fuzz_api.Found:
        pass
    assert list(fuzzer.diffs) == ["planted: value"]
