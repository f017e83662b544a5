"""神吕布's skills (林): 狂暴 (kuangbao) 无谋 (wumou) 无前 (wuqian) 神愤 (shenfen)."""
