# The headings an export's notes are listed under (`hone export`, the app's Log).
export-notes-changed = Carried with changes:
export-notes-lost = Not carried:
