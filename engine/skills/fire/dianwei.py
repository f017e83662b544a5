"""典韦's skills (火): 强袭 (qiangxi)."""
