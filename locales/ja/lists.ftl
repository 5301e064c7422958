lists-search-bodies = 剛体を検索
lists-search-joints = ジョイントを検索
lists-search-soft-bodies = ソフトボディを検索
lists-search-textures = テクスチャを検索
lists-fold = 折りたたむ
lists-unfold = 展開
lists-field-name = 名前
