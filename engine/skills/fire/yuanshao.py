"""袁绍's skills (火): 乱击 (luanji) 血裔 (xueyi)."""
