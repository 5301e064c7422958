# 要素を参照しているもの (削除の確認): 「子ボーン 5、剛体 1、ジョイント 2 が 頭 を参照しています」。
refs-child-bones = 子ボーン { $count }
refs-bone-links = ボーン参照 { $count }
refs-rigid-bodies = 剛体 { $count }
refs-joints = ジョイント { $count }
refs-vertex-weights = 頂点ウェイト { $count }
refs-morphs = モーフ { $count }
refs-display-frames = 表示枠 { $count }
refs-soft-bodies = ソフトボディ { $count }
refs-materials = 材質 { $count }
refs-nothing = 参照しているものはありません
refs-separator = 、
refs-list = { $first }、{ $last }
refs-elements = 要素
refs-many-targets = { $kind } { $count } 個
refs-refer-to = { $list } が { $target } を参照しています

# PMX の読み込み (core/src/pmx/read): 読み込みエラー・警告の詳細
pmx-warning = { $place }: { $message } (バイト位置 { $offset })
pmx-read-short = ファイルが途中で終わっています ({ $needed } バイト必要、残り { $left } バイト)
read-short = { $what } の読み込み中にファイルが終わりました ({ $needed } バイト必要、残り { $left } バイト)
read-count-too-big = { $what }: { $count } 個、少なくとも { $needed } バイト必要ですが、残りは { $left } バイトです
pmx-read-too-many = 多すぎる
pmx-read-no-soft-body-count = PMX 2.1 のファイルがソフトボディ数の前で終わっています。ソフトボディなしとして読み込みました
pmx-read-trailing-bytes = 最後のセクションの後に { $count } バイトあります (PMX のデータではありません)。そのまま保持します
pmx-read-too-short = ファイルが { $size } バイトしかなく、PMX のヘッダに足りません
pmx-read-pmx10 = PMX 1.0 (マジック "Pmx ") は公開された形式ではありません。読み込めるのは PMX 2.0 と 2.1 だけです
pmx-read-not-pmx = PMX ファイルではありません (先頭バイト { $magic }、"PMX " のはず)
pmx-read-version = PMX バージョン { $version } には対応していません (2.0 と 2.1 のみ)
pmx-read-few-globals = ヘッダのグローバル数が { $count } です。PMX では 8 必要です
pmx-read-encoding = 文字エンコード { $value } は 0 (UTF-16LE) でも 1 (UTF-8) でもありません
pmx-read-uv-count = 追加UV数が { $count } です (PMX では 0〜4)
pmx-read-index-size = { $kind }のインデックスサイズが { $size } です (1、2、4 のいずれか)
pmx-read-extra-globals = ヘッダのグローバル数が { $count } です。PMX { $version } の定義は 8 (余りは保持します)
pmx-read-negative = { $what }が負の値 { $value } です
pmx-read-flag = { $what }のフラグが { $value } です (0 か 1 のはず)。1 として読み込みました
pmx-read-unknown-kind = 不明な{ $what } { $value } です。そのまま保持します
pmx-read-negative-text-length = 文字列の長さが負の値 { $length } です
pmx-read-bad-utf8 = 不正な UTF-8
pmx-read-bad-utf16 = 不正な UTF-16 (奇数長または対になっていないサロゲート)
pmx-read-text-replaced = { $what }。U+FFFD に置き換えて読み込みました (バイト単位で同一には保存されません)
pmx-read-qdef-in-20 = { $count } 個の頂点が PMX 2.1 専用の QDEF ウェイトを使っていますが、ファイルは 2.0 です (最初: 頂点 { $first })。そのまま読み込みました
pmx-read-weight-kind = 不明なウェイト変形方式 { $value } です (定義は 0〜4)
pmx-read-face-count = 面の頂点インデックス数 { $count } が 3 の倍数ではありません
pmx-read-flags-21 = 描画フラグ { $flags } が 2.0 のファイルで PMX 2.1 のビット (頂点色・点・線描画) を使っています。そのまま保持します
pmx-read-joint-kind-21 = 2.0 のファイルにジョイント種類 { $value } ({ $kind }) があります (2.0 はバネ付6DOF のみ)。そのまま読み込みました
pmx-read-morph-kind = 不明なモーフ種類 { $value } です (定義は 0〜10)
pmx-read-morph-21 = { $kind }モーフは PMX 2.1 専用ですが、ファイルは 2.0 です。そのまま読み込みました
pmx-read-display-target = 表示枠要素の対象 { $value } が 0 (ボーン) でも 1 (モーフ) でもありません
pmx-field-count = 個数
pmx-field-sphere-mode = スフィアモード
pmx-field-shared-toon = 共有Toon
pmx-field-shape = 剛体形状
pmx-field-physics-mode = 物理演算
pmx-field-joint-kind = ジョイント種類
pmx-field-anchor-near-mode = アンカー剛体の近傍モード
pmx-field-anchor-count = アンカー剛体数
pmx-field-pin-count = ピン頂点数
pmx-field-ik-link-count = IKリンク数
pmx-field-ik-link-angle-limit = IKリンクの角度制限
pmx-field-offset-count = オフセット数
pmx-field-material-morph-operation = 材質モーフの演算形式
pmx-field-impulse-local = インパルスのローカルフラグ
pmx-field-special-frame = 特殊枠
pmx-field-element-count = 要素数

