"""The story phase (3.9): each champion draws one story or quest and resolves it.

The card is revealed in stages (CA-138, section 7): its title, scene and the choice or
test are public when drawn; an outcome's text and effects are revealed only once the
choice is made or the test rolled; part 2 only once part 1 is completed (CA-139).
``StoryState.revealed`` holds what has been shown, and the view shows nothing else.
"""

from __future__ import annotations

from typing import Any

from game.core.decision import Decision, Option
from game.core.flow import Step
from game.rulesets.champions_of_albion import board, combat
from game.rulesets.champions_of_albion.choose import ask, option, then
from game.rulesets.champions_of_albion.story_cards import Outcome, Story, StoryPart
from game.rulesets.champions_of_albion.context import FLOW, Ctx
from game.rulesets.champions_of_albion.effects import can_pay, choose_bane, effect_text, handles, me, push_effects
from game.rulesets.champions_of_albion.state import ChampionState, EnemyState, StoryState
from game.rulesets.champions_of_albion.steps import (
    FightRewardStep, StoryDrawStep, StoryFightDoneStep, StoryFinishStep, StoryPartStep, StoryPhaseStep, StoryRollStep,
)


def story_card(ctx: Ctx, story: StoryState) -> Story:
    return (ctx.content.quests if story.quest else ctx.content.stories)[story.card]


@FLOW.automatic(StoryPhaseStep)
def _story_phase(ctx: Ctx, step: StoryPhaseStep) -> None:
    state = ctx.state
    state.stack.pop()
    if ctx.over:
        return
    state.phase = "story"
    ctx.emit("phase", "CA-132", "Story phase.")
    for c in reversed(ctx.in_play()):
        ctx.push({"step": "story_draw", "champion": c.id})


def _quest_possible(ctx: Ctx, c: ChampionState) -> bool:
    return c.space in ctx.state.quest_tokens and bool(ctx.state.quest_deck)


@FLOW.automatic(StoryDrawStep)
def _story_draw(ctx: Ctx, step: StoryDrawStep) -> None:
    state = ctx.state
    state.stack.pop()
    c = me(ctx, step)
    if c is None or ctx.over:
        return
    kind = ctx.space_kind(c.space)
    world = bool(state.world_decks.get(kind))
    if _quest_possible(ctx, c):  # CA-135, CA-136
        options = [option("deck:quest", "Draw a quest", ("deck", "quest"))]
        if world:
            options.append(option(f"deck:{kind}", f"Draw a {kind} story", ("deck", kind)))
        ask(ctx, c.seat, "story_deck", f"{ctx.short(c.id)} stands on a quest token: draw from the quest deck or the "
            f"{kind} deck?", "CA-135", options, "draw", {"champion": c.id})
    elif world:
        _draw(ctx, c, kind)
    else:
        ctx.emit("story", "CA-137", f"The {kind} deck is exhausted: {ctx.short(c.id)} has no story this phase.")


