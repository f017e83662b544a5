"""神吕蒙's skills (风): 涉猎 (shelie) 攻心 (gongxin)."""
