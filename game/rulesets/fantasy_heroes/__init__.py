"""Fantasy Heroes: territory conquest with a 60-card battle deck (seed 003).

Modules: ``content`` (cards from TOML, checked), ``state`` (plain-data state),
``effects`` (the effect vocabulary and battle totals), ``battle`` and ``turn`` (the
flow), ``view`` (what a seat may see), ``scenario`` (written positions), ``system``
(the RuleSystem), ``ai`` (the heuristic player).
"""
