# アプリの枠: メニュー、ダイアログ、ステータスバー、ログ、ドックのタブ、ビューのツールバー、
# モード、HUD、凡例。キーは en/shell.ftl と同じ（テストで確認）。

## メニュー
menu-file = ファイル
menu-open = 開く…  (Ctrl+O)
menu-open-recent = 最近使ったファイル
menu-recent-none = （なし）
menu-open-sample = サンプルリグを開く
menu-load-motion = モーション読み込み…
menu-load-pose = ポーズ読み込み (VPD)…
menu-save-pose = ポーズを VPD で保存…
menu-apply-pose-as-rest = 現在のポーズを初期姿勢に適用
menu-apply-pose-as-rest-hint = 現在のポーズが初期姿勢になる: ボーン・頂点・剛体・ジョイントが動く（元に戻す 1 回分）。モーフ値は焼き込まない
menu-save = 上書き保存  (Ctrl+S)
menu-save-as = 名前を付けて保存…  (Ctrl+Shift+S)
menu-save-format = 保存形式
menu-save-version = バージョン
menu-save-as-loaded = 読み込んだとおり
menu-save-encoding = 文字コード
menu-quit = 終了
menu-edit = 編集
menu-undo = 元に戻す{ $keys }
menu-undo-named = 元に戻す: { $what }{ $keys }
menu-redo = やり直し{ $keys }
menu-undo-pose = ポーズ変更を元に戻す{ $keys }
menu-redo-pose = ポーズ変更をやり直し{ $keys }
menu-model-info = モデル情報
menu-rig = リグ
menu-morph = モーフ
menu-model = モデル
menu-view = 表示
menu-reset-layout = レイアウトを初期化
menu-reset-view = 視点を初期化  (Home)
menu-reset-pose = ポーズを初期化

## ファイルダイアログ
filter-mmd-model = MMD モデル
filter-vmd-motion = VMD モーション
filter-vpd-pose = VPD ポーズ

## ダイアログ
dialog-open-failed = ファイルを開けません
dialog-showing-instead = 代わりに { $name } を表示しています。
dialog-ok = OK
dialog-unsaved = 未保存の変更
dialog-unsaved-question = 先に { $name } の変更を保存しますか？
dialog-save = 保存
dialog-dont-save = 保存しない
dialog-cancel = キャンセル
dialog-flags-ignored = { $error }
    （{ $flags } は無視した: そのファイルの要素を指すため）

## ステータスバー
status-model = { $name } · 頂点 { $vertices } · ボーン { $bones } · モーフ { $morphs } · 剛体 { $bodies } · ジョイント { $joints }

## ログ
log-select-in-list-first = 先にリストの要素を選択してください（キー操作はそのリストに働く）
log-cannot-open = { $path } を開けません: { $error }
log-saved = { $path } を保存した
log-cannot-save = { $path } を保存できません: { $error }
log-opened = { $name } を開いた: 頂点 { $vertices }、ボーン { $bones }、モーフ { $morphs }、材質 { $materials }、剛体 { $bodies }、ジョイント { $joints }
log-edit-refused = 編集を拒否: { $error }
log-nothing-to-undo = 元に戻す操作がない
log-nothing-to-redo = やり直す操作がない
log-no-pose-undo = 元に戻すポーズ変更がない
log-no-pose-redo = やり直すポーズ変更がない
log-texture-missing = テクスチャ #{ $index }: { $error }
log-texture-not-found = { $name }: ファイルが見つからない
log-pose-loaded = ポーズ { $path } を読み込んだ: ボーン { $bones }、モーフ { $morphs }
log-pose-saved = ポーズを { $path } に保存した: ボーン { $bones }、モーフ { $morphs }
log-apply-pose-failed = 初期姿勢に適用できません: { $error }
log-cannot-load-motion = モーション { $path } を読み込めません: { $error }
log-motion-bound = モーション { $name }: { $frames } フレーム、ボーン { $bones } 個とモーフ { $morphs } 個を割り当てた
log-motion-unknown-bones = モーション { $name }: モデルにないボーン { $count } 個: { $names }
log-motion-unknown-morphs = モーション { $name }: モデルにないモーフ { $count } 個: { $names }
log-motion-unknown-ik = モーション { $name }: モデルにない IK ボーン { $count } 個: { $names }

## 履歴
history-groups-collide = グループ { $a }↔{ $b }: 衝突する
history-groups-no-collision = グループ { $a }↔{ $b }: 衝突しない
history-morph-move = モーフ { $morph } の頂点 { $count } 個を移動
history-paint-weights = { $bone } のウェイトを塗る（{ $mode }）

