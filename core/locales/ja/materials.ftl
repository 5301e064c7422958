# 材質の並べ替え・結合・分割 (core/src/rig/materials.rs, core/src/ops/material_order.rs, merge_materials.rs, split_material.rs)。
ops-material-order-title = 材質を移動…
ops-material-order-help = 選択した材質をその面ごと、ひとまとまりで「移動先」の位置にある材質の直前へ移動します (0 = 先頭、材質数 = 末尾)。材質モーフとソフトボディの参照も追従します。
ops-opt-material-to = 移動先 (この材質の前)
materials-order-label = 材質 { $count } 個を { $to } へ移動
materials-already-there = 材質はすでにその位置にあります
ops-merge-materials-title = 材質を結合
ops-merge-materials-help = 選択した材質を先頭の材質にまとめます (その面、続いて他の材質の面を順に)。設定 (色、テクスチャ、スフィア、Toon、描画フラグ、エッジ) が同じで、材質モーフの扱いも同じである必要があります。材質を 1 つだけ選ぶと、同じ設定の材質をすべて結合します。
materials-merge-label = 材質 { $count } 個を { $name } に結合
materials-merge-summary = 材質 { $count } 個を面 { $faces } の 1 材質に
materials-merge-names = 材質: { $names }
materials-merge-differs = { $name } は { $first } と次の設定が異なります: { $fields }
materials-merge-alone = { $name } と同じ設定の材質は他にありません
materials-merge-morph-differs = 材質モーフ { $morph } が { $first } と { $name } を異なる値で扱っています
materials-field-diffuse = 拡散色
materials-field-specular = 反射色
materials-field-specular-power = 反射強度
materials-field-ambient = 環境色
materials-field-flags = 描画フラグ
materials-field-edge-color = エッジ色
materials-field-edge-size = エッジサイズ
materials-field-texture = テクスチャ
materials-field-sphere = スフィアマップ
materials-field-toon = Toon
ops-split-material-title = 選択面で材質を分割
ops-split-material-help = 3 頂点すべてが選択されている面を、元の材質の直後に作る新しい材質 (同じ設定と材質モーフ、名前は 名前+ または指定した名前) へ移します。面がすべて選択、またはひとつも選択されていない材質はそのままです。
ops-opt-split-name = 新しい材質の名前 (空: 名前+)
materials-split-label = 材質 { $count } 個を分割 (面 { $faces })
materials-split-summary = { $name }: 面 { $faces } を新しい材質へ
materials-split-none = 選択した頂点上に一部の面だけがある材質はありません
# チェック W-MATERIAL-TRANSPARENT-ORDER (core/src/check/materials.rs)。
check-W-MATERIAL-TRANSPARENT-ORDER-meaning = 半透明の材質が、それが覆う不透明の材質より先に描画されます (正面から見た範囲が重なる)
check-W-MATERIAL-TRANSPARENT-ORDER-why = MMD は材質を並び順に描画し、半透明の材質はその時点までに描画されたものと合成します: 後から描画される不透明の材質は透けて見えません
check-W-MATERIAL-TRANSPARENT-ORDER-fix = 半透明の材質を、それが覆う不透明の材質より後ろへ移動します (Hone の修正。材質リストのドラッグ、または 材質 ▸ 材質を移動… でも可)。
check-msg-material-transparent-order = { $material } は半透明で、{ $opaque } より先に描画されます (覆っている不透明の材質 { $count } 個)
check-fix-move-material-after = { $material } を { $after } の後ろへ移動