@then("draw")
def _chosen_deck(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    _draw(ctx, ctx.state.champion(args["champion"]), choice[0].split(":", 1)[1])


def _draw(ctx: Ctx, c: ChampionState, deck: str) -> None:
    state = ctx.state
    quest = deck == "quest"
    pile = state.quest_deck if quest else state.world_decks[deck]
    card = pile.pop()  # the top card
    state.story = StoryState(c.id, card, quest, space=c.space)
    story = story_card(ctx, state.story)
    ctx.emit("story", "CA-133", f"{ctx.short(c.id)} draws the {'quest' if quest else deck + ' story'} "
             f"'{story.title}'.", champion=c.id, card=card, irreversible=True)
    ctx.push({"step": "story_finish"})
    ctx.push({"step": "story_part"})


def _announce(ctx: Ctx, part: StoryPart) -> str:
    if part.test:
        return f"Test {part.test.attribute} at difficulty {part.test.difficulty}."
    if part.fight:
        return f"A {part.fight.mode}."
    return "A choice: " + " / ".join(c.label for c in part.choices)


@FLOW.automatic(StoryPartStep)
def _story_part(ctx: Ctx, step: StoryPartStep) -> None:
    state = ctx.state
    state.stack.pop()
    story = state.story
    c = state.champion(story.champion) if story else None
    if story is None or c is None or ctx.over or state.players[c.seat].champion != c.id:
        return
    part = story_card(ctx, story).parts[story.part]
    ctx.emit("story", "CA-138", f"Part {story.part + 1}: {part.scene} {_announce(ctx, part)}", champion=c.id)
    if part.choices:
        options = [option(f"choice:{i}", ch.label) for i, ch in enumerate(part.choices)
                   if all(can_pay(ctx, c, cost) for cost in ch.cost)]
        ask(ctx, c.seat, "story_choice", f"{ctx.short(c.id)}: what do you do?", "CA-138", options, "story_choice",
            {"champion": c.id})
    elif part.test:
        _roll(ctx, c, story)
    else:
        _story_fight(ctx, c, story, part)


@then("story_choice")
def _story_choice(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    story = ctx.state.story
    if story is None:
        return
    part = story_card(ctx, story).parts[story.part]
    picked = part.choices[int(choice[0].split(":", 1)[1])]
    ctx.emit("story", "CA-138", f"{ctx.short(story.champion)} chooses: {picked.label}", champion=story.champion)
    _outcome(ctx, story, picked.outcome, picked.completes)


# ---- tests with aid tokens (CA-066 to CA-073) -----------------------------------------------------------


def _roll(ctx: Ctx, c: ChampionState, story: StoryState) -> None:
    part = story_card(ctx, story).parts[story.part]
    assert part.test is not None
    value, _ = ctx.attribute(c, part.test.attribute, test="story")
    story.roll = ctx.d6()
    story.total = story.roll + value
    story.rerolled = False
    _show_roll(ctx, c, story, "rolls")
    ctx.push({"step": "story_roll", "champion": c.id})


def _show_roll(ctx: Ctx, c: ChampionState, story: StoryState, verb: str) -> None:
    part = story_card(ctx, story).parts[story.part]
    assert part.test is not None
    ctx.state.last_roll = {"champion": c.id, "attribute": part.test.attribute, "die": story.roll,
                           "total": story.total, "difficulty": part.test.difficulty,
                           "passed": story.total >= part.test.difficulty, "why": story_card(ctx, story).title}
    ctx.emit("roll", "CA-067", f"{ctx.short(c.id)} {verb} {story.roll}: {story.total} against "
             f"{part.test.difficulty} ({part.test.attribute}).", champion=c.id, die=story.roll, total=story.total,
             target=part.test.difficulty, irreversible=verb != "spends aid", aid=verb == "spends aid", story=True)


def aid_allowed(ctx: Ctx, c: ChampionState, story: StoryState) -> bool:
    """Aid tokens in story and quest tests only (CA-071, CA-074, G-16), not with a bane forbidding them."""
    part = story_card(ctx, story).parts[story.part]
    return bool(part.test and part.test.aid and c.aid and not ctx.has_rule(c, "no_aid_tokens"))


def story_reroll_item(ctx: Ctx, c: ChampionState) -> str:
    """An item that rerolls a story die once per round, if ready."""
    for rid in c.resources:
        r = ctx.content.resources[rid]
        if any(e.verb == "reroll" and e.get("test") == "story" for e in r.effects) and rid not in c.used_this_round:
            if ctx.usable(c, rid):
                return rid
    return ""


def _ask_roll(ctx: Ctx, step: StoryRollStep) -> Decision | None:

    story = ctx.state.story
    c = me(ctx, step)
    if story is None or c is None:
        return None
    part = story_card(ctx, story).parts[story.part]
    assert part.test is not None
    if story.total >= part.test.difficulty:
        return None  # passed: nothing to spend
    options = []
    if aid_allowed(ctx, c, story) and story.roll < 6:
        for value in sorted(set(c.aid)):
            options.append(Option(f"aid:{value}", f"Spend a +{value} aid token (die {story.roll} -> "
                                  f"{min(6, story.roll + value)})", ("aid", str(value))))
    item = story_reroll_item(ctx, c)
    if item and not story.rerolled:
        options.append(Option(f"reroll:{item}", f"Reroll with {ctx.content.resources[item].name}", ("resource", item)))
    if not options:
        return None
    options.append(Option("accept", f"Accept {story.total} (fail)"))
    return Decision(c.seat, "story_roll", f"{ctx.short(c.id)} has {story.total} against {part.test.difficulty}: "
                    "spend aid tokens (a die counts 6 at most)?", tuple(options), "CA-071")


def _answer_roll(ctx: Ctx, step: StoryRollStep, seat: int, choice: tuple[str, ...]) -> None:
    story = ctx.state.story
    c = me(ctx, step)
    assert story is not None and c is not None
    pick = choice[0]
    if pick == "accept":
        _settle(ctx, step)
        return
    if pick.startswith("aid:"):
        value = int(pick.split(":")[1])
        c.aid.remove(value)
        ctx.state.aid_supply.append(value)  # CA-073
        raised = min(6, story.roll + value)  # CA-072: an excess is lost
        story.total += raised - story.roll
        story.roll = raised
        ctx.emit("aid", "CA-072", f"{ctx.short(c.id)} spends a +{value} aid token: the die counts {raised}.",
                 champion=c.id, story=True)
        _show_roll(ctx, c, story, "spends aid")
    else:
        item = pick.split(":", 1)[1]
        c.used_this_round.append(item)
        story.rerolled = True
        old = story.roll
        story.roll = ctx.d6()
        story.total += story.roll - old
        _show_roll(ctx, c, story, f"rerolls with {ctx.content.resources[item].name}:")


def _settle(ctx: Ctx, step: StoryRollStep) -> None:
    story = ctx.state.story
    ctx.state.stack.pop()
    if story is None:
        return
    part = story_card(ctx, story).parts[story.part]
    assert part.test is not None
    passed = story.total >= part.test.difficulty
    ctx.emit("test", "CA-068", f"{ctx.short(story.champion)} {'passes' if passed else 'fails'} the "
             f"{part.test.attribute} test: {story.total} against {part.test.difficulty}.",
             champion=story.champion, passed=passed, story=True)
    if passed:
        assert part.on_pass is not None
        _outcome(ctx, story, part.on_pass, True)
    elif part.on_fail is not None:
        _outcome(ctx, story, part.on_fail, False)  # CA-069
    else:
        ctx.emit("story", "CA-070", "The story has no failure part: no penalty.", champion=story.champion)


@FLOW.automatic(StoryRollStep)
def _roll_done(ctx: Ctx, step: StoryRollStep) -> None:
    _settle(ctx, step)


FLOW.question(StoryRollStep, _ask_roll, _answer_roll)


# ---- story fights (CA-140 to CA-144) ------------------------------------------------------------------


def _story_fight(ctx: Ctx, c: ChampionState, story: StoryState, part: StoryPart) -> None:
    assert part.fight is not None
    f = part.fight
    enemy = _bring_enemy(ctx, c, f.enemy)
    ctx.push({"step": "story_fight_done"})
    if enemy is None:
        return
    story.target = enemy.uid
    begin_fight(ctx, c, enemy.uid, f.mode, f.then_combat, f.no_retreat)


def _bring_enemy(ctx: Ctx, c: ChampionState, which: str) -> EnemyState | None:
    if which == "random":
        return board.place_random_enemy(ctx, c.space, "CA-140")
    if which == "dangerous":
        waiting = ctx.state.dangerous_waiting
        if not waiting:
            return None
        return board.place_dangerous(ctx, waiting[-1], c.space, "CA-142")  # the top card
    if which in ctx.content.dangerous:
        return board.place_dangerous(ctx, which, c.space, "CA-142")
    return board.place_specific_enemy(ctx, which, c.space, "CA-187")


def begin_fight(ctx: Ctx, c: ChampionState, uid: str, mode: str, then_combat: bool, no_retreat: bool) -> None:
    if mode == "ambush":
        ctx.push({"step": "enemy_ambush", "enemy": uid, "then_combat": then_combat, "owner": c.id,
                  "no_retreat": no_retreat})
    elif mode == "duel":
        combat.start_fight(ctx, "story", [c.space], [c.id], enemies=[uid], duels={uid: c.id}, target=uid,
                           owner=c.id, no_retreat=no_retreat)
    else:
        combat.start_fight(ctx, "story", [c.space], [c.id], enemies=[uid], target=uid, owner=c.id,
                           no_retreat=no_retreat)


@FLOW.automatic(StoryFightDoneStep)
def _fight_done(ctx: Ctx, step: StoryFightDoneStep) -> None:
    state = ctx.state
    state.stack.pop()
    story = state.story
    if story is None or ctx.over:
        return
    part = story_card(ctx, story).parts[story.part]
    won = bool(story.target) and state.enemy(story.target) is None and bool(story.killer)
    if won:
        if story.killer != story.champion:  # the quest passes to the killing blow (CA-143, G-41)
            ctx.emit("story", "CA-143", f"{ctx.short(story.killer)} dealt the killing blow and continues the story.",
                     champion=story.killer)
            story.champion = story.killer
        assert part.on_pass is not None
        _outcome(ctx, story, part.on_pass, True)
    else:
        ctx.emit("story", "CA-144", "The enemy still stands: the story is failed.", champion=story.champion)
        if part.on_fail is not None:
            _outcome(ctx, story, part.on_fail, False)


# ---- outcomes and the end of a story (CA-139, CA-145, CA-146) ---------------------------------------------


def _outcome(ctx: Ctx, story: StoryState, outcome: Outcome, completes: bool) -> None:
    """Reveal an outcome (CA-138), queue its effects, and part 2 if this completes part 1 (CA-139)."""
    story.revealed.append(outcome.text)
    ctx.emit("story", "CA-138", outcome.text, champion=story.champion, outcome=True)
    card = story_card(ctx, story)
    if completes:
        if story.part + 1 < len(card.parts):
            story.part += 1
            ctx.push({"step": "story_part"})
        else:
            story.completed = True
    push_effects(ctx, outcome.effects, story.champion, "CA-148" if story.quest else "CA-133",
                 f"'{card.title}'", story=True)


@FLOW.automatic(StoryFinishStep)
def _finish(ctx: Ctx, step: StoryFinishStep) -> None:
    """The card goes face up to the bottom of its deck, completed or failed (CA-146)."""
    state = ctx.state
    state.stack.pop()
    story = state.story
    if story is None:
        return
    state.story = None
    card = story_card(ctx, story)
    if story.quest:
        state.quest_used.append(story.card)
    else:
        state.world_used.setdefault(card.deck, []).append(story.card)
    ctx.emit("story", "CA-146", f"'{card.title}' goes face up to the bottom of its deck"
             f" ({'completed' if story.completed else 'not completed'}).", card=story.card,
             champion=story.champion, finished=True)
    if story.completed and not ctx.over:
        c = state.champion(story.champion)
        if state.players[c.seat].champion == c.id:
            banes = ctx.removable_banes(c, "complete_story")
            if banes:
                choose_bane(ctx, c, banes, "CA-176", "a story completed")


@handles("fight")
def _fight_effect(ctx: Ctx, effect: dict[str, Any], step: Step) -> None:
    """A fight printed in an outcome or an event (CA-140); ``on_win`` follows a victory."""
    c = me(ctx, step)
    if c is None:
        c = ctx.in_play()[0] if ctx.in_play() else None
    if c is None:
        return
    if effect.get("optional"):
        ask(ctx, c.seat, "accept_fight", f"{ctx.short(c.id)}: {effect_text(effect)}", step["rule"],
            [option("accept", "Accept"), option("decline", "Decline")], "accept_fight",
            {"champion": c.id, "effect": effect, "rule": step["rule"], "why": step["why"]})
        return
    _fight_now(ctx, c, effect, step["rule"], step["why"])


@then("accept_fight")
def _accept(ctx: Ctx, args: dict[str, Any], choice: tuple[str, ...]) -> None:
    if choice[0] == "accept":
        _fight_now(ctx, ctx.state.champion(args["champion"]), args["effect"], args["rule"], args["why"])


def _fight_now(ctx: Ctx, c: ChampionState, effect: dict[str, Any], rule: str, why: str) -> None:
    enemy = _bring_enemy(ctx, c, effect["enemy"])
    if enemy is None:
        return
    if effect.get("on_win"):
        ctx.push({"step": "fight_reward", "enemy": enemy.uid, "champion": c.id, "on_win": effect["on_win"],
                  "rule": rule, "why": why})
    begin_fight(ctx, c, enemy.uid, effect["mode"], bool(effect.get("then_combat")), bool(effect.get("no_retreat")))


@FLOW.automatic(FightRewardStep)
def _reward(ctx: Ctx, step: FightRewardStep) -> None:
    ctx.state.stack.pop()
    if ctx.state.enemy(step["enemy"]) is None and not ctx.over:
        push_effects(ctx, step["on_win"], step["champion"], step["rule"], step["why"], story=True)