## ドックのタブ
tab-viewport = ビュー
tab-bones = ボーン
tab-morphs = モーフ
tab-physics = 剛体・ジョイント
tab-collision-matrix = 衝突マトリクス
tab-soft-bodies = ソフトボディ
tab-materials = 材質
tab-inspector = プロパティ
tab-history = 履歴
tab-log = ログ
tab-deform-order = 変形順序
tab-problems = 問題
tab-simulation = シミュレーション
tab-display-frames = 表示枠
tab-textures = テクスチャ
tab-weights = ウェイト

## パイプラインの段階（計測 HUD とシミュレーションのパネル）
stage-morphs = モーフ
stage-bones = ボーン
stage-kinematic-sync = ボーン追従剛体
stage-physics = 物理演算
stage-write-back = 剛体→ボーン
stage-after-physics = 物理後変形
stage-skinning = スキニング
stage-soft-bodies = ソフトボディ
stage-normals = 法線
stage-total = 合計
hud-playing = 再生中  サブステップ { $substeps }
hud-paused = 一時停止  サブステップ { $substeps }

## ビューのツールバー
view-mesh = メッシュ
view-wireframe = ワイヤー
view-edges = エッジ
view-bones = ボーン
view-bodies = 剛体
view-joints = ジョイント
view-grid = グリッド
view-shadow = 地面影
view-shadow-hint = 光の向きに落とす地面影（MMD と同じ描き方）
view-reset-view = 視点を初期化
view-reset-view-hint = モデル全体を映す (Home)
view-frame = 選択を映す
view-frame-hint = 選択したものを映す（ビュー上で F）
view-reset-pose = ポーズを初期化
view-physics = 物理演算
view-physics-hint = 現在のポーズで剛体の物理演算を動かす
view-reset-physics = 物理をリセット
view-textures-loading = テクスチャ読み込み中 { $count }
view-textures-missing = ⚠ 見つからないテクスチャ { $count }
view-3d-unavailable = 3D ビューを使えません: { $error }
view-no-gpu = 3D ビュー（GPU なし）
view-collision = 衝突
view-collision-hint = 剛体を衝突グループ別に色分け。選択した剛体の衝突相手を強調
view-joint-limits = ジョイント制限
view-joint-limits-hint = ジョイントの軸、回転制限の弧、移動制限の箱
view-contacts = 接触点
view-contacts-hint = 実行中のシミュレーションの接触点
view-contacts-disabled = 接触点を見るには物理演算をオンにする
view-deform-order = 変形順序
view-deform-order-hint = ボーンごとの計算順。変形階層ごとに色分け
view-ik-hint = IK チェーン: ターゲット、エフェクタ、リンク、角度制限、誤差

## 凡例
legend-collision-groups = 衝突グループ
legend-group-unused = { $group } (未使用)
legend-body-bone = ボーン追従: 枠線
legend-body-physics = 物理演算: 塗り
legend-body-physics-bone = 物理+位置合わせ: 破線
legend-body-unknown = 不明: 細線
legend-joint-kinds = ジョイント種類（軸 X/Y/Z = 赤/緑/青）
legend-deform-order = 変形順序（ボーンごとの番号）
legend-deform-layer = 変形階層 { $layer }
legend-deform-violation = 依存先より先に計算される
legend-deform-after-physics = 物理後変形（番号の後ろに P）
legend-labels-hidden = 重なる { $count } 個のラベルを隠した: 拡大するかボーンを選択
legend-ik-label = { $name }  誤差 { $error }
legend-ik-goal = IK ボーン（目標）  誤差 = エフェクタと目標の距離
legend-ik-effector = エフェクタ（IK ターゲットボーン）
legend-ik-links = リンク
legend-ik-limits = 角度制限: X 赤、Y 緑、Z 青の弧

## ウェイト表示
weight-view = ウェイト表示
weight-view-hint = 選択ボーンのウェイト、変形方式で色分け、またはウェイト合計が 1 にならない頂点・存在しないボーンを参照する頂点を示す
weight-mode-off = オフ
weight-mode-bone = ボーンのウェイト
weight-mode-kind = 変形方式
weight-mode-problems = ウェイトの問題
weight-problem-missing-bone = 存在しないボーンへのウェイト
weight-problem-sum = ウェイト合計が 1 でない
weight-problem-sdef = SDEF パラメータ
weight-legend-of = { $bone } のウェイト
weight-legend-unweighted = ウェイトなし: { $count }
weight-legend-zero = ウェイト 0: { $count }
weight-legend-between = 0 < w < 1: { $count }
weight-legend-one = ウェイト 1: { $count }
weight-legend-select-bone = ボーンを選択するとウェイトを表示
weight-legend-fine = 問題なし: { $count }

