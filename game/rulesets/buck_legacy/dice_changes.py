"""The dice on the table now and how their final values are worked out (BL-013, BL-113, BL-114,
BL-117, BL-118, A-45, A-47), shared by the windows that change them and the rules that read them.

Dice are named by role: ``white`` (the fighter's combat roll), ``black`` (the Monster's), ``red``
(the Boss Attack) and ``check`` (a check die). A die's *change* is what was added to it after it
was rolled (Voltage Surge, items); a reroll or a "set" replaces the roll and clears its change.
"""

from __future__ import annotations

from game.rulesets.buck_legacy import stats
from game.rulesets.buck_legacy.content import DungeonCard
from game.rulesets.buck_legacy.context import Ctx, clamp_die

DIE_NAMES = {"white": "the white die", "black": "the black die", "red": "the red die", "check": "the check die"}
DIE_OF = {"white": "white", "black": "black", "red": "red", "check": "plain"}
"""Which of the game's dice each role is rolled with (BL-037)."""


def dice_now(ctx: Ctx, moment: str) -> tuple[str, ...]:
    """The dice that may be changed at this moment: the fight's two dice in the Compare step, the
    red die in the Boss Attack's window, the check die in a check's window."""
    state = ctx.state
    if moment == "check" and state.check is not None and state.check.die:
        return ("check",)
    fight = state.fight
    if fight is None:
        return ()
    if moment == "red" and fight.red:
        return ("red",)
    if moment == "compare" and fight.white:
        return ("white", "black")
    return ()


def own_dice(ctx: Ctx, seat: int, moment: str) -> tuple[str, ...]:
    """The dice that are ``seat``'s own: the white die of the fighter, the check die of whoever checks."""
    state = ctx.state
    out = []
    for die in dice_now(ctx, moment):
        if die == "white" and state.fight is not None and state.fight.fighter == seat:
            out.append(die)
        if die == "check" and state.check is not None and state.check.seat == seat:
            out.append(die)
    return tuple(out)


def add_to_die(ctx: Ctx, die: str, amount: int) -> None:
    state = ctx.state
    if die == "check":
        assert state.check is not None
        state.check.change += amount
        return
    fight = state.fight
    assert fight is not None
    if die == "white":
        fight.white_mod += amount
    elif die == "black":
        fight.black_mod += amount
    else:
        fight.red_mod += amount


def set_die(ctx: Ctx, die: str, value: int) -> None:
    """Replace a die's roll (a reroll or a "set" effect): its earlier change is cleared (BL-013)."""
    state = ctx.state
    if die == "check":
        assert state.check is not None
        state.check.die, state.check.change = value, 0
        return
    fight = state.fight
    assert fight is not None
    if die == "white":
        fight.white, fight.white_mod = value, 0
    elif die == "black":
        fight.black, fight.black_mod = value, 0
    else:
        fight.red, fight.red_mod = value, 0


def reroll(ctx: Ctx, die: str) -> int:
    value = ctx.roll(DIE_OF[die])
    set_die(ctx, die, value)
    return value


# -- final values -------------------------------------------------------------------------------

def monster_card(ctx: Ctx) -> DungeonCard | None:
    fight = ctx.state.fight
    if fight is None or fight.boss:
        return None
    return ctx.content.dungeon_card(fight.monster)


def final_white(ctx: Ctx) -> int:
    """The fighter's final combat roll: max(1, min(6, die + ordinary modifiers)) + exempt
    bonuses (BL-117, BL-118, A-45); Ground Slam takes 2 from a fighter without Flight (BL-186)."""
    fight = ctx.state.fight
    assert fight is not None
    ordinary, exempt = stats.roll_modifiers(ctx.state, ctx.content, fight.fighter)
    if fight.boss and fight.attack == 5 and not stats.has_flight(ctx.state, ctx.content, fight.fighter):
        ordinary -= 2
    return clamp_die(fight.white + fight.white_mod + ordinary) + exempt


def monster_roll_modifier(ctx: Ctx) -> int:
    """Standing changes to the Monster's black die: cards, Fortitude (BL-225), and in a Boss round
    the Boss Attack result (BL-182, BL-184) and a red-6 roll bonus."""
    from game.rulesets.buck_legacy.monsters import monster_modifier

    state = ctx.state
    fight = state.fight
    assert fight is not None
    value = monster_modifier(ctx, "monster_roll")
    if fight.monster in state.fortitude:
        value -= 1
    if fight.boss:
        value += {1: -1, 3: 1}.get(fight.attack, 0) + fight.boss_roll
    return value


def final_black(ctx: Ctx) -> int:
    fight = ctx.state.fight
    assert fight is not None
    return clamp_die(fight.black + fight.black_mod + monster_roll_modifier(ctx))


def final_red(ctx: Ctx) -> int:
    fight = ctx.state.fight
    assert fight is not None
    return clamp_die(fight.red + fight.red_mod)


def final_check(ctx: Ctx) -> int:
    """A check die with every modifier to its kind (BL-092), kept 1 to 6 (BL-093, A-47)."""
    check = ctx.state.check
    assert check is not None
    bonus = stats.check_bonus(ctx.state, ctx.content, check.seat, check.kind)
    return clamp_die(check.die + check.change + bonus)
