# Errors of edits, generators and their input (core/src/edit, core/src/rig)
err-edit-no-such-element = { $kind } #{ $index } does not exist (the model has { $len })
err-edit-not-supported = { $kind } elements cannot be added, deleted or reordered
err-edit-special-frame = display frame "{ $name }" is special and cannot be deleted
err-edit-bad-order = not a reordering of all { $kind } elements
err-edit-material-faces = materials can only be reordered or duplicated when their face counts cover the face list exactly
err-edit-vertex-in-use = vertex #{ $index } is used by a face; only unused vertices can be deleted
err-edit-empty = nothing to do
err-delete-referenced = { $refs }; delete them too (refs: delete) or re-point them (refs: repoint)
err-delete-no-parent-for-weights = the vertex weights on { $bone } cannot be re-pointed: no parent bone survives
err-input-no-such = { $kind } #{ $index } does not exist (the model has { $len })
err-rig-nothing-to-do = nothing to do: { $reason }

# Model files (core/src/pmx): where a parse problem is, why a file cannot be read or written
err-pmx-parse = { $location }: { $message } at byte { $offset }
err-pmx-needs-21 = cannot write PMX 2.0: the model uses PMX 2.1 features: { $features }
err-pmx-write = cannot write: { $reason }
err-pmx-unsupported = unsupported file: { $reason }
err-section-header = header
err-section-model-info = model info
err-section-vertex = vertex
err-section-face = face
err-section-texture = texture
err-section-material = material
err-section-bone = bone
err-section-ik-link = IK link
err-section-morph = morph
err-section-display-frame = display frame
err-section-rigid-body = rigid body
err-section-joint = joint
err-section-soft-body = soft body
err-section-ik-chain = IK chain
err-section-expression = expression
err-section-display-list = display list
err-section-extension = extension
err-section-motion = motion
err-section-trailer = trailer

# PMX 2.1 features (core/src/pmx/needs.rs): what keeps a model from being written as 2.0
v21-feature-qdef-weights = QDEF weights
v21-feature-flip-morphs = flip morphs
v21-feature-impulse-morphs = impulse morphs
v21-feature-material-flags = material flags 0x20-0x80 (vertex colour, point, line)
v21-feature-joint-kinds = joint types other than spring 6DOF
v21-feature-soft-bodies = soft bodies
v21-user-vertex = vertex { $index }
v21-user-morph = morph { $index } ({ $name })
v21-user-material = material { $index } ({ $name }) flags { $flags }
v21-user-joint = joint { $index } ({ $name }) kind { $kind }
v21-user-soft-body = soft body { $index } ({ $name })
v21-and-more = and { $count } more
v21-use = { $feature } ({ $count }): { $users }

# Scripts and operation input (core/src/ops): the JSON keys stay as written
err-script-json = the script is not valid JSON: { $error }
err-script-not-array = the script must be a JSON array of operations (objects with an "op" key)
err-script-op = operation { $index } ({ $op }): { $message }
err-script-not-object = not an object: { $value }
err-script-unknown-op = unknown operation (operations: { $ops })
err-script-unknown-key = unknown key "{ $key }" (allowed: { $allowed }); usage: { $usage }
err-op-missing = missing "{ $key }"
err-op-key = "{ $key }": { $error }
err-op-not-string = "{ $key }" must be a string, not { $value }
err-op-not-object = "{ $key }" must be an object, not { $value }
err-op-unknown-kind = unknown kind "{ $name }" (kinds: { $kinds })
err-op-not-a-vertex = "vertices": { $value } is not a vertex of this model (it has { $len })
err-op-vertex-selector = "vertices": expected "all", a list of indices, {"{"}"bone": S{"}"} or {"{"}"material": S{"}"}, not { $value }
err-op-one-bone = "{ $key }" must name one bone, it names { $count }
err-op-panel = "panel" must be 0-4, not { $panel }
err-op-bad-value = bad value for { $field }: { $error }
err-op-cannot-add = { $kind } elements cannot be added
err-op-at-past-end = "at": { $at } is past the end (the model has { $len } { $kinds })
err-op-refs = "refs" must be "error", "delete" or "repoint", not "{ $value }"
err-op-to-past-end = "to": { $to } would move { $count } { $kinds } past the end (the model has { $len })
err-op-value-needs-field = "value" needs "field"
err-op-missing-field-value = missing "field" and "value" (or "values")
err-select-no-index = { $kind } { $index } does not exist (the model has { $len })
err-select-no-match = no { $kind } matches "{ $pattern }"
err-select-no-name = no { $kind } named "{ $name }"
err-select-empty-list = the selector list is empty
err-select-bad = a selector is an index, a name, a glob with * or a list, not { $value }

# One step of a script's report (core/src/ops/script.rs)
script-step-nothing = nothing to change
script-step-count = { $kinds } { $before } → { $after }
