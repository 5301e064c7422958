# hone bake と ファイル ▸ モーションをベイク…
bake-bad-tolerance = --tolerance-deg は 0 以上の数値にしてください（{ $value } は不可）
bake-done = { $bones } 個のボーンをフレーム { $start }–{ $end } でベイクし { $path } に保存しました
bake-keys = キー: { $sampled } 個中 { $written } 個を残しました（{ $percent } %）。モーションのキー { $replaced } 個を置き換えました
bake-max-error = 物理演算オフで再生した差: 物理演算オンとの差は最大 { $deg }°（{ $bone }）、{ $units } 単位
bake-not-reproduced = 0.05° / 0.001 単位以内に再現できないボーン（{ $count }）: { $names }
bake-unkeyable = 名前が Shift-JIS で 15 バイトを超えるためベイクしないボーン（{ $count }）: { $names }
bake-unknown-bones = 見つからないボーン（{ $count }）: { $names }
bake-ik-off = IK をオフにしました（{ $count }）: { $names }
bake-ik-kept = 名前が VMD に収まらないため IK をオンのままにしました（{ $count }）: { $names }
bake-motion-unknown-bones = モデルにないモーションのボーン、キーはそのまま残しました（{ $count }）: { $names }
bake-motion-unknown-morphs = モデルにないモーションのモーフ、キーはそのまま残しました（{ $count }）: { $names }
bake-cut-names = ファイルに収まるよう切り詰めた名前（{ $count }）: { $names }
