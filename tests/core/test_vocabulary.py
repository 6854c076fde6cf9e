"""The kernel's effect vocabulary and content table loader, which every rule system reads
its content with (issue 11, item 4)."""

from __future__ import annotations

from typing import Any, Mapping

import pytest

from game.core.cards import Field, load_tables
from game.core.effects import Effect
from game.core.errors import ContentError, RulesError
from game.core.vocabulary import Verb, Vocabulary, as_record


def _positive(value: Any) -> str | None:
    return None if value >= 1 else "must be 1 or more"


def _make() -> Vocabulary:
    return Vocabulary({
        "heal": Verb("gain", {"amount": Field((int,), check=_positive)},
                     lambda p: f"Heal {p['amount']}.", worth=1.5),
        "test": Verb("test", {"on_pass": Field((list,), required=False), "on_fail": Field((list,), required=False)},
                     lambda p: "Make a test.",
                     check=lambda r: None if "on_pass" in r or "on_fail" in r else "needs on_pass or on_fail"),
        "ward": Verb("static", {}, lambda p: "Wards.", read_by="totals"),
    }, nested=("on_pass", "on_fail"))


def test_read_checks_records_and_builds_effects_with_nested_lists() -> None:
    verbs = _make()
    effects = verbs.read([{"verb": "heal", "amount": 2},
                          {"verb": "test", "on_pass": [{"verb": "heal", "amount": 1}]}], "card x")
    assert effects[0] == Effect("heal", (("amount", 2),))
    inner = effects[1].get("on_pass")
    assert inner == (Effect("heal", (("amount", 1),)),)
    assert as_record(effects[1]) == {"verb": "test", "on_pass": [{"verb": "heal", "amount": 1}]}
    assert verbs.text(effects[0]) == "Heal 2." and verbs.text({"verb": "heal", "amount": 3}) == "Heal 3."


@pytest.mark.parametrize("raw, message", [
    ("heal", "card x: must list effect tables"),
    ([3], "card x: effect 1: must be a table"),
    ([{"verb": "fly"}], "card x: effect 1: unknown verb 'fly'"),
    ([{"verb": "heal"}], "card x: effect 1 (heal): missing field 'amount'"),
    ([{"verb": "heal", "amount": 0}], "card x: effect 1 (heal): field 'amount' must be 1 or more"),
    ([{"verb": "heal", "amount": 1, "extra": 2}], "card x: effect 1 (heal): unknown field 'extra'"),
    ([{"verb": "test"}], "card x: effect 1 (test): needs on_pass or on_fail"),
    ([{"verb": "test", "on_fail": [{"verb": "heal", "amount": -1}]}],
     "card x: effect 1 (test): on_fail: effect 1 (heal): field 'amount' must be 1 or more"),
    ([{"verb": "x" * 5000}], "unknown verb '" + "x" * 40 + "'"),
])
def test_read_refuses_bad_records_with_a_sentence_naming_the_place(raw: Any, message: str) -> None:
    with pytest.raises(ContentError) as caught:
        _make().read(raw, "card x")
    assert str(caught.value).startswith(message) or str(caught.value).endswith(message)
    assert len(str(caught.value)) < 200


def test_read_limits_kinds_and_runs_the_rule_systems_own_checks_on_nested_effects() -> None:
    verbs = _make()
    with pytest.raises(ContentError, match="a 'gain' verb cannot be used here"):
        verbs.read([{"verb": "heal", "amount": 1}], "here", kinds=("test",))
    seen: list[str] = []

    def refine(effect: Effect, record: Mapping[str, Any], where: str) -> None:
        seen.append(where)
        if effect.verb == "heal" and effect.get("amount") > 5:
            raise ContentError(f"{where}: too much")

    verbs.read([{"verb": "test", "on_pass": [{"verb": "heal", "amount": 2}]}], "c", refine=refine)
    assert seen == ["c: effect 1 (test): on_pass: effect 1 (heal)", "c: effect 1 (test)"]
    with pytest.raises(ContentError, match="on_pass: effect 1 \\(heal\\): too much"):
        verbs.read([{"verb": "test", "on_pass": [{"verb": "heal", "amount": 9}]}], "c", refine=refine)


def test_handlers_apply_and_a_verb_without_one_names_its_reader() -> None:
    verbs = _make()
    healed: list[int] = []

    @verbs.handles("heal")
    def _heal(ctx: list[int], effect: Effect, times: int) -> None:
        ctx.extend([effect.get("amount")] * times)

    verbs.apply(healed, Effect("heal", (("amount", 2),)), 2)
    assert healed == [2, 2]
    assert verbs.incomplete() == ["test"]  # no handler, and no reader named
    with pytest.raises(RulesError, match="read by totals"):
        verbs.apply(healed, {"verb": "ward"})
    with pytest.raises(ValueError):
        verbs.handles("unknown")
    assert verbs.worth("heal") == 1.5 and verbs.worth("ward") == 0.0


def test_load_tables_checks_kinds_ids_and_top_level_keys(tmp_path: Any) -> None:
    path = tmp_path / "monsters.toml"
    path.write_text('note = "x"\n[[monster]]\nid = "orc"\n[[group]]\nname = "g"\n')
    data = load_tables(path, ("monster", "group"), optional=("note",), keyed=("monster",))
    assert data["monster"] == [{"id": "orc"}] and data["group"] == [{"name": "g"}]
    with pytest.raises(ContentError, match="unknown top-level key 'note'"):
        load_tables(path, ("monster", "group"), keyed=("monster",))
    with pytest.raises(ContentError, match="group #1: missing field 'id'"):
        load_tables(path, ("monster", "group"), optional=("note",))
    with pytest.raises(ContentError, match="expected a list of \\[\\[boss\\]\\] tables"):
        load_tables(path, ("monster", "boss"), optional=("note", "group"))
    path.write_text('[[monster]]\nid = "orc"\n[[monster]]\nid = "orc"\n')
    with pytest.raises(ContentError, match="monster orc: id 'orc' is used twice"):
        load_tables(path, ("monster",))
