"""孙策's skills (山): 激昂 (jiang) 魂姿 (hunzi) 制霸 (zhiba)."""
