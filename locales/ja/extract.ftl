# 材質をモデルとして抽出、材質の削除 (src/cli/extract.rs、材質リスト)。
extractui-needs-materials = 先に材質を選択してください
extractui-selected-materials = 選択: { $names }{ $more ->
    [0] {""}
   *[other] {" "}ほか { $more } 個
} — 全部で { $count } 個の材質
extractui-save-selected = 選択した材質 ({ $count } 個) をモデルとして保存…
