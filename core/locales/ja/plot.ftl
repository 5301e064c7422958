# `hone simulate --plot`
plot-swing = 振れ (°)
plot-speed = 速さ (単位/秒)
plot-distance = ボーンからの距離 (単位)
plot-time = 時間 (秒)
plot-bad-extension = { $path }: グラフは .svg か .png で書き出します
plot-unknown-body = --plot-bodies: 剛体 { $body } が見つかりません (名前か番号)
plot-body-without-bone = --plot-bodies: 剛体 { $body } には関連ボーンがありません
plot-written = グラフを { $path } に書き出しました: { $bodies }
