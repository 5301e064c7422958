# What refers to an element (the delete dialog): "5 child bones, 1 rigid body and 2 joints refer to 頭".
refs-child-bones = { $count ->
    [one] 1 child bone
   *[other] { $count } child bones
}
refs-bone-links = { $count ->
    [one] 1 bone link
   *[other] { $count } bone links
}
refs-rigid-bodies = { $count ->
    [one] 1 rigid body
   *[other] { $count } rigid bodies
}
refs-joints = { $count ->
    [one] 1 joint
   *[other] { $count } joints
}
refs-vertex-weights = { $count ->
    [one] 1 vertex weight
   *[other] { $count } vertex weights
}
refs-morphs = { $count ->
    [one] 1 morph
   *[other] { $count } morphs
}
refs-display-frames = { $count ->
    [one] 1 display frame
   *[other] { $count } display frames
}
refs-soft-bodies = { $count ->
    [one] 1 soft body
   *[other] { $count } soft bodies
}
refs-materials = { $count ->
    [one] 1 material
   *[other] { $count } materials
}
refs-nothing = nothing refers to it
refs-separator = {", "}
refs-list = { $first } and { $last }
refs-elements = elements
refs-many-targets = { $count } { $kind }
refs-refer-to = { $count ->
    [one] { $list } refers to { $target }
   *[other] { $list } refer to { $target }
}

# Reading a PMX file (core/src/pmx/read): the details inside a parse error or load warning.
pmx-warning = { $place }: { $message } at byte { $offset }
pmx-read-short = unexpected end of file (needs { $needed } bytes, { $left } left)
read-short = unexpected end of file reading { $what }: { $needed } bytes needed, { $left } left
read-count-too-big = { $what }: { $count }, at least { $needed } bytes needed, only { $left } left
pmx-read-too-many = too many
pmx-read-no-soft-body-count = PMX 2.1 file ends before the soft-body count; read as no soft bodies
pmx-read-trailing-bytes = { $count } bytes after the last section (no PMX data); kept as they are
pmx-read-too-short = file is { $size } bytes, too short for a PMX header
pmx-read-pmx10 = PMX 1.0 ("Pmx " magic) is not a published format; only PMX 2.0 and 2.1 can be read
pmx-read-not-pmx = not a PMX file (magic bytes { $magic }, expected "PMX ")
pmx-read-version = PMX version { $version } is not supported (only 2.0 and 2.1)
pmx-read-few-globals = header declares { $count } globals; PMX needs 8
pmx-read-encoding = text encoding { $value } is neither 0 (UTF-16LE) nor 1 (UTF-8)
pmx-read-uv-count = additional UV count { $count } (PMX allows 0 to 4)
pmx-read-index-size = { $kind } index size { $size } (must be 1, 2 or 4)
pmx-read-extra-globals = header has { $count } globals; PMX { $version } defines 8 (extra kept)
pmx-read-negative = negative { $what } { $value }
pmx-read-flag = { $what } flag is { $value } (expected 0 or 1); read as 1
pmx-read-unknown-kind = unknown { $what } { $value }; kept
pmx-read-negative-text-length = negative text length { $length }
pmx-read-bad-utf8 = invalid UTF-8
pmx-read-bad-utf16 = invalid UTF-16 (odd length or unpaired surrogate)
pmx-read-text-replaced = { $what }; decoded with U+FFFD replacements (will not save byte-identical)
pmx-read-qdef-in-20 = { $count } vertices use QDEF weights, which are PMX 2.1 only, but the file says 2.0 (first: vertex { $first }); read anyway
pmx-read-weight-kind = unknown weight kind { $value } (0..=4 are defined)
pmx-read-face-count = face index count { $count } is not a multiple of 3
pmx-read-flags-21 = draw flags { $flags } use PMX 2.1 bits (vertex colour/point/line) in a 2.0 file; kept
pmx-read-joint-kind-21 = joint kind { $value } ({ $kind }) in a 2.0 file (2.0 has only spring 6DOF); read anyway
pmx-read-morph-kind = unknown morph kind { $value } (0..=10 are defined)
pmx-read-morph-21 = { $kind } morph is PMX 2.1 only but the file says 2.0; read anyway
pmx-read-display-target = display element target { $value } is neither 0 (bone) nor 1 (morph)
pmx-field-count = count
pmx-field-sphere-mode = sphere mode
pmx-field-shared-toon = shared toon
pmx-field-shape = shape
pmx-field-physics-mode = physics mode
pmx-field-joint-kind = joint kind
pmx-field-anchor-near-mode = anchor near-mode
pmx-field-anchor-count = anchor count
pmx-field-pin-count = pin count
pmx-field-ik-link-count = IK link count
pmx-field-ik-link-angle-limit = IK link angle limit
pmx-field-offset-count = offset count
pmx-field-material-morph-operation = material morph operation
pmx-field-impulse-local = impulse local
pmx-field-special-frame = special-frame
pmx-field-element-count = element count

