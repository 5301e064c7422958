# The dock panels and the inspector (src/app/panels). Keys shared with ja/panels.ftl.

## Words for the core's enums (panels/terms.rs)
panels-kind-header = header
panels-kind-info = model info
panels-kind-vertex = vertex
panels-kind-face = face
panels-kind-texture = texture
panels-kind-material = material
panels-kind-bone = bone
panels-kind-morph = morph
panels-kind-display-frame = display frame
panels-kind-rigid-body = rigid body
panels-kind-joint = joint
panels-kind-soft-body = soft body
panels-kinds-header = headers
panels-kinds-info = model infos
panels-kinds-vertex = vertices
panels-kinds-face = faces
panels-kinds-texture = textures
panels-kinds-material = materials
panels-kinds-bone = bones
panels-kinds-morph = morphs
panels-kinds-display-frame = display frames
panels-kinds-rigid-body = rigid bodies
panels-kinds-joint = joints
panels-kinds-soft-body = soft bodies
panels-n-headers = { $count ->
    [one] 1 header
   *[other] { $count } headers
}
panels-n-infos = { $count ->
    [one] 1 model info
   *[other] { $count } model infos
}
panels-n-vertices = { $count ->
    [one] 1 vertex
   *[other] { $count } vertices
}
panels-n-faces = { $count ->
    [one] 1 face
   *[other] { $count } faces
}
panels-n-textures = { $count ->
    [one] 1 texture
   *[other] { $count } textures
}
panels-n-materials = { $count ->
    [one] 1 material
   *[other] { $count } materials
}
panels-n-bones = { $count ->
    [one] 1 bone
   *[other] { $count } bones
}
panels-n-morphs = { $count ->
    [one] 1 morph
   *[other] { $count } morphs
}
panels-n-display-frames = { $count ->
    [one] 1 display frame
   *[other] { $count } display frames
}
panels-n-rigid-bodies = { $count ->
    [one] 1 rigid body
   *[other] { $count } rigid bodies
}
panels-n-joints = { $count ->
    [one] 1 joint
   *[other] { $count } joints
}
panels-n-soft-bodies = { $count ->
    [one] 1 soft body
   *[other] { $count } soft bodies
}
panels-unknown = unknown
panels-shape-sphere = sphere
panels-shape-box = box
panels-shape-capsule = capsule
panels-mode-bone = bone
panels-mode-physics = physics
panels-mode-physics-bone = physics + bone
panels-joint-spring-6dof = spring_6dof
panels-joint-6dof = 6dof
panels-joint-p2p = p2p
panels-joint-cone-twist = cone_twist
panels-joint-slider = slider
panels-joint-hinge = hinge
panels-morph-group = group
panels-morph-vertex = vertex
panels-morph-bone = bone
panels-morph-uv = uv
panels-morph-uv1 = additional_uv1
panels-morph-uv2 = additional_uv2
panels-morph-uv3 = additional_uv3
panels-morph-uv4 = additional_uv4
panels-morph-material = material
panels-morph-flip = flip
panels-morph-impulse = impulse
panels-soft-trimesh = tri-mesh
panels-soft-rope = rope

## Small lists
panels-clear = Clear
textures-users = { $count ->
    [one] 1 material
   *[other] { $count } materials
}
history-undo = Undo
history-redo = Redo
history-saved-mark = {"  "}(saved)
history-opened = Opened
history-restored = Restored from autosave (unsaved)
log-clear = Clear
log-count = { $count ->
    [one] 1 message
   *[other] { $count } messages
}
materials-show-all = Show all
materials-hide-all = Hide all
materials-show-tip = Show in the viewport
materials-faces = { $count ->
    [one] 1 face
   *[other] { $count } faces
}
soft-bodies-none = This model has no soft bodies (a PMX 2.1 feature).
soft-bodies-anchors-pins = { $anchors } anchors, { $pins } pins
morphs-panel-system = System
morphs-panel-brow = Brow (眉)
morphs-panel-eye = Eye (目)
morphs-panel-mouth = Mouth (口)
morphs-panel-other = Other (その他)
morphs-panel-unknown = Unknown panel
morphs-search = Search morphs
morphs-zero-all = Zero all
bones-badge-ik = IK bone
bones-append-both = rotation + translation
bones-append-rotation = rotation
bones-append-translation = translation
bones-append-nothing = nothing
bones-badge-append = append ({ $kind }) ×{ $ratio }
bones-badge-after-physics = deformed after physics
bones-badge-fixed-axis = fixed axis
bones-badge-local-axes = local axes
bones-badge-locked = not operable (locked)
bones-badge-hidden = hidden
bones-search = Search bones
physics-bodies-title = Rigid bodies ({ $count })
physics-joints-title = Joints ({ $count })

