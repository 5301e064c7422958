ops-uv-transform-title = UV変形…
ops-uv-transform-help = 選択した頂点のUVを中心点（指定しなければそのUVの中心）のまわりで移動・回転（度、V下向きで反時計回り）・拡大縮小します。UVまたは追加UVのレイヤーが対象です。UVモーフを指定するとそのオフセットを編集します（頂点のUVは変わりません）。
ops-opt-translate-u = 移動 U
ops-opt-translate-v = 移動 V
ops-opt-uv-rotate-deg = 回転（°）
ops-opt-scale-u = 拡大 U
ops-opt-scale-v = 拡大 V
ops-opt-pivot-u = 中心 U
ops-opt-pivot-v = 中心 V
ops-opt-uv-layer = UVレイヤー（0 = UV、1〜4 = 追加UV）
ops-opt-uv-morph = UVモーフ（名前。空なら頂点のUV）
uv-transform-nothing = UV変形で変わるものがありません
uv-transform-not-finite = UVの移動・回転・拡大・中心は有限の数値にしてください
uv-transform-zero-scale = UVの拡大率0はUVを潰してしまいます
uv-transform-not-uv-morph = { $name } はUVモーフではありません
uv-transform-no-morph = { $name } という名前のモーフはありません
uv-transform-label = 頂点 { $count } 個のUVを変形
uv-transform-morph-label = UVモーフ { $name } を編集（頂点 { $count } 個）
