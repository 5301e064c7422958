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
