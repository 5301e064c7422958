# File ▸ the output operations (src/app/outputs.rs): the menu entries, the generated dialog, the run.
outputs-busy = Another file is being written; wait for it or cancel it
outputs-needs-motion = Load a motion first (File ▸ Load motion…)
outputs-run = Run
outputs-needs-file = Name the file to write first
outputs-motion = Motion: { $name }
outputs-file = File
outputs-filter = { $ext } file
outputs-running-title = { $op }: running
outputs-cancelling = Cancelling…
outputs-report-title = { $op }: report
outputs-close = Close
outputs-log-written = { $op }: wrote { $path }
outputs-log-cancelled = { $op }: cancelled; { $path } was not written
outputs-log-failed = { $op }: cannot write { $path }: { $error }
cli-edit-cannot-make-folder = cannot make the folder { $path }: { $error }
