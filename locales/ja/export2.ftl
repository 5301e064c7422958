export2-expressions = 表情の対応ファイル
export2-expressions-hint = VRM の表情と MMD のモーフを対応させる JSON か CSV のファイル（空なら MMD の標準名）
export2-browse = 参照…
export2-filter-map = 表情の対応（JSON・CSV）
export2-t-pose = T ポーズ（腕を水平にして初期姿勢に焼き込む）
export2-t-pose-hint = VRM 1.0 は T ポーズが必須です。外すとモデルの A ポーズのままにします
