"""What content and acts a game used, read from its events (issue 13, item 4; usage.py): each act's
event says where it was taken (``via``), so the Market, Preparation and the windows are told apart."""

from collections import Counter

from game.rulesets.buck_legacy.usage import catalogue, single_use_kind, usage
from tests.buck_legacy.helpers import CONTENT, adventurer, do, pending, position

GULCH = "brassworks_gulch"
SHOP = ["leather_cap", "iron_sallet", "smoked_goggles", "owl_eye_lenses"]


def test_the_catalogue_names_every_spell_slot_single_use_kind_device_and_companion():
    labels = catalogue(CONTENT)
    assert len(labels) == len(set(labels))
    assert {f"spell: {s.name}" for s in CONTENT.spells.values()} <= set(labels)
    assert {"item kind: weapon", "item kind: armour", "item kind: headgear", "item kind: glasses",
            "item kind: other", "item kind: Large"} <= set(labels)
    kinds = {single_use_kind(g) for g in list(CONTENT.items.values()) + list(CONTENT.treasures.values())
             if g.kind == "single_use"}
    assert {"revive", "revive (all)", "reroll (own die)", "reroll (any die)", "add to roll (escape check)",
            "treasure table", "boss damage"} <= kinds
    assert {f"single-use: {k}" for k in kinds} <= set(labels)
    assert {"Tesla device: Communicator", "Tesla device: Perpetual Dynamo", "companion: Lucky Ferret"} <= set(labels)


def test_preparation_acts_are_counted_as_preparation_bl083():
    """BL-083: equipping, using an item and giving Gold in Preparation count under Preparation."""
    g = position([adventurer("A", gold=30, backpack=["leather_cap", "azure_draught"], mana=2,
                             **{"class": "necromancer"}), adventurer("B")],
                 start="exploration", zone=GULCH, dungeon_top=["forgotten_purse", "nagapon_payroll_chest"])
    pending(g, "preparation")
    events = do(g, "equip:leather_cap", "use:azure_draught", "give_gold:1", "gold:10")
    assert {e.data.get("via") for e in events if e.kind in ("equip", "use", "give_gold")} == {"preparation"}
    counts = usage(CONTENT, events)
    assert counts == Counter({"preparation: equip": 1, "item kind: headgear": 1, "single-use: restore mana": 1,
                              "preparation: use a single-use item": 1, "preparation: give Gold": 1})


def test_market_acts_are_counted_as_market_bl052():
    """BL-052, BL-056: a gift and a Side Job in the Market count under the Market."""
    g = position([adventurer("A", gold=30), adventurer("B")], start="market_turn", zone="ebony_bloody_rose",
                 shop=SHOP)
    pending(g, "market")
    counts = usage(CONTENT, do(g, "give_gold:1", "gold:10", "side_job"))
    assert counts == Counter({"market: give Gold": 1, "market: Side Job": 1})
