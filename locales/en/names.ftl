# Names: Edit ▸ Translate names… and the VMD name warnings of the inspector.
translate-menu-tip = Fill English names of bones, morphs, materials, display frames, rigid bodies and joints from a dictionary
translate-title = Translate names
translate-overwrite = Overwrite English names that are already set
translate-overwrite-tip = Off: only empty English names are filled. Japanese names never change.
translate-dictionary = User dictionary:
translate-no-dictionary = (none: built-in dictionary only)
translate-choose = Choose…
translate-clear = Clear
translate-summary = { $changes ->
    [one] { $changes } English name will change
   *[other] { $changes } English names will change
}, { $unknown } without a translation
translate-col-kind = Kind
translate-col-japanese = Japanese
translate-col-old = English now
translate-col-new = New English
translate-col-rule = Rule
translate-kind-bone = bone
translate-kind-morph = morph
translate-kind-material = material
translate-kind-frame = display frame
translate-kind-body = rigid body
translate-kind-joint = joint
translate-apply = Apply
translate-cancel = Cancel
name-vmd-unmappable = ⚠ Not in Shift-JIS: { $chars } (a VMD motion cannot name it)
name-vmd-too-long = ⚠ { $bytes } bytes in Shift-JIS: a VMD motion keeps { $limit }, so motions will miss it
name-vmd-why = VMD motions bind bones and morphs by name, stored in 15 bytes of Shift-JIS. The rename is still allowed.
