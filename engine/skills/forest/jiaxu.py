"""贾诩's skills (林): 完杀 (wansha) 乱武 (luanwu) 帷幕 (weimu)."""
