
# bones.rs
check-msg-parent-cycle = { $bone } が自分自身の祖先になっています：{ $cycle }
check-msg-append-cycle = { $bone } の付与が循環して自分自身に戻っています：{ $cycle }
check-msg-ik-target-none = { $bone }：IK ボーンにターゲットがありません（−1）
check-msg-ik-no-links = { $bone }：IK ボーンにリンクがなく、何も動かしません
check-msg-ik-loop-zero = { $bone }：IK のループ回数が { $count } のため、ソルバーが一度も動きません
check-msg-ik-chain =
    { $bone }：IK リンク { $k } の { $link } が{ $which ->
        [target] ターゲット
       *[link] 1 つ前のリンク
    }の { $other } の祖先ではありません
check-msg-axis-degenerate = { $bone }：{ $axis } ({ $x }, { $y }, { $z }) に方向がありません
check-msg-axis-not-unit = { $bone }：{ $axis } の長さが 1 でなく { $len } です
check-msg-axis-parallel = { $bone }：ローカル軸の X 軸と Z 軸が平行で、ローカル座標系が潰れます

# 修正（fix.rs）：1 行ずつと、履歴の項目
check-axis-fixed = 軸制限の軸
check-axis-local-x = ローカル軸の X 軸
check-axis-local-z = ローカル軸の Z 軸
check-fix-bone-layer =
    { $bone } の変形階層を { $layer } に上げる{ $dependents ->
        [0] {""}
       *[other] （依存するボーン { $dependents } 個も）
    }
check-fix-normalize-weights = 頂点 #{ $vertex } のウェイトを正規化する
check-fix-sdef-to-bdef1 = 頂点 #{ $vertex } を BDEF1 にする
check-fix-version-21 = ファイルを PMX 2.1 と宣言する
check-fix-exclude-collision = { $a } と { $b } を衝突させない（前者の非衝突グループに { $group_b }、後者に { $group_a } を設定）
check-fix-normalize-axis = { $bone } の{ $axis }を正規化する
check-fix-rename = { $element } の名前を「{ $name }」に変える
check-fix-clamp-colors = { $material } の色を 0〜1 に収める
check-fix-normalize-morph-rotations = { $morph } のボーンの回転を正規化する
check-fix-morph-panel-other = { $morph } を操作パネル 4（その他）に移す
check-fix-follow-bone = { $body } をボーン追従（0）にする
check-fix-mass-one = { $body } の質量を 1 にする
check-fix-soften-springs = { $joint } のばね定数を安定する値まで下げる
check-fix-add-to-frame = { $element } を { $frame } に追加する
check-fix-remove-duplicate-entries = { $element } の表示枠の登録を最初の 1 つだけ残し、他を削除する
check-fix-special-frames = 特殊枠 Root（0）と 表情（1）を先頭に置く
check-fix-history-one = 修正：{ $fix }
check-fix-history-many = 問題 { $count } 件を修正

# weights.rs
check-msg-weight-none-bone = 頂点 #{ $vertex }（{ $kind }）：ボーン −1 にウェイト { $weights } が載っています
check-msg-weight-range = 頂点 #{ $vertex }（{ $kind }）：ウェイト値 { $weights } が 0〜1 の範囲外です（負、または合成しすぎ）
check-msg-weight-zero = 頂点 #{ $vertex }（{ $kind }）：ウェイトがすべて 0 です
check-msg-weight-sum = 頂点 #{ $vertex }（{ $kind }）：ウェイト合計が 1 でなく { $sum } です
check-msg-sdef-same-bones = 頂点 #{ $vertex }：SDEF の 2 つのボーンが同じです
check-msg-sdef-nonfinite = 頂点 #{ $vertex }：SDEF の C/R0/R1 が有限ではありません
check-msg-sdef-pointless = 頂点 #{ $vertex }：ウェイト { $weight } の SDEF：すべて 1 つのボーンに載っており、BDEF1 と同じです
check-msg-sdef-center = 頂点 #{ $vertex }：SDEF の中心 C { $c } がボーン { $a } と { $b } から { $d } 離れています（上限 { $limit }）

