"""董卓's skills (林): 酒池 (jiuchi) 肉林 (roulin) 崩坏 (benghuai) 暴虐 (baonve)."""
