# The app shell: menus, dialogs, status bar, Log lines, dock tabs, the viewport's toolbar,
# modes, HUD and legends. Keys are shared with ja/shell.ftl (tests keep them equal).

## Menus
menu-file = File
menu-open = Open…  (Ctrl+O)
menu-open-recent = Open recent
menu-recent-none = (none)
menu-open-sample = Open sample rig
menu-load-motion = Load motion…
menu-load-pose = Load pose (VPD)…
menu-save-pose = Save pose as VPD…
menu-apply-pose-as-rest = Apply pose as rest
menu-apply-pose-as-rest-hint = The current pose becomes the rest pose: bones, vertices, bodies and joints move (one undo step); morph weights are not baked
menu-save = Save  (Ctrl+S)
menu-save-as = Save As…  (Ctrl+Shift+S)
menu-save-format = Save format
menu-save-version = Version
menu-save-as-loaded = as loaded
menu-save-encoding = Text encoding
menu-quit = Quit
menu-edit = Edit
menu-undo = Undo{ $keys }
menu-undo-named = Undo { $what }{ $keys }
menu-redo = Redo{ $keys }
menu-undo-pose = Undo pose change{ $keys }
menu-redo-pose = Redo pose change{ $keys }
menu-model-info = Model info
menu-rig = Rig
menu-morph = Morph
menu-model = Model
menu-view = View
menu-reset-layout = Reset layout
menu-reset-view = Reset view  (Home)
menu-reset-pose = Reset pose

## File dialogs
filter-mmd-model = MMD model
filter-vmd-motion = VMD motion
filter-vpd-pose = VPD pose

## Dialogs
dialog-open-failed = Could not open the file
dialog-showing-instead = Showing { $name } instead.
dialog-ok = OK
dialog-unsaved = Unsaved changes
dialog-unsaved-question = Save the changes to { $name } first?
dialog-save = Save
dialog-dont-save = Don't save
dialog-cancel = Cancel
dialog-flags-ignored = { $error }
    ({ $flags } ignored: they name parts of that file)

## Status bar
status-model = { $name } · { $vertices } vertices · { $bones } bones · { $morphs } morphs · { $bodies } bodies · { $joints } joints

## Log lines
log-select-in-list-first = select an element in a list first (the keys act on its list)
log-cannot-open = cannot open { $path }: { $error }
log-saved = saved { $path }
log-cannot-save = cannot save { $path }: { $error }
log-opened = opened { $name }: { $vertices } vertices, { $bones } bones, { $morphs } morphs, { $materials } materials, { $bodies } rigid bodies, { $joints } joints
log-edit-refused = edit refused: { $error }
log-nothing-to-undo = nothing to undo
log-nothing-to-redo = nothing to redo
log-no-pose-undo = no pose change to undo
log-no-pose-redo = no pose change to redo
log-texture-missing = texture #{ $index }: { $error }
log-texture-not-found = { $name }: file not found
log-pose-loaded = Pose { $path } loaded: { $bones } bones, { $morphs } morphs
log-pose-saved = Pose saved to { $path }: { $bones } bones, { $morphs } morphs
log-apply-pose-failed = Apply pose as rest: { $error }
log-cannot-load-motion = cannot load motion { $path }: { $error }
log-motion-bound = motion { $name }: { $frames } frames, { $bones } bones and { $morphs } morphs bound
log-motion-unknown-bones = motion { $name }: { $count } bones not in the model: { $names }
log-motion-unknown-morphs = motion { $name }: { $count } morphs not in the model: { $names }
log-motion-unknown-ik = motion { $name }: { $count } IK bones not in the model: { $names }

## History labels
history-groups-collide = Groups { $a }↔{ $b }: collide
history-groups-no-collision = Groups { $a }↔{ $b }: no collision
history-morph-move = Move { $count } vertices in morph { $morph }
history-paint-weights = Paint { $bone } ({ $mode }) weights

