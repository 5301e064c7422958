export-note = hone: 持ち出せないもの: { $note }
output-written = hone: { $path } を書き出しました（{ $kib } KiB）{ $notes ->
    [0] {""}
   *[other] 。持ち出せないものが { $notes } 件あります（上記）
}
