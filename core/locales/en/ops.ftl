# The operation registry (core/src/ops): titles, help, option labels, choices, summaries.
ops-bodies-from-bones-title = Rigid bodies from bones…
ops-bodies-from-bones-help = One rigid body per bone, centred on the bone and oriented along it.
ops-joint-chain-title = Joint chain…
ops-joint-chain-help = Joints from each bone's body to its parent bone's body; a ring for skirts.
ops-skirt-ring-title = Skirt ring…
ops-skirt-ring-help = A joint chain with the skirt limits and ring joints between neighbouring chains.
ops-chain-title = Chain wizard (hair/skirt swing)…
ops-chain-help = Make hair or a skirt swing: bodies, joints and a collision group for the root bones and every bone below them, in one step.
ops-mirror-title = Mirror left ↔ right…
ops-mirror-help = Copy one side onto the other: bones, rigid bodies, joints, bone-morph offsets, display-frame entries and vertex weights (missing counterparts created, existing ones overwritten); with a selection, make only it symmetric.
ops-semistandard-title = Semi-standard bones…
ops-semistandard-help = Add the missing semi-standard bones (準標準ボーン); each is skipped when the model has it.
ops-apply-pose-as-rest-title = Apply pose file as rest pose…
ops-apply-pose-as-rest-help = The pose's bones become the rest pose: mesh, bodies and joints move.
ops-normalize-title = Normalize weights
ops-normalize-help = Weights sum to 1 (weights on missing bones dropped).
ops-limit-title = Limit bones per vertex…
ops-limit-help = Keep the N largest weights (1-4), renormalised.
ops-prune-title = Prune small weights…
ops-prune-help = Drop weights below the threshold, renormalised.
ops-replace-bone-title = Replace bone in weights…
ops-replace-bone-help = The weights of one bone go to another.
ops-transfer-weight-title = Transfer weight…
ops-transfer-weight-help = Move a share of one bone's weight to another.
ops-weight-kind-title = Weight kind…
ops-weight-kind-help = Change the weight kind (BDEF1, BDEF2, BDEF4, SDEF, QDEF).
ops-sdef-from-bdef2-title = BDEF2 → SDEF…
ops-sdef-from-bdef2-help = BDEF2 vertices become SDEF with C/R0/R1 computed from their two bones.
ops-weights-from-model-title = Weights from model file…
ops-weights-from-model-help = Weights of the nearest surface point of another model (bones matched by name).
ops-morph-from-model-title = Vertex morph from model file…
ops-morph-from-model-help = A vertex morph = the other model's vertices − these (same vertex count).
ops-bone-morph-from-pose-title = Bone morph from pose file…
ops-bone-morph-from-pose-help = A bone morph that reproduces a pose file at weight 1.

