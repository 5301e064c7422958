tab-uv = UV editor
uv-no-material = Choose a material (in the Materials list or above) to see its UVs
uv-material = Material
uv-morph = UV morph
uv-none = (none)
uv-edit-morph = Edit the morph
uv-edit-morph-tip = The gizmo changes the UV morph's offsets (arrows from base to morphed UV) instead of the vertices' UVs
uv-tool-move = Move
uv-tool-rotate = Rotate
uv-tool-scale = Scale
uv-fit = Frame the UVs
uv-selected = { $count ->
    [one] 1 vertex selected
   *[other] { $count } vertices selected
}
uv-move-u = Move U
uv-move-v = Move V
uv-rotate = Rotate °
uv-scale-u = Scale U
uv-scale-v = Scale V
uv-apply = Apply to selection
