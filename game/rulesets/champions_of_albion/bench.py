"""Champions of Albion's own benchmark (the registration's ``bench`` part; ``python -m game
bench champions-of-albion``): figures printed, nothing asserted."""

from __future__ import annotations

from game.bench import decision_note, play_games
from game.core.events import Event


def albion_quests(event: Event, counts: dict[str, int]) -> None:
    """Count the quests drawn (CA-133 from the quest deck), completed (CA-145, the token
    taken) and the quest tokens spent in Act 2 (CA-159)."""
    if event.rule == "CA-133" and event.kind == "story" and "draws the quest" in event.text:
        counts["drawn"] += 1
    elif event.rule == "CA-145":
        counts["completed"] += 1
    elif event.rule == "CA-159" and "spends a quest token" in event.text:
        counts["spent"] += 1


def albion_bench(games: int, seed: int) -> None:
    """Champions of Albion: whole games headless per main enemy, the quests drawn and
    completed per game, and the normal AI's decisions."""
    for main in ("dragon", "arawn", "morrigan"):
        for levels in (["random", "random"], ["normal", "normal"], ["normal"] * 3, ["normal"] * 4):
            counts = {"drawn": 0, "completed": 0, "spent": 0}
            figures = play_games("champions-of-albion", levels, games, seed, {"main_enemy": main},
                                 lambda e: albion_quests(e, counts))
            line = (f"  {main:<9s} {len(levels)} x {levels[0]:<7s} {figures['games_per_second']:7.2f} games/s "
                    f"{figures['choices_per_second']:7.0f} choices/s, won {int(figures['won'])}/{games}, "
                    f"quests drawn {counts['drawn'] / games:.2f} and completed {counts['completed'] / games:.2f} "
                    f"per game (tokens spent {counts['spent'] / games:.2f}), mean rounds {figures['mean_turns']:.1f}")
            print(line + decision_note(figures), flush=True)
