recovery-title = Recover unsaved work
recovery-explain = Hone was closed without saving these models (a crash or a kill). Their last autosaved state can be restored.
recovery-when = { $ago } ago, { $edits ->
    [one] 1 edit
   *[other] { $edits } edits
}
recovery-restore = Restore
recovery-save-as = Save as…
recovery-discard = Discard
recovery-later = Decide later
recovery-ago-seconds = { $n } s
recovery-ago-minutes = { $n } min
recovery-ago-hours = { $n } h
recovery-ago-days = { $n } d
recovery-restored = Restored { $name } from its autosaved copy (unsaved: save to keep it)
recovery-saved = Saved the recovered copy of { $name } as { $path }
recovery-discarded = Discarded the recovered copy of { $name }
recovery-failed = Autosave failed: { $error }
recover-no-folder = no recovery folder: neither HONE_RECOVERY_DIR nor a data directory is set
recover-none = no unsaved work to recover (in { $folder })
recover-row = { $seconds } s ago, { $edits ->
    [one] 1 edit
   *[other] { $edits } edits
}
recover-no-entry = there is no copy { $n } ({ $count } listed by hone recover --list)
recover-needs-output = say where to write it: hone recover N -o OUT.pmx
recover-written = wrote copy { $n } to { $path }
