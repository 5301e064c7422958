# 書き出しの注記の見出し（`hone export`、アプリのログ）。
export-notes-changed = 変更して持ち出したもの:
export-notes-lost = 持ち出せないもの:
