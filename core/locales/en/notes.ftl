# Simulation notes, stability reports, deform-order reasons, `hone info` and
# `hone simulate` text (English). Keys are shared with ja/notes.ftl.

## Stability: what a body did wrong (joined with ", ")
trouble-stretch = stretches { $distance } units from its bone
trouble-spin = spins { $speed } rad/s
trouble-oscillation = oscillates ({ $rate } reversals/s)
trouble-separator = {", "}

## Deform order: why a bone sits where it does
order-parent-later = parent #{ $parent } comes later: deformed from the parent's rest pose
order-append-source-later = append source #{ $source } (itself an append bone) comes later: multi-level append reads its reset value
order-local-append-source-later = local append source #{ $source } comes later: reads its rest matrix
order-ik-link-later = link of IK #{ $ik }, which comes earlier: recomputed with the IK rotation kept
order-external-parent = external parent key { $key }
order-phase-after-physics = after physics (flag 0x1000)
order-phase-before-physics = before physics
order-reason = #{ $position }: { $phase }, layer { $layer }, then file index { $bone }
order-note-separator = {"; "}

## `hone info`: the model summary table
info-header-pmx = PMX { $version } ({ $encoding })
info-header-other = { $format } (read as PMX { $version }, { $encoding })
info-name = name
info-name-en = name (en)
info-additional-uvs = additional UVs
info-index-sizes = index sizes
info-index-sizes-value = vertex { $vertex } texture { $texture } material { $material } bone { $bone } morph { $morph } rigid body { $rigid_body }
info-counts = counts
info-vertices = vertices
info-faces = faces
info-textures = textures
info-materials = materials
info-bones = bones
info-ik-bones = IK bones
info-morphs = morphs
info-display-frames = display frames
info-rigid-bodies = rigid bodies
info-joints = joints
info-soft-bodies = soft bodies
info-weights = weights
info-morph-kinds = morph kinds
info-rigid-body-modes = rigid body modes
info-rigid-body-shapes = rigid body shapes
info-joint-kinds = joint kinds
info-v21-features = PMX 2.1 features
info-warnings = warnings
info-notes = notes
info-list-title = { $title } ({ $count })

## `hone simulate`: the text report
sim-frames = frames simulated: { $frames } at { $fps } fps
sim-stage = stage
sim-mean-us = mean µs
sim-max-us = max µs
sim-stage-morphs = morphs
sim-stage-bones-before-physics = bones_before_physics
sim-stage-kinematic-sync = kinematic_sync
sim-stage-physics = physics
sim-stage-write-back = write_back
sim-stage-bones-after-physics = bones_after_physics
sim-stage-skinning = skinning
sim-stage-soft-bodies = soft_bodies
sim-stage-normals = normals
sim-whole-frame = whole frame
sim-non-finite-steps = non-finite body steps: { $count }
sim-non-finite-vertices = non-finite vertices at the end: { $count }
sim-max-speed = largest body speed: { $speed } units/s
sim-dynamic-bodies = dynamic bodies: { $count }; largest distance from the bone-driven place:
sim-unstable-none = unstable bodies: none
sim-unstable = unstable bodies ({ $count }):
sim-notes = physics notes ({ $count }):
sim-final-matrices = final bone matrices: use --json
sim-missing-bones = hone simulate: { $count } motion bones not in the model, ignored: { $names }
sim-missing-morphs = hone simulate: { $count } motion morphs not in the model, ignored: { $names }
sim-missing-ik = hone simulate: { $count } motion IK switches not in the model, ignored: { $names }
sim-bad-fps = --fps must be a positive number, not { $fps }
sim-bad-every = --every must be at least 1
sim-bad-warm-up = --warm-up must be 0 or more seconds, not { $seconds }
