# hone bake and File ▸ Bake motion…
bake-bad-tolerance = --tolerance-deg must be a number ≥ 0, not { $value }
bake-done = baked { $bones } bones, frames { $start }–{ $end }, into { $path }
bake-keys = keys: { $written } of { $sampled } kept ({ $percent } %); { $replaced } of the motion's keys replaced
bake-max-error = played with physics off: at most { $deg }° from the physics-on run ({ $bone }), { $units } units
bake-not-reproduced = not reproduced within 0.05° / 0.001 units ({ $count }): { $names }
bake-unkeyable = not baked, name longer than 15 bytes of Shift-JIS ({ $count }): { $names }
bake-unknown-bones = no such bone ({ $count }): { $names }
bake-ik-off = IK switched off ({ $count }): { $names }
bake-ik-kept = IK left on, a name does not fit a VMD ({ $count }): { $names }
bake-motion-unknown-bones = bones of the motion the model lacks, keys kept as they were ({ $count }): { $names }
bake-motion-unknown-morphs = morphs of the motion the model lacks, keys kept as they were ({ $count }): { $names }
bake-cut-names = names cut to fit the file ({ $count }): { $names }
