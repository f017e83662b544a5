"""卧龙诸葛亮's skills (火): 八阵 (bazhen) 火计 (huoji) 看破 (kanpo).

火计 (a red hand card as 火攻) and 看破 (a black hand card as 无懈可击) are
conversions declared as effects in fire.toml; 八阵 (with no armour he counts
as wearing 八卦阵) is read where 八卦阵's judgement is allowed
(``engine.rules._eight_diagram_works``): none of them needs a rule here.
"""
