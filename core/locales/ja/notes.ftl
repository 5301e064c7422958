# シミュレーションの注記、安定性の報告、変形順の理由、`hone info` と `hone simulate` の表示
# (日本語)。キーは en/notes.ftl と共通。

## 安定性: 剛体の不具合 (「、」で区切る)
trouble-stretch = ボーンから { $distance } 単位離れる
trouble-spin = { $speed } rad/s で回り続ける
trouble-oscillation = 振動する (毎秒 { $rate } 回反転)
trouble-separator = 、

## 変形順: ボーンがその位置にある理由
order-parent-later = 親ボーン #{ $parent } が後に変形される: 親の初期姿勢から変形される
order-append-source-later = 付与親 #{ $source } (自身も付与ボーン) が後に変形される: 多重付与は付与親のリセット値を読む
order-local-append-source-later = ローカル付与の付与親 #{ $source } が後に変形される: 初期姿勢の行列を読む
order-ik-link-later = 先に変形される IK #{ $ik } のリンク: IK の回転を保ったまま再計算される
order-external-parent = 外部親変形 Key { $key }
order-phase-after-physics = 物理後変形 (フラグ 0x1000)
order-phase-before-physics = 物理前
order-reason = #{ $position }: { $phase }、変形階層 { $layer }、次にインデックス { $bone }
order-note-separator = {"; "}

## `hone info`: モデルの概要
info-header-pmx = PMX { $version } ({ $encoding })
info-header-other = { $format } (PMX { $version } として読み込み、{ $encoding })
info-name = モデル名
info-name-en = モデル名 (英)
info-additional-uvs = 追加UV数
info-index-sizes = インデックスサイズ
info-index-sizes-value = 頂点 { $vertex } テクスチャ { $texture } 材質 { $material } ボーン { $bone } モーフ { $morph } 剛体 { $rigid_body }
info-counts = 個数
info-vertices = 頂点
info-faces = 面
info-textures = テクスチャ
info-materials = 材質
info-bones = ボーン
info-ik-bones = IKボーン
info-morphs = モーフ
info-display-frames = 表示枠
info-rigid-bodies = 剛体
info-joints = ジョイント
info-soft-bodies = ソフトボディ
info-weights = ウェイト
info-morph-kinds = モーフの種類
info-rigid-body-modes = 剛体の物理演算
info-rigid-body-shapes = 剛体の形状
info-joint-kinds = ジョイントの種類
info-v21-features = PMX 2.1 の機能
info-warnings = 警告
info-notes = 注記
info-list-title = { $title } ({ $count })

## `hone simulate`: テキストの報告
sim-frames = シミュレーションしたフレーム: { $frames } ({ $fps } fps)
sim-stage = 段階
sim-mean-us = 平均 µs
sim-max-us = 最大 µs
sim-stage-morphs = モーフ
sim-stage-bones-before-physics = 物理前のボーン
sim-stage-kinematic-sync = ボーン追従剛体の同期
sim-stage-physics = 物理演算
sim-stage-write-back = ボーンへの書き戻し
sim-stage-bones-after-physics = 物理後変形のボーン
sim-stage-skinning = スキニング
sim-stage-soft-bodies = SoftBody
sim-stage-normals = 法線
sim-whole-frame = フレーム全体
sim-non-finite-steps = 有限でない値になった剛体のステップ: { $count }
sim-non-finite-vertices = 終了時に有限でない頂点: { $count }
sim-max-speed = 剛体の最大速度: { $speed } 単位/s
sim-dynamic-bodies = 物理演算の剛体: { $count }。ボーンが決める位置からの最大距離:
sim-unstable-none = 不安定な剛体: なし
sim-unstable = 不安定な剛体 ({ $count }):
sim-notes = 物理の注記 ({ $count }):
sim-final-matrices = 最終的なボーン行列: --json で出力
sim-missing-bones = hone simulate: モーションのボーン { $count } 個がモデルにないため無視: { $names }
sim-missing-morphs = hone simulate: モーションのモーフ { $count } 個がモデルにないため無視: { $names }
sim-missing-ik = hone simulate: モーションの IK 切り替え { $count } 個がモデルにないため無視: { $names }
sim-bad-fps = --fps は正の数で指定してください ({ $fps } は不可)
sim-bad-every = --every は 1 以上で指定してください
sim-bad-warm-up = --warm-up は 0 以上の秒数で指定してください ({ $seconds } は不可)

## 物理の注記: シミュレーションが近似・制限・省略するもの。
## ジョイントと SoftBody の注記はラベルの形 (「未対応: …」「近似: …」)、剛体の注記はそのままの文。
note-kind-rigid-bodies = 剛体
note-kind-joints = ジョイント
note-kind-soft-bodies = SoftBody
note-target-rigid-body = 剛体 { $index } { $name }
note-target-joint = ジョイント { $index } { $name }
note-target-soft-body = SoftBody { $index } { $name }
note-group-line = { $kind } ({ $count }): { $label } — { $targets }
note-group-more = …
note-list-separator = 、

