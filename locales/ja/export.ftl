export-note = {"  "}• { $note }
export-filter-glb = glTF バイナリ
export-filter-gltf = glTF（JSON・埋め込み）
export-filter-vrm = VRM 1.0 アバター
export-vrm-title = VRM 1.0 書き出し
export-vrm-author = 作者
export-vrm-license = ライセンス（URL）
export-go = 書き出す
export-cancel = キャンセル
export-running-title = 書き出し中
export-running = { $path } を書き出しています…
export-log-heading = 書き出し: { $heading }
export-log-written = { $path } を書き出しました
export-log-failed = { $path } を書き出せません: { $error }
export-report-title = 書き出しの報告
export-report-all = すべて持ち出せました。
export-close = 閉じる
output-written = hone: { $path } を書き出しました（{ $kib } KiB）{ $notes ->
    [0] {""}
   *[other] 。持ち出せないものが { $notes } 件あります（上記）
}
