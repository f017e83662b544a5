"""姜维's skills (山): 挑衅 (tiaoxin) 志继 (zhiji)."""
