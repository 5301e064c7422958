# 操作のメニューとオプションのダイアログ (src/app/generators)。
opsui-needs-bones = 先にボーンを選択してください (チェーンでは根元のボーン)
opsui-needs-vertices = 先に頂点を選択してください
opsui-needs-selection = 先にリストで要素を選択してください
opsui-select-symmetric = 対称の要素を選択
opsui-select-symmetric-hover = 選択した各要素の左右の相手を選択に加えます (名前で、なければ位置で)
opsui-apply = 適用
opsui-apply-hover = 元に戻す1回分
opsui-cancel = キャンセル
opsui-preview = ビューポートでプレビュー
opsui-auto = 自動
opsui-selected-bones = 選択: { $names }{ $more ->
    [0] {""}
   *[other] {" "}ほか { $more } 本
} — 全部で { $count } 本のボーン
opsui-selected-vertices = 選択した頂点 { $count } 個
opsui-whole-model = モデル全体
opsui-only-selection = 選択した { $count } 個の { $kind } のみ
opsui-weight-ops = ウェイト操作
opsui-browse = 参照…
