export-unknown-format = { $path }: export writes .glb, .gltf or .vrm (by the extension)
export-note = hone: not carried: { $note }
export-written = hone: wrote { $path } ({ $kib } KiB); { $notes ->
    [0] everything carried
    [one] 1 thing not carried (above)
   *[other] { $notes } things not carried (above)
}
