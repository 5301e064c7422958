export-sdef-linear = { $count ->
    [one] 1 SDEF vertex exported with linear weights (glTF has no SDEF)
   *[other] { $count } SDEF vertices exported with linear weights (glTF has no SDEF)
}
export-qdef-linear = { $count ->
    [one] 1 QDEF vertex exported with linear weights (glTF has no dual-quaternion skinning)
   *[other] { $count } QDEF vertices exported with linear weights (glTF has no dual-quaternion skinning)
}
export-weights-normalised = { $count ->
    [one] 1 vertex's weights did not sum to 1 (or named a bone twice) and were normalised
   *[other] { $count } vertices' weights did not sum to 1 (or named a bone twice) and were normalised
}
export-ik-dropped = { $count ->
    [one] 1 IK bone exported as a plain bone (glTF has no IK)
   *[other] { $count } IK bones exported as plain bones (glTF has no IK)
}
export-append-dropped = { $count ->
    [one] 1 bone's append (付与) rotation or move not carried
   *[other] { $count } bones' append (付与) rotations or moves not carried
}
export-physics-dropped = { $bodies } rigid bodies and { $joints } joints not exported (glTF has no physics)
export-soft-bodies-dropped = { $count ->
    [one] 1 soft body not exported
   *[other] { $count } soft bodies not exported
}
export-morphs-dropped = { $count ->
    [one] 1 morph that is not a vertex morph (group, bone, UV, material, flip, impulse) not exported
   *[other] { $count } morphs that are not vertex morphs (group, bone, UV, material, flip, impulse) not exported
}
export-point-line-dropped = { $count ->
    [one] 1 point or line material not exported
   *[other] { $count } point or line materials not exported
}
export-bad-faces-dropped = { $count ->
    [one] 1 triangle naming a missing vertex not exported
   *[other] { $count } triangles naming a missing vertex not exported
}
export-toon-sphere-dropped = { $count ->
    [one] 1 material's toon or sphere texture not carried (glTF materials have no such slot)
   *[other] { $count } materials' toon or sphere textures not carried (glTF materials have no such slot)
}
export-texture-missing = texture { $name } not embedded: { $reason }
export-texture-not-found = file not found beside the model
export-too-many-bones = { $count } bones are more than glTF's joint indices hold (65536): the mesh is exported unskinned
export-too-large = the export would be { $mib } MiB, past glTF's 4 GiB limit
export-vrm-box-colliders = { $count ->
    [one] 1 static box body not made a collider (VRM colliders are spheres and capsules)
   *[other] { $count } static box bodies not made colliders (VRM colliders are spheres and capsules)
}
export-vrm-bones-skipped = humanoid bones left out (not under their humanoid parent): { $names }
export-vrm-a-pose = the rest pose is kept as the model has it (MMD's A pose); VRM 1.0 expects a T pose
export-vrm-springs = { $springs } spring chains ({ $joints } joints) made from the dynamic rigid bodies: their stiffness, drag and gravity are derived from the bodies and joints (docs/export.md)
export-vrm-not-humanoid = cannot make a VRM: no bone fits the required humanoid bones { $missing }
export-vrm-needs-meta = a VRM needs an author and a licence URL (--author, --license)
export-vrm-expression-missing = expression { $expression }: the model has no morph { $morph }
export-vrm-t-pose = arms turned into VRM's T pose (up to { $degrees }°) and baked into the bind pose
export-vrm-matcap = { $carried } additive sphere maps became MToon matcaps; { $dropped } multiply or sub-texture sphere maps are not carried (MToon's matcap only adds); { $toons } toon textures are approximated by the shade colour
export-expressions-unreadable = cannot read the expression map { $path }: { $error }
export-expressions-bad-json = the expression map is not valid JSON: { $error }
export-expressions-not-object = the expression map must be a JSON object of expression → morph name, or → {"{"} morph: weight {"}"}
export-expressions-bad-entry = expression { $expression }: give a morph name or an object of morph names and weights
export-expressions-bad-weight = expression { $expression }: the weight of { $morph } is not a number
export-expressions-bad-line = expression map, line { $line }: { $reason }
export-expressions-need-two = write expression,morph[,weight]
