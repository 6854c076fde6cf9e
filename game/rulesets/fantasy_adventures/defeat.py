"""Defeat: saves, the heal window, the discard (FA-061 to FA-064, FA-142, FA-199, FA-214 to
FA-219).

After a defeat every applicable save is rolled, one source after another until one succeeds
(FA-218); then every player may heal the card (FA-202). A saved or healed card is treated as
never defeated: it keeps its items, its position and its monsters (FA-199). Otherwise it is
discarded: a hero with every item it owns (FA-063), its monsters losing their assignment
(FA-142); a monster to its owner's discard pile (FA-064).
"""

from __future__ import annotations

from game.rulesets.fantasy_adventures import totals, traits, windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.steps import DefeatStep, DiscardDefeatedStep, MeleeingStep


def defeat(ctx: Ctx, card: str, cause: str) -> None:
    """Push the defeat of ``card`` (it is resolved before the steps under it)."""
    ctx.push(DefeatStep(step="defeat", card=card, cause=cause))


@FLOW.automatic(DefeatStep)
def run_defeat(ctx: Ctx, step: DefeatStep) -> None:
    state = ctx.state
    state.stack.pop()
    card = step["card"]
    ctx.emit("defeated", "FA-061", f"{ctx.name(card)} is defeated ({step['cause']}).", card=card)
    for save in traits.saves(ctx, card):
        die = ctx.roll()
        bonuses = traits.save_bonuses(ctx, card)  # each added or subtracted whole (FA-184)
        success = totals.succeeds(die, save.low, save.high, bonuses)
        ctx.emit("save", "FA-218", f"{ctx.name(card)}'s {save.label}: rolled {die}"
                 + (f" (bonus {', '.join(f'{b:+d}' for b in bonuses)})" if bonuses else "")
                 + (" — saved." if success else " — failed."),
                 card=card, die=die, saved=success, source=save.source, bonus=bonuses)
        if success:
            return
    ctx.push(DiscardDefeatedStep(step="discard_defeated", card=card))
    windows.open_heal_window(ctx, card)


@FLOW.automatic(DiscardDefeatedStep)
def run_discard_defeated(ctx: Ctx, step: DiscardDefeatedStep) -> None:
    ctx.state.stack.pop()
    card = step["card"]
    encounter = ctx.state.encounter
    if encounter is not None and card in encounter.healed:
        encounter.healed.remove(card)
        return
    discard_defeated(ctx, card)


def discard_defeated(ctx: Ctx, card: str) -> None:
    """The defeated card goes to its owner's discard pile (FA-062 to FA-064, FA-142)."""
    encounter = ctx.state.encounter
    if ctx.card(card).kind == "hero":
        ctx.remove_hero(card)
        if encounter is not None:
            if card in ctx.player(encounter.target).hero_discard:
                encounter.defeats += 1
            for monster in encounter.monsters:
                if monster.hero == card:
                    monster.hero, monster.meleeing = "", False
            if card in encounter.melee_order:
                encounter.melee_order.remove(card)
        ctx.emit("discarded", "FA-063", f"{ctx.name(card)} is discarded with its items.", card=card)
        # (imported here: encounter.py reaches this module through the windows)
        from game.rulesets.fantasy_adventures.encounter import end_encounter, party_gone

        if encounter is not None and encounter.stage in ("traps", "surprise") and party_gone(ctx):
            # Emptied in the trap or surprise stage, the party is beaten at once: no window, no
            # retreat, no more trap rounds (FA-237). In combat the round runs to its end.
            end_encounter(ctx, "the party has no heroes left", "FA-237")
        return
    if encounter is not None:
        monster_leaves(ctx, card)
    ctx.discard(card)
    ctx.emit("discarded", "FA-064", f"{ctx.name(card)} is discarded.", card=card)


def monster_leaves(ctx: Ctx, card: str) -> None:
    """Take a monster out of the fight. If it was a meleeing monster whose melee is still to
    come, the monster player must at once declare another of its Horde (FA-103, FA-126); a
    Horde left with one monster has it as its meleeing monster without a question (FA-102)."""
    encounter = ctx.encounter
    leaving = ctx.monster(card)
    encounter.monsters = [m for m in encounter.monsters if m.card != card]
    if leaving is not None and leaving.meleeing and leaving.hero in encounter.melee_order:
        ctx.push(MeleeingStep(step="meleeing", hero=leaving.hero))
