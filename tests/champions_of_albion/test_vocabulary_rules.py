"""Every effect verb, rule switch and bane removal condition the content may use has rules in
the engine and a sentence for players (issue: "every effect verb has rules, an AI evaluation
and a text")."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rulesets.champions_of_albion import effects
from game.rulesets.champions_of_albion import system as _system  # noqa: F401  (registers every handler)
from game.rulesets.champions_of_albion.content import standard_content
from game.rulesets.champions_of_albion.vocabulary import REMOVALS, RULES, VERBS, describe

ENGINE = Path(effects.__file__).parent
CONTENT = standard_content()

# Verbs that are not carried out as a step but read where they apply: the module that reads them.


def _engine_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.glob("*.py")
                     if p.name not in ("vocabulary.py", "content.py"))


def _used_effects():
    def walk(effs):
        for e in effs:
            yield e
            for key in ("on_pass", "on_fail", "on_win"):
                if e.has(key):
                    yield from walk(e.get(key))
    for ch in CONTENT.champions.values():
        yield from walk(ch.unique.effects + ch.passive.effects)
    for r in CONTENT.resources.values():
        yield from walk(r.effects)
    for b in CONTENT.banes.values():
        yield from walk(b.effects)
    for e in list(CONTENT.enemies.values()) + list(CONTENT.dangerous.values()):
        yield from walk(e.abilities)
    for e in CONTENT.events.values():
        yield from walk(e.effects)
    for m in CONTENT.main_enemies.values():
        yield from walk(m.act1.setup_effects + m.act1.event_effects + m.act1.combat_effects)
    for s in list(CONTENT.stories.values()) + list(CONTENT.quests.values()):
        yield from s.effects()


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_has_rules(verb):
    if VERBS.handler(verb) is not None:
        return
    assert VERBS[verb].read_by, f"verb '{verb}' has no handler and is read nowhere"
    source = (ENGINE / VERBS[verb].read_by.split()[0]).read_text(encoding="utf-8")
    assert f'"{verb}"' in source


def test_every_used_effect_has_a_sentence_and_rules():
    used = list(_used_effects())
    assert used
    for effect in used:
        assert describe(effect).strip()
        assert VERBS.handler(effect.verb) is not None or VERBS[effect.verb].read_by


@pytest.mark.parametrize("rule", sorted(RULES))
def test_every_rule_switch_is_implemented(rule):
    assert f'"{rule}"' in _engine_text(), f"rule switch '{rule}' appears nowhere in the engine"


@pytest.mark.parametrize("condition", sorted(REMOVALS))
def test_every_bane_removal_condition_is_implemented(condition):
    """CA-176: each printed removal condition is checked somewhere."""
    assert f'"{condition}"' in _engine_text(), f"removal '{condition}' appears nowhere in the engine"


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_has_an_ai_evaluation(verb):
    """The AI's estimate of each verb (ai.values.effect_value): gains are worth something,
    losses cost something, for a champion at full tracks and for one who is hurt."""
    from game.rulesets.champions_of_albion.ai.values import effect_value

    assert VERBS[verb].worth is not None, f"verb '{verb}' has no AI worth in the vocabulary"
    sample = next((e for e in _used_effects() if e.verb == verb), None)
    record = {"verb": verb, "amount": 1} if sample is None else sample
    hurt = {"life": 3, "max_life": 10, "will": 2, "max_will": 5}
    value = effect_value(record, hurt)
    kind = VERBS[verb].kind
    if kind == "gain":
        assert value > 0
    elif kind in ("loss", "cost"):
        assert value < 0
