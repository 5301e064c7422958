export-note = {"  "}• { $note }
export-filter-glb = glTF binary
export-filter-gltf = glTF (JSON, embedded)
export-filter-vrm = VRM 1.0 avatar
export-vrm-title = Export VRM 1.0
export-vrm-author = Author
export-vrm-license = Licence (URL)
export-go = Export
export-cancel = Cancel
export-running-title = Exporting
export-running = Writing { $path }…
export-log-heading = Export: { $heading }
export-log-written = Exported { $path }
export-log-failed = Cannot export { $path }: { $error }
export-report-title = Export report
export-report-all = Everything was carried.
export-close = Close
output-written = hone: wrote { $path } ({ $kib } KiB){ $notes ->
    [0] {""}
    [one] ; 1 thing not carried (above)
   *[other] ; { $notes } things not carried (above)
}
