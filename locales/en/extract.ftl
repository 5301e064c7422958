# Extracting materials as a model, removing materials (src/cli/extract.rs, the materials list).
extractui-needs-materials = select materials first
extractui-selected-materials = selected: { $names }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more
} — { $count ->
    [one] 1 material
   *[other] { $count } materials
} in all
extractui-save-selected = Save { $count ->
    [one] the selected material
   *[other] the { $count } selected materials
} as model…
