"""颜良文丑's skills (火): 双雄 (shuangxiong)."""
