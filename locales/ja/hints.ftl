# 初めての人に要る小さな説明（ラベルのない印のツールチップ）。
materials-diffuse-tip = 拡散色
