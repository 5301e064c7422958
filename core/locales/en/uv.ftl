ops-uv-transform-title = Transform UVs…
ops-uv-transform-help = Move, rotate (degrees, counter-clockwise with V down) and scale the selected vertices' UVs about a pivot (the centre of their UVs unless given), on UV or an additional UV layer; with a UV morph, its offsets instead (the base UVs stay).
ops-opt-translate-u = Move U
ops-opt-translate-v = Move V
ops-opt-uv-rotate-deg = Rotate (°)
ops-opt-scale-u = Scale U
ops-opt-scale-v = Scale V
ops-opt-pivot-u = Pivot U
ops-opt-pivot-v = Pivot V
ops-opt-uv-layer = UV layer (0 = UV, 1–4 = additional UV)
ops-opt-uv-morph = UV morph (name; empty = the vertices' UVs)
uv-transform-nothing = the UV transform changes nothing
uv-transform-not-finite = UV move, rotation, scale and pivot must be finite numbers
uv-transform-zero-scale = a UV scale of 0 would collapse the UVs
uv-transform-not-uv-morph = { $name } is not a UV morph
uv-transform-no-morph = no morph named { $name }
uv-transform-label = Transform UVs of { $count ->
    [one] 1 vertex
   *[other] { $count } vertices
}
uv-transform-morph-label = Edit UV morph { $name } ({ $count ->
    [one] 1 vertex
   *[other] { $count } vertices
})
