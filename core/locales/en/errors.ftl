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
