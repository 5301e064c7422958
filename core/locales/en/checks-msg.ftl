
# bones.rs
check-msg-parent-cycle = { $bone } is its own ancestor: { $cycle }
check-msg-append-cycle = { $bone } appends (付与) from itself through a cycle: { $cycle }
check-msg-ik-target-none = { $bone }: IK bone has no target (−1)
check-msg-ik-no-links = { $bone }: IK bone has no links; it moves nothing
check-msg-ik-loop-zero = { $bone }: IK loop count is { $count }; the solver never runs
check-msg-ik-chain =
    { $bone }: IK link { $k } { $link } is not an ancestor of { $which ->
        [target] the target
       *[link] the previous link
    } { $other }
check-msg-axis-degenerate = { $bone }: { $axis } ({ $x }, { $y }, { $z }) has no direction
check-msg-axis-not-unit = { $bone }: { $axis } has length { $len }, not 1
check-msg-axis-parallel = { $bone }: local X and Z axes are parallel; the local frame collapses

# fixes (fix.rs): one line each, and the history step
check-axis-fixed = fixed axis
check-axis-local-x = local X axis
check-axis-local-z = local Z axis
check-fix-bone-layer =
    raise deform layer of { $bone } to { $layer }{ $dependents ->
        [0] {""}
       *[other] {" "}(and { $dependents } bone(s) that depend on it)
    }
check-fix-normalize-weights = normalise the weights of vertex #{ $vertex }
check-fix-sdef-to-bdef1 = make vertex #{ $vertex } BDEF1
check-fix-version-21 = declare the file PMX 2.1
check-fix-exclude-collision = stop { $a } and { $b } colliding (clear mask bit { $group_b } on the first, bit { $group_a } on the second)
check-fix-normalize-axis = normalise the { $axis } of { $bone }
check-fix-rename = rename { $element } to 「{ $name }」
check-fix-clamp-colors = clamp the colours of { $material } into 0..1
check-fix-normalize-morph-rotations = normalise the bone rotations of { $morph }
check-fix-morph-panel-other = move { $morph } to panel 4 (other)
check-fix-follow-bone = make { $body } follow its bone (mode 0)
check-fix-mass-one = set the mass of { $body } to 1
check-fix-soften-springs = soften the springs of { $joint } to a stable stiffness
check-fix-add-to-frame = add { $element } to { $frame }
check-fix-remove-duplicate-entries = keep the first display-frame entry of { $element } and remove the rest
check-fix-special-frames = put the special frames Root (0) and 表情 (1) first
check-fix-history-one = Fix: { $fix }
check-fix-history-many = Fix { $count } problems

# weights.rs
check-msg-weight-none-bone = vertex #{ $vertex } ({ $kind }): weight { $weights } on bone −1
check-msg-weight-range = vertex #{ $vertex } ({ $kind }): weight(s) { $weights } outside 0..1 (negative or over-full blending)
check-msg-weight-zero = vertex #{ $vertex } ({ $kind }): all weights are 0
check-msg-weight-sum = vertex #{ $vertex } ({ $kind }): weights sum to { $sum }, not 1
check-msg-sdef-same-bones = vertex #{ $vertex }: both SDEF bones are the same
check-msg-sdef-nonfinite = vertex #{ $vertex }: SDEF C/R0/R1 are not finite
check-msg-sdef-pointless = vertex #{ $vertex }: SDEF with weight { $weight }: all on one bone, same as BDEF1
check-msg-sdef-center = vertex #{ $vertex }: SDEF centre C { $c } is { $d } away from the bones { $a } and { $b } (limit { $limit })

# version.rs, morphs.rs
check-msg-version-21 = the file is PMX 2.0 but uses { $feature } (PMX 2.1) in { $count } element(s), first { $first }
check-msg-morph-panel = { $morph }: panel { $panel } is not one of 0..4 (system, eyebrow, eye, mouth, other)
check-msg-morph-uv-layer = { $morph }: moves additional UV{ $layer } but the file has { $count } additional UV(s); it changes nothing
check-msg-morph-bone-rotation = { $morph }: { $count } bone rotation(s) are not unit quaternions; the bones get scaled or collapse
check-msg-morph-material-op = { $morph }: material operation { $op } is neither 0 (multiply) nor 1 (add)

# names.rs
check-msg-model-no-name = the model has no name; MMD lists it as blank
check-msg-name-empty-keyed = { $element } has no name; motions bind by name, so it cannot be keyed
check-msg-name-empty = { $element } has no name
check-msg-dup-name-keyed = { $element } has the same name as { $first }; motions only drive the first
check-msg-dup-name = { $element } has the same name as { $first }; tools that match by name mix them up
check-msg-name-vmd-unmappable = { $element }: the name has characters Shift-JIS lacks; VMD motions store { $max } bytes, so motion files carry it cut short
check-msg-name-vmd-sjis = { $element }: the name is { $bytes } bytes in Shift-JIS; VMD motions store { $max } bytes, so motion files carry it cut short
check-msg-name-vmd-ascii = { $element }: the name is { $bytes } bytes; VMD motions store { $max } bytes, so motion files carry it cut short
check-msg-name-vmd-clash = { $element } and { $first } agree in the { $max } bytes a VMD motion stores; a motion cannot tell them apart

