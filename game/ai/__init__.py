"""Agents that answer Decisions from their own seat's view only (DESIGN, AI seats).

An agent never sees the game state: it is handed ``view_for(seat)`` and the pending
Decision, and returns option ids. Levels: ``random`` (uniform over legal choices),
``normal`` (the rule system's heuristic, from its ``ai.py``), ``easy`` (normal with
noise). Each agent has its own seeded PRNG, so AI games replay exactly.
"""

from game.ai.agents import LEVELS, Agent, HeuristicAgent, RandomAgent, make_agent

__all__ = ["LEVELS", "Agent", "HeuristicAgent", "RandomAgent", "make_agent"]