## Delete dialog (delete.rs)
delete-bone-too = Also delete the rigid bodies on the bone and their joints. Vertex weights and child bones move to the parent bone; IK links, morph offsets and display-frame entries are dropped.
delete-bone-repoint = Move everything to the parent bone: vertex weights (renormalised), child bones, rigid bodies, append parents and IK targets; joints of deleted bodies go to the body on the nearest ancestor bone. IK links, morph offsets and display-frame entries are dropped.
delete-body-too = Also delete the joints on the body. Impulse-morph offsets and soft-body anchors are dropped.
delete-body-repoint = Re-point the joints to the body on the nearest ancestor bone (a joint left with one body is deleted). Impulse-morph offsets and soft-body anchors are dropped.
delete-material-too = Also delete the soft bodies on the material. Material-morph offsets are dropped.
delete-material-repoint = Keep the soft bodies without a material. Material-morph offsets are dropped.
delete-other = Delete, dropping the morph offsets and display-frame entries that name it and clearing texture references.
delete-refused = not deleted: { $reason }
delete-title = Delete with references?
delete-them-too = Delete them too
delete-delete = Delete
delete-repoint = Re-point them
delete-cancel = Cancel

## List structure: toolbar, menus, refusals, history labels (structure.rs)
structure-add = Add { $kind }  (Ctrl+N)
structure-add-after = Add { $kind } after the selection  (Insert)
structure-duplicate = Duplicate  (Ctrl+D)
structure-delete = Delete…  (Delete)
structure-move-up = Move up  (Alt+↑)
structure-move-down = Move down  (Alt+↓)
structure-move-to = Move to #{ $index }
structure-select-first = select a { $kind } first
structure-faces-inconsistent = the materials' face counts do not cover the face list
structure-at-top = already at the top
structure-at-bottom = already at the bottom
structure-already-there = already there
structure-add-at = Add { $kind } { $name } at #{ $index }
structure-moved-up = Move { $what } up
structure-moved-down = Move { $what } down
structure-moved-to = Move { $what } to #{ $index }

## Display frames (display_frames.rs)
frames-protected = Root and 表情 are special frames (PMX spec) and keep their place
frames-one-each = a model has one Root and one 表情 frame
frames-special-first = special frames stay first
frames-root-only = the Root frame holds the root bone only (PMX spec)
frames-morphs-only = the 表情 frame holds morphs only
frames-add-items = Add { $items } to display frame { $frame }
frames-remove-item = Remove item { $item } from display frame { $frame }
frames-move-item = Move item { $item } of display frame { $frame } to { $to }
frames-n-items = { $count ->
    [one] 1 item
   *[other] { $count } items
}
frames-out-of-range = (out of range)
frames-items-of = Items of { $frame } ({ $count })
frames-root-about = Root: the root bone's frame (PMX spec); its items are fixed.
frames-expressions-about = 表情: the expression frame; it takes morphs only.
frames-special-about = A special frame: it keeps its place.
frames-remove = Remove
frames-root-fixed = The Root frame's items are fixed.
frames-drop-here = Drop bones (bone tree) or morphs (morph list) here.
frames-title = Display frames ({ $count })
frames-select-hint = Select a frame to see and edit its items.
frames-add-to = Add to display frame

## Deform order (deform_order.rs)
order-flagged = { $count ->
    [one] 1 bone out of order
   *[other] { $count } bones out of order
}
order-fine = no order problems
order-violation = { $message } Evaluated at #{ $position } but depends on #{ $dep } { $name } (evaluated at #{ $dep_position }).
order-fix-layer = Fix: raise deform layer to { $layer }
order-fix = Fix: { $fix }
order-ik-chain = IK chain #{ $index } { $name }
order-ik-summary = effector { $effector } · { $links } links · { $iterations } iterations · limit { $limit }°/step
order-limits = limits
order-no-limits = no limits
order-link = link { $name }
order-error-after = error after solving: { $error }
order-show-iterations = Show iterations
order-show-iterations-tip = Draw the chain's intermediate solution per iteration (IK overlay)
order-step = step
order-before-solving = before solving
order-final = final
order-after-iteration = after iteration { $step }
order-error-at = error { $error } ({ $what })
order-col-bone = bone
order-col-layer = layer
order-col-reason = reason
order-after-physics = after physics