# リグ生成 (core/src/rig): 入力エラーと計画のメモ
rig-note-no-body-above = { $bone }: 上に繋ぐ剛体がありません
rig-note-already-joined = { $a } – { $b }: 既にジョイントがあるため、そのままにします
rig-err-no-bones = ボーンが指定されていません
rig-err-no-such-bone = ボーン { $index } はありません (モデルには { $count } 個)
rig-note-ring-few-chains = リング: チェーンが 2 本未満のため、横のジョイントは作りません
rig-err-no-length = { $names } 以下の { $count } 個のボーンには、剛体を置ける長さのものがありません
rig-err-mass = 質量は正の値にしてください ({ $mass } は不可)
rig-err-group = グループ { $group } は 0〜15 ではありません
rig-note-already-has-body = { $bone }: 既に剛体があるため、そのままにします
rig-note-no-length = { $bone }: 長さがありません (接続先も子ボーン 1 つもない) ため、剛体を作りません
rig-err-morph-needs-name = 新しいモーフには名前が必要です
rig-err-morph-no-offsets = モーフ「{ $name }」のオフセットが空になります
rig-err-vertex-count-differs = 相手のモデルの頂点数は { $other }、このモデルは { $this } です。頂点モーフには同じ頂点が必要です
rig-err-uv-layer = UV の番号は 0〜4 にしてください ({ $layer } は不可)
rig-err-offsets-kind = モーフ「{ $name }」は { $kind } モーフです。オフセットの種類が違います

# リグ: 左右反転、引数、ウェイト、準標準ボーン、ペイント、初期姿勢
mirror-skip-no-counterpart = { $kind }「{ $name }」: { $side }側に対応するものがありません
mirror-skip-no-side = { $kind }「{ $name }」: 名前に左右がありません
mirror-skip-misplaced = { $kind }「{ $name }」: 名前は{ $side }ですが、反対側にあります
mirror-skip-by-place = { $kind }「{ $name }」: 位置で対応するのは「{ $other }」(名前に左右なし) です。上書きし、名前はそのままにします
mirror-skip-target-misplaced = { $kind }「{ $name }」: 名前は{ $side }ですが、反対側にあるため上書きしません
mirror-err-tolerance = 許容距離は 0 以上の数にしてください ({ $value } は不可)
mirror-skip-not-bone-morph = モーフ「{ $name }」: 反転するのはボーンモーフだけです
side-left = 左
side-right = 右
side-err = side は left か right にしてください ("{ $value }" は不可)
args-err-one-of = { $what } は { $names } のいずれかにしてください ("{ $value }" は不可)
args-err-positive = { $what } は正の数にしてください ({ $value } は不可)
args-err-group = group は 0〜15 にしてください ({ $group } は不可)
args-err-mask-and-no-collide = mask と no_collide はどちらか一方だけ指定してください
args-err-no-collide-group = no_collide: グループ { $group } は 0〜15 ではありません
args-err-empty-name = 名前のパターンが空です
weights-err-limit = limit: ボーン数は 1〜4 にしてください ({ $count } は不可)
weights-err-prune = prune: しきい値は 0 以上 1 未満にしてください ({ $value } は不可)
weights-err-transfer = transfer: 割合は 0〜1 にしてください ({ $value } は不可)
semi-skip-exists = { $name }: 既にあります
semi-skip-missing = { $name }: モデルに { $needs } がありません
semi-skip-same-place = { $name }: { $upper } と { $lower } が同じ位置にあります
paint-err-radius = ブラシの半径は正の値にしてください ({ $value } は不可)
paint-err-mirror-table = 反転表の項目数 { $entries } が頂点数 { $vertices } と合いません
paint-err-positions = 位置の数 { $positions } が頂点数 { $vertices } と合いません
rest-err-bone-count = ポーズのボーン数は { $pose }、モデルは { $model } です
rest-err-nothing = ポーズが初期姿勢と同じです: 適用するものがありません
transfer-err-no-triangles = 転送元のモデルに三角形がありません

