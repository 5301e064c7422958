# The Materials menu (src/app/menus.rs, src/app/generators/mod.rs materials_menu).
menu-materials = Materials
# hone --dialog JSON (src/cli/gui.rs).
cli-err-dialog-json = --dialog takes a JSON object, a script step with "op": { $reason }
cli-err-dialog-op = --dialog: no operation named "{ $name }"
