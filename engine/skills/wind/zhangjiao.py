"""张角's skills (风): 雷击 (leiji) 鬼道 (guidao) 黄天 (huangtian)."""
