# Removing materials and cleaning up, extracting materials (core/src/rig/parts.rs, core/src/ops/remove_materials.rs).
ops-remove-materials-title = Remove materials and clean up
ops-remove-materials-help = Removes the selected materials with their faces, then the vertices, textures and bones only they used (no weights, children, bodies or morph use), morphs left empty and display frames left empty.
remove-materials-label = Remove { $count } materials and clean up
remove-materials-summary = { $materials } materials, { $vertices } vertices, { $textures } textures, { $bones } bones, { $bodies } rigid bodies, { $joints } joints, { $morphs } morphs and { $frames } display frames go
remove-materials-materials = Materials: { $names }
remove-materials-bones = Bones: { $names }
remove-materials-textures = Textures: { $names }
remove-materials-bodies = Rigid bodies: { $names }
remove-materials-morphs = Morphs: { $names }
remove-materials-frames = Display frames: { $names }
check-fix-add-to-named-frame = add { $element } to the display frame 「{ $frame }」 (made if missing)
