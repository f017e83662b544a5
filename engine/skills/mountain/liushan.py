"""刘禅's skills (山): 享乐 (xiangle) 放权 (fangquan) 若愚 (ruoyu)."""