# version.rs, morphs.rs
check-msg-version-21 = ファイルは PMX 2.0 ですが、{ $count } 個の要素で { $feature }（PMX 2.1）を使っています。最初は { $first }
check-msg-morph-panel = { $morph }：操作パネル { $panel } は 0〜4（システム、眉、目、口、その他）のどれでもありません
check-msg-morph-uv-layer = { $morph }：追加UV{ $layer } を動かしますが、ファイルの追加UV数は { $count } のため、何も変わりません
check-msg-morph-bone-rotation = { $morph }：ボーンの回転 { $count } 個が単位クォータニオンでなく、ボーンが拡大縮小するか潰れます
check-msg-morph-material-op = { $morph }：材質の演算形式 { $op } は 0（乗算）でも 1（加算）でもありません

# names.rs
check-msg-model-no-name = モデルに名前がありません。MMD では空欄で表示されます
check-msg-name-empty-keyed = { $element } に名前がありません。モーションは名前で結び付けるため、キーを打てません
check-msg-name-empty = { $element } に名前がありません
check-msg-dup-name-keyed = { $element } は { $first } と同じ名前です。モーションは最初のものしか動かしません
check-msg-dup-name = { $element } は { $first } と同じ名前です。名前で探すツールが取り違えます
check-msg-name-vmd-unmappable = { $element }：名前に Shift-JIS にない文字があります。VMD モーションは { $max } バイトまでしか保存しないため、モーションファイルでは崩れた名前になります
check-msg-name-vmd-sjis = { $element }：名前が Shift-JIS で { $bytes } バイトあります。VMD モーションは { $max } バイトまでしか保存しないため、モーションファイルでは切り詰められます
check-msg-name-vmd-ascii = { $element }：名前が { $bytes } バイトあります。VMD モーションは { $max } バイトまでしか保存しないため、モーションファイルでは切り詰められます
check-msg-name-vmd-clash = { $element } と { $first } は VMD モーションが保存する先頭 { $max } バイトが同じです。モーションから区別できません

# order.rs
check-dep-parent = 親ボーン
check-dep-append = 付与親（多重付与またはローカル付与）
check-dep-append-ik = 付与親を回す IK ボーン
check-dep-ik-chain = IK ターゲット／リンク
check-dep-parent-consequence = 親の古い姿勢に従います
check-dep-append-consequence = 古い値を付与します
check-dep-ik-chain-consequence = IK が古いチェーンから解きます
check-msg-order =
    { $bone }（変形階層 { $layer }、変形順 #{ $position }）が{ $what } { $dep }（変形階層 { $dep_layer }、#{ $dep_position }）より先に変形されます：{ $consequence }。{ $phase ->
        [after-physics] 依存先は物理後変形、このボーンは物理前のため、変形階層では直せません。
       *[same] {""}
    }

# frames.rs
check-msg-frame-special-missing = 表示枠 { $slot } がありません。PMX は特殊枠 Root（0）と 表情（1）から始まり、MMD とエディタはそこを探します
check-msg-frame-special-named = 表示枠 { $slot } が「{ $name }」になっています。PMX は特殊枠 Root（0）と 表情（1）から始まり、MMD とエディタはそこを探します
check-msg-frame-special-unflagged = 表示枠 { $slot } が特殊枠に指定されていません。PMX は特殊枠 Root（0）と 表情（1）から始まり、MMD とエディタはそこを探します
check-msg-frame-dup = { $frame } に { $element } が再び登録されています（最初は { $first }）。MMD では 2 回表示されます
check-msg-frame-hidden = { $frame } に非表示または操作不可の { $bone } が登録されています：MMD は行を表示しますが、ボーンは動かせません
check-msg-bone-no-frame = { $bone } は動かせますが、どの表示枠にもないため、MMD でキーを打てません
check-msg-morph-no-frame = { $morph } はどの表示枠にもありません：MMD のモーフパネルに表示されません

# joints.rs
check-axis-move = 移動 { $axis }
check-axis-rotate = 回転 { $axis }
check-msg-joint-mass-ratio = { $joint } は { $a }（質量 { $mass_a }）と { $b }（質量 { $mass_b }）をつないでいます：比 { $ratio }（{ $max } 超）のため、軽いほうが震えます
check-msg-joint-y-90 = { $joint }：回転制限 Y { $lo }°〜{ $hi }° が ±90° に達しています。Bullet のオイラー角はそこでロックするため、ジョイントが反転するか震えます（Y は ±80° 以内に）
check-msg-joint-limit-inverted = { $joint }：{ $axes } で下限 > 上限のため、Bullet はその軸を自由にします。意図していなければ、下限と上限を入れ替えてください
check-msg-joint-spring-stiff = { $joint }：ばね { $springs } が、動かす質量（{ $mass }）に対して 60 Hz では硬すぎます：k·h²/m が { $max } を超えるため、行き過ぎて爆発します

