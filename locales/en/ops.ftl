# The operation menus and option dialogs (src/app/generators).
opsui-needs-bones = select the bones first (the chain roots for a chain)
opsui-needs-vertices = select vertices first
opsui-needs-selection = select elements in a list first
opsui-select-symmetric = Select symmetric
opsui-select-symmetric-hover = add each selected element's left/right counterpart (by name, else by place)
opsui-apply = Apply
opsui-apply-hover = one undo step
opsui-cancel = Cancel
opsui-preview = Preview in the viewport
opsui-auto = auto
opsui-selected-bones = selected: { $names }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
} — { $count ->
    [one] 1 bone
   *[other] { $count } bones
} in all
opsui-selected-vertices = { $count ->
    [one] 1 selected vertex
   *[other] { $count } selected vertices
}
opsui-whole-model = whole model
opsui-only-selection = only the { $count } selected { $kind }
opsui-weight-ops = Weight operations
opsui-browse = Browse…
