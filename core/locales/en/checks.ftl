# Rig checks (English): what each code means, why it matters in MMD, how to fix it.
# docs/checks.md is generated from these (catalog.rs); keys equal to ja/checks.ftl.

check-E-INDEX-RANGE-meaning = A reference (parent, tail, weight bone, face vertex, morph offset, frame entry, body bone, joint body, soft-body anchor, toon, texture) points outside its list, or a material draws past the face list, or a collision group is above 15
check-E-INDEX-RANGE-why = MMD crashes, refuses the file, or reads garbage; a group above 15 puts the body in no group, so it collides with nothing
check-E-INDEX-RANGE-fix = Point the reference at an existing element (or −1 where the spec allows none).

check-E-PARENT-CYCLE-meaning = A bone is its own ancestor
check-E-PARENT-CYCLE-why = Bone matrices are built parent first; a cycle has no first bone, so the chain cannot be evaluated
check-E-PARENT-CYCLE-fix = Break the cycle by giving one bone another parent.

check-E-APPEND-CYCLE-meaning = Append (付与) sources form a cycle
check-E-APPEND-CYCLE-why = Each bone reads its source's rotation/translation; a cycle never settles
check-E-APPEND-CYCLE-fix = Remove one append or point it elsewhere.

check-E-IK-TARGET-NONE-meaning = An IK bone has no target (−1)
check-E-IK-TARGET-NONE-why = The solver has nothing to move toward; the IK does nothing
check-E-IK-TARGET-NONE-fix = Set the IK target (the bone at the chain's end, e.g. 足首).

check-E-IK-CHAIN-meaning = An IK link is not an ancestor of the target (link 0) or of the previous link
check-E-IK-CHAIN-why = The solver rotates links assuming they carry the target; otherwise the chain twists without reaching
check-E-IK-CHAIN-fix = List the links from the target upward along the parent chain.

check-W-IK-NO-LINKS-meaning = An IK bone has no links
check-W-IK-NO-LINKS-why = The solver has nothing to rotate
check-W-IK-NO-LINKS-fix = Add the chain's bones as links, or remove the IK.

check-W-IK-LOOP-ZERO-meaning = An IK loop count ≤ 0
check-W-IK-LOOP-ZERO-why = The solver never runs
check-W-IK-LOOP-ZERO-fix = Set a loop count (40 is usual for legs).

check-E-VERSION-21-FEATURE-meaning = A file declared PMX 2.0 uses PMX 2.1 features (QDEF, flip/impulse morphs, vertex colour/point/line materials, non-spring joints, soft bodies)
check-E-VERSION-21-FEATURE-why = PMX 2.0 readers, MMD among them, fail on them
check-E-VERSION-21-FEATURE-fix = Declare the file 2.1 (Hone's fix), or remove the features.

check-W-FACE-UNUSED-meaning = Materials draw fewer face indices than the face list holds
check-W-FACE-UNUSED-why = The last faces belong to no material and are never drawn
check-W-FACE-UNUSED-fix = Give the faces to a material or delete them.

check-E-MATERIAL-FACE-COUNT-meaning = A material's face index count is negative or not a multiple of 3
check-E-MATERIAL-FACE-COUNT-why = Every later material starts mid-triangle and draws shifted, broken triangles
check-E-MATERIAL-FACE-COUNT-fix = Set the count to three times the material's triangles.

check-E-NONFINITE-meaning = A number is NaN or infinite (vertex, bone, morph offset, material, rigid body, joint or soft body; weights and bone axes have their own checks)
check-E-NONFINITE-why = One NaN spreads through skinning or physics: vertices vanish, bodies fly off
check-E-NONFINITE-fix = Re-enter the value (PMX Editor shows it as NaN/∞).

check-W-NAME-EMPTY-meaning = A bone or morph has no name
check-W-NAME-EMPTY-why = Motions bind bones and morphs by name, so it cannot be keyed
check-W-NAME-EMPTY-fix = Name it (Hone's fix gives a placeholder such as ボーン12).

check-I-NAME-EMPTY-meaning = A material, rigid body, joint, soft body, display frame or the model has no name
check-I-NAME-EMPTY-why = Harmless to MMD, but lists show blanks and tools that match by name cannot find it
check-I-NAME-EMPTY-fix = Name it (Hone's fix gives a placeholder; the model name has no fix).

check-W-DUP-BONE-NAME-meaning = Two bones share a name
check-W-DUP-BONE-NAME-why = Motions bind by name, so only the first gets keyframes
check-W-DUP-BONE-NAME-fix = Rename the later one (Hone's fix: name_2, the first free suffix).

check-W-DUP-MORPH-NAME-meaning = Two morphs share a name
check-W-DUP-MORPH-NAME-why = Motions bind by name, so only the first gets keyframes
check-W-DUP-MORPH-NAME-fix = Rename the later one (Hone's fix: name_2).

check-I-DUP-NAME-meaning = Two materials, rigid bodies, joints, soft bodies or display frames share a name
check-I-DUP-NAME-why = Harmless to MMD; tools that match by name (mmd_tools, effect files) mix them up
check-I-DUP-NAME-fix = Rename the later one (Hone's fix: name_2).

check-I-NAME-VMD-meaning = A bone or morph name is longer than 15 bytes in Shift-JIS (or has characters Shift-JIS lacks)
check-I-NAME-VMD-why = VMD motion files store 15 bytes of the name, so they carry it cut short
check-I-NAME-VMD-fix = Shorten the name if motions should find it reliably.

check-W-NAME-VMD-CLASH-meaning = Two bones (or morphs) agree in the first 15 Shift-JIS bytes of their names
check-W-NAME-VMD-CLASH-why = A VMD motion stores only those bytes, so it cannot tell them apart: one gets the other's keys
check-W-NAME-VMD-CLASH-fix = Rename one so the first 15 bytes differ.

check-W-MORPH-GROUP-NESTED-meaning = A group morph lists another group morph
check-W-MORPH-GROUP-NESTED-why = The spec does not support groups of groups; runtimes differ (MMD ignores the inner group)
check-W-MORPH-GROUP-NESTED-fix = List the inner group's morphs directly.

check-W-MORPH-PANEL-meaning = A morph's panel is not 0..4 (system, eyebrow, eye, mouth, other)
check-W-MORPH-PANEL-why = MMD files the morph under no panel
check-W-MORPH-PANEL-fix = Choose a panel (Hone's fix: 4, other).

check-W-MORPH-UV-LAYER-meaning = An additional-UV morph moves a UV layer the file does not have
check-W-MORPH-UV-LAYER-why = The header declares fewer additional UVs, so the morph changes nothing
check-W-MORPH-UV-LAYER-fix = Raise the file's additional UV count or retarget the morph.

check-W-MORPH-BONE-ROTATION-meaning = A bone-morph rotation is not a unit quaternion
check-W-MORPH-BONE-ROTATION-why = The bone is scaled or collapses when the morph is applied
check-W-MORPH-BONE-ROTATION-fix = Normalise the rotations (Hone's fix; a zero rotation becomes none).

check-E-MORPH-MATERIAL-OP-meaning = A material-morph offset's operation is neither 0 (multiply) nor 1 (add)
check-E-MORPH-MATERIAL-OP-why = Readers disagree on what it does; MMD may reject the morph
check-E-MORPH-MATERIAL-OP-fix = Set the operation to multiply or add.

check-E-AXIS-DEGENERATE-meaning = A fixed or local axis is zero or not finite, or local X ∥ Z
check-E-AXIS-DEGENERATE-why = The spec builds the local frame from X and Z; it collapses and the bone rotates unpredictably
check-E-AXIS-DEGENERATE-fix = Enter a real direction (PMX Editor: 軸制限/ローカル軸).

check-W-AXIS-NOT-UNIT-meaning = A fixed or local axis is not unit length
check-W-AXIS-NOT-UNIT-why = Readers that do not normalise scale the rotation
check-W-AXIS-NOT-UNIT-fix = Normalise it (Hone's fix).

check-E-WEIGHT-NONE-BONE-meaning = A vertex puts weight on bone −1
check-E-WEIGHT-NONE-BONE-why = That share of the vertex stays at the origin or is dropped, so the mesh tears
check-E-WEIGHT-NONE-BONE-fix = Normalise the weights (Hone's fix drops the −1 share).

check-W-WEIGHT-RANGE-meaning = A weight is outside 0..1 or not finite
check-W-WEIGHT-RANGE-why = The vertex overshoots its bones and stretches
check-W-WEIGHT-RANGE-fix = Normalise the weights (Hone's fix).

check-E-WEIGHT-ZERO-meaning = BDEF4/QDEF weights sum to about 0
check-E-WEIGHT-ZERO-why = No bone moves the vertex: it stays at the origin
check-E-WEIGHT-ZERO-fix = Weight the vertex to its bones.

check-W-WEIGHT-SUM-meaning = BDEF4/QDEF weights do not sum to 1 (±0.001)
check-W-WEIGHT-SUM-why = MMD does not renormalise, so the vertex shrinks toward or overshoots its bones
check-W-WEIGHT-SUM-fix = Normalise the weights (Hone's fix).

check-W-SDEF-DEGENERATE-meaning = SDEF on the same bone twice, or C/R0/R1 not finite
check-W-SDEF-DEGENERATE-why = SDEF has nothing to blend and skins wrongly
check-W-SDEF-DEGENERATE-fix = Make it BDEF2, or fix the SDEF parameters.

check-I-SDEF-POINTLESS-meaning = SDEF with the whole weight on one bone
check-I-SDEF-POINTLESS-why = It equals BDEF1 but costs SDEF's work
check-I-SDEF-POINTLESS-fix = Make it BDEF1 (Hone's fix).

check-W-SDEF-CENTER-meaning = An SDEF centre C far from the joint of its two bones
check-W-SDEF-CENTER-why = SDEF rotates around C; far from the joint, the skin bulges or caves
check-W-SDEF-CENTER-fix = Move C to the joint the bones share.

check-E-ORDER-PARENT-meaning = A bone is evaluated before its parent (deform layer / index)
check-E-ORDER-PARENT-why = The bone reads last frame's parent: it lags or jitters
check-E-ORDER-PARENT-fix = Raise its deform layer (Hone's fix raises it and the bones that depend on it).

check-E-ORDER-APPEND-meaning = A bone is evaluated before its multi-level or local append source
check-E-ORDER-APPEND-why = It reads the source before the source is computed
check-E-ORDER-APPEND-fix = Raise its deform layer (Hone's fix).

check-E-ORDER-IK-meaning = An IK bone before its target/links, or an append bone before the IK that rotates its source
check-E-ORDER-IK-why = The solver or the append reads stale poses: feet slide, 足D bones lag
check-E-ORDER-IK-fix = Raise its deform layer (Hone's fix).

check-W-BODY-NO-BONE-meaning = A mode 0 or mode 2 body has no bone
check-W-BODY-NO-BONE-why = Mode 0 stays where it was loaded; mode 2 has nothing to align to
check-W-BODY-NO-BONE-fix = Give the body a bone.

check-W-SOFTBODY-NO-MATERIAL-meaning = A soft body has no material
check-W-SOFTBODY-NO-MATERIAL-why = It has no mesh to simulate
check-W-SOFTBODY-NO-MATERIAL-fix = Assign the material it should simulate.

check-E-JOINT-NO-BODY-meaning = A joint's body A or B is −1
check-E-JOINT-NO-BODY-why = The joint connects nothing and is dropped
check-E-JOINT-NO-BODY-fix = Set both bodies.

check-E-JOINT-SAME-BODY-meaning = A joint joins a body to itself
check-E-JOINT-SAME-BODY-why = Bullet cannot build it; the joint is dropped
check-E-JOINT-SAME-BODY-fix = Set the other body.

check-W-JOINT-KINEMATIC-meaning = A joint links two bone-following (mode 0) bodies
check-W-JOINT-KINEMATIC-why = Both follow their bones, so the joint does nothing
check-W-JOINT-KINEMATIC-fix = Make one body simulated, or delete the joint.

check-E-BODY-OVERLAP-meaning = Two bodies that collide overlap in the rest pose (at least one simulated, not joined)
check-E-BODY-OVERLAP-why = Physics pushes them apart violently at the first step: the classic explosion
check-E-BODY-OVERLAP-fix = Separate them, or stop them colliding (Hone's fix clears the two groups' mask bits on both bodies).

check-W-BODY-OVERLAP-JOINED-meaning = Two joined bodies that collide overlap at rest
check-W-BODY-OVERLAP-JOINED-why = The joint holds them together while the contact pushes them apart: they jitter
check-W-BODY-OVERLAP-JOINED-fix = Stop them colliding (Hone's fix).

check-W-BODY-OVERLAP-CHAIN-meaning = Two bodies of the same chain of joints collide and overlap at rest
check-W-BODY-OVERLAP-CHAIN-why = The chain's joints hold them against each other, so they fight and jitter (skirts, hair)
check-W-BODY-OVERLAP-CHAIN-fix = Stop them colliding (Hone's fix).

check-W-BODY-UNJOINED-meaning = A simulated body (mode 1, or without a bone) no joint ties to another body
check-W-BODY-UNJOINED-why = It falls away under gravity and drags its bone along
check-W-BODY-UNJOINED-fix = Joint it to the body it should hang from, or make it follow its bone.

check-W-CHAIN-ROOT-DYNAMIC-meaning = A chain of jointed bodies that no body holds (none follows its bone, none is mode 2), reported on its root
check-W-CHAIN-ROOT-DYNAMIC-why = The whole chain drops; the root of hair or a skirt should follow its animated parent bone
check-W-CHAIN-ROOT-DYNAMIC-fix = Make the root follow its bone (Hone's fix when the parent bone is animated), or joint the chain to the body that moves its parent.

check-W-BODY-FOLLOW-ON-PHYSICS-BONE-meaning = A bone-following body sits on a bone physics moves (a simulated body drives it or an ancestor, or it appends from one)
check-W-BODY-FOLLOW-ON-PHYSICS-BONE-why = It is placed from the pose before physics, lags a frame and pushes the bodies that drive its bone
check-W-BODY-FOLLOW-ON-PHYSICS-BONE-fix = Make it simulated and joint it into the chain, or move it to an animated bone.
check-W-BONE-BELOW-PHYSICS-meaning = A weighted bone (or one whose plain descendants carry weight) below a bone a simulated body drives, with no simulated body of its own and not 物理後変形 (after physics, 0x1000)
check-W-BONE-BELOW-PHYSICS-why = MMD computes it before physics and keeps it there: it does not move with the hair or cloth above it, so its vertices stay behind (MMDAgent and babylon-mmd agree; saba moves it)
check-W-BONE-BELOW-PHYSICS-fix = Set 物理後変形 on it (Hone's fix), so it is recomputed from the physics result, or give it its own body.

check-W-BODY-BONE-DRIVEN-meaning = A simulated body on a bone that IK or append (付与) also drives
check-W-BODY-BONE-DRIVEN-why = Physics and the solver overwrite each other every frame: the bone jitters
check-W-BODY-BONE-DRIVEN-fix = Put the body on a bone only physics moves, or make it follow its bone.

check-W-BODY-FAR-FROM-BONE-meaning = A body more than 5× its size (and 2 units) from its bone — or a simulated body that far from the bone its bone hangs from
check-W-BODY-FAR-FROM-BONE-why = It swings its bone on a long invisible arm (Gene's 前クローク2_2錘 hangs 93 units below its cloak)
check-W-BODY-FAR-FROM-BONE-fix = Move the body (or the bone) to where it belongs.

check-W-BODY-MASS-meaning = A mode 1 or 2 body with mass ≤ 0
check-W-BODY-MASS-why = Bullet makes a body without mass static: it never moves
check-W-BODY-MASS-fix = Give it a mass (Hone's fix: 1).

check-W-BODY-TINY-meaning = A simulated body below 0.1 units across its widest radius
check-W-BODY-TINY-why = So small a body jitters and passes through others
check-W-BODY-TINY-fix = Make it larger, or let it follow its bone.

check-I-BODY-MODE2-AS-MODE1-meaning = A mode-2 body jointed to a simulated body on its bone's parent
check-I-BODY-MODE2-AS-MODE1-why = MMD runs such a body as mode 1: its bone takes the body's position too
check-I-BODY-MODE2-AS-MODE1-fix = Nothing to do if that is what you want; otherwise change the mode or the chain.

check-W-JOINT-MASS-RATIO-meaning = A joint joins two simulated bodies whose masses differ more than 10×
check-W-JOINT-MASS-RATIO-why = The solver cannot hold the light one: jitter
check-W-JOINT-MASS-RATIO-fix = Bring the masses closer.

check-W-JOINT-Y-90-meaning = A joint's rotation limit on Y reaches ±90°
check-W-JOINT-Y-90-why = Bullet's 6DOF joint reads rotations as Euler angles, which lock at Y = ±90°; the joint flips or jitters
check-W-JOINT-Y-90-fix = Keep Y within ±80° (swap the joint's axes if it must turn further).

check-W-JOINT-LIMIT-INVERTED-meaning = A joint's lower limit is above its upper limit on an axis
check-W-JOINT-LIMIT-INVERTED-why = Bullet leaves that axis free — sometimes meant, usually a typo
check-W-JOINT-LIMIT-INVERTED-fix = Swap the limits if the axis should be limited.

check-W-JOINT-SPRING-STIFF-meaning = A spring on a movable joint axis with k·h²/m > 4 (h = 1/60 s, m the bodies' reduced mass)
check-W-JOINT-SPRING-STIFF-why = At 60 Hz such a spring overshoots every step and the motion grows: the chain explodes
check-W-JOINT-SPRING-STIFF-fix = Lower the stiffness (Hone's fix: k = m/h²).

check-W-FRAME-ROOT-meaning = Display frame 0 is not the special frame "Root"
check-W-FRAME-ROOT-why = PMX starts with the special frames; MMD and editors expect Root first (it holds the root bone)
check-W-FRAME-ROOT-fix = Hone's fix moves, adds, renames or flags the special frames.

check-W-FRAME-EXP-meaning = Display frame 1 is not the special frame "表情"
check-W-FRAME-EXP-why = MMD lists morphs from the 表情 frame
check-W-FRAME-EXP-fix = Hone's fix moves, adds, renames or flags the special frames.

check-W-BONE-NO-FRAME-meaning = A visible, operable bone in no display frame
check-W-BONE-NO-FRAME-why = MMD lists only framed bones in its timeline, so the bone cannot be keyed
check-W-BONE-NO-FRAME-fix = Add it to a frame (Hone's fix: the frame of its nearest framed ancestor; a part with none gets a new frame named after its top bone).

check-W-MORPH-NO-FRAME-meaning = A morph in no display frame
check-W-MORPH-NO-FRAME-why = MMD's morph panel does not list it (a motion file can still drive it)
check-W-MORPH-NO-FRAME-fix = Add it to the 表情 frame (Hone's fix).

check-W-FRAME-DUP-meaning = A bone or morph listed more than once in the display frames
check-W-FRAME-DUP-why = MMD shows it twice; keys entered on either row land on the same bone
check-W-FRAME-DUP-fix = Keep one entry (Hone's fix keeps the first).

check-I-FRAME-HIDDEN-meaning = A display frame lists a bone that is hidden or not operable
check-I-FRAME-HIDDEN-why = MMD shows the entry but the bone cannot be picked or moved
check-I-FRAME-HIDDEN-fix = Remove the entry, or make the bone visible and operable.

check-W-COLOR-RANGE-meaning = A material colour or alpha is outside 0..1
check-W-COLOR-RANGE-why = MMD's shader and effects clamp or overflow such values differently: colours blow out
check-W-COLOR-RANGE-fix = Clamp into 0..1 (Hone's fix).

check-W-TEXTURE-MISSING-meaning = A texture a material uses is not in the model's folder
check-W-TEXTURE-MISSING-why = MMD draws the material untextured (white or its diffuse colour)
check-W-TEXTURE-MISSING-fix = Copy the file next to the model or fix the path.

check-I-TEXTURE-MISSING-UNUSED-meaning = A texture no material uses is missing
check-I-TEXTURE-MISSING-UNUSED-why = Nothing is drawn with it; the entry is dead weight
check-I-TEXTURE-MISSING-UNUSED-fix = Delete the entry or ship the file.

check-I-TEXTURE-CASE-meaning = A texture only exists with different letter case
check-I-TEXTURE-CASE-why = Fine on Windows (MMD), missing on case-sensitive systems
check-I-TEXTURE-CASE-fix = Make the path's case match the file.

check-W-TEXTURE-PATH-ABSOLUTE-meaning = A texture path is absolute (drive letter, leading separator, UNC)
check-W-TEXTURE-PATH-ABSOLUTE-why = It only resolves on the machine that made the model
check-W-TEXTURE-PATH-ABSOLUTE-fix = Make it relative to the model's folder.

check-W-TEXTURE-PATH-ESCAPES-meaning = A texture path climbs out of the model's folder ("..")
check-W-TEXTURE-PATH-ESCAPES-why = The model does not travel as one folder; shared copies lose the texture
check-W-TEXTURE-PATH-ESCAPES-fix = Copy the texture into the model's folder and point at it.

check-I-TEXTURE-DUP-meaning = Two texture entries name the same file
check-I-TEXTURE-DUP-why = The file is loaded twice
check-I-TEXTURE-DUP-fix = Point the materials at one entry and delete the other.
# Names used around the check texts.
check-category-structure = structure
check-category-weights = weights
check-category-order = order
check-category-physics = physics
check-category-display = display
check-category-textures = textures
check-severity-error = error
check-severity-warning = warning
check-severity-info = info
check-elem-bone = bone
check-elem-morph = morph
check-elem-vertex = vertex
check-elem-material = material
check-elem-rigid-body = rigid body
check-elem-joint = joint
check-elem-soft-body = soft body
check-elem-texture = texture
check-elem-face = face
check-elem-display-frame = display frame
check-elem-model = model

# docs/checks.md
checks-doc-title = Rig checks
checks-doc-intro = `hone check FILE` and the Problems panel run every check below after each edit. The panel also looks for the texture files again (in the model file's folder) when the window gets the focus back and every 2 s while it is shown. Codes are stable: `E-` error (the rig is broken), `W-` warning (probably unintended), `I-` info (worth knowing). "Fix" says what to do; where Hone offers a fix it goes through the undo history (`hone check FILE --fix OUT` applies them all). Generated from `core/src/check/catalog.rs` (`hone check --list`).
checks-doc-meaning = { $meaning } ({ $severity }).
checks-doc-why = Why it matters in MMD: { $why }.
checks-doc-fix = Fix: { $fix }
