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
