transform-bad-scale = 倍率 { $scale } は正の数にしてください（反転はミラー操作で）
transform-not-finite = 回転と移動は有限の数にしてください
transform-nothing = この変形では何も動きません
transform-empty-part = 変形する対象が選ばれていません
transform-part-model = モデル全体
transform-part-vertices = 頂点 { $count } 個
transform-part-bones = ボーン { $count } 本
transform-label = { $part }を変形（倍率 { $scale }、回転 { $rx }°, { $ry }°, { $rz }°、移動 { $x }, { $y }, { $z }）
