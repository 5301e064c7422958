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
info-soft-bodies = SoftBody
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
