# 演算パネルのグラフ
sim-plots = グラフ
sim-plots-off = 物理演算が切れています: オンにすると剛体の振れをグラフにします。
sim-plots-hint = ボーンか剛体を選択すると (Ctrl+クリックで複数)、振れ・速さ・ボーンからの距離をグラフにします。
sim-plots-seconds = 表示する秒数
sim-plot-swing = 振れ (°)
sim-plot-speed = 速さ (単位/秒)
sim-plot-distance = 距離 (単位)
sim-plots-note = 振れ: 物理なしの姿勢からの角度。速さ: 剛体の中心の速さ。距離: ボーンが置く位置から剛体までの距離。時間は物理演算の開始またはリセットからの秒数。