# order.rs
check-dep-parent = its parent
check-dep-append = its append source (a multi-level or local append)
check-dep-append-ik = the IK bone that rotates its append source
check-dep-ik-chain = its IK target/link
check-dep-parent-consequence = it follows the parent's stale pose
check-dep-append-consequence = it appends a stale value
check-dep-ik-chain-consequence = the IK solves from a stale chain
check-msg-order =
    { $bone } (layer { $layer }, #{ $position } in deform order) is deformed before { $what } { $dep } (layer { $dep_layer }, #{ $dep_position }): { $consequence }.{ $phase ->
        [after-physics] {" "}The dependency deforms after physics and this bone before it: no deform layer can fix that.
       *[same] {""}
    }

# frames.rs
check-msg-frame-special-missing = display frame { $slot } is missing; PMX starts with the special frames Root (0) and 表情 (1), which MMD and editors look for there
check-msg-frame-special-named = display frame { $slot } is 「{ $name }」; PMX starts with the special frames Root (0) and 表情 (1), which MMD and editors look for there
check-msg-frame-special-unflagged = display frame { $slot } is not flagged special; PMX starts with the special frames Root (0) and 表情 (1), which MMD and editors look for there
check-msg-frame-dup = { $frame } lists { $element } again (first in { $first }); MMD shows it twice
check-msg-frame-hidden = { $frame } lists { $bone }, which is hidden or not operable: MMD shows the entry but the bone cannot be moved
check-msg-bone-no-frame = { $bone } can be moved but is in no display frame, so MMD cannot key it
check-msg-morph-no-frame = { $morph } is in no display frame: MMD's morph panel does not list it

# joints.rs
check-axis-move = move { $axis }
check-axis-rotate = rotate { $axis }
check-msg-joint-mass-ratio = { $joint } joins { $a } (mass { $mass_a }) and { $b } (mass { $mass_b }): a ratio of { $ratio } (over { $max }) makes the light one jitter
check-msg-joint-y-90 = { $joint }: rotation limit Y { $lo }°..{ $hi }° reaches ±90°, where Bullet's Euler angles lock; the joint flips or jitters there (keep Y within ±80°)
check-msg-joint-limit-inverted =
    { $joint }: lower > upper on { $axes }, so Bullet leaves { $count ->
        [one] that axis
       *[other] those axes
    } free; if that is not meant, swap the limits
check-msg-joint-spring-stiff = { $joint }: spring { $springs } too stiff for the mass it moves ({ $mass }) at 60 Hz: k·h²/m over { $max }, so it overshoots and explodes

# textures.rs
check-msg-texture-absolute = texture #{ $index } "{ $path }" is an absolute path; it only resolves on the machine that made the model
check-msg-texture-escapes = texture #{ $index } "{ $path }" climbs out of the model's folder (".."); the model does not travel as one folder
check-msg-texture-dup = texture #{ $index } "{ $path }" is the same file as texture #{ $first }; it is loaded twice
check-msg-texture-case = texture #{ $index } "{ $path }" only exists with different letter case ({ $found }); fine on Windows, missing elsewhere
check-msg-texture-missing-unused = texture #{ $index } "{ $path }" is not in { $dir }, but no material uses it
check-msg-texture-missing = texture #{ $index } "{ $path }" is not in { $dir } (used by { $count } material(s))

# physics.rs
check-msg-body-no-bone-follow = { $body }: mode 0 (follow bone) but no bone: it stays where the model was loaded
check-msg-body-no-bone-align = { $body }: mode 2 (physics + bone position) but no bone to align
check-msg-softbody-no-material = { $body }: no material (−1), so it has no mesh to simulate
check-msg-joint-no-body = { $joint }: body { $end } is −1; the joint connects nothing
check-msg-joint-same-body = { $joint }: both ends are { $body }
check-msg-joint-kinematic = { $joint }: links two bone-following bodies { $a } and { $b }; it does nothing
check-msg-body-overlap =
    { $a } (group { $group_a }) and { $b } (group { $group_b }) overlap by { $depth } in the rest pose and collide with each other{ $how ->
        [joined] ; they are joined, so they will jitter
        [chain] ; joints of their chain hold them together, so they fight and jitter
       *[free] ; physics will push them apart violently at the first step
    }

