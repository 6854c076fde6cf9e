"""Combat: the Combat Phase and its battles (BL-108 to BL-159), the Dungeon Boss (BL-166 to
BL-188).

A battle is one ``battle`` step that walks through its stages, with the fight's data in
``state.fight``: Encounter (on-Encounter abilities, Fear: BL-112, BL-097), combat rolls
(BL-113), the Compare window (BL-115), the outcome (BL-116: win, Parry, loss), and after a loss
the Escape check (BL-129). A Boss round starts with the red die and its window (BL-173).
"""

from __future__ import annotations

from game.core.decision import Decision, Option
from game.rulesets.buck_legacy import monsters, stats
from game.rulesets.buck_legacy.adventure import end_adventure, everyone_stunned
from game.rulesets.buck_legacy.context import FLOW, Ctx
from game.rulesets.buck_legacy.dice_changes import final_red, final_white
from game.rulesets.buck_legacy.effects import resolve
from game.rulesets.buck_legacy.help import open_help
from game.rulesets.buck_legacy.odds import outpaced_by_healing
from game.rulesets.buck_legacy.state import Fight
from game.rulesets.buck_legacy.steps import (
    BattleStep,
    BossAppearsStep,
    BossPhaseStep,
    ChooseMonsterStep,
    CombatEndStep,
    CombatPhaseStep,
    ParryChoiceStep,
    UselessChoiceStep,
)
from game.rulesets.buck_legacy.stun import stun

FEAR_CHECK = 4
"""A frightened Adventurer must pass a 4+ Fear check (BL-097)."""
ATTACKS = {1: "Stumble", 2: "Regular Strike", 3: "Furious Attack", 4: "Volley", 5: "Ground Slam",
           6: "Special Ability"}
ATTACK_RULES = {1: "BL-182", 2: "BL-183", 3: "BL-184", 4: "BL-185", 5: "BL-186", 6: "BL-187"}


def _battle(ctx: Ctx) -> BattleStep:
    for step in reversed(ctx.state.stack):
        if step["step"] == "battle":
            return step
    raise AssertionError("no battle in progress")


def _fight(ctx: Ctx) -> Fight:
    fight = ctx.state.fight
    assert fight is not None
    return fight


def monster_name(ctx: Ctx) -> str:
    fight = _fight(ctx)
    return monsters.boss_of(ctx).name if fight.boss else ctx.name(fight.monster)


# -- the Combat Phase (BL-108, BL-109) ------------------------------------------------------------------

def start_phase(ctx: Ctx) -> None:
    """What lasts "until the end of the Combat Phase" starts afresh (BL-140, BL-208)."""
    for adv in ctx.state.adventurers:
        adv.spells_this_phase.clear()
        adv.uses_this_phase.clear()
        adv.supported = False
        adv.support_received = 0
        adv.fought_this_phase = False


def end_phase(ctx: Ctx) -> None:
    """Support, spell effects, Instant Damage and per-phase limits end (BL-140, BL-200, BL-208)."""
    state = ctx.state
    for adv in state.adventurers:
        adv.supported = False
        adv.support_received = 0
        adv.temp_protection = 0
        adv.weapon_types.clear()
        adv.spells_this_phase.clear()
        adv.uses_this_phase.clear()
    state.null_zone = False
    state.acid_storm = 0
    state.fortitude.clear()


def _monsters_of(ctx: Ctx, seat: int) -> list[str]:
    return [c for c in ctx.adventurer(seat).in_front if ctx.content.dungeon_card(c).kind == "monster"]


@FLOW.automatic(CombatPhaseStep)
def combat_phase(ctx: Ctx, step: CombatPhaseStep) -> None:
    """In priority order each Active Adventurer fights each of their Monsters (BL-108)."""
    state = ctx.state
    if state.part != "combat":
        state.part = "combat"
        start_phase(ctx)
        ctx.emit("combat", "BL-108", "Combat Phase.", headline="Combat")
    while step["seats"]:
        seat = step["seats"][0]
        adv = ctx.adventurer(seat)
        found = _monsters_of(ctx, seat)
        if adv.stunned or adv.fought_this_phase or not found:
            step["seats"].pop(0)
            continue
        if len(found) > 1:
            ctx.push({"step": "choose_monster", "seat": seat})
        else:
            start_battle(ctx, seat, found[0])
        return
    state.stack.remove(step)
    ctx.push({"step": "combat_end"})


