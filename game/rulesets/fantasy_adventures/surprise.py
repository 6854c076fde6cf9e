"""Stage IV: Surprise, and the duel (FA-080 to FA-090, FA-226, FA-231, FA-234).

The monster player rolls one die; every monster of the stack whose basic Melee is at or below
the roll, changed only by bonuses to surprise rolls, achieves surprise (FA-080, FA-081, A-15).
Only he learns which (section 7). He may have one of them duel a hero it could attack: the
front rank, or for a flying monster what the Flying rules allow (FA-082, A-16). Only the
duelling monster is revealed (FA-083). In the duel each side rolls a die and adds its Melee and
its own automatic abilities, a hero its own items' too, and nothing else (FA-086, FA-087,
FA-234); the higher total wins and the loser is defeated; a tie has no result unless the
monster is undead (FA-088). From the duel's announcement to its end nobody may cast a spell or
use a non-automatic ability (FA-085): no window opens inside it. Afterwards the party may
retreat if a hero was defeated (FA-084).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.fantasy_adventures import defeat, party, traits, windows
from game.rulesets.fantasy_adventures.context import FLOW, Ctx
from game.rulesets.fantasy_adventures.encounter import end_encounter, enter_stage, party_gone
from game.rulesets.fantasy_adventures.state import Monster
from game.rulesets.fantasy_adventures.steps import DuelChoiceStep, DuelStep, RetreatStep, SurpriseRollStep, SurpriseStep


@FLOW.automatic(SurpriseStep)
def run_surprise(ctx: Ctx, step: SurpriseStep) -> None:
    ctx.state.stack.pop()  # the combat stage is under it
    if party_gone(ctx):
        end_encounter(ctx, "the party has no heroes left", "FA-237")
        return
    encounter = ctx.encounter
    enter_stage(ctx, "surprise")
    encounter.defeats = 0
    ctx.push(RetreatStep(step="retreat", when="surprise"))
    windows.open_response(ctx, "W5")
    ctx.push(DuelChoiceStep(step="duel_choice"))
    ctx.push(SurpriseRollStep(step="surprise_roll"))
    windows.open_response(ctx, "W4")


@FLOW.automatic(SurpriseRollStep)
def run_surprise_roll(ctx: Ctx, step: SurpriseRollStep) -> None:
    ctx.state.stack.pop()
    encounter = ctx.encounter
    # Every monster of the Encounter: the stack's, and any a trap summoned, in play at once (FA-224).
    monsters = ([m.card for m in encounter.monsters if not m.pending]
                + [c for c in encounter.stack if ctx.card(c).kind == "monster"])
    bonus = traits.surprise_bonus(ctx, monsters)
    die = ctx.roll()
    encounter.surprise_roll = die
    # The bonus is the monster player's to add or subtract (FA-181): subtracting never helps,
    # since a monster achieves surprise when its Melee is at or below the roll.
    encounter.surprised = [c for c in monsters if ctx.card(c).melee <= die + bonus]
    ctx.emit("surprise_roll", "FA-080", f"{ctx.who(ctx.state.monster)} rolls {die} for surprise"
             + (f" (+{bonus})" if bonus else "") + ".", die=die, bonus=bonus)
    if encounter.surprised:
        names = ", ".join(ctx.name(c) for c in encounter.surprised)
        ctx.emit("surprised", "FA-081", f"Surprise achieved by: {names}.", seats=(ctx.state.monster,),
                 cards=list(encounter.surprised))


def duel_targets(ctx: Ctx, monster: str) -> list[str]:
    """Whom a monster may duel: whom it could attack (FA-082, A-16)."""
    return party.attackable(ctx, ctx.player(ctx.hero_player), traits.monster_flies(ctx, monster))


def ask_duel(ctx: Ctx, step: DuelChoiceStep) -> Decision | None:
    encounter = ctx.encounter
    if not encounter.surprised or party_gone(ctx):
        return None
    options = [Option(f"duel:{m}:{h}", f"{ctx.name(m)} duels {ctx.name(h)}", ("card", h))
               for m in encounter.surprised for h in duel_targets(ctx, m)]
    if not options:
        return None
    return Decision(ctx.state.monster, "duel", "Surprise: start a duel with one of your surprising monsters, or not.",
                    tuple(options) + (Option("pass", "No duel"),), rule="FA-082")


def answer_duel(ctx: Ctx, step: DuelChoiceStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.pop()
    if choice == ("pass",):
        ctx.emit("no_duel", "FA-082", f"{ctx.who(seat)} starts no duel.")
        return
    _, monster, hero = choice[0].split(":")
    ctx.push(DuelStep(step="duel", monster=monster, hero=hero))


@FLOW.automatic(DuelChoiceStep)
def run_duel_choice(ctx: Ctx, step: DuelChoiceStep) -> None:
    ctx.state.stack.pop()


FLOW.question(DuelChoiceStep, ask_duel, answer_duel)


@FLOW.automatic(DuelStep)
def run_duel(ctx: Ctx, step: DuelStep) -> None:
    ctx.state.stack.pop()
    encounter = ctx.encounter
    monster, hero = step["monster"], step["hero"]
    if monster in encounter.stack:  # (a monster a trap summoned is in play already)
        encounter.stack.remove(monster)
        encounter.monsters.append(Monster(card=monster, controller=ctx.state.monster))
    player = ctx.player(ctx.hero_player)
    if hero in player.feared:
        player.feared.remove(hero)  # attacking a feared hero ends its fear (FA-190, A-13)
    ctx.emit("duel", "FA-083", f"{ctx.name(monster)} leaps out and duels {ctx.name(hero)}!",
             headline="Duel", card=monster, hero=hero)
    hero_total = traits.duel_total(ctx, hero, monster)
    monster_total = traits.duel_total(ctx, monster, hero)
    hero_die, monster_die = ctx.roll(), ctx.roll()
    h, m = hero_die + hero_total.value, monster_die + monster_total.value
    ctx.emit("duel_roll", "FA-086", f"{ctx.name(hero)}: {hero_die} + {hero_total.text()} = {h}; "
             f"{ctx.name(monster)}: {monster_die} + {monster_total.text()} = {m}.",
             hero=hero, monster=monster, hero_die=hero_die, monster_die=monster_die, hero_total=h, monster_total=m,
             hero_parts=[label for label, _ in hero_total.parts], monster_parts=[label for label, _ in monster_total.parts],
             items=list(ctx.player(ctx.hero_player).items.get(hero, [])))
    if h > m:
        if traits.can_defeat(ctx, hero, monster):
            defeat.defeat(ctx, monster, f"it lost the duel to {ctx.name(hero)}")
        else:
            ctx.emit("immune", "FA-206", f"{ctx.name(monster)} cannot be defeated by {ctx.name(hero)}.")
    elif m > h or traits.undead(ctx, monster):
        rule = "FA-088" if m > h else "FA-226"
        if traits.can_defeat(ctx, monster, hero):
            ctx.emit("duel_won", rule, f"{ctx.name(monster)} wins the duel.")
            defeat.defeat(ctx, hero, f"it lost the duel to {ctx.name(monster)}")
        else:
            ctx.emit("immune", "FA-203", f"{ctx.name(hero)} cannot be defeated by {ctx.name(monster)}.")
    else:
        ctx.emit("duel_tie", "FA-088", "The duel is tied: no result.")
