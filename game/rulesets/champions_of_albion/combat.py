"""Fights (3.6, 3.7): the combat phase, story fights, duels and ambushes.

A fight runs in combat rounds (CA-078). Each round: every fighter declares its cards and
combat skill (CA-081); then, space by space in initiative order of the first fighter
there (G-20), the champions attack (CA-082 to CA-085) and every enemy there strikes once,
fallen ones included (CA-086, CA-095); then enemies regenerate, the fallen leave the map
(CA-123 to CA-125), and fighters may retreat (CA-101 to CA-107). A fight ends when no
space holds both fighters and enemies, or after ten quiet rounds on a space (G-43).

An ambush is one round with only an attack (a champion ambushes, CA-111) or only a
defence (an enemy ambushes, CA-112). A duel pairs one enemy with one champion (CA-117 to
CA-122, G-25).
"""

from __future__ import annotations

from typing import Any

from game.rulesets.champions_of_albion import board
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.context import FLOW, SLOTS, Ctx
from game.rulesets.champions_of_albion.state import MAIN, ChampionState, EnemyState, Fight
from game.rulesets.champions_of_albion.steps import (
    AttackResolveStep, AttackRollStep, AttackStep, CAStep, CombatPhaseStep, CombatSetupStep, DefendResolveStep,
    DefendRollStep, EnemyAmbushStep, FightRoundStep, LoseHeartStep, RetreatStep, RoundCloseStep, SpaceAttacksStep,
    StartFightStep, StrikeStep, StrikesStep,
)

STALEMATE_ROUNDS = 10
"""G-43: a fight on a space ends after this many combat rounds in which nobody there lost anything."""


def start_fight(ctx: Ctx, kind: str, spaces: list[str], fighters: list[str], *, enemies: list[str] | None = None,
                duels: dict[str, str] | None = None, no_retreat: bool = False, target: str = "",
                owner: str = "") -> None:
    """Push a fight to start after whatever is on top of the stack now finishes."""
    ctx.push({"step": "start_fight", "kind": kind, "spaces": spaces, "fighters": fighters, "enemies": enemies or [],
              "duels": duels or {}, "no_retreat": no_retreat, "target": target, "owner": owner})