# rig.rs
check-msg-body-unjoined = { $body } is simulated but no joint ties it to another body: it falls away
check-msg-body-unjoined-drags = { $body } is simulated but no joint ties it to another body: it falls away and drags { $bone } with it
check-msg-body-mass = { $body }: mode { $mode } with mass { $mass }; Bullet makes a body without mass static, so it never moves
check-msg-body-tiny = { $body }: simulated but only { $size } across its widest radius (below { $min }); so small a body jitters and passes through others
check-msg-body-mode2-as-mode1 = { $body }: mode 2 (physics + bone position), but jointed to a simulated body on its bone's parent, so MMD runs it as mode 1
check-msg-body-follow-on-physics-bone = { $body } follows { $bone }, which physics moves ({ $other }): placed from the pose before physics, it lags a frame and pushes the simulation
check-msg-body-bone-driven =
    { $body } is simulated on { $bone }, which { $by ->
        [append] the append (付与) from
       *[ik] the IK of
    } { $other } also drives: physics and the solver overwrite each other
check-msg-body-far-from-bone = { $body } sits { $d } units from { $bone } (its bone), more than { $factor }× its size ({ $size })
check-msg-body-far-from-parent = { $body } sits { $d } units from { $parent }, the parent of { $bone } (its bone) — more than { $factor }× its size ({ $size }): it swings on a long invisible arm
check-msg-chain-parent-animated = its parent bone { $parent } is animated, so the root should follow its bone
check-msg-chain-parent-moved = its parent bone { $parent } is moved by { $mover }, which no joint ties to this chain
check-msg-chain-untied = nothing ties it to the skeleton
check-msg-chain-root-dynamic = { $body } is the root of a chain of { $count } simulated bodies that no body holds (none follows its bone): the whole chain drops; { $why }

# refs.rs
check-ref-weight-bone = weight bone
check-ref-vertex = vertex
check-ref-texture = texture
check-ref-sphere-texture = sphere texture
check-ref-toon-texture = toon texture
check-ref-parent = parent
check-ref-tail-bone = tail bone
check-ref-append-parent = append parent
check-ref-ik-target = IK target
check-ref-offset-morph = offset morph
check-ref-offset-vertex = offset vertex
check-ref-offset-bone = offset bone
check-ref-offset-material = offset material
check-ref-offset-rigid-body = offset rigid body
check-ref-bone = bone
check-ref-morph = morph
check-ref-body-a = body A
check-ref-body-b = body B
check-ref-material = material
check-ref-anchor-rigid-body = anchor rigid body
check-ref-anchor-vertex = anchor vertex
check-ref-pin-vertex = pin vertex
check-ref-ik-link = IK link { $k }
check-msg-index-range = { $owner }: { $what } { $index } is out of range (the model has { $len } { $list })
check-msg-material-face-count = { $material }: face index count { $count } is not a non-negative multiple of 3; every later material draws shifted triangles
check-msg-material-face-range = { $material }: draws face indices { $start }..{ $end } but the model has { $available }
check-msg-shared-toon = { $material }: shared toon { $toon } is out of range (toon01..toon10 = 0..9)
check-msg-face-unused = model: materials draw { $total } face indices but there are { $available }; the last faces belong to no material
check-msg-group-range = { $body }: collision group { $group } is out of range (0..=15, shown 1..16): it is in no group and collides with nothing
check-msg-morph-group-nested = { $morph } lists the group morph { $inner }; PMX does not support groups of groups

# values.rs: field names and messages
check-field-position = position
check-field-normal = normal
check-field-uv = UV
check-field-uv1 = UV1
check-field-uv2 = UV2
check-field-uv3 = UV3
check-field-uv4 = UV4
check-field-edge-scale = edge scale
check-field-tail-offset = tail offset
check-field-append-ratio = append ratio
check-field-ik-angle-limit = IK angle limit
check-field-ik-link-limits = IK link limits
check-field-diffuse = diffuse
check-field-specular = specular
check-field-specular-power = specular power
check-field-ambient = ambient
check-field-edge-colour = edge colour
check-field-edge-size = edge size
check-field-size = size
check-field-rotation = rotation
check-field-mass = mass
check-field-linear-damping = linear damping
check-field-angular-damping = angular damping
check-field-restitution = restitution
check-field-friction = friction
check-field-linear-lower-limit = linear lower limit
check-field-linear-upper-limit = linear upper limit
check-field-angular-lower-limit = angular lower limit
check-field-angular-upper-limit = angular upper limit
check-field-linear-spring = linear spring
check-field-angular-spring = angular spring
check-field-total-mass = total mass
check-field-collision-margin = collision margin
check-field-config = config
check-field-cluster-parameters = cluster parameters
check-field-material-stiffness = material stiffness
check-field-alpha = alpha
check-msg-nonfinite = { $element }: NaN or infinite number in { $fields }
check-msg-nonfinite-offsets = { $morph }: NaN or infinite number in { $count } offset(s), first offset #{ $first }
check-msg-color-range = { $material }: { $fields } outside 0..1; MMD's shader clamps or overflows such colours differently per effect
