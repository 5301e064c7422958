# Material order, merge and split (core/src/rig/materials.rs, core/src/ops/material_order.rs, merge_materials.rs, split_material.rs).
ops-material-order-title = Move materials…
ops-material-order-help = Moves the selected materials, with their faces, as one block to just before the material now at "to" (0 = first, the material count = last). Material morphs and soft bodies follow.
ops-opt-material-to = Move before material
materials-order-label = Move { $count } materials to { $to }
materials-already-there = the materials are already there
ops-merge-materials-title = Merge materials
ops-merge-materials-help = Merges the selected materials into the first of them: its faces, then the others' in order. They must have the same settings (colours, texture, sphere, toon, flags, edge); material morphs must treat them alike. One selected material merges every material with its settings.
materials-merge-label = Merge { $count } materials into { $name }
materials-merge-summary = { $count } materials become one with { $faces } faces
materials-merge-names = Materials: { $names }
materials-merge-differs = { $name } differs from { $first } in: { $fields }
materials-merge-alone = no other material has the settings of { $name }
materials-merge-morph-differs = material morph { $morph } treats { $first } and { $name } differently
materials-field-diffuse = diffuse colour
materials-field-specular = specular colour
materials-field-specular-power = specular power
materials-field-ambient = ambient colour
materials-field-flags = drawing flags
materials-field-edge-color = edge colour
materials-field-edge-size = edge size
materials-field-texture = texture
materials-field-sphere = sphere map
materials-field-toon = toon
ops-split-material-title = Split material by selected faces
ops-split-material-help = The faces all of whose three vertices are selected go to a new material right after theirs, with the same settings and material morph offsets, named NAME+ (or the given name). A material with all or none of its faces selected is left as it is.
ops-opt-split-name = New material's name (empty: NAME+)
materials-split-label = Split { $count } materials ({ $faces } faces)
materials-split-summary = { $name }: { $faces } faces to a new material
materials-split-none = no material has some but not all of its faces on the selected vertices
# The check W-MATERIAL-TRANSPARENT-ORDER (core/src/check/materials.rs).
check-W-MATERIAL-TRANSPARENT-ORDER-meaning = A semi-transparent material is drawn before an opaque material it covers (their front-view boxes overlap)
check-W-MATERIAL-TRANSPARENT-ORDER-why = MMD draws materials in list order and blends a semi-transparent one with what is already drawn: the opaque material drawn later does not show through it
check-W-MATERIAL-TRANSPARENT-ORDER-fix = Move the semi-transparent material after the opaque ones it covers (Hone's fix; the Materials list's drag or Materials ▸ Move materials…).
check-msg-material-transparent-order = { $material } is semi-transparent and drawn before { $opaque } ({ $count } opaque materials it covers)
check-fix-move-material-after = move { $material } to after { $after }
