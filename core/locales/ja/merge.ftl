merge-label = モデル追加 { $part }（新規ボーン { $bones }、一致 { $matched }）
merge-no-part-bone = パーツに { $name } というボーンがありません
merge-no-base-bone = モデルに { $name } というボーンがありません
merge-summary-added = 頂点 { $vertices }、材質 { $materials }、ボーン { $bones }、モーフ { $morphs }、剛体 { $bodies }、ジョイント { $joints } を追加
merge-summary-matched = パーツのボーン { $count } 個をモデルのボーンとして扱います: { $bones }
merge-summary-combined = モーフ { $count } 個をモデルのモーフと統合: { $morphs }
merge-summary-shared-bodies = 一致したボーンの剛体 { $count } 個は追加せず、モデルの剛体を使います
merge-summary-renamed = { $kind } { $old } を { $new } に改名（名前が重複するため）
merge-summary-textures = パーツのテクスチャはパーツのフォルダ（{ $dir }）から読みます。モデルを保存すると（hone edit、hone merge、保存）モデルの横にコピーされます
textures-copied = テクスチャ { $count } 個を { $to } にコピーしました
textures-missing = テクスチャが見つかりません: { $path }
textures-refused = テクスチャをコピーしませんでした（絶対パスまたはフォルダ外）: { $path }
merge-title = モデル追加…
merge-help = 別のモデルファイルからパーツ（アクセサリ・髪・衣装）を追加します。ボーンの下に付けるか、名前が同じボーンで結合します。重複する名前には接頭辞を付け、非衝突グループはずらせます。元に戻すは 1 回です。
merge-opt-part = パーツのモデルファイル
merge-opt-attach = 付けるボーン
merge-opt-match = ボーンの対応
merge-opt-match-names = 名前（完全一致、次に標準の別名）
merge-opt-match-none = なし（パーツのボーンはすべて新規）
merge-opt-map = ボーンの組（パーツ=モデル, …）
merge-opt-prefix = 重複する名前の接頭辞（空欄: パーツ名）
merge-opt-offset = オフセット
merge-opt-group-offset = グループのずらし量
merge-opt-morphs = 同名のモーフ
merge-opt-morphs-combine = 統合する
merge-opt-morphs-prefix = 接頭辞を付けて追加
merge-opt-share-bodies = 一致したボーンはモデルの剛体を使う
merge-bad-map = ボーンの組 { $pair } が パーツ=モデル の形ではありません