# Rig generators (core/src/rig): input errors and plan notes.
rig-note-no-body-above = { $bone }: no body above it to join to
rig-note-already-joined = { $a } – { $b }: already joined, kept
rig-err-no-bones = no bones given
rig-err-no-such-bone = bone { $index } does not exist (the model has { $count })
rig-note-ring-few-chains = ring: fewer than two chains, no ring joints
rig-err-no-length = none of the { $count } bones below { $names } has a length to put a body on
rig-err-mass = mass must be positive, not { $mass }
rig-err-group = collision group { $group } is not 0-15
rig-note-already-has-body = { $bone }: already has a body, kept
rig-note-no-length = { $bone }: no length (no tail or single child), no body
rig-err-morph-needs-name = a new morph needs a name
rig-err-morph-no-offsets = morph "{ $name }" would have no offsets
rig-err-vertex-count-differs = the other model has { $other } vertices, this one { $this }: a vertex morph needs the same vertices
rig-err-uv-layer = UV layer must be 0..=4, not { $layer }
rig-err-offsets-kind = morph "{ $name }" is a { $kind } morph; the offsets are of another kind

# Rig: mirror, arguments, weights, semi-standard bones, paint, rest pose.
mirror-skip-no-counterpart = { $kind } 「{ $name }」: no counterpart on the { $side } side
mirror-skip-no-side = { $kind } 「{ $name }」: no side in its name
mirror-skip-misplaced = { $kind } 「{ $name }」: named { $side } but lies on the other side
mirror-skip-by-place = { $kind } 「{ $name }」: its counterpart by place is 「{ $other }」 (named without a side); overwritten, name kept
mirror-skip-target-misplaced = { $kind } 「{ $name }」: named { $side } but lies on the other side; not overwritten
mirror-err-tolerance = tolerance must be a non-negative number, not { $value }
mirror-skip-not-bone-morph = morph 「{ $name }」: only bone morphs are mirrored
side-left = left
side-right = right
side-err = side must be left or right, not "{ $value }"
args-err-one-of = { $what } must be one of { $names }, not "{ $value }"
args-err-positive = { $what } must be a positive number, not { $value }
args-err-group = group must be 0-15, not { $group }
args-err-mask-and-no-collide = give mask or no_collide, not both
args-err-no-collide-group = no_collide: group { $group } is not 0-15
args-err-empty-name = name pattern is empty
weights-err-limit = limit: bone count must be 1..=4, not { $count }
weights-err-prune = prune: threshold must be in 0..1, not { $value }
weights-err-transfer = transfer: ratio must be in 0..=1, not { $value }
semi-skip-exists = { $name }: already there
semi-skip-missing = { $name }: the model has no { $needs }
semi-skip-same-place = { $name }: { $upper } and { $lower } are at the same place
paint-err-radius = brush radius must be positive, not { $value }
paint-err-mirror-table = mirror table has { $entries } entries for { $vertices } vertices
paint-err-positions = { $positions } positions for { $vertices } vertices
rest-err-bone-count = the pose has { $pose } bones, the model { $model }
rest-err-nothing = the pose is the rest pose: nothing to apply
transfer-err-no-triangles = the source model has no triangles