# textures.rs
check-msg-texture-absolute = テクスチャ #{ $index }「{ $path }」は絶対パスです。モデルを作ったマシンでしか見つかりません
check-msg-texture-escapes = テクスチャ #{ $index }「{ $path }」はモデルのフォルダの外に出ています（「..」）。モデルを 1 つのフォルダで持ち運べません
check-msg-texture-dup = テクスチャ #{ $index }「{ $path }」はテクスチャ #{ $first } と同じファイルです。2 回読み込まれます
check-msg-texture-case = テクスチャ #{ $index }「{ $path }」は大文字・小文字の違うファイル（{ $found }）しかありません。Windows では問題ありませんが、他では見つかりません
check-msg-texture-missing-unused = テクスチャ #{ $index }「{ $path }」が { $dir } にありませんが、どの材質も使っていません
check-msg-texture-missing = テクスチャ #{ $index }「{ $path }」が { $dir } にありません（材質 { $count } 個が使用）

# physics.rs
check-msg-body-no-bone-follow = { $body }：ボーン追従（0）なのに関連ボーンがありません：読み込んだ位置に留まります
check-msg-body-no-bone-align = { $body }：物理+ボーン位置合わせ（2）なのに、合わせる関連ボーンがありません
check-msg-softbody-no-material = { $body }：材質がない（−1）ため、演算するメッシュがありません
check-msg-joint-no-body = { $joint }：剛体{ $end } が −1 です。ジョイントは何もつなぎません
check-msg-joint-same-body = { $joint }：両端とも { $body } です
check-msg-joint-kinematic = { $joint }：ボーン追従の剛体 { $a } と { $b } をつないでいます。何もしません
check-msg-body-overlap =
    { $a }（グループ { $group_a }）と { $b }（グループ { $group_b }）が初期姿勢で { $depth } 重なっており、互いに衝突します。{ $how ->
        [joined] ジョイントでつながっているため、震えます
        [chain] 同じチェーンのジョイントが押し付けるため、ぶつかり合って震えます
       *[free] 最初のステップで物理演算が激しく押し離します
    }

# rig.rs
check-msg-body-unjoined = { $body } は物理演算ですが、どのジョイントでも他の剛体につながっていません：落ちていきます
check-msg-body-unjoined-drags = { $body } は物理演算ですが、どのジョイントでも他の剛体につながっていません：{ $bone } を引きずって落ちていきます
check-msg-body-mass = { $body }：剛体タイプ { $mode } で質量 { $mass } です。Bullet は質量のない剛体を静的にするため、まったく動きません
check-msg-body-tiny = { $body }：物理演算ですが、最も大きい半径でも { $size } しかありません（{ $min } 未満）。小さすぎる剛体は震え、他の剛体をすり抜けます
check-msg-body-mode2-as-mode1 = { $body }：物理+ボーン位置合わせ（2）ですが、関連ボーンの親ボーンに付いた物理演算の剛体とジョイントでつながっているため、MMD は物理演算（1）として扱います
check-msg-body-follow-on-physics-bone = { $body } は物理演算で動く { $bone }（{ $other }）に追従しています：物理演算前の姿勢で置かれるため、1 フレーム遅れ、物理演算を押します
check-msg-body-bone-driven =
    { $body } は { $bone } の上で物理演算されていますが、そのボーンは { $other } の{ $by ->
        [append] 付与
       *[ik] IK
    }でも動かされます：物理演算とソルバーが互いを上書きします
check-msg-body-far-from-bone = { $body } は関連ボーン { $bone } から { $d } 離れています。自分の大きさ（{ $size }）の { $factor } 倍を超えています
check-msg-body-far-from-parent = { $body } は関連ボーン { $bone } の親 { $parent } から { $d } 離れています。自分の大きさ（{ $size }）の { $factor } 倍を超え、見えない長い腕の先で振り回されます
check-msg-chain-parent-animated = 親ボーン { $parent } はアニメーションで動くため、根元はボーン追従にすべきです
check-msg-chain-parent-moved = 親ボーン { $parent } は { $mover } で動きますが、その剛体とこのチェーンをつなぐジョイントがありません
check-msg-chain-untied = 骨格につなぐものがありません
check-msg-chain-root-dynamic = { $body } は、どの剛体にも支えられていない（ボーン追従がない）物理演算の剛体 { $count } 個のチェーンの根元です：チェーン全体が落ちます。{ $why }