ops-opt-shape = Shape
ops-opt-size = Size
ops-opt-radius-scale = Radius ×
ops-opt-root-mode = Root body
ops-opt-mode = Other bodies
ops-opt-mass = Mass (root)
ops-opt-mass-falloff = Mass falloff (each body × its parent's)
ops-opt-min-mass = Minimum mass
ops-opt-preset = Damping/friction
ops-opt-group = Collision group (0-15; auto: the lowest unused)
ops-opt-mask = Collision mask (bit n = collides with group n)
ops-opt-no-collide = Groups not to collide with
ops-opt-name = Name ({"{"}bone{"}"} = the bone's name, {"{"}num{"}"} = a number)
ops-opt-replace = Replace existing bodies and joints
ops-opt-below = With every bone below the selected ones
ops-opt-joint-preset = Limits preset
ops-opt-limit-deg = Swing ± (x y z °)
ops-opt-angular-lower-deg = Lower rotation limit (x y z °)
ops-opt-angular-upper-deg = Upper rotation limit (x y z °)
ops-opt-linear-lower = Lower translation limit
ops-opt-linear-upper = Upper translation limit
ops-opt-linear-spring = Translation spring
ops-opt-angular-spring = Rotation spring
ops-opt-ring = Skirt ring (joints between neighbouring chains)
ops-opt-ring-limit-deg = Ring swing ± (x y z °)
ops-opt-from = Copy from side
ops-opt-tolerance = Vertex tolerance
ops-opt-skip = Leave alone
ops-opt-only = Bones to add
ops-opt-max-bones = Bones per vertex
ops-opt-threshold = Threshold
ops-opt-from-bone = From bone
ops-opt-to-bone = To bone
ops-opt-ratio = Share
ops-opt-weight-kind = Weight kind
ops-opt-model-file = Model file
ops-opt-max-distance = Maximum distance
ops-opt-morph-name = Morph name
ops-opt-panel = Panel (1 eyebrow, 2 eye, 3 mouth, 4 other)
ops-opt-pose-file = Pose file (JSON or VPD)

ops-choice-capsule = capsule
ops-choice-box = box
ops-choice-sphere = sphere
ops-choice-size-vertices = from weighted vertices
ops-choice-size-length = from length only
ops-choice-follow-bone = follow bone
ops-choice-dynamic = physics
ops-choice-dynamic-bone-position = physics + bone position
ops-choice-hair = hair
ops-choice-cloth = cloth
ops-choice-accessory = accessory
ops-choice-plain = plain
ops-choice-skirt = skirt
ops-choice-loose = loose
ops-choice-stiff = stiff
ops-choice-off = off
ops-choice-auto = auto
ops-choice-open = open
ops-choice-closed = closed
ops-choice-left = left onto right
ops-choice-right = right onto left
ops-choice-part-bones = bones
ops-choice-part-bodies = rigid bodies
ops-choice-part-joints = joints
ops-choice-part-morphs = bone morphs
ops-choice-part-frames = display frames
ops-choice-part-weights = vertex weights
ops-choice-ss-master = 全ての親 (master)
ops-choice-ss-view-center = 操作中心 (view center)
ops-choice-ss-groove = グルーブ (groove)
ops-choice-ss-waist = 腰 (waist, with 腰キャンセル)
ops-choice-ss-upper-body2 = 上半身2 (upper body 2)
ops-choice-ss-leg-ik-parent = 足IK親 (leg IK parent)
ops-choice-ss-leg-d = 足D (ひざD, 足首D, 足先EX)
ops-choice-ss-arm-twist = 腕捩 (arm twist, helpers 1–3)
ops-choice-ss-wrist-twist = 手捩 (wrist twist, helpers 1–3)
ops-choice-ss-shoulder-p = 肩P (with 肩C)
ops-choice-ss-thumb0 = 親指０ (thumb 0)
ops-choice-bdef1 = BDEF1
ops-choice-bdef2 = BDEF2
ops-choice-bdef4 = BDEF4
ops-choice-sdef = SDEF
ops-choice-qdef = QDEF

ops-nothing-chosen = nothing to do: nothing chosen
ops-summary-rig = { $bodies ->
    [one] 1 rigid body
   *[other] { $bodies } rigid bodies
}, { $joints ->
    [one] 1 joint
   *[other] { $joints } joints
} ({ $replaced } replaced)
ops-summary-mirror-created = created: { $bones } bones, { $bodies ->
    [one] 1 rigid body
   *[other] { $bodies } rigid bodies
}, { $joints } joints, { $morphs } morphs
ops-summary-mirror-overwritten = overwritten: { $bones } bones, { $bodies ->
    [one] 1 rigid body
   *[other] { $bodies } rigid bodies
}, { $joints } joints, { $morphs } morphs
ops-summary-mirror-unchanged = already symmetric: { $bones } bones, { $bodies ->
    [one] 1 rigid body
   *[other] { $bodies } rigid bodies
}, { $joints } joints, { $morphs } morphs
ops-summary-mirror-weights = vertex weights: { $changed } of { $considered } vertices changed, { $unmatched } without a mirror vertex; { $frames } display-frame entries added
ops-summary-semistandard-added = added { $count ->
    [one] 1 bone
   *[other] { $count } bones
}: { $names }
ops-summary-semistandard-moved = { $vertices } vertices reweighted, { $bodies } bone-following rigid bodies moved onto new bones
ops-summary-vertices = { $count ->
    [one] 1 vertex
   *[other] { $count } vertices
}
ops-summary-morph = adds the morph { $name }
ops-summary-rest-pose = the pose becomes the rest pose

ops-translate-names-title = Translate names…
ops-translate-names-help = Fill English names of bones, morphs, materials, display frames, rigid bodies and joints from the built-in dictionary and naming rules (左/右 → _L/_R, full-width → ASCII, joined words) and a user CSV (Japanese,English) on top. Only empty English names unless "overwrite"; Japanese names never change.
ops-translate-names-summary = { $named } English names found, { $unknown } left as they are
ops-opt-overwrite = Overwrite English names already set
ops-opt-dictionary = User dictionary (CSV: Japanese,English)
ops-transform-title = Transform…
ops-transform-help = Scale about the origin, rotate (degrees, MMD's Y·X·Z order) and move the whole model, or the selected bones (with their bodies, joints and the vertices only they weight) or vertices. Lengths scale; angles, springs and masses keep their values.
ops-transform-needs-bones-or-vertices = select bones or vertices to transform (or nothing, for the whole model)
ops-opt-scale = Scale
ops-opt-rotate-deg = Rotation (°)
ops-opt-translate = Move
