# 保存と CSV（日本語）。キーは en/io.ftl と共通。
save-upgraded-21 = PMX 2.0 ではなく 2.1 で保存しました: モデルが PMX 2.1 の機能を使っています（{ $reasons }）
save-v21-reason = { $feature } ×{ $count }、最初は { $first }
save-index-sizes-grew = モデルを収めるためインデックスサイズを広げました: { $sizes } バイト
v21-feature-qdef = QDEF ウェイト
v21-feature-flip-morphs = フリップモーフ
v21-feature-impulse-morphs = インパルスモーフ
v21-feature-material-flags = 材質フラグ 頂点色/点/線
v21-feature-joint-kinds = バネ付6DOF 以外のジョイント
v21-feature-soft-bodies = SoftBody