## Dock tabs
tab-viewport = Viewport
tab-bones = Bones
tab-morphs = Morphs
tab-physics = Rigid bodies & Joints
tab-collision-matrix = Collision matrix
tab-soft-bodies = Soft bodies
tab-materials = Materials
tab-inspector = Inspector
tab-history = History
tab-log = Log
tab-deform-order = Deform order
tab-problems = Problems
tab-simulation = Simulation
tab-display-frames = Display frames
tab-textures = Textures
tab-weights = Weights

## Pipeline stages (the timing HUD and the Simulation panel)
stage-morphs = morphs
stage-bones = bones
stage-kinematic-sync = kinematic sync
stage-physics = physics
stage-write-back = write-back
stage-after-physics = after-physics
stage-skinning = skinning
stage-soft-bodies = soft bodies
stage-normals = normals
stage-total = total
hud-playing = playing  { $substeps } substeps
hud-paused = paused  { $substeps } substeps

## Viewport toolbar
view-mesh = Mesh
view-wireframe = Wireframe
view-edges = Edges
view-bones = Bones
view-bodies = Rigid bodies
view-joints = Joints
view-grid = Grid
view-shadow = Shadow
view-shadow-hint = Ground shadow along the light, as MMD draws it
view-reset-view = Reset view
view-reset-view-hint = Frame the model (Home)
view-frame = Frame
view-frame-hint = Frame the selection (F, with the pointer over the view)
view-reset-pose = Reset pose
view-physics = Physics
view-physics-hint = Run rigid-body physics on the current pose
view-reset-physics = Reset physics
view-textures-loading = { $count } textures loading
view-textures-missing = ⚠ { $count ->
        [one] { $count } texture missing
       *[other] { $count } textures missing
    }
view-3d-unavailable = 3D view unavailable: { $error }
view-no-gpu = 3D view (no GPU)
view-collision = Collision
view-collision-hint = Rigid bodies by collision group; the selected body's partners highlighted
view-joint-limits = Joint limits
view-joint-limits-hint = Joint frames, angular limit arcs and linear limit boxes
view-contacts = Contacts
view-contacts-hint = Contact points of the running simulation
view-contacts-disabled = Turn Physics on to see contacts
view-deform-order = Deform order
view-deform-order-hint = Evaluation index per bone, coloured by deform layer
view-ik-hint = IK chains: goal, effector, links, angle limits, error

## Legends
legend-collision-groups = Collision groups
legend-group-unused = { $group } (unused)
legend-body-bone = bone (kinematic): outline
legend-body-physics = physics: filled
legend-body-physics-bone = physics + bone: dashed
legend-body-unknown = unknown: thin outline
legend-joint-kinds = Joint kinds (axes X/Y/Z = R/G/B)
legend-deform-order = Deform order (index at each bone)
legend-deform-layer = layer { $layer }
legend-deform-violation = evaluated before a dependency
legend-deform-after-physics = after physics (index suffix P)
legend-labels-hidden = { $count } labels hidden where they overlap: zoom in or select a bone
legend-ik-label = { $name }  err { $error }
legend-ik-goal = IK bone (goal)  err = effector↔goal distance
legend-ik-effector = effector (IK target bone)
legend-ik-links = links
legend-ik-limits = angle limits: X red, Y green, Z blue arcs

## Weight view
weight-view = Weight view
weight-view-hint = Colour the mesh by the selected bone's weight, by weight kind, or flag vertices whose weights do not sum to 1 or name missing bones
weight-mode-off = Off
weight-mode-bone = Bone weight
weight-mode-kind = Weight kind
weight-mode-problems = Weight problems
weight-problem-missing-bone = weight on a missing bone
weight-problem-sum = weights not summing to 1
weight-problem-sdef = SDEF parameters
weight-legend-of = Weight of { $bone }
weight-legend-unweighted = not weighted to it: { $count }
weight-legend-zero = weight 0: { $count }
weight-legend-between = 0 < w < 1: { $count }
weight-legend-one = weight 1: { $count }
weight-legend-select-bone = Select a bone to see its weights
weight-legend-fine = fine: { $count }

