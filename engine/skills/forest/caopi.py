"""曹丕's skills (林): 行殇 (xingshang) 放逐 (fangzhu) 颂威 (songwei)."""
