"""神周瑜's skills (火): 琴音 (qinyin) 业炎 (yeyan)."""