## ビューのモード
mode-label = モード:
mode-pose = ポーズ
mode-edit-bones = ボーン編集
mode-vertices = 頂点
mode-paint-weights = ウェイトペイント
mode-edit-morph = モーフ編集
mode-pose-hint = ギズモで選択ボーンのポーズを付ける（モデルは編集しない）。
mode-edit-bones-hint = ギズモで選択ボーンの初期位置を動かす（元に戻せるモデル編集）。初期姿勢を表示し、ポーズはポーズモードに戻ると戻る。
mode-vertices-hint = クリックでポーズ中のメッシュの頂点を選択、ドラッグで矩形選択（裏側も）、Shift で追加、Ctrl で除外。
mode-paint-weights-hint = メッシュ上をドラッグして選択ボーンのウェイトを塗る（ボーンはクリックで選ぶ）。1 ストロークで元に戻す 1 回分。ポーズはそのまま動く。
mode-edit-morph-hint = 頂点を選択（クリック、矩形）して矢印をドラッグ: 移動が頂点モーフに記録される（元のメッシュは変わらない）。1 ドラッグで元に戻す 1 回分。
mode-undo-note = Ctrl+Z: ポーズかモデルの新しい方の変更を元に戻す（ポーズは別の履歴）
mode-undo-hint = ポーズはモデルの履歴に入らず、専用の履歴を持つ。Ctrl+Z は最後のポーズ変更と最後のモデル編集の新しい方を元に戻す。編集 ▸ ポーズ変更を元に戻す と 編集 ▸ 元に戻す（モデル）でそれぞれの履歴を直接たどれる。
mode-move-children = 子ボーンも移動
mode-move-children-hint = 子ボーンがボーンと一緒に動く（オフなら子ボーンは位置を保つ）
mode-keep-tail-end = オフセットの接続先は先端を保つ
mode-keep-tail-end-hint = 座標オフセットで指定した接続先が先端の位置を保つ（オフなら一緒に動く）
mode-choose = （選択）
mode-weight-at-least = ウェイト ≥
mode-by-weight = ウェイトで選択
mode-by-weight-hint = このボーンに指定値以上のウェイトで従う頂点を選択（Shift で追加、Ctrl で除外）
mode-by-material = 材質で選択
mode-by-material-hint = この材質の面の頂点を選択（Shift で追加、Ctrl で除外）
mode-vertices-selected = 頂点 { $count } 個を選択中
mode-clear = 選択解除

## ウェイトペイント
paint-add = 加算
paint-subtract = 減算
paint-replace = 置換
paint-smooth = なめらか
paint-blur = 2 ボーン間をぼかす
paint-add-hint = ボーンのウェイトを上げる（頂点の他のボーンから譲る）
paint-subtract-hint = ボーンのウェイトを下げる（残りは他のボーンへ）
paint-replace-hint = ボーンのウェイトを指定値に近づける
paint-smooth-hint = ボーンのウェイトを周りの頂点の平均に近づける
paint-blur-hint = ボーンと 2 つ目のボーンの配分をなめらかにする（合計は保つ）
paint-falloff-smooth = なめらか
paint-falloff-linear = 直線
paint-falloff-constant = 一定
paint-select-bone-first = ペイント: 先に塗るボーンを選択してください
paint-blur-needs-second = ペイント: ぼかしには 2 つ目のボーンが必要
paint-failed = ペイント: { $error }
paint-painting = { $bone } を塗る
paint-select-bone = 塗るボーンを選択
paint-second-bone = （2 つ目のボーン）
paint-value = 値
paint-radius = 半径
paint-screen = 画面
paint-screen-hint = 半径を画面のピクセルで指定（オフならモデルの単位）
paint-strength = 強さ
paint-mirror = X 軸ミラー
paint-mirror-hint = 対称の頂点の対称のボーンにも塗る（左 ↔ 右）
paint-front-only = 表側のみ
paint-front-only-hint = カメラを向いた頂点だけ（オフなら裏側も）

## ビューでのモーフ編集
morph-edit-target = モーフ:
morph-edit-new = （新規モーフ）
morph-edit-new-hint = 最初のドラッグで新しい頂点モーフを作る
morph-edit-new-failed = 新規頂点モーフ: { $error }
morph-edit-how = 頂点をクリックか矩形で選択して矢印をドラッグ
morph-edit-remove = モーフから { $count } 個を削除
morph-edit-remove-hint = 選択頂点のオフセットをモーフから削除
morph-edit-remove-failed = オフセットを削除できません: { $error }