## Viewport modes
mode-label = Mode:
mode-pose = Pose
mode-edit-bones = Edit bones
mode-vertices = Vertices
mode-paint-weights = Paint weights
mode-edit-morph = Edit morph
mode-pose-hint = The gizmo poses the selected bone (not a model edit).
mode-edit-bones-hint = The gizmo moves the selected bone's rest position (an undoable model edit). The rest pose is shown; the pose comes back in Pose mode.
mode-vertices-hint = Click picks a vertex of the posed mesh, drag selects a box (through the mesh), Shift adds, Ctrl removes.
mode-paint-weights-hint = Drag on the mesh to paint the selected bone's weights (click a bone to choose it). Each stroke is one undo step; the pose stays live.
mode-edit-morph-hint = Select vertices (click, box), then drag an arrow: the move is recorded in the vertex morph (the base mesh is untouched). One drag is one undo step.
mode-undo-note = Ctrl+Z: the newest change, pose or model (the pose has its own undo)
mode-undo-hint = Posing never enters the model's history: pose changes have their own undo. Ctrl+Z undoes whichever is newer, the last pose change or the last model edit; Edit ▸ Undo pose change and Edit ▸ Undo (model) reach each history directly.
mode-move-children = Move children
mode-move-children-hint = Children move with the bone (else they keep their positions)
mode-keep-tail-end = Offset tail keeps its end
mode-keep-tail-end-hint = A tail given as an offset keeps its end point (else it moves along)
mode-choose = (choose)
mode-weight-at-least = weight ≥
mode-by-weight = By weight
mode-by-weight-hint = Select the vertices this bone moves with at least this weight (Shift adds, Ctrl removes)
mode-by-material = By material
mode-by-material-hint = Select the vertices of this material's faces (Shift adds, Ctrl removes)
mode-vertices-selected = { $count } vertices selected
mode-clear = Clear

## Weight painting
paint-add = Add
paint-subtract = Subtract
paint-replace = Replace
paint-smooth = Smooth
paint-blur = Blur two bones
paint-add-hint = Raise the bone's weight (the vertex's other bones give it up)
paint-subtract-hint = Lower the bone's weight (the other bones take the rest)
paint-replace-hint = Move the bone's weight toward the value
paint-smooth-hint = Move the bone's weight toward its neighbours' mean
paint-blur-hint = Smooth the split between the bone and a second bone, keeping their sum
paint-falloff-smooth = Smooth
paint-falloff-linear = Linear
paint-falloff-constant = Constant
paint-select-bone-first = Paint: select the bone to paint first
paint-blur-needs-second = Paint: blur needs a second bone
paint-failed = Paint: { $error }
paint-painting = Painting { $bone }
paint-select-bone = Select a bone to paint
paint-second-bone = (second bone)
paint-value = value
paint-radius = radius
paint-screen = screen
paint-screen-hint = Radius in pixels on screen (else in model units)
paint-strength = strength
paint-mirror = X-mirror
paint-mirror-hint = Paint the mirror vertex on the mirror bone too (左 ↔ 右)
paint-front-only = front only
paint-front-only-hint = Only vertices facing the camera (off: through the mesh)

## Morph editing in the viewport
morph-edit-target = Morph:
morph-edit-new = (new morph)
morph-edit-new-hint = The first drag makes a new vertex morph
morph-edit-new-failed = New vertex morph: { $error }
morph-edit-how = Click or box-select vertices, then drag an arrow
morph-edit-remove = Remove { $count } from morph
morph-edit-remove-hint = Drop the selected vertices' offsets from the morph
morph-edit-remove-failed = Remove offsets: { $error }