## Collision matrix (collision_matrix.rs)
collision-cell = groups { $a } and { $b }
collision-mask-bit = collides with group { $group }
collision-about = Row group i collides with column group j when every body of i has bit j in its mask and every body of j has bit i. A click toggles both sides (one undo step).
collision-collide = collide
collision-never = no collision
collision-mixed-legend = mixed (bodies disagree)
collision-unused-legend = group unused
collision-mixed = mixed
collision-unused = unused
collision-outside = { $count ->
    [one] 1 body is in a group above 16: it is in no group and collides with nothing (not shown below).
   *[other] { $count } bodies are in a group above 16: they are in no group and collide with nothing (not shown below).
}
collision-group-count = group { $group }: { $count } bodies
collision-select-hint = Select a rigid body to edit its own mask.
collision-group = group { $group }
collision-group-outside = group { $group } (above 16: collides with nothing)
collision-mask-field = collision mask

## Problems (problems.rs); the check messages themselves are the core's
problems-n-errors = { $count ->
    [one] 1 error
   *[other] { $count } errors
}
problems-n-warnings = { $count ->
    [one] 1 warning
   *[other] { $count } warnings
}
problems-n-infos = { $count ->
    [one] 1 info
   *[other] { $count } infos
}
problems-severity-error = error
problems-severity-warning = warning
problems-severity-info = info
problems-missing = { $kind } #{ $index } does not exist
problems-face-undrawn = a face no material draws cannot be selected
problems-texture-unused = texture #{ $index } is used by no material
problems-category-title = { $category } ({ $count }: { $parts })
problems-list-separator = {", "}
problems-fix-all-category = Fix all { $category }
problems-none = No problems found.
problems-fix-all = Fix all ({ $count })
problems-fix-all-tip = Apply every { $category } fix offered below as one undo step
problems-fix = Fix

## Simulation (simulation.rs)
sim-stage-morphs = morphs
sim-stage-bones = bones
sim-stage-kinematic = kinematic sync
sim-stage-physics = physics
sim-stage-write-back = write-back
sim-stage-after-physics = after-physics
sim-stage-skinning = skinning
sim-stage-soft-bodies = soft bodies
sim-stage-normals = normals
sim-pause = Pause
sim-play = Play
sim-step = Step
sim-step-tip = Advance exactly one frame (1/30 s) and pause
sim-reset = Reset
sim-reset-tip = Put every rigid body back on its bone
sim-physics-on = physics on
sim-no-motion = No motion.
sim-no-motion-hint = File › Load motion… or drop a .vmd on the window.
sim-unknown-names = { $count } names not in the model (see Log)
sim-unload = Unload
sim-frame = frame
sim-loop = loop
sim-speed = speed ×
sim-reset-at = reset physics at frame
sim-reset-at-tip = Playing onto this frame puts every body back on its bone there
sim-seek-note = Seeking resets physics at the new frame, as MMD does.
sim-stability = Stability
sim-stability-off = Physics is off: misbehaving bodies are listed while it runs.
sim-stable = No body stretches, spins or oscillates since the last reset.
sim-select-body = Select this rigid body
sim-limits = Limits: { $stretch } units from the bone, { $spin } rad/s kept up, { $reversals } reversals/s. Reset (or warm-up) starts the watch over.
sim-load-motion = Load motion…
sim-vmd-filter = VMD motion
sim-world = World
sim-gravity = gravity
sim-substeps = substeps per second
sim-substeps-tip = Fixed physics step (MMD runtimes: 60 per second)
sim-substep-cap = substep cap per frame
sim-substep-cap-tip = Time beyond the cap is dropped, as Bullet does
sim-warm-up = warm-up on reset (s)
sim-defaults = Defaults
sim-timings-off = Physics is off: frame timings show while it runs.
sim-last-frame = Last frame
sim-total = total

