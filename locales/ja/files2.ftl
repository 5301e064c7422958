# 開いているファイルが削除・移動されたとき
files2-gone = { $name } は削除または移動されました。モデルは開いたままです。保存すると元の場所に書き戻します。
files2-gone-save = 元の場所に保存
files2-gone-keep = メモリ上で保持
files2-gone-kept = { $name } をメモリ上で保持しています。保存するまでディスクにはありません

# 別フォルダへ書き出す前：テクスチャの扱い
files2-textures-title = モデルのテクスチャ
files2-textures-intro = { $folder } に保存します。ほかのフォルダ（元のモデルのフォルダ、追加したモデルのフォルダ）のテクスチャファイルをここに揃えます。テクスチャファイルの扱い：
files2-textures-copied = 新しいファイルの横にコピー（{ $count }）
files2-textures-shared = 同じ内容のファイルが既にあるので共有（{ $count }）
files2-textures-missing = 見つかりません：パスはそのまま、テクスチャは欠けます（{ $count }）
files2-textures-refused = コピーしません：絶対パスまたはモデルのフォルダ外のパス。パスはそのまま（{ $count }）
files2-textures-renamed = { $stored } → { $path }
files2-textures-save = 保存
files2-textures-cancelled = 保存しませんでした：{ $path }

# モーション・ポーズの読み込み（バックグラウンド）
files2-motion-title = モーションの読み込み
files2-motion-loading = { $name } を読み込み中…
files2-motion-parsing = モーションを解析中
files2-motion-cancelled = { $path } の読み込みを取り消しました：現在のモーションはそのままです
files2-motion-worker-stopped = 読み込みスレッドが停止しました
