export-unknown-format = { $path }: 書き出せるのは .glb、.gltf、.vrm です（拡張子で決まります）
export-note = hone: 持ち出せないもの: { $note }
export-written = hone: { $path } を書き出しました（{ $kib } KiB）。{ $notes ->
    [0] すべて持ち出せました
   *[other] 持ち出せないものが { $notes } 件あります（上記）
}