# Script fields (core/src/ops/script/fields.rs): why a value cannot be set.
field-err-no-named = no { $kind } named "{ $name }"
field-err-out-of-range = { $kind } index { $index } is out of range (the model has { $count })
field-err-expected-reference = expected a { $kind } name or index, not { $value }
field-err-expected-range = expected 0-{ $max }, not { $value }
field-err-expected-one-of = expected one of { $names }, not "{ $value }"
field-err-expected-number = expected a number, not { $value }
field-why-face-count = faces follow their material
field-err-read-only = { $kind }.{ $field } cannot be set: { $why }
field-err-no-field = { $kind } has no field "{ $field }" (fields: { $fields })
field-err-bad-value = bad value for { $kind }.{ $field }: { $reason }
field-err-expected-bool = expected true or false, not { $value }
field-err-expected-groups = expected a list of groups 0-15: { $reason }
field-err-group = group { $group } is not 0-15
field-err-expected-group = expected a group 0-15, not { $value }
field-why-special-frame = the spec fixes which frames (Root, 表情) are special

# Operation arguments (core/src/ops).
mirror-err-skip = cannot skip "{ $part }" (parts: { $parts })
mirror-err-empty-selection = { $selector } names no bone, rigid body, joint or morph
semi-err-unknown = unknown semi-standard bone "{ $name }" (one of { $names })
weights-err-unknown-kind = unknown weight kind "{ $name }" (bdef1, bdef2, bdef4, sdef, qdef)
script-label-add-at = Add { $kind } at #{ $at }

# Reading a PMD file (core/src/pmx/pmd): error and warning details (the byte field names stay as the format names them).
pmd-read-not-pmd = not a PMD file (magic is not "Pmd")
pmd-read-version = PMD version { $version } (expected 1.0); reading as 1.0
pmd-read-weight-over-100 = bone weight { $weight } is over 100; kept as { $kept }
pmd-read-face-count = { $count } face indices is not a multiple of 3; the last { $dropped } are dropped
pmd-read-trailing = { $count } bytes after the last joint are ignored

# Converting a PMD model to PMX (core/src/pmx/pmd/convert.rs): load warnings.
pmd-conv-toon = toon index { $index } is not 0..=9 or 255; no toon
pmd-conv-twist-no-tail = twist bone without a usable tail bone: no fixed axis
pmd-conv-bone-type = unknown bone type { $kind }; read as a rotate bone
pmd-conv-ik-bone-range = IK bone { $bone } is out of range; chain dropped
pmd-conv-second-ik = second IK chain on bone { $owner }; added bone "{ $name }"
pmd-conv-second-base = a second base expression; kept as a morph in panel 4
pmd-conv-no-base = no base expression to resolve vertices; offsets dropped
pmd-conv-base-entry = base entry { $index } is out of range ({ $count } entries); offset dropped
pmd-conv-base-listed = the base expression is listed for display; skipped
pmd-conv-bone-frame = bone { $bone } is listed in frame { $frame }, which does not exist; dropped
pmd-conv-body-bone = bone { $bone } is out of range; position taken relative to bone 0