## Weights: the table and labels (weights.rs; its operation buttons are ops.ftl's)
weights-selected = { $count ->
    [one] 1 vertex selected
   *[other] { $count } vertices selected
}
weights-select-of = Select vertices of { $bone }
weights-select-of-tip = Every vertex this bone weights (the weight view's bone)
weights-select-bone-hint = Select a bone to pick its vertices
weights-select-hint = Select vertices (the viewport, a weight problem, or the button above) to see and edit their weights.
weights-nothing = Weights: nothing to change
weights-error = Weights: { $error }
weights-transferred = Weights from { $file }: { $count } vertices transferred (farthest { $farthest }), { $unmatched } unmatched
weights-missing-bones = ; bones this model lacks: { $bones }
weights-from-file-error = Weights from model: { $error }
weights-first-rows = Showing the first { $shown } of { $count } vertices (operations act on all).
weights-col-vertex = vertex
weights-col-kind = kind
weights-col-bone = bone { $n }
weights-col-sum = sum
weights-missing-bone = #{ $index } (missing)

## Inspector: the kit and the frame (inspector/kit.rs, kit/widgets.rs, inspector/mod.rs)
inspector-mixed = mixed
inspector-mixed-choice = (mixed)
inspector-other = (other)
inspector-none = (none)
inspector-out-of-range = #{ $index } (out of range)
inspector-filter = filter
inspector-characters = { $count ->
    [one] 1 character
   *[other] { $count } characters
}
inspector-on = on
inspector-off = off
inspector-select-hint = Select a bone, morph, material, rigid body or joint.
inspector-model-info = Model info
inspector-gone = There is no { $kind } #{ $index } (any more).
inspector-multi-note = active #{ $index } { $name }; a field set here is set on all { $count } (one undo step). Fields that differ show "{ $mixed }".

## Inspector forms (inspector/bone.rs, material.rs, model.rs, morph.rs, physics.rs, vertex.rs, copy.rs)
inspector-add-link = Add link
inspector-add-offset = Add offset
inspector-add-offset-tip = A row that changes nothing yet (element 0, or every material), to fill in above
inspector-anchor = anchor { $index }
inspector-anchors = Anchors ({ $count })
inspector-copy-angular-limits = angular limits
inspector-copy-angular-spring = angular spring
inspector-copy-bodies = bodies
inspector-copy-bone = bone
inspector-copy-damping = damping
inspector-copy-field = parameters
inspector-copy-from = from
inspector-copy-group = group
inspector-copy-kind = kind
inspector-copy-label = Copy { $fields } from { $kind } #{ $index } to { $targets }
inspector-copy-linear-limits = linear limits
inspector-copy-linear-spring = linear spring
inspector-copy-mask = collides with
inspector-copy-mass = mass
inspector-copy-mode = mode
inspector-copy-nothing = (nothing to change)
inspector-copy-placement = position and rotation
inspector-copy-restitution = restitution and friction
inspector-copy-shape = shape and size
inspector-copy-title = Copy parameters from…
inspector-copy-to-selected = Copy to the { $count } selected { $kinds }
inspector-copy-to-this = Copy to this { $kind }
inspector-face-indices = { $count } (edit the mesh to change)
inspector-field-additional-uv = additional UV { $n }
inspector-field-aero-model = aero model
inspector-field-after-physics = after physics
inspector-field-ambient = ambient
inspector-field-angular-damping = angular damping
inspector-field-angular-lower = angular lower
inspector-field-angular-spring = angular spring
inspector-field-angular-upper = angular upper
inspector-field-append = append (付与)
inspector-field-append-local = append local
inspector-field-append-parent = append parent
inspector-field-append-ratio = append ratio
inspector-field-append-rotation = append rotation
inspector-field-append-translation = append translation
inspector-field-axis = axis
inspector-field-b-link = B-link
inspector-field-b-link-distance = B-link distance
inspector-field-body-a = body A
inspector-field-body-b = body B
inspector-field-bone = bone
inspector-field-related-bone = bone
inspector-field-bone-n = bone { $n }
inspector-field-bones-weights = bones × weights
inspector-field-cluster-count = cluster count
inspector-field-clusters = clusters
inspector-field-collides-with = collides with
inspector-field-comment = comment
inspector-field-comment-en = comment (en)
inspector-field-deform-layer = deform layer
inspector-field-diffuse = diffuse
inspector-field-double-sided = double sided
inspector-field-edge = edge
inspector-field-edge-colour = edge colour
inspector-field-edge-scale = edge scale
inspector-field-edge-size = edge size
inspector-field-external-key = external key
inspector-field-external-parent = external parent
inspector-field-face-indices = face indices
inspector-field-fixed-axis = fixed axis
inspector-field-friction = friction
inspector-field-ground-shadow = ground shadow
inspector-field-group = group
inspector-field-ik = IK
inspector-field-ik-limit-angle = IK limit angle
inspector-field-ik-loops = IK loops
inspector-field-ik-target = IK target
inspector-field-items = items
inspector-field-kind = kind
inspector-field-linear-damping = linear damping
inspector-field-linear-lower = linear lower
inspector-field-linear-spring = linear spring
inspector-field-linear-upper = linear upper
inspector-field-lines = lines (2.1)
inspector-field-local = local
inspector-field-local-axes = local axes
inspector-field-local-x = local x
inspector-field-local-z = local z
inspector-field-lower = lower
inspector-field-margin = margin
inspector-field-mass = mass
inspector-field-material = material
inspector-field-memo = memo
inspector-field-mode = mode
inspector-field-morph = morph
inspector-field-movable = movable
inspector-field-name = name
inspector-field-name-en = name (en)
inspector-field-near-mode = near mode
inspector-field-normal = normal
inspector-field-offset = offset
inspector-field-offsets = offsets
inspector-field-operable = operable
inspector-field-operation = operation
inspector-field-panel = panel
inspector-field-parent = parent
inspector-field-path = path
inspector-field-pins = pins
inspector-field-points = points (2.1)
inspector-field-posed-position = posed position
inspector-field-position = position
inspector-field-randomise-links = randomise links
inspector-field-ratio = ratio
inspector-field-restitution = restitution
inspector-field-rigid-body = rigid body
inspector-field-rotatable = rotatable
inspector-field-rotation = rotation
inspector-field-rotation-quat = rotation (quat)
inspector-field-self-shadow = self shadow
inspector-field-self-shadow-map = self shadow map
inspector-field-shape = shape
inspector-field-shared-toon = shared toon
inspector-field-size = size
inspector-field-specular = specular
inspector-field-specular-power = specular power
inspector-field-sphere-mode = sphere mode
inspector-field-sphere-texture = sphere texture
inspector-field-sphere-tint = sphere tint
inspector-field-tail-bone = tail bone
inspector-field-tail-is-a-bone = tail is a bone
inspector-field-tail-offset = tail offset
inspector-field-texture = texture
inspector-field-texture-tint = texture tint
inspector-field-toon-texture = toon texture
inspector-field-toon-tint = toon tint
inspector-field-toon-toonnn-bmp = toon (toonNN.bmp)
inspector-field-torque = torque
inspector-field-total-mass = total mass
inspector-field-translation = translation
inspector-field-upper = upper
inspector-field-used-by = used by
inspector-field-uv = UV
inspector-field-uv-offset = uv offset
inspector-field-velocity = velocity
inspector-field-vertex = vertex
inspector-field-vertex-colour = vertex colour (2.1)
inspector-field-visible = visible
inspector-field-weight-n = weight { $n }
inspector-field-weight-of-bone-1 = weight of bone 1
inspector-field-weight-of-bone-2 = weight of bone 2
inspector-field-weight-type = weight type
inspector-frame-normal = normal
inspector-frame-root-fixed = The Root frame's items are fixed (PMX spec).
inspector-frame-select-one = Select one frame to edit its items.
inspector-frame-special = special (Root/表情)
inspector-header = PMX { $version }, { $encoding }, { $uv } additional UV, index sizes { $sizes }
inspector-ik-link = IK link { $index }
inspector-ik-link-limits = IK link { $index } limits
inspector-ik-links = IK links ({ $count })
inspector-ik-links-field = IK links
inspector-limits = limits
inspector-link-added = link added
inspector-link-removed = link { $index } removed
inspector-mode-bone = follow bone (0)
inspector-mode-physics = physics (1)
inspector-mode-physics-bone = physics + bone position (2)
inspector-offset = offset { $index }
inspector-offsets-page = offsets { $from }–{ $to } of { $count }
inspector-op-add = add
inspector-op-multiply = multiply
inspector-out-of-range-short = (out of range)
inspector-panel-brow = brow
inspector-panel-eye = eye
inspector-panel-mouth = mouth
inspector-panel-other = other
inspector-panel-system = system
inspector-pins = Pinned vertices ({ $count })
inspector-pose = Pose (not saved in the model)
inspector-remove-link = Remove link
inspector-remove-offset = Remove this offset
inspector-reset-pose = Reset this bone's pose
inspector-row-added = +1 row
inspector-row-removed = remove row { $index }
inspector-sphere-add = add (spa)
inspector-sphere-multiply = multiply (sph)
inspector-sphere-off = off
inspector-sphere-sub = sub-texture
inspector-texture-title = Texture #{ $index }
inspector-title-model = Model
inspector-weight-2-note = { $value } (1 − weight of bone 1)
