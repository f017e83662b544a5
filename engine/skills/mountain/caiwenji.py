"""蔡文姬's skills (山): 悲歌 (beige) 断肠 (duanchang)."""