# refs.rs
check-ref-weight-bone = ウェイトのボーン
check-ref-vertex = 頂点
check-ref-texture = テクスチャ
check-ref-sphere-texture = スフィアテクスチャ
check-ref-toon-texture = トゥーンテクスチャ
check-ref-parent = 親ボーン
check-ref-tail-bone = 表示先ボーン
check-ref-append-parent = 付与親
check-ref-ik-target = IK ターゲット
check-ref-offset-morph = オフセットのモーフ
check-ref-offset-vertex = オフセットの頂点
check-ref-offset-bone = オフセットのボーン
check-ref-offset-material = オフセットの材質
check-ref-offset-rigid-body = オフセットの剛体
check-ref-bone = ボーン
check-ref-morph = モーフ
check-ref-body-a = 剛体A
check-ref-body-b = 剛体B
check-ref-material = 材質
check-ref-anchor-rigid-body = アンカーの剛体
check-ref-anchor-vertex = アンカーの頂点
check-ref-pin-vertex = ピン留めの頂点
check-ref-ik-link = IK リンク { $k }
check-msg-index-range = { $owner }：{ $what } { $index } が範囲外です（モデルの{ $list }は { $len } 個）
check-msg-material-face-count = { $material }：面(頂点)数 { $count } が 0 以上の 3 の倍数ではありません。後に続く材質がすべてずれた三角形を描きます
check-msg-material-face-range = { $material }：面の頂点 { $start }〜{ $end } を描きますが、モデルには { $available } しかありません
check-msg-shared-toon = { $material }：共有トゥーン { $toon } が範囲外です（toon01〜toon10 = 0〜9）
check-msg-face-unused = モデル：材質が描く面の頂点は { $total } ですが、{ $available } あります。末尾の面はどの材質にも属しません
check-msg-group-range = { $body }：グループ { $group } が範囲外です（0〜15、表示は 1〜16）：どのグループにも属さず、何とも衝突しません
check-msg-morph-group-nested = { $morph } がグループモーフ { $inner } を含んでいます。PMX はグループモーフのグループ化に対応していません

# values.rs：項目名とメッセージ
check-field-position = 位置
check-field-normal = 法線
check-field-uv = UV
check-field-uv1 = 追加UV1
check-field-uv2 = 追加UV2
check-field-uv3 = 追加UV3
check-field-uv4 = 追加UV4
check-field-edge-scale = エッジ倍率
check-field-tail-offset = 表示先のオフセット
check-field-append-ratio = 付与率
check-field-ik-angle-limit = IK の単位角
check-field-ik-link-limits = IK リンクの角度制限
check-field-diffuse = 拡散色
check-field-specular = 反射色
check-field-specular-power = 反射強度
check-field-ambient = 環境色
check-field-edge-colour = エッジ色
check-field-edge-size = エッジサイズ
check-field-size = サイズ
check-field-rotation = 回転
check-field-mass = 質量
check-field-linear-damping = 移動減衰
check-field-angular-damping = 回転減衰
check-field-restitution = 反発力
check-field-friction = 摩擦力
check-field-linear-lower-limit = 移動制限の下限
check-field-linear-upper-limit = 移動制限の上限
check-field-angular-lower-limit = 回転制限の下限
check-field-angular-upper-limit = 回転制限の上限
check-field-linear-spring = ばね定数(移動)
check-field-angular-spring = ばね定数(回転)
check-field-total-mass = 総質量
check-field-collision-margin = 衝突マージン
check-field-config = 設定
check-field-cluster-parameters = クラスターのパラメータ
check-field-material-stiffness = 材質の剛性
check-field-alpha = 不透明度
check-msg-nonfinite = { $element }：{ $fields } に NaN または無限大の数値があります
check-msg-nonfinite-offsets = { $morph }：オフセット { $count } 個に NaN または無限大の数値があります。最初はオフセット #{ $first }
check-msg-color-range = { $material }：{ $fields } が 0〜1 の範囲外です。MMD のシェーダーはこのような色をエフェクトごとに違うやり方で切り詰めたり溢れさせたりします
