cli-merge-bad-vec3 = { $flag } には X,Y,Z（数値 3 つ）を指定してください: { $value }
cli-merge-part = { $part } を追加しました:
save-textures-renamed = 保存先にコピーしたテクスチャの名前を変更