# 剛体
note-body-mode2-as-mode1 = シミュレーションされる親に繋がった物理+ボーン位置合わせ: MMD と同じく物理演算として動く
note-body-bone-out-of-range = 関連ボーンのインデックス { $bone } が範囲外: どのボーンにも関連しない
note-body-unknown-mode = 不明な物理演算の種類 { $mode }: 物理+ボーン位置合わせとして扱う
note-body-massless = 物理演算の剛体の質量が { $mass }: ボーンに追従する (Bullet では静止する)
note-body-group-above-15 = 剛体グループ { $group } が 15 を超える: どのグループにも属さず、何とも衝突しない (MMD と同じ)
note-body-bone-driven-twice = ボーン { $bone } は既に剛体 { $other } が動かしている: この剛体はボーンに書き戻さない
note-body-size-clamped = { $what } { $value } はサイズとして使えない: { $min } に制限
note-body-size-sphere-radius = 球の半径
note-body-size-box-half-width = 箱の幅 (半分)
note-body-size-box-half-height = 箱の高さ (半分)
note-body-size-box-half-depth = 箱の奥行き (半分)
note-body-size-capsule-radius = カプセルの半径
note-body-capsule-height-clamped = カプセルの高さ { $value } を 0 に制限
note-body-unknown-shape = 不明な形状 { $shape }: 半径 x の球として扱う

# ジョイント
note-joint-solved-by-rapier = 近似: rapier の汎用ジョイントで解く (角度の制限は相対回転の軸ごと、ソルバーは Bullet のものではない)
note-joint-springs-unused = 未対応: このジョイントの種類ではバネ定数を使わない
note-joint-limits-unused = 未対応: P2P では移動/回転制限とバネ定数を使わない
note-joint-cone-ellipse = 近似: 揺れの範囲が軸で異なる: 楕円の円錐を小さい方の範囲の円錐で近似
note-joint-softness = 未対応: softness / bias / relaxation 係数
note-joint-cone-damping = 未対応: ConeTwist の減衰と fix threshold
note-joint-cone-motor = 未対応: ConeTwist のモーター: ねじれ (X) の目標だけを駆動し、揺れの目標
note-joint-motor-impulse = 近似: モーターの最大インパルスを物理演算の 1 サブステップあたりの力に換算
note-joint-slider-motor = 近似: スライダーのモーターは指定の最大の力を持つ速度モーター (速度追従の硬さは Hone の選択)
note-joint-negative-span = 近似: ConeTwist の範囲が負: 絶対値を使う
note-joint-non-finite = 有限でないジョイントのパラメータを 0 に置き換え
note-joint-unknown-kind = 未対応: 不明なジョイントの種類
note-joint-same-body = 未対応: 剛体をそれ自身に繋いでいる
note-joint-body-out-of-range = 未対応: 剛体のインデックスが範囲外 (A { $a }, B { $b })

# SoftBody
note-soft-clamped01 = { $what } { $value } が [0, 1] の範囲外: { $clamped } に制限
note-soft-unknown-shape = 未対応: 不明な形状 { $shape }
note-soft-material-out-of-range = 未対応: 材質のインデックス { $material } が範囲外
note-soft-faces-truncated = 近似: 材質の面の範囲が面リストを超えている: 切り詰める
note-soft-faces-dropped = 範囲外の頂点を持つ面 { $count } 個を無視
note-soft-no-faces = 未対応: 材質に使える面がない
note-soft-trimesh-as-rope = 近似: 三角形のない材質の TriMesh: ロープとして扱う
note-soft-mass-not-positive = 近似: 総質量 { $mass } が正でない: 1 を使う
note-soft-pins-outside = SoftBody に含まれないピン頂点 { $count } 個を無視
note-soft-blinks-ast = 近似: B-Link の硬さに AST を使う (Bullet では LST)
note-soft-blink-distance = 近似: B-Link の距離 { $distance } を 16 に制限
note-soft-blinks-capped = 近似: B-Link は 1 粒子あたり { $max } 本まで
note-soft-anchor-foreign = アンカー (剛体 { $body }, 頂点 { $vertex }) はこの SoftBody を指していない: 無視
note-soft-iterations-clamped = 位置の反復回数 { $iterations } を { $clamped } に制限
note-soft-margin-clamped = マージン { $margin } を 0 に制限
note-soft-group-above-15 = グループ { $group } が 15 を超える: どのグループにも属さず、何とも衝突しない (MMD と同じ)
