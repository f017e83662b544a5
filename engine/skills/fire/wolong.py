"""卧龙诸葛亮's skills (火): 八阵 (bazhen) 火计 (huoji) 看破 (kanpo)."""
