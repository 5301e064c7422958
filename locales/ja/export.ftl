export-note = {"  "}• { $note }
export-log-heading = 書き出し: { $heading }
output-written = hone: { $path } を書き出しました（{ $kib } KiB）{ $notes ->
    [0] {""}
   *[other] 。持ち出せないものが { $notes } 件あります（上記）
}