# スクリプトのフィールド (core/src/ops/script/fields.rs): 値を設定できない理由
field-err-no-named = 「{ $name }」という{ $kind }はありません
field-err-out-of-range = { $kind }のインデックス { $index } は範囲外です (モデルには { $count } 個)
field-err-expected-reference = { $kind }の名前かインデックスを指定してください ({ $value } は不可)
field-err-expected-range = 0〜{ $max } を指定してください ({ $value } は不可)
field-err-expected-one-of = { $names } のいずれかを指定してください ("{ $value }" は不可)
field-err-expected-number = 数値を指定してください ({ $value } は不可)
field-why-face-count = 面は材質に従います
field-err-read-only = { $kind }.{ $field } は設定できません: { $why }
field-err-no-field = { $kind }にフィールド「{ $field }」はありません (フィールド: { $fields })
field-err-bad-value = { $kind }.{ $field } の値が不正です: { $reason }
field-err-expected-bool = true か false を指定してください ({ $value } は不可)
field-err-expected-groups = 0〜15 のグループのリストを指定してください: { $reason }
field-err-group = グループ { $group } は 0〜15 ではありません
field-err-expected-group = 0〜15 のグループを指定してください ({ $value } は不可)
field-why-special-frame = どの枠 (Root、表情) が特殊枠かは仕様で決まっています

# 操作の引数 (core/src/ops)
mirror-err-skip = "{ $part }" は skip に指定できません (指定できるもの: { $parts })
mirror-err-empty-selection = { $selector } に当てはまるボーン・剛体・ジョイント・モーフがありません
semi-err-unknown = 準標準ボーン「{ $name }」はありません ({ $names } のいずれか)
weights-err-unknown-kind = ウェイト変形方式「{ $name }」はありません (bdef1、bdef2、bdef4、sdef、qdef)
script-label-add-at = { $kind }を #{ $at } に追加

# PMD の読み込み (core/src/pmx/pmd): エラー・警告の詳細 (バイト列のフィールド名は形式の名前のまま)
pmd-read-not-pmd = PMD ファイルではありません (先頭が "Pmd" ではありません)
pmd-read-version = PMD バージョン { $version } (1.0 のはず)。1.0 として読み込みます
pmd-read-weight-over-100 = ボーンウェイト { $weight } が 100 を超えています。{ $kept } のまま保持します
pmd-read-face-count = 面の頂点インデックス数 { $count } が 3 の倍数ではありません。最後の { $dropped } 個は捨てます
pmd-read-trailing = 最後のジョイントの後の { $count } バイトは無視します

# PMD から PMX への変換 (core/src/pmx/pmd/convert.rs): 読み込み時の警告
pmd-conv-toon = Toon 番号 { $index } は 0〜9 でも 255 でもありません。Toon なしにします
pmd-conv-twist-no-tail = 使える接続先のない捩りボーンです: 軸制限なしにします
pmd-conv-bone-type = 不明なボーン種類 { $kind } です。回転ボーンとして読み込みます
pmd-conv-ik-bone-range = IKボーン { $bone } は範囲外です。IK チェーンを捨てます
pmd-conv-second-ik = ボーン { $owner } に 2 本目の IK チェーンがあります。ボーン「{ $name }」を追加しました
pmd-conv-second-base = 2 つ目の base 表情です。パネル 4 (その他) のモーフとして保持します
pmd-conv-no-base = 頂点を解決する base 表情がありません。オフセットを捨てます
pmd-conv-base-entry = base の項目 { $index } は範囲外です (項目数 { $count })。オフセットを捨てます
pmd-conv-base-listed = base 表情が表示枠に入っています。飛ばします
pmd-conv-bone-frame = ボーン { $bone } が存在しない表示枠 { $frame } に入っています。捨てます
pmd-conv-body-bone = ボーン { $bone } は範囲外です。位置はボーン 0 からの相対とします

