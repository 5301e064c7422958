transform-bad-scale = scale { $scale } must be a positive number (mirror with the mirror operation)
transform-not-finite = rotation and translation must be finite numbers
transform-nothing = the transform moves nothing
transform-empty-part = nothing chosen to transform
transform-part-model = the model
transform-part-vertices = { $count ->
    [one] 1 vertex
   *[other] { $count } vertices
}
transform-part-bones = { $count ->
    [one] 1 bone
   *[other] { $count } bones
}
transform-label = Transform { $part } (scale { $scale }, rotate { $rx }°, { $ry }°, { $rz }°, move { $x }, { $y }, { $z })