# Motions and poses (core/src/motion, core/src/deform/pose_json.rs): read errors and notes.
vmd-read-not-vmd = not a VMD file (no "Vocaloid Motion Data" magic)
vmd-read-ik-count = property key IK count { $count } needs { $needed } bytes, { $left } left
vpd-err-line = VPD line { $line }: { $message }
vpd-err-numbers-end = expected { $count } numbers ending in ';', found "{ $found }"
vpd-err-numbers-count = expected { $count } numbers, found { $found } in "{ $text }"
vpd-err-not-number = "{ $text }" is not a number
vpd-err-ends-before = the file ends before { $what }
vpd-part-signature = the signature
vpd-err-not-vpd = not a VPD file (expected "{ $signature }")
vpd-part-model-name = the model name line
vpd-err-model-name-end = the model name line must end in ';'
vpd-part-bone-count = the bone count
vpd-err-bone-count = expected the bone count like "12;", found "{ $found }"
vpd-part-block = a block
vpd-err-block-head = expected Bone<i>{"{"} or Morph<i>{"{"}, found "{ $found }"
vpd-err-no-brace = { $kind } block without '{"{"}'
vpd-note-bone-after-morph = line { $line }: bone block after morph blocks
vpd-part-translation = the bone's translation
vpd-part-quaternion = the bone's quaternion
vpd-note-zero-quaternion = line { $line }: zero quaternion of "{ $name }" read as identity
vpd-part-morph-weight = the morph's weight
vpd-err-close = expected '{"}"}' closing the { $kind } block, found "{ $found }"
vpd-note-count = the count line says { $count } bones, the file has { $found }
vpd-note-not-sjis = "{ $name }" has characters Shift-JIS cannot hold
pose-note-unknown-bone = unknown bone "{ $name }" ignored
pose-note-unknown-morph = unknown morph "{ $name }" ignored
pose-err-array = { $what }: expected an array of { $count } numbers
pose-err-numbers = { $what }: expected numbers
pose-err-json = pose JSON: { $reason }
pose-err-top-level = pose JSON: the top level must be an object
pose-err-bones-object = pose JSON: "bones" must be an object
pose-note-zero-quaternion = bone "{ $name }": zero quaternion treated as identity
pose-err-morphs-object = pose JSON: "morphs" must be an object
pose-err-morph-weight = morph "{ $name }": weight must be a number

# Writing a PMX file (core/src/pmx/write.rs, needs.rs): why it cannot be written.
pmx-write-extra-globals = { $count } extra header globals (at most 247 fit)
pmx-write-count = count { $count } does not fit PMX's 32-bit counts
pmx-write-count-of = { $what }: count { $count } does not fit 32 bits
pmx-write-uv-layer = UV morph "{ $name }" has layer { $layer } (0 = UV, 1..=4 = additional UV)
pmx-write-too-many = { $count } { $what } do not fit PMX's 32-bit counts

pmx-write-not-a-file = { $path }: not a file path

# Weight edits' field names in History labels (core/src/rig/weights.rs, sdef.rs).
weights-field-normalize = weights (normalize)
weights-field-of = weight of { $bone }
weights-field-scale = weight of { $bone } ×{ $factor }
weights-field-limit = weights (limit to { $count } bones)
weights-field-prune = weights (prune < { $threshold })
weights-field-transfer = weights ({ $from } → { $to })
weights-field-kind = weight kind = { $kind }
weights-field-sdef = weights (BDEF2 → SDEF)

lang-err-unknown = unknown language "{ $value }" (ja or en)

# Kind identifiers in `hone info`'s table (core/src/pmx/summary.rs kind_label); English shows the identifiers.
kind-morph-group = group
kind-morph-vertex = vertex
kind-morph-bone = bone
kind-morph-uv = uv
kind-morph-additional-uv1 = additional_uv1
kind-morph-additional-uv2 = additional_uv2
kind-morph-additional-uv3 = additional_uv3
kind-morph-additional-uv4 = additional_uv4
kind-morph-material = material
kind-morph-flip = flip
kind-morph-impulse = impulse
kind-mode-follow-bone = follow_bone
kind-mode-dynamic = dynamic
kind-mode-dynamic-bone-position = dynamic_bone_position
kind-shape-sphere = sphere
kind-shape-box = box
kind-shape-capsule = capsule
kind-joint-spring-6dof = spring_6dof
kind-joint-6dof = 6dof
kind-joint-p2p = p2p
kind-joint-cone-twist = cone_twist
kind-joint-slider = slider
kind-joint-hinge = hinge
kind-unknown = unknown

# More messages the lint found.
vmd-what-key-count = { $kind } key count
pose-what-rot = bone "{ $name }" rot
pose-what-pos = bone "{ $name }" pos
field-err-frame-item = expected "bone:NAME" or "morph:NAME", not "{ $value }"
mirror-nothing = { $skipped ->
    [0] the { $to } side already mirrors the { $from } side
   *[other] the { $to } side already mirrors the { $from } side ({ $skipped } elements skipped)
}
semi-nothing = no semi-standard bone to add ({ $skipped })
