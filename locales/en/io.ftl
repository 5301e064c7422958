# Saving, CSV import and export (English). Keys are shared with ja/io.ftl.
save-rule-note = Save: { $note }
