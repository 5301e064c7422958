export2-expressions = Expression map
export2-expressions-hint = A JSON or CSV file mapping VRM expressions to MMD morphs (empty: MMD's standard names)
export2-browse = Browse…
export2-filter-map = Expression map (JSON, CSV)
export2-t-pose = T pose (arms horizontal, baked into the bind pose)
export2-t-pose-hint = VRM 1.0 requires a T pose; untick to keep the model's A pose