@FLOW.automatic(StartFightStep)
def _start(ctx: Ctx, step: StartFightStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    fighters = [c.id for c in ctx.in_play() if c.id in step["fighters"]]
    enemies = [uid for uid in step["enemies"] if state.enemy(uid) is not None]
    if step["enemies"] and not enemies:
        return  # the enemy is gone already
    fight = Fight(step["kind"], list(step["spaces"]), fighters, enemies=enemies, duels=dict(step["duels"]),
                  no_retreat=step["no_retreat"], target=step["target"], owner=step["owner"])
    state.fight = fight
    if fight.kind == "phase":
        _pair_duels(ctx, fight)
    ctx.push({"step": "fight_round"})
    if fight.kind == "story" and not fight.duels:
        # Other champions on the space choose, in initiative order, whether to help (CA-141, G-36).
        for c in reversed(ctx.in_play()):
            if c.id not in fight.fighters and c.space in fight.spaces:
                ask(ctx, c.seat, "join", f"{ctx.short(c.id)}: join the fight on {ctx.space_name(c.space)}?",
                    "CA-141", [option("join", "Join the fight"), option("stay_out", "Stay out")], "join",
                    {"champion": c.id})


@then("join")
def _join(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    if fight is not None and choice[0] == "join" and args["champion"] not in fight.fighters:
        fight.fighters.append(args["champion"])
        ctx.emit("fight", "CA-141", f"{ctx.short(args['champion'])} joins the fight.")


def _pair_duels(ctx: Ctx, fight: Fight) -> None:
    """A duelling enemy fights the first champion on its space not already in a duel (CA-117)."""
    for enemy in ctx.state.enemies:
        if enemy.space in fight.spaces and board.has_rule(ctx, enemy, "duel"):
            taken = set(fight.duels.values())
            for c in ctx.in_play():
                if c.id in fight.fighters and c.space == enemy.space and c.id not in taken:
                    fight.duels[enemy.uid] = c.id
                    ctx.emit("fight", "CA-117", f"{board.enemy_name(ctx, enemy)} duels {ctx.short(c.id)}.")
                    break


# ---- who fights whom ------------------------------------------------------------------------------


def fight_enemies(ctx: Ctx, fight: Fight, space: str) -> list[EnemyState]:
    return [e for e in ctx.state.enemies
            if e.space == space and (not fight.enemies or e.uid in fight.enemies)]


def fighters_at(ctx: Ctx, fight: Fight, space: str) -> list[ChampionState]:
    return [c for c in ctx.in_play() if c.id in fight.fighters and c.space == space]


def fight_spaces(ctx: Ctx, fight: Fight) -> list[str]:
    """Spaces still in combat, in initiative order of their first fighter (G-20)."""
    out: list[str] = []
    for c in ctx.in_play():
        if c.id in fight.fighters and c.space not in out:
            if fight.kind == "ambush_by" or fight_enemies(ctx, fight, c.space):
                if fight.quiet.get(c.space, 0) < STALEMATE_ROUNDS:
                    out.append(c.space)
    return out


def attack_targets(ctx: Ctx, fight: Fight, c: ChampionState) -> list[EnemyState]:
    """Whom ``c`` may attack now: its duel enemy only, else enemies on its space not duelling
    someone else (CA-082, CA-119, CA-120, CA-122)."""
    if fight.kind == "ambush_by":
        pool = [e for e in ctx.state.enemies if e.uid in fight.enemies]
    else:
        pool = fight_enemies(ctx, fight, c.space)
    pool = [e for e in pool if e.uid not in fight.fallen]
    mine = [e for e in pool if fight.duels.get(e.uid) == c.id]
    if mine:
        return mine
    if c.id in fight.duels.values():
        return []
    return [e for e in pool if e.uid not in fight.duels]


def in_duel(fight: Fight, c: ChampionState) -> bool:
    return c.id in fight.duels.values()


# ---- the combat round --------------------------------------------------------------------------------


@FLOW.automatic(FightRoundStep)
def _round(ctx: Ctx, step: FightRoundStep) -> None:
    state = ctx.state
    fight = state.fight
    assert fight is not None
    single = fight.kind in ("ambush_by", "ambushed")
    spaces = fight_spaces(ctx, fight)
    if ctx.over or not spaces or (single and fight.round >= 1):
        state.stack.pop()
        _end(ctx, fight)
        return
    fight.round += 1
    fight.setups, fight.rerolled, fight.fallen, fight.hurt = {}, [], [], []
    ctx.emit("fight", "CA-078", f"Combat round {fight.round}" + (
        f" on {', '.join(ctx.space_name(s) for s in spaces)}." if fight.kind == "phase" else "."))
    sequence: list[CAStep] = []
    fighting = [c for c in ctx.in_play() if c.id in fight.fighters and c.space in spaces]
    for c in fighting:
        sequence.append({"step": "combat_setup", "champion": c.id})
    for space in spaces:
        if fight.kind != "ambushed":
            sequence.append({"step": "space_attacks", "space": space})
        if fight.kind != "ambush_by":
            sequence.append({"step": "strikes", "space": space})
    sequence.append({"step": "round_close", "spaces": spaces})
    if not single:
        for c in fighting:
            sequence.append({"step": "retreat", "champion": c.id})
    for record in reversed(sequence):
        ctx.push(record)


def _end(ctx: Ctx, fight: Fight) -> None:
    state = ctx.state
    state.fight = None
    story = state.story
    if story is not None and fight.target and story.target == fight.target:
        story.killer = fight.killer if not fight.owner_fighting else fight.owner
    if fight.kind in ("phase", "story"):
        ctx.emit("fight", "CA-079", "The fight is over.")


def fighting(ctx: Ctx, champion_id: str) -> ChampionState | None:
    fight = ctx.state.fight
    if fight is None or champion_id not in fight.fighters:
        return None
    c = ctx.state.champion(champion_id)
    return c if ctx.state.players[c.seat].champion == c.id else None


@FLOW.automatic(SpaceAttacksStep)
def _space_attacks(ctx: Ctx, step: SpaceAttacksStep) -> None:
    """The champions on a space attack in the order their players choose, wholly (CA-094, p.5
    "they may even decide the order in which they attack"): one question at a time, who
    attacks next among those still to attack, until one is left."""
    ctx.state.stack.pop()
    fight = ctx.state.fight
    if fight is None or ctx.over:
        return
    here = fighters_at(ctx, fight, step["space"])
    if "left" in step:
        here = [c for c in here if c.id in step["left"]]
    else:
        here = [c for c in here if attack_targets(ctx, fight, c)]
    able = [c for c in here if attack_targets(ctx, fight, c)]
    if len(able) < 2:
        for c in reversed(here):  # one left (or none with an enemy left to attack, CA-100)
            ctx.push({"step": "attack", "champion": c.id})
        return
    ask(ctx, able[0].seat, "attack_order", f"Who attacks next on {ctx.space_name(step['space'])}?", "CA-094",
        [option(f"champion:{c.id}", ctx.short(c.id), ("champion", c.id)) for c in able], "attack_order",
        {"space": step["space"], "left": [c.id for c in here]})


@then("attack_order")
def _attack_order(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    first = choice[0].split(":", 1)[1]
    ctx.push({"step": "space_attacks", "space": args["space"], "left": [c for c in args["left"] if c != first]})
    ctx.push({"step": "attack", "champion": first})


PairStep = AttackRollStep | AttackResolveStep | DefendRollStep | DefendResolveStep
"""A champion-against-enemy step."""


def _pair(ctx: Ctx, step: PairStep) -> tuple[Fight, ChampionState, EnemyState] | None:
    """Pop a champion-against-enemy step; None if either has left the fight meanwhile."""
    ctx.state.stack.pop()
    fight = ctx.state.fight
    c = fighting(ctx, step["champion"])
    enemy = ctx.state.enemy(step["enemy"])
    if c is None or fight is None or enemy is None:
        return None
    return fight, c, enemy


# ---- declarations (CA-081, CA-089, CA-169) -----------------------------------------------------------


def _setup(fight: Fight, cid: str) -> dict[str, Any]:
    return fight.setups.setdefault(cid, {"use": {}, "skill": "", "token": ""})


def _dominated(a: Any, b: Any) -> bool:
    return bool(a.bonus("strength") <= b.bonus("strength") and a.bonus("speed") <= b.bonus("speed"))


@FLOW.automatic(CombatSetupStep)
def _combat_setup(ctx: Ctx, step: CombatSetupStep) -> None:
    ctx.state.stack.pop()
    c = fighting(ctx, step["champion"])
    fight = ctx.state.fight
    if c is None or fight is None:
        return
    duel = in_duel(fight, c)
    setup = _setup(fight, c.id)
    setup["use"] = ctx.best_for(c, ("strength", "speed"), duel)
    name = ctx.short(c.id)
    # Questions are pushed last-first: slots, then the skill, then a quest token.
    token_options = _token_options(ctx, c)
    if token_options:
        ask(ctx, c.seat, "quest_token", f"{name}: spend a quest token this combat round?", "CA-159",
            token_options + [option("token:none", "Keep the tokens")], "token", {"champion": c.id})
    skills = [r for r in c.resources if ctx.content.resources[r].kind == "combat_skill" and r not in c.skills_used]
    if skills:
        ask(ctx, c.seat, "skill", f"{name}: activate a combat skill this combat round (before the rolls)?", "CA-169",
            [option(f"skill:{r}", ctx.content.resources[r].name, ("resource", r), ctx.content.resources[r].text)
             for r in skills] + [option("skill:none", "No skill")], "skill", {"champion": c.id})
    for slot in reversed(SLOTS):
        cards = ctx.slot_cards(c, slot, duel)
        keep = [r for r in cards if not any(_dominated(r, o) and (r.bonuses != o.bonuses or cards.index(o) < cards.index(r))
                                             for o in cards if o is not r)]
        if len(keep) > 1:
            ask(ctx, c.seat, "loadout", f"{name}: which {slot} for this combat round (one of each kind, CA-165)?",
                "CA-089", [option(f"use:{r.id}", f"{r.name} ({_bonus_text(r)})", ("resource", r.id)) for r in keep],
                "use", {"champion": c.id, "slot": slot})


def _bonus_text(r: Any) -> str:
    return ", ".join(f"+{v} {a}" for a, v in r.bonuses) or "no bonus"


@then("use")
def _use(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    if fight is not None:
        _setup(fight, args["champion"])["use"][args["slot"]] = choice[0].split(":", 1)[1]


@then("skill")
def _skill(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    skill = choice[0].split(":", 1)[1]
    if fight is None or skill == "none":
        return
    c = ctx.state.champion(args["champion"])
    c.skills_used.append(skill)  # turned sideways until the next round (CA-169, CA-170)
    _setup(fight, c.id)["skill"] = skill
    ctx.emit("skill", "CA-169", f"{ctx.short(c.id)} activates {ctx.content.resources[skill].name}.", champion=c.id)


def _token_options(ctx: Ctx, c: ChampionState) -> list[list[Any]]:
    """Quest tokens spent as the Act 2 side says (CA-159)."""
    main = ctx.state.enemy(MAIN)
    if ctx.state.act != 2 or not c.quest_tokens or main is None or main.space != c.space:
        return []
    which = ctx.state.main_enemy
    if which == "dragon":
        return [option("token:dv", "Spend 1: the Dragon has -2 DV against your attack")]
    if which == "arawn":
        return [option(f"token:remove:{e.uid}", f"Spend 1: remove {board.enemy_name(ctx, e)}", ("enemy", e.uid))
                for e in board.enemies_at(ctx, c.space) if e.kind == "ordinary"]
    return [option("token:terror", "Spend 1: ignore Terror this combat round"),
            option("token:will", "Spend 1: restore 2 will")]


@then("token")
def _token(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    pick = choice[0].split(":", 1)[1]
    if fight is None or pick == "none":
        return
    c = ctx.state.champion(args["champion"])
    c.quest_tokens -= 1
    ctx.emit("quest", "CA-159", f"{ctx.short(c.id)} spends a quest token.", champion=c.id)
    if pick.startswith("remove:"):
        enemy = ctx.state.enemy(pick.split(":", 1)[1])
        if enemy is not None:
            board.remove_enemy(ctx, enemy, "CA-159", "driven off by the quest token")
    elif pick == "will":
        ctx.restore_will(c, 2, "CA-159", "quest token")
    else:
        _setup(fight, c.id)["token"] = pick


def _skill_effects(ctx: Ctx, fight: Fight, c: ChampionState, verb: str) -> int:
    skill = _setup(fight, c.id)["skill"]
    if not skill:
        return 0
    return sum(int(e.get("amount", 1)) for e in ctx.content.resources[skill].effects if e.verb == verb)


def combat_value(ctx: Ctx, fight: Fight, c: ChampionState, attribute: str, enemy: EnemyState | None) -> int:
    setup = _setup(fight, c.id)
    value, _ = ctx.attribute(c, attribute, use=setup["use"], test="attack" if attribute == "strength" else "defence",
                             enemy=enemy, duel=in_duel(fight, c), skill=setup["skill"])
    return value


# ---- attacks (CA-082 to CA-085, CA-090 to CA-093) -----------------------------------------------------------


@FLOW.automatic(AttackStep)
def _attack(ctx: Ctx, step: AttackStep) -> None:
    ctx.state.stack.pop()
    fight = ctx.state.fight
    c = fighting(ctx, step["champion"])
    if c is None or fight is None:
        return
    targets = attack_targets(ctx, fight, c)
    if not targets:
        ctx.emit("fight", "CA-100", f"{ctx.short(c.id)} has no enemy left to attack.")
        return
    ask(ctx, c.seat, "target", f"{ctx.short(c.id)}: attack which enemy?", "CA-082",
        [option(f"enemy:{e.uid}", f"{board.enemy_name(ctx, e)} (DV {board.dv(ctx, e)}, life {board.life(ctx, e)})",
                ("enemy", e.uid)) for e in targets], "attack_target", {"champion": c.id})


@then("attack_target")
def _attack_target(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    ctx.push({"step": "attack_roll", "champion": args["champion"], "enemy": choice[0].split(":", 1)[1]})


def _reroll_cost(ctx: Ctx, fight: Fight, c: ChampionState) -> int | None:
    """What a reroll costs now: 1 will, 0 with a free-reroll skill, None if not allowed (once
    per combat round, CA-090). The last point of will may pay it too (CA-093): p.5 sets no
    lower limit, and the champion is then defeated once the rerolled test is resolved."""
    if c.id in fight.rerolled:
        return None
    if _skill_effects(ctx, fight, c, "reroll"):
        return 0
    return 1 if c.will >= 1 else None


def last_will_reroll(ctx: Ctx, c: ChampionState, cost: int | None) -> bool:
    """Whether paying this reroll takes the champion's last will, defeating it (CA-093, CA-126)."""
    ignored = ctx.has_rule(c, "ignore_first_will_loss") and not c.will_loss_ignored
    return bool(cost) and c.will <= 1 and not ignored


@FLOW.automatic(AttackRollStep)
def _attack_roll(ctx: Ctx, step: AttackRollStep) -> None:
    pair = _pair(ctx, step)
    if pair is None:
        return
    fight, c, enemy = pair
    die = ctx.d6()
    ctx.push({"step": "attack_resolve", "champion": c.id, "enemy": enemy.uid, "die": die})
    _offer_reroll(ctx, fight, c, "attack", die, combat_value(ctx, fight, c, "strength", enemy), _dv(ctx, fight, c, enemy),
                  enemy)


def _offer_reroll(ctx: Ctx, fight: Fight, c: ChampionState, what: str, die: int, value: int, against: int,
                  enemy: EnemyState) -> None:
    cost = _reroll_cost(ctx, fight, c)
    ctx.emit("roll", "CA-083" if what == "attack" else "CA-087", f"{ctx.short(c.id)} rolls {die} for the {what}: "
             f"{die + value} against {'DV' if what == 'attack' else 'AV'} {against}.", champion=c.id, die=die,
             total=die + value, target=against, test=what, irreversible=True)
    ctx.state.last_roll = {"champion": c.id, "attribute": "strength" if what == "attack" else "speed", "die": die,
                           "total": die + value, "difficulty": against, "passed": die + value >= against, "why": what}
    if cost is None or (what == "defence" and die + value >= against):
        return  # a defence that holds takes no harm: a reroll could only make it worse
    name = ctx.short(c.id)
    price = "free" if cost == 0 else "1 will"
    detail = ""
    if cost and ctx.has_rule(c, "ignore_first_will_loss") and not c.will_loss_ignored:
        price = f"1 will, which {ctx.card(c).passive.name} ignores"  # the first will loss each round
    elif last_will_reroll(ctx, c, cost):
        price = f"{name}'s last will"
        detail = (f"Warning: this spends {name}'s last point of will. The new roll still counts for this {what}, "
                  f"then {name} loses heart and is defeated (will 0, CA-126)"
                  + (", and in Act 2 that player loses the game (CA-129)." if ctx.state.act == 2 else "."))
    prompt = f"{name} rolled {die} ({die + value} against {against}): reroll the {what} die for {price}?"
    options = [option("reroll", f"Reroll ({price})"), option("keep", f"Keep {die}")]
    if detail:  # the safe answer first (the prompt bar's primary button)
        prompt += f" The new roll counts, then {name} is defeated."
        options = [option("keep", f"Keep {die}"), option("reroll", f"Reroll (defeats {name})", None, detail)]
    ask(ctx, c.seat, "reroll", prompt, "CA-093" if detail else "CA-090", options, "reroll",
        {"champion": c.id, "cost": cost, "enemy": enemy.uid})


@then("reroll")
def _reroll(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    if choice[0] != "reroll" or fight is None:
        return
    c = ctx.state.champion(args["champion"])
    fight.rerolled.append(c.id)
    if args["cost"]:
        # Paid with the last will, the reroll still counts: the champion loses heart once its
        # roll is resolved, not before (CA-093, CA-126; rules.md, "Will rerolls").
        ctx.lose_will(c, 1, "CA-090", "a reroll", defeat_now=False)
        if c.will == 0:
            ctx.state.stack.insert(len(ctx.state.stack) - 1, {"step": "lose_heart", "champion": c.id})
    pending = ctx.state.stack[-1]
    # The question was asked by the roll's resolve step, still on top (a lost heart goes under it).
    assert pending["step"] == "attack_resolve" or pending["step"] == "defend_resolve"
    pending["die"] = ctx.d6()  # the new roll replaces the old one, even if lower (CA-092)
    ctx.emit("roll", "CA-092", f"{ctx.short(c.id)} rerolls: {pending['die']}.", champion=c.id, die=pending["die"],
             irreversible=True)


@FLOW.automatic(LoseHeartStep)
def _lose_heart(ctx: Ctx, step: LoseHeartStep) -> None:
    """A champion who spent its last will on a reroll is defeated once that roll is resolved."""
    ctx.state.stack.pop()
    c = ctx.state.champion(step["champion"])
    if ctx.over or ctx.state.players[c.seat].champion != c.id or c.will > 0:
        return
    ctx.emit("will", "CA-093", f"{ctx.short(c.id)} spent the last of their will on that roll.", champion=c.id)
    ctx.defeat(c, "CA-126", "will")


def _dv(ctx: Ctx, fight: Fight, c: ChampionState, enemy: EnemyState) -> int:
    value = board.dv(ctx, enemy)
    if enemy.kind == "main" and _setup(fight, c.id)["token"] == "dv":
        value -= 2
    return value


@FLOW.automatic(AttackResolveStep)
def _attack_resolve(ctx: Ctx, step: AttackResolveStep) -> None:
    pair = _pair(ctx, step)
    if pair is None:
        return
    fight, c, enemy = pair
    total = step["die"] + combat_value(ctx, fight, c, "strength", enemy)
    dv = _dv(ctx, fight, c, enemy)
    damage = max(0, total - dv) if total >= dv else 0  # CA-084: equal succeeds for 0
    name = board.enemy_name(ctx, enemy)
    ctx.emit("attack", "CA-084", f"{ctx.short(c.id)} attacks {name}: {total} against DV {dv}, "
             + (f"{damage} damage." if total >= dv else "no damage."), champion=c.id, enemy=enemy.uid,
             total=total, dv=dv, damage=damage)
    wound(ctx, fight, c, enemy, damage)
    cleave = _skill_effects(ctx, fight, c, "cleave")
    if cleave:
        others = [e for e in attack_targets(ctx, fight, c) if e.uid != enemy.uid]
        if others:
            other = min(others, key=lambda e: board.life(ctx, e))
            ctx.emit("attack", "CA-169", f"{ctx.short(c.id)}'s sweep hits {board.enemy_name(ctx, other)}.")
            wound(ctx, fight, c, other, cleave)


def wound(ctx: Ctx, fight: Fight, c: ChampionState, enemy: EnemyState, damage: int) -> None:
    """Damage to one standee (CA-085); at 0 life it falls, pays its treasure to the killing
    blow (CA-108) and strikes back one last time this round (CA-086)."""
    if damage <= 0 or enemy.uid in fight.fallen:
        return
    enemy.damage += damage
    fight.hurt.append(enemy.space)
    if board.life(ctx, enemy) > 0:
        return
    fight.fallen.append(enemy.uid)
    ctx.emit("defeat", "CA-123", f"{board.enemy_name(ctx, enemy)} falls to {ctx.short(c.id)}.", enemy=enemy.uid,
             champion=c.id)
    treasure = ctx.treasure(enemy)
    if treasure:
        ctx.gain_gold(c, treasure, "CA-108", "treasure")
    if enemy.uid == fight.target:
        fight.killer = c.id
        fight.owner_fighting = fight.owner in fight.fighters


# ---- enemy strikes and defence (CA-086 to CA-088, CA-095 to CA-099) ---------------------------------------


@FLOW.automatic(StrikesStep)
def _strikes(ctx: Ctx, step: StrikesStep) -> None:
    """Every enemy on the space strikes once (CA-095), in the order its players pick (CA-096),
    by default the order the enemies were placed (G-20)."""
    ctx.state.stack.pop()
    fight = ctx.state.fight
    if fight is None or ctx.over:
        return
    enemies = fight_enemies(ctx, fight, step["space"])
    if "left" in step:
        enemies = [e for e in enemies if e.uid in step["left"]]
    fighters = fighters_at(ctx, fight, step["space"])
    if len(enemies) < 2 or not fighters:
        for enemy in reversed(enemies):
            ctx.push({"step": "strike", "enemy": enemy.uid})
        return
    ask(ctx, fighters[0].seat, "strike_order", f"Which enemy on {ctx.space_name(step['space'])} strikes next?",
        "CA-096", [option(f"enemy:{e.uid}", f"{board.enemy_name(ctx, e)} (AV {board.av(ctx, e)})", ("enemy", e.uid))
                   for e in enemies], "strike_next", {"space": step["space"], "left": [e.uid for e in enemies]})


@then("strike_next")
def _strike_next(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    first = choice[0].split(":", 1)[1]
    ctx.push({"step": "strikes", "space": args["space"], "left": [u for u in args["left"] if u != first]})
    ctx.push({"step": "strike", "enemy": first})


@FLOW.automatic(StrikeStep)
def _strike(ctx: Ctx, step: StrikeStep) -> None:
    ctx.state.stack.pop()
    fight = ctx.state.fight
    enemy = ctx.state.enemy(step["enemy"])
    if fight is None or enemy is None or ctx.over:
        return
    pool = fighters_at(ctx, fight, enemy.space)
    if enemy.uid in fight.duels:
        pool = [c for c in pool if c.id == fight.duels[enemy.uid]]
    else:
        pool = [c for c in pool if not in_duel(fight, c)]  # CA-122: others wait for the duel
    if not pool:
        return
    pool = forced_targets(ctx, enemy, pool)
    first = pool[0]
    ask(ctx, first.seat, "defender", f"Who defends against {board.enemy_name(ctx, enemy)} (AV {board.av(ctx, enemy)})?",
        "CA-096", [option(f"champion:{c.id}", ctx.short(c.id), ("champion", c.id)) for c in pool], "defender",
        {"enemy": enemy.uid})


def forced_targets(ctx: Ctx, enemy: EnemyState, pool: list[ChampionState]) -> list[ChampionState]:
    """Target selection overrides the players' choice (CA-099); a bane can draw enemies first."""
    for effect in board.abilities(ctx, enemy):
        if effect.verb == "enemy_target":
            if effect.get("who") == "lowest_life":
                low = min(c.life for c in pool)
                return [c for c in pool if c.life == low][:1]
            strength = {c.id: _strength_now(ctx, c) for c in pool}
            high = max(strength.values())
            return [c for c in pool if strength[c.id] == high][:1]
    marked = [c for c in pool if ctx.has_rule(c, "targeted_first")]
    return marked or pool


def _strength_now(ctx: Ctx, c: ChampionState) -> int:
    """Strength as this combat round has it: the cards and skill declared, if any (CA-089)."""
    fight = ctx.state.fight
    if fight is not None and c.id in fight.setups:
        return combat_value(ctx, fight, c, "strength", None)
    return ctx.attribute(c, "strength", test="attack")[0]


@then("defender")
def _defender(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    ctx.push({"step": "defend_roll", "champion": choice[0].split(":", 1)[1], "enemy": args["enemy"]})


@FLOW.automatic(DefendRollStep)
def _defend_roll(ctx: Ctx, step: DefendRollStep) -> None:
    pair = _pair(ctx, step)
    if pair is None:
        return
    fight, c, enemy = pair
    die = ctx.d6()
    ctx.push({"step": "defend_resolve", "champion": c.id, "enemy": enemy.uid, "die": die})
    _offer_reroll(ctx, fight, c, "defence", die, combat_value(ctx, fight, c, "speed", enemy), board.av(ctx, enemy),
                  enemy)


@FLOW.automatic(DefendResolveStep)
def _defend_resolve(ctx: Ctx, step: DefendResolveStep) -> None:
    pair = _pair(ctx, step)
    if pair is None:
        return
    fight, c, enemy = pair
    total = step["die"] + combat_value(ctx, fight, c, "speed", enemy)
    av = board.av(ctx, enemy)
    name = board.enemy_name(ctx, enemy)
    if total >= av:
        ctx.emit("defence", "CA-088", f"{ctx.short(c.id)} defends against {name}: {total} against AV {av}, no "
                 "damage.", champion=c.id, enemy=enemy.uid, total=total, av=av, damage=0)
        return
    damage = av - total
    setup = _setup(fight, c.id)
    block = _skill_effects(ctx, fight, c, "block") - setup.get("blocked", 0)
    if block > 0:
        stopped = min(block, damage)
        setup["blocked"] = setup.get("blocked", 0) + stopped
        damage -= stopped
        ctx.emit("defence", "CA-169", f"{ctx.content.resources[setup['skill']].name} blocks {stopped} damage.")
    ctx.emit("defence", "CA-088", f"{ctx.short(c.id)} defends against {name}: {total} against AV {av}, "
             f"{damage} damage.", champion=c.id, enemy=enemy.uid, total=total, av=av, damage=damage)
    ctx.lose_life(c, damage, "CA-088", f"struck by {name}")
    if ctx.state.players[c.seat].champion != c.id:
        return
    if enemy.kind == "main" and ctx.state.main_enemy == "morrigan" and setup["token"] != "terror":
        ctx.lose_will(c, 1, "CA-109", "Morrigan's Terror")
    drain = board.ability_amount(ctx, enemy, "drain_will")
    if drain:
        ctx.lose_will(c, drain, "CA-109", f"{name}'s dread")
    steal = board.ability_amount(ctx, enemy, "steal_gold")
    if steal:
        ctx.lose_gold(c, steal, "CA-109", f"{name} steals")


# ---- the end of a combat round ------------------------------------------------------------------------------


@FLOW.automatic(RoundCloseStep)
def _close(ctx: Ctx, step: RoundCloseStep) -> None:
    state = ctx.state
    state.stack.pop()
    fight = state.fight
    if fight is None or ctx.over:
        return
    for enemy in list(state.enemies):
        regen = board.ability_amount(ctx, enemy, "regenerate")
        if regen and enemy.uid not in fight.fallen and enemy.damage and enemy.space in step["spaces"]:
            enemy.damage = max(0, enemy.damage - regen)
            ctx.emit("enemy", "CA-109", f"{board.enemy_name(ctx, enemy)} regenerates {regen} life.")
    main_fell = False
    for uid in fight.fallen:
        fallen = state.enemy(uid)
        if fallen is None:
            continue
        if fallen.kind == "main":
            main_fell = True
            state.enemies.remove(fallen)
            continue
        board.remove_enemy(ctx, fallen, "CA-124" if fallen.kind == "ordinary" else "CA-125", "defeated")
    if main_fell:
        name = ctx.content.main_enemies[state.main_enemy].name
        ctx.end("victory", f"{name} is defeated.", "CA-160")
        return
    for space in step["spaces"]:
        fight.quiet[space] = 0 if space in fight.hurt else fight.quiet.get(space, 0) + 1
        if fight.quiet[space] == STALEMATE_ROUNDS:
            ctx.emit("fight", "G-43", f"The fight on {ctx.space_name(space)} ends: {STALEMATE_ROUNDS} combat rounds "
                     "without a wound.")


# ---- retreat (CA-101 to CA-107, G-12) -------------------------------------------------------------------------


def retreat_spaces(ctx: Ctx, fight: Fight, c: ChampionState) -> list[str]:
    """Where ``c`` may retreat now; empty if it may not (CA-103, CA-104, CA-106)."""
    if fight.no_retreat or ctx.has_rule(c, "no_retreat"):
        return []
    enemies_here = attack_targets(ctx, fight, c) + [ctx.state.enemy(u) for u in fight.fallen if ctx.state.enemy(u)]
    if any(board.has_rule(ctx, e, "no_retreat") for e in enemies_here if e is not None):
        return []
    occupied = {e.space for e in ctx.state.enemies}
    if c.previous:
        return [c.previous] if c.previous not in occupied else []
    return [s for s in ctx.content.map.neighbours(c.space) if s not in occupied]


@FLOW.automatic(RetreatStep)
def _retreat(ctx: Ctx, step: RetreatStep) -> None:
    ctx.state.stack.pop()
    fight = ctx.state.fight
    c = fighting(ctx, step["champion"])
    if c is None or fight is None or ctx.over:
        return
    if not attack_targets(ctx, fight, c) and not any(fight_enemies(ctx, fight, c.space)):
        return  # nothing left to flee from
    spaces = retreat_spaces(ctx, fight, c)
    if not spaces:
        return
    ask(ctx, c.seat, "retreat", f"{ctx.short(c.id)}: retreat, or fight on?", "CA-101",
        [option(f"retreat:{s}", f"Retreat to {ctx.space_name(s)}", ("space", s)) for s in spaces]
        + [option("stay", "Fight on")], "retreat", {"champion": c.id}, least=1)


@then("retreat")
def _retreat_to(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    fight = ctx.state.fight
    if choice[0] == "stay" or fight is None:
        return
    c = ctx.state.champion(args["champion"])
    space = choice[0].split(":", 1)[1]
    move(ctx, c, space)
    fight.fighters.remove(c.id)
    fight.left.append(c.id)
    for uid, who in list(fight.duels.items()):
        if who == c.id:
            del fight.duels[uid]
    ctx.emit("retreat", "CA-102", f"{ctx.short(c.id)} retreats to {ctx.space_name(space)} and takes no further part "
             "in this fight.", champion=c.id, space=space)


def move(ctx: Ctx, c: ChampionState, space: str) -> None:
    """Every move records where the champion came from (CA-044, CA-107)."""
    c.previous, c.space = c.space, space


# ---- ambushes (CA-110 to CA-116, G-24) ----------------------------------------------------------------------


@FLOW.automatic(EnemyAmbushStep)
def _enemy_ambush(ctx: Ctx, step: EnemyAmbushStep) -> None:
    ctx.state.stack.pop()
    enemy = ctx.state.enemy(step["enemy"])
    if enemy is None or ctx.over or ctx.state.fight is not None:
        return
    here = ctx.at(enemy.space)
    # A story's ambush strikes the champion whose story it is (CA-112, CAT-23); otherwise G-24 decides.
    pool = [c for c in here if c.id == step.get("owner")] or forced_targets(ctx, enemy, here)
    if not pool:
        return
    ask(ctx, pool[0].seat, "defender", f"{board.enemy_name(ctx, enemy)} ambushes: which champion does it strike?",
        "CA-112", [option(f"champion:{c.id}", ctx.short(c.id), ("champion", c.id)) for c in pool], "ambushed",
        {"enemy": enemy.uid, "then_combat": step.get("then_combat", False), "owner": step.get("owner", ""),
         "no_retreat": step.get("no_retreat", False)})


@then("ambushed")
def _ambushed(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    enemy = ctx.state.enemy(args["enemy"])
    cid = choice[0].split(":", 1)[1]
    if enemy is None:
        return
    ctx.emit("fight", "CA-112", f"{board.enemy_name(ctx, enemy)} ambushes {ctx.short(cid)}: a defence test only.")
    if args["then_combat"]:  # CA-114: the story's full fight follows the ambush
        start_fight(ctx, "story", [enemy.space], [cid], enemies=[enemy.uid], target=enemy.uid,
                    owner=args["owner"] or cid, no_retreat=args["no_retreat"])
    start_fight(ctx, "ambushed", [enemy.space], [cid], enemies=[enemy.uid])


def champion_ambush(ctx: Ctx, c: ChampionState, enemy: EnemyState, rule: str) -> None:
    """A champion's ambush: one attack test, no defence, never followed by combat (CA-111, CA-115)."""
    ctx.emit("fight", rule, f"{ctx.short(c.id)} ambushes {board.enemy_name(ctx, enemy)}: an attack test only.")
    start_fight(ctx, "ambush_by", [c.space], [c.id], enemies=[enemy.uid])


# ---- the combat phase (CA-077) ----------------------------------------------------------------------------


@FLOW.automatic(CombatPhaseStep)
def _combat_phase(ctx: Ctx, step: CombatPhaseStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.phase = "combat"
    occupied = {e.space for e in state.enemies}
    fighters = [c for c in ctx.in_play() if c.space in occupied]
    if not fighters:
        ctx.emit("phase", "CA-077", "Combat phase: no champion shares a space with an enemy.")
        return
    spaces: list[str] = []
    for c in fighters:
        if c.space not in spaces:
            spaces.append(c.space)
    ctx.emit("phase", "CA-077", "Combat phase: " + "; ".join(
        f"{', '.join(ctx.short(c.id) for c in fighters if c.space == s)} must fight on {ctx.space_name(s)}"
        for s in spaces) + ".")
    start_fight(ctx, "phase", spaces, [c.id for c in fighters])