def ask_choose_monster(ctx: Ctx, step: ChooseMonsterStep) -> Decision:
    options = tuple(Option(f"fight:{c}", f"Fight {ctx.name(c)}", ("card", c), ctx.content.card(c).text)
                    for c in _monsters_of(ctx, step["seat"]))
    return Decision(step["seat"], "choose_monster", "Which Monster do you fight next?", options, rule="BL-108")


def answer_choose_monster(ctx: Ctx, step: ChooseMonsterStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.remove(step)
    start_battle(ctx, seat, choice[0].partition(":")[2])


FLOW.question(ChooseMonsterStep, ask_choose_monster, answer_choose_monster)


def start_battle(ctx: Ctx, seat: int, monster: str) -> None:
    ctx.adventurer(seat).in_front.remove(monster)
    card = ctx.content.dungeon_card(monster)
    ctx.state.fight = Fight(fighter=seat, monster=monster, hp=card.hp or 1)
    ctx.emit("battle", "BL-112", f"{ctx.who(seat)} Encounters {card.name}.", seat=seat, card=monster,
             headline=f"{ctx.who(seat)} against {card.name}")
    ctx.push({"step": "battle", "stage": "encounter"})


@FLOW.automatic(CombatEndStep)
def combat_end(ctx: Ctx, step: CombatEndStep) -> None:
    """Unfought Monsters of Stunned Adventurers are discarded (BL-146); then the next Exploration
    Phase, unless everyone is Stunned (BL-109)."""
    state = ctx.state
    state.stack.pop()
    for card in state.unfought:
        ctx.discard(card)
    state.unfought.clear()
    end_phase(ctx)
    if everyone_stunned(ctx):
        end_adventure(ctx, False)
        return
    ctx.push({"step": "exploration"})


# -- a battle ---------------------------------------------------------------------------------------------

@FLOW.automatic(BattleStep)
def battle(ctx: Ctx, step: BattleStep) -> None:
    fight = _fight(ctx)
    stage = step["stage"]
    if stage == "encounter":
        step["stage"] = "after_encounter"
        encounter(ctx, fight)
    elif stage == "red_done":
        step["stage"] = "after_encounter"
        boss_attack(ctx, step, fight)
    elif stage == "after_encounter":
        if ctx.adventurer(fight.fighter).stunned:
            finish(ctx, step)
        elif fight.lost or fight.boss_lost:
            lose(ctx, step, fight)
        else:
            step["stage"] = "roll"
    elif stage == "roll":
        roll_combat(ctx, fight)
        step["stage"] = "outcome"
        open_help(ctx, "compare", fight.fighter)
    elif stage == "outcome":
        outcome(ctx, step, fight)
    elif stage == "escape":
        step["stage"] = "after_escape"
        ctx.push({"step": "check", "seat": fight.fighter, "kind": "escape", "need": monsters.escape_need(ctx),
                  "purpose": "escape", "card": "", "index": 0, "rolled": False})
    elif stage == "after_escape":
        after_escape(ctx, step, fight)
    else:
        finish(ctx, step)


def encounter(ctx: Ctx, fight: Fight) -> None:
    """Step 1 (BL-112): on-Encounter abilities, Mana Drain, Fear (BL-097); a Boss round rolls the
    red die first, with its window (BL-173)."""
    seat = fight.fighter
    if fight.boss:
        fight.red = ctx.roll("red")
        ctx.emit("roll", "BL-173", f"The red die for {ctx.who(seat)}'s round: {fight.red} "
                 f"({ATTACKS[fight.red]}).", seat=seat, die="red", value=fight.red)
        _battle(ctx)["stage"] = "red_done"
        open_help(ctx, "red", seat)
        return
    if monsters.keyword(ctx, "mana_drain") and ctx.adventurer(seat).mana:
        ctx.adventurer(seat).mana = 0
        ctx.emit("mana", "BL-012", f"Mana Drain: {ctx.who(seat)}'s Mana drops to 0.", seat=seat)
    resolve(ctx, seat, fight.monster, "encounter")
    if monsters.frightens(ctx):
        ctx.emit("fear", "BL-097", f"{monster_name(ctx)} frightens {ctx.who(seat)}: a Fear check of "
                 f"{FEAR_CHECK}+.", seat=seat)
        ctx.push({"step": "check", "seat": seat, "kind": "fear", "need": FEAR_CHECK, "purpose": "fear", "card": "",
                  "index": 0, "rolled": False})


def roll_combat(ctx: Ctx, fight: Fight) -> None:
    """Step 2 (BL-113): the white die and the black die."""
    fight.white = ctx.roll("white")
    fight.black = ctx.roll("black")
    fight.white_mod = fight.black_mod = 0
    fighter, monster = monsters.combat_points(ctx)
    ctx.emit("dice", "BL-114", f"{ctx.who(fight.fighter)} rolls {fight.white}, {monster_name(ctx)} rolls "
             f"{fight.black}: {fighter} against {monster} Combat Points.", seat=fight.fighter, white=fight.white,
             black=fight.black, fighter_cp=fighter, monster_cp=monster)


def outcome(ctx: Ctx, step: BattleStep, fight: Fight) -> None:
    """Compare the Combat Points (BL-116): win, Parry (BL-126) or loss; a vulnerable Monster's
    would-be win becomes a Parry unless the fighter waives it (BL-124, A-19)."""
    ours, theirs = monsters.combat_points(ctx)
    if ours > theirs:
        win(ctx, step, fight)
        return
    resist, vulnerable = monsters.resist_and_vulnerable(ctx)
    auto = ours < theirs and stats.auto_parry(ctx.state, ctx.content, fight.fighter, vulnerable)
    if ours == theirs or (auto and not fight.parry_waived):
        if auto and not fight.parry_waived and not any(s["step"] == "parry_choice" for s in ctx.state.stack):
            ctx.push({"step": "parry_choice"})
            return
        parry(ctx, step, fight, "BL-126" if ours == theirs else "BL-124")
        return
    ctx.emit("lose", "BL-116", f"{ctx.who(fight.fighter)} loses: {ours} against {theirs}.", seat=fight.fighter)
    lose(ctx, step, fight)


def lose(ctx: Ctx, step: BattleStep, fight: Fight) -> None:
    """A lost battle: the Monster's on-loss abilities, then the Escape check (BL-129), which in a
    Boss round the fighter may choose to fail when their weapons are useless (BL-180)."""
    if not fight.boss:
        resolve(ctx, fight.fighter, fight.monster, "lose")
    if fight.boss and useless(ctx, fight):
        step["stage"] = "after_escape"
        ctx.push({"step": "useless_choice"})
        return
    step["stage"] = "escape"


def parry(ctx: Ctx, step: BattleStep, fight: Fight, rule: str) -> None:
    """Instant Damage is removed and the dice rolled again; Support stays (BL-126, BL-156); against
    the Boss the red die is not rerolled (BL-175)."""
    fight.instant_damage = 0
    fight.parry_waived = False
    ctx.emit("parry", rule, "Parry: the dice are rolled again.", seat=fight.fighter, headline="Parry")
    step["stage"] = "roll"


def ask_parry(ctx: Ctx, step: ParryChoiceStep) -> Decision:
    fight = _fight(ctx)
    options = (Option("parry", "Parry: roll again"), Option("accept", "Accept the loss"))
    return Decision(fight.fighter, "parry_choice", f"Your weapon parries {monster_name(ctx)}: keep the Parry or "
                    "accept the loss?", options, rule="BL-124")


def answer_parry(ctx: Ctx, step: ParryChoiceStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.remove(step)
    fight = _fight(ctx)
    if choice[0] == "accept":
        fight.parry_waived = True
        ctx.emit("waive", "BL-124", f"{ctx.who(seat)} gives up the automatic Parry.", seat=seat)
    else:
        parry(ctx, _battle(ctx), fight, "BL-124")


FLOW.question(ParryChoiceStep, ask_parry, answer_parry)


def win(ctx: Ctx, step: BattleStep, fight: Fight) -> None:
    state = ctx.state
    seat = fight.fighter
    adv = ctx.adventurer(seat)
    if fight.boss:
        ctx.emit("boss_hit", "BL-176", f"{adv.name} wins the round: the Boss loses 1 HP.", seat=seat)
        damage_boss(ctx, 1, "BL-176")
        if state.fight is not None:
            finish(ctx, step)
        return
    fight.hp -= 1
    if fight.hp > 0:
        fight.instant_damage = 0
        ctx.emit("monster_hit", "BL-133", f"{adv.name} wins: {monster_name(ctx)} has {fight.hp} HP left; the battle "
                 "goes on.", seat=seat, hp=fight.hp)
        step["stage"] = "roll"
        return
    gold = monsters.loot(ctx)
    adv.gold += gold
    adv.distance_deck.append(fight.monster)
    adv.defeated.append(fight.monster)
    ctx.emit("win", "BL-128", f"{adv.name} defeats {monster_name(ctx)} and gains {gold} Gold.", seat=seat,
             card=fight.monster, gold=gold, headline=f"{adv.name} wins")
    resolve(ctx, seat, fight.monster, "win")
    for other in reversed(state.active_in_priority()):  # BL-047: in priority order
        for card in stats.own_cards(ctx.content, ctx.adventurer(other)):
            resolve(ctx, other, card.id, "monster_defeated")
    step["stage"] = "done"


def after_check(ctx: Ctx, purpose: str, passed: bool) -> None:
    fight = _fight(ctx)
    if purpose == "fear" and not passed:
        fight.lost = True
        ctx.emit("fear_lost", "BL-098", f"{ctx.who(fight.fighter)} is frightened and loses the battle.",
                 seat=fight.fighter)
    elif purpose == "escape":
        fight.escaped = passed


def after_escape(ctx: Ctx, step: BattleStep, fight: Fight) -> None:
    """After the Escape check: Active again (a Rogue gains Gold, BL-132), or Stunned (BL-130,
    BL-144); the Monster's card goes horizontally into the Distance Deck or is discarded
    (BL-102, BL-103)."""
    seat = fight.fighter
    if fight.escaped:
        ctx.emit("escape", "BL-131", f"{ctx.who(seat)} escapes.", seat=seat)
        if not fight.boss:
            for card in stats.own_cards(ctx.content, ctx.adventurer(seat)):
                resolve(ctx, seat, card.id, "escape")
    elif not ctx.adventurer(seat).stunned:
        stun(ctx, seat, "BL-130" if not fight.boss else "BL-178", escaped_from_level=monsters.printed_level(ctx))
    step["stage"] = "done"


def finish(ctx: Ctx, step: BattleStep) -> None:
    """The battle is over: a lost-to Monster goes horizontally into the Distance Deck with a
    Distance counter, else is discarded (BL-102, BL-103); a Boss round just ends."""
    state = ctx.state
    fight = _fight(ctx)
    if (monster := state.monster_in_battle()) is not None:
        if ctx.content.dungeon_card(monster).counter == "distance":
            ctx.adventurer(fight.fighter).distance_deck.append(monster)
        else:
            ctx.discard(monster)
    state.fight = None
    state.stack.remove(step)
    if everyone_stunned(ctx):
        end_adventure(ctx, False)


# -- the Dungeon Boss (BL-166 to BL-188) ----------------------------------------------------------------

@FLOW.automatic(BossAppearsStep)
def boss_appears(ctx: Ctx, step: BossAppearsStep) -> None:
    """The Zone turns to its Boss side; its rule and modifiers stop (BL-166); no more Dungeon
    cards (BL-167); Preparation (BL-168); then Boss Combat Phases (BL-169, BL-170)."""
    state = ctx.state
    state.stack.pop()
    boss = monsters.boss_of(ctx)
    state.boss_up = True
    state.boss_hp = boss.hp
    ctx.emit("boss_up", "BL-166", f"The Zone turns: {boss.name} appears (Level {boss.level}, HP {boss.hp}, "
             f"Escape {boss.escape}+).", card=state.zone, headline=boss.name)
    ctx.push({"step": "boss_phase", "seats": []})
    ctx.push({"step": "preparation", "seats": state.priority()})


@FLOW.automatic(BossPhaseStep)
def boss_phase(ctx: Ctx, step: BossPhaseStep) -> None:
    """Each Active Adventurer in priority order fights one round; a new phase follows while
    anyone is Active (BL-170, BL-171)."""
    state = ctx.state
    if state.part != "boss":
        state.part = "boss"
        start_phase(ctx)
        step["seats"] = state.active_in_priority()
        ctx.emit("boss_phase", "BL-170", "Boss Combat Phase.", headline="Boss Combat")
    while step["seats"]:
        seat = step["seats"].pop(0)
        adv = ctx.adventurer(seat)
        if adv.stunned or adv.fought_this_phase:
            continue
        state.fight = Fight(fighter=seat, monster=state.zone, boss=True)
        ctx.emit("battle", "BL-170", f"{adv.name} fights {monsters.boss_of(ctx).name}.", seat=seat,
                 headline=f"{adv.name} against the Boss")
        ctx.push({"step": "battle", "stage": "encounter"})
        return
    end_phase(ctx)
    if everyone_stunned(ctx):
        end_adventure(ctx, False)
        return
    state.part = "exploration"  # between phases: the next one starts afresh (BL-171)
    step["seats"] = []


def boss_attack(ctx: Ctx, step: BattleStep, fight: Fight) -> None:
    """The red die's final value decides this round's Boss Attack (BL-182 to BL-188)."""
    fight.attack = final_red(ctx)
    seat = fight.fighter
    name = ATTACKS[fight.attack]
    rule = ATTACK_RULES[fight.attack]
    ctx.emit("boss_attack", rule, f"Boss Attack: {name}.", seat=seat, value=fight.attack, headline=name)
    if fight.attack == 4:
        protection = stats.protection(ctx.state, ctx.content, seat)
        level = monsters.level(ctx)
        if protection < level:
            ctx.emit("volley", "BL-185", f"Volley: {ctx.who(seat)}'s Protection {protection} is below the Boss's "
                     f"Level {level}.", seat=seat)
            stun(ctx, seat, "BL-185", monster_level=monsters.printed_level(ctx))  # option A-52
        else:
            ctx.emit("volley", "BL-185", f"Volley: {ctx.who(seat)}'s Protection {protection} holds.", seat=seat)
    elif fight.attack == 6:
        if ctx.state.null_zone and not monsters.keyword(ctx, "mana_drain"):
            ctx.emit("null_zone", "BL-224", "Null Zone: the Boss's Special Ability is ignored.")
        else:
            resolve(ctx, seat, fight.monster, "red_six")


def ask_useless(ctx: Ctx, step: UselessChoiceStep) -> Decision:
    fight = _fight(ctx)
    options = (Option("roll", "Roll the Escape check"), Option("fail", "Fail it: become Stunned"))
    return Decision(fight.fighter, "useless", "Our Weapons Are Useless! You may fail your Escape check instead of "
                    "rolling it.", options, rule="BL-180")


def answer_useless(ctx: Ctx, step: UselessChoiceStep, seat: int, choice: tuple[str, ...]) -> None:
    ctx.state.stack.remove(step)
    fight = _fight(ctx)
    battle_step = _battle(ctx)
    if choice[0] == "fail":
        fight.escaped = False
        ctx.emit("useless", "BL-180", f"{ctx.who(seat)} fails the Escape check on purpose.", seat=seat)
        battle_step["stage"] = "after_escape"
    else:
        battle_step["stage"] = "escape"


FLOW.question(UselessChoiceStep, ask_useless, answer_useless)


def useless(ctx: Ctx, fight: Fight) -> bool:
    """Our Weapons Are Useless!: CS + 6 at most the Boss's Level + 1 (BL-180, A-42), or, unless the
    host chose the literal test, CS + the best final white die at most that, or a Boss that heals
    faster than the fighter can wound it (A-55: both would fight on for ever, or for thousands of
    rounds that ask nobody anything)."""
    resist, vulnerable = monsters.resist_and_vulnerable(ctx)
    strength = stats.combat_strength(ctx.state, ctx.content, fight.fighter, resist, vulnerable)
    limit = monsters.level(ctx) + 1
    if strength + 6 <= limit:
        return True
    if ctx.state.literal_useless:
        return False
    saved = (fight.white, fight.white_mod)
    fight.white, fight.white_mod = 6, 0
    best = final_white(ctx)
    fight.white, fight.white_mod = saved
    if strength + best <= limit:
        return True
    ordinary, exempt = stats.roll_modifiers(ctx.state, ctx.content, fight.fighter)
    return outpaced_by_healing(strength, monsters.level(ctx), ordinary, exempt, monsters.boss_of(ctx).heal_on_six)


def damage_boss(ctx: Ctx, amount: int, rule: str) -> None:
    """The Boss loses HP; at 0 it is defeated and the Adventure Part ends at once (BL-177)."""
    state = ctx.state
    state.boss_hp = max(0, state.boss_hp - amount)
    if state.boss_hp == 0:
        ctx.emit("boss_defeated", rule, f"{monsters.boss_of(ctx).name} is defeated!", headline="The Boss falls")
        end_adventure(ctx, True)