# モーションとポーズ (core/src/motion、core/src/deform/pose_json.rs): 読み込みエラーとメモ
vmd-read-not-vmd = VMD ファイルではありません (先頭に "Vocaloid Motion Data" がありません)
vmd-read-ik-count = 表示・IK キーの IK 数 { $count } には { $needed } バイト必要ですが、残りは { $left } バイトです
vpd-err-line = VPD { $line } 行目: { $message }
vpd-err-numbers-end = ';' で終わる { $count } 個の数のはずが "{ $found }" です
vpd-err-numbers-count = { $count } 個の数のはずが、"{ $text }" には { $found } 個あります
vpd-err-not-number = "{ $text }" は数ではありません
vpd-err-ends-before = { $what }の前でファイルが終わっています
vpd-part-signature = シグネチャ
vpd-err-not-vpd = VPD ファイルではありません ("{ $signature }" のはず)
vpd-part-model-name = モデル名の行
vpd-err-model-name-end = モデル名の行は ';' で終わる必要があります
vpd-part-bone-count = ボーン数
vpd-err-bone-count = "12;" のようなボーン数のはずが "{ $found }" です
vpd-part-block = ブロック
vpd-err-block-head = Bone<i>{"{"} か Morph<i>{"{"} のはずが "{ $found }" です
vpd-err-no-brace = { $kind } ブロックに '{"{"}' がありません
vpd-note-bone-after-morph = { $line } 行目: モーフのブロックの後にボーンのブロックがあります
vpd-part-translation = ボーンの移動量
vpd-part-quaternion = ボーンのクォータニオン
vpd-note-zero-quaternion = { $line } 行目:「{ $name }」のクォータニオンが 0 のため、回転なしとして読み込みました
vpd-part-morph-weight = モーフの値
vpd-err-close = { $kind } ブロックを閉じる '{"}"}' のはずが "{ $found }" です
vpd-note-count = ボーン数の行は { $count } ですが、ファイルには { $found } 個あります
vpd-note-not-sjis = 「{ $name }」に Shift-JIS で表せない文字があります
pose-note-unknown-bone = ボーン「{ $name }」はモデルにないため無視しました
pose-note-unknown-morph = モーフ「{ $name }」はモデルにないため無視しました
pose-err-array = { $what }: { $count } 個の数の配列を指定してください
pose-err-numbers = { $what }: 数を指定してください
pose-err-json = ポーズ JSON: { $reason }
pose-err-top-level = ポーズ JSON: 最上位はオブジェクトにしてください
pose-err-bones-object = ポーズ JSON: "bones" はオブジェクトにしてください
pose-note-zero-quaternion = ボーン「{ $name }」: クォータニオンが 0 のため、回転なしとして扱いました
pose-err-morphs-object = ポーズ JSON: "morphs" はオブジェクトにしてください
pose-err-morph-weight = モーフ「{ $name }」: 値は数にしてください

# PMX の書き込み (core/src/pmx/write.rs、needs.rs): 書き込めない理由
pmx-write-extra-globals = ヘッダの追加グローバルが { $count } 個あります (入るのは 247 個まで)
pmx-write-count = 個数 { $count } は PMX の 32 ビットの個数に収まりません
pmx-write-count-of = { $what }: 個数 { $count } は 32 ビットに収まりません
pmx-write-uv-layer = UVモーフ「{ $name }」の UV 番号が { $layer } です (0 = UV、1〜4 = 追加UV)
pmx-write-too-many = { $what } { $count } 個は PMX の 32 ビットの個数に収まりません

pmx-write-not-a-file = { $path }: ファイルのパスではありません

# 履歴に出るウェイト編集の項目名 (core/src/rig/weights.rs、sdef.rs)
weights-field-normalize = ウェイト (正規化)
weights-field-of = { $bone } のウェイト
weights-field-scale = { $bone } のウェイト ×{ $factor }
weights-field-limit = ウェイト (ボーン { $count } 個まで)
weights-field-prune = ウェイト ({ $threshold } 未満を削除)
weights-field-transfer = ウェイト ({ $from } → { $to })
weights-field-kind = ウェイト変形方式 = { $kind }
weights-field-sdef = ウェイト (BDEF2 → SDEF)

lang-err-unknown = 言語「{ $value }」はありません (ja か en)

# `hone info` の表の種類名 (core/src/pmx/summary.rs kind_label)
kind-morph-group = グループ
kind-morph-vertex = 頂点
kind-morph-bone = ボーン
kind-morph-uv = UV
kind-morph-additional-uv1 = 追加UV1
kind-morph-additional-uv2 = 追加UV2
kind-morph-additional-uv3 = 追加UV3
kind-morph-additional-uv4 = 追加UV4
kind-morph-material = 材質
kind-morph-flip = フリップ
kind-morph-impulse = インパルス
kind-mode-follow-bone = ボーン追従
kind-mode-dynamic = 物理演算
kind-mode-dynamic-bone-position = 物理+ボーン位置合わせ
kind-shape-sphere = 球
kind-shape-box = 箱
kind-shape-capsule = カプセル
kind-joint-spring-6dof = ばね付6DOF
kind-joint-6dof = 6DOF
kind-joint-p2p = P2P
kind-joint-cone-twist = ConeTwist
kind-joint-slider = Slider
kind-joint-hinge = Hinge
kind-unknown = 不明

# lint が見つけた残りのメッセージ
vmd-what-key-count = { $kind } キー数
pose-what-rot = ボーン「{ $name }」の rot
pose-what-pos = ボーン「{ $name }」の pos
field-err-frame-item = "bone:NAME" か "morph:NAME" を指定してください ("{ $value }" は不可)
mirror-nothing = { $skipped ->
    [0] { $to }側は既に{ $from }側を反転した状態です
   *[other] { $to }側は既に{ $from }側を反転した状態です ({ $skipped } 個を飛ばしました)
}
semi-nothing = 追加する準標準ボーンはありません ({ $skipped })
