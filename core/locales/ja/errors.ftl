# 編集・生成とその入力のエラー (core/src/edit, core/src/rig)
err-edit-no-such-element = { $kind } #{ $index } はありません (モデルには { $len } 個)
err-edit-not-supported = { $kind } は追加・削除・並べ替えできません
err-edit-special-frame = 表示枠「{ $name }」は特殊枠のため削除できません
err-edit-bad-order = { $kind } 全体の並べ替えになっていません
err-edit-material-faces = 材質の並べ替え・複製は、材質の面数の合計が面リストとちょうど一致するときだけできます
err-edit-vertex-in-use = 頂点 #{ $index } は面に使われています。削除できるのは未使用の頂点だけです
err-edit-empty = 何もすることがありません
err-delete-referenced = { $refs }。それらも削除する (refs: delete) か、参照先を付け替えて (refs: repoint) ください
err-delete-no-parent-for-weights = { $bone } のウェイトを付け替えられません: 残る親ボーンがありません
err-input-no-such = { $kind } #{ $index } はありません (モデルには { $len } 個)
err-rig-nothing-to-do = 何もすることがありません: { $reason }

# モデルファイル (core/src/pmx): 読み込みの問題の位置、読み書きできない理由
err-pmx-parse = { $location }: { $message } (バイト位置 { $offset })
err-pmx-needs-21 = PMX 2.0 で保存できません: モデルが PMX 2.1 の機能を使っています: { $features }
err-pmx-write = 保存できません: { $reason }
err-pmx-unsupported = 対応していないファイルです: { $reason }
err-section-header = ヘッダ
err-section-model-info = モデル情報
err-section-vertex = 頂点
err-section-face = 面
err-section-texture = テクスチャ
err-section-material = 材質
err-section-bone = ボーン
err-section-ik-link = IKリンク
err-section-morph = モーフ
err-section-display-frame = 表示枠
err-section-rigid-body = 剛体
err-section-joint = ジョイント
err-section-soft-body = ソフトボディ
err-section-ik-chain = IKチェーン
err-section-expression = 表情
err-section-display-list = 表示リスト
err-section-extension = 拡張部
err-section-motion = モーション
err-section-trailer = 末尾

# PMX 2.1 の機能 (core/src/pmx/needs.rs): 2.0 で保存できない理由
v21-feature-qdef-weights = QDEF ウェイト
v21-feature-flip-morphs = フリップモーフ
v21-feature-impulse-morphs = インパルスモーフ
v21-feature-material-flags = 材質フラグ 0x20-0x80 (頂点色・点描画・線描画)
v21-feature-joint-kinds = ばね付6DOF 以外のジョイント種類
v21-feature-soft-bodies = ソフトボディ
v21-user-vertex = 頂点 { $index }
v21-user-morph = モーフ { $index } ({ $name })
v21-user-material = 材質 { $index } ({ $name }) フラグ { $flags }
v21-user-joint = ジョイント { $index } ({ $name }) 種類 { $kind }
v21-user-soft-body = ソフトボディ { $index } ({ $name })
v21-and-more = ほか { $count } 個
v21-use = { $feature } ({ $count } 個): { $users }

# スクリプトと操作の入力 (core/src/ops): JSON のキーは書かれたまま
err-script-json = スクリプトが正しい JSON ではありません: { $error }
err-script-not-array = スクリプトは操作 ("op" キーを持つオブジェクト) の JSON 配列でなければなりません
err-script-op = 操作 { $index } ({ $op }): { $message }
err-script-not-object = オブジェクトではありません: { $value }
err-script-unknown-op = 不明な操作です (操作: { $ops })
err-script-unknown-key = 不明なキー "{ $key }" (使えるキー: { $allowed })。書式: { $usage }
err-op-missing = "{ $key }" がありません
err-op-key = "{ $key }": { $error }
err-op-not-string = "{ $key }" は文字列でなければなりません ({ $value } は不可)
err-op-not-object = "{ $key }" はオブジェクトでなければなりません ({ $value } は不可)
err-op-unknown-kind = 不明な種類 "{ $name }" (種類: { $kinds })
err-op-not-a-vertex = "vertices": { $value } はこのモデルの頂点ではありません (頂点数 { $len })
err-op-vertex-selector = "vertices": "all"、番号のリスト、{"{"}"bone": S{"}"}、{"{"}"material": S{"}"} のいずれかを指定してください ({ $value } は不可)
err-op-one-bone = "{ $key }" はボーンを 1 つだけ指定してください ({ $count } 個を指定しています)
err-op-panel = "panel" は 0-4 でなければなりません ({ $panel } は不可)
err-op-bad-value = { $field } の値が不正です: { $error }
err-op-cannot-add = { $kind } は追加できません
err-op-at-past-end = "at": { $at } は末尾より後です (モデルの{ $kinds }は { $len } 個)
err-op-refs = "refs" は "error"、"delete"、"repoint" のいずれかです ("{ $value }" は不可)
err-op-to-past-end = "to": { $to } では { $kinds } { $count } 個が末尾を越えます (モデルには { $len } 個)
err-op-value-needs-field = "value" には "field" が必要です
err-op-missing-field-value = "field" と "value" (または "values") がありません
err-select-no-index = { $kind } { $index } はありません (モデルには { $len } 個)
err-select-no-match = "{ $pattern }" に一致する{ $kind }がありません
err-select-no-name = "{ $name }" という名前の{ $kind }がありません
err-select-empty-list = 選択リストが空です
err-select-bad = 選択は番号・名前・* を含むパターン・リストのいずれかです ({ $value } は不可)

# スクリプトの各手順の報告 (core/src/ops/script.rs)
script-step-nothing = 変更なし
script-step-count = { $kinds } { $before } → { $after }
