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

## Physics notes: what the simulation approximates, clamps or leaves out.
## Joint and soft-body notes read as labels ("not simulated: …", "approximated: …");
## rigid-body notes keep their own wording.
note-kind-rigid-bodies = rigid bodies
note-kind-joints = joints
note-kind-soft-bodies = soft bodies
note-target-rigid-body = rigid body { $index } { $name }
note-target-joint = joint { $index } { $name }
note-target-soft-body = soft body { $index } { $name }
note-group-line = { $kind } ({ $count }): { $label } — { $targets }
note-group-more = …
note-list-separator = {", "}

# Rigid bodies
note-body-mode2-as-mode1 = mode 2 jointed to its simulated parent: runs as mode 1, as in MMD
note-body-bone-out-of-range = bone index { $bone } out of range: linked to no bone
note-body-unknown-mode = unknown mode { $mode }: simulated as mode 1
note-body-massless = mass { $mass } on a simulated body: follows its bone (Bullet makes it static)
note-body-group-above-15 = collision group { $group } is above 15: in no group, it collides with nothing (as in MMD)
note-body-bone-driven-twice = bone { $bone } is already driven by rigid body { $other }: this body does not write it
note-body-size-clamped = { $what } { $value } is not a usable size: clamped to { $min }
note-body-size-sphere-radius = sphere radius
note-body-size-box-half-width = box half-width
note-body-size-box-half-height = box half-height
note-body-size-box-half-depth = box half-depth
note-body-size-capsule-radius = capsule radius
note-body-capsule-height-clamped = capsule height { $value } clamped to 0
note-body-unknown-shape = unknown shape { $shape }: simulated as a sphere of radius x

# Joints
note-joint-solved-by-rapier = approximated: solved by rapier's generic joint (its angular limits are per axis of the relative rotation, its solver not Bullet's)
note-joint-springs-unused = not simulated: spring constants are not used by this joint kind
note-joint-limits-unused = not simulated: limits and spring constants are not used by P2P
note-joint-cone-ellipse = approximated: swing spans differ: the elliptic cone is approximated by a circular cone of the smaller span
note-joint-softness = not simulated: softness / bias / relaxation factors
note-joint-cone-damping = not simulated: cone-twist damping and fix threshold
note-joint-cone-motor = not simulated: cone-twist motor: only the twist (X) target is driven; swing targets
note-joint-motor-impulse = approximated: motor impulse limit converted to a force over one physics sub-step
note-joint-slider-motor = approximated: slider motors are velocity motors with the given maximum force (stiffness of the velocity tracking is Hone's choice)
note-joint-negative-span = approximated: negative cone-twist spans: absolute value used
note-joint-non-finite = non-finite joint parameters replaced by 0
note-joint-unknown-kind = not simulated: unknown joint kind
note-joint-same-body = not simulated: joins a rigid body to itself
note-joint-body-out-of-range = not simulated: rigid body index out of range (A { $a }, B { $b })

# Soft bodies
note-soft-clamped01 = { $what } { $value } outside [0, 1]: clamped to { $clamped }
note-soft-unknown-shape = not simulated: unknown shape { $shape }
note-soft-material-out-of-range = not simulated: material index { $material } out of range
note-soft-faces-truncated = approximated: the material's face range runs past the face list: truncated
note-soft-faces-dropped = { $count } faces with out-of-range vertices ignored
note-soft-no-faces = not simulated: the material has no usable faces
note-soft-trimesh-as-rope = approximated: TriMesh on a material without triangles: simulated as a rope
note-soft-mass-not-positive = approximated: total mass { $mass } is not positive: 1 used
note-soft-pins-outside = { $count } pin vertices are not in the soft body: ignored
note-soft-blinks-ast = approximated: B-links use AST as their stiffness (Bullet gives them LST)
note-soft-blink-distance = approximated: B-link distance { $distance } capped at 16
note-soft-blinks-capped = approximated: B-links capped at { $max } per particle
note-soft-anchor-foreign = anchor (rigid body { $body }, vertex { $vertex }) does not refer to this soft body: ignored
note-soft-iterations-clamped = position iterations { $iterations } clamped to { $clamped }
note-soft-margin-clamped = margin { $margin } clamped to 0
note-soft-group-above-15 = group { $group } is above 15: in no group, it collides with nothing (as in MMD)
