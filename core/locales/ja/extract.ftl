# 材質の削除と整理、材質の抽出 (core/src/rig/parts.rs, core/src/ops/remove_materials.rs)。
ops-remove-materials-title = 材質を削除して整理
ops-remove-materials-help = 選択した材質をその面ごと削除し、それだけが使っていた頂点、テクスチャ、ボーン (ウェイト・子ボーン・剛体・モーフでの使用がないもの)、空になったモーフと表示枠を削除します。
remove-materials-label = 材質 { $count } 個を削除して整理
remove-materials-summary = 材質 { $materials }、頂点 { $vertices }、テクスチャ { $textures }、ボーン { $bones }、剛体 { $bodies }、ジョイント { $joints }、モーフ { $morphs }、表示枠 { $frames } を削除
remove-materials-materials = 材質: { $names }
remove-materials-bones = ボーン: { $names }
remove-materials-textures = テクスチャ: { $names }
remove-materials-bodies = 剛体: { $names }
remove-materials-morphs = モーフ: { $names }
remove-materials-frames = 表示枠: { $names }
check-fix-add-to-named-frame = { $element } を表示枠「{ $frame }」に追加する (無ければ作る)
