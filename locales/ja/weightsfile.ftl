weights-from-model = モデルからウェイト…
weights-from-model-tip = 選択した頂点に、別のモデルで最も近い面上の点のウェイトを写します（ボーンは名前で対応）。元に戻すのは1回
weights-from-model-title = モデルからウェイト
weightops-no-bone = （ボーン）
