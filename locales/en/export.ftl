export-note = {"  "}• { $note }
export-log-heading = Export: { $heading }
output-written = hone: wrote { $path } ({ $kib } KiB){ $notes ->
    [0] {""}
    [one] ; 1 thing not carried (above)
   *[other] ; { $notes } things not carried (above)
}
