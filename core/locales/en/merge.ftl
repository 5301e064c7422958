merge-label = Add model { $part } ({ $bones } new bones, { $matched } matched)
merge-no-part-bone = the part has no bone named { $name }
merge-no-base-bone = the model has no bone named { $name }
merge-summary-added = adds { $vertices } vertices, { $materials } materials, { $bones } bones, { $morphs } morphs, { $bodies } rigid bodies, { $joints } joints
merge-summary-matched = { $count } part bones are the model's: { $bones }
merge-summary-combined = { $count } morphs combined with the model's: { $morphs }
merge-summary-shared-bodies = { $count } rigid bodies of matched bones left out (the model's are used)
merge-summary-renamed = { $kind } { $old } renamed { $new } (the name is taken)
merge-summary-textures = the part's textures are read from its folder ({ $dir }); saving the model (hone edit, hone merge, Save) copies them beside it
textures-copied = { $count } texture files copied to { $to }
textures-missing = texture not found: { $path }
textures-refused = texture not copied (absolute or outside its folder): { $path }
merge-title = Add model…
merge-help = Add a part from another model file (an accessory, hair, an outfit): attached under a bone, or joined where its bones are named like the model's; clashing names get the prefix, collision groups can be shifted. One undo step.
merge-opt-part = Part model file
merge-opt-attach = Attach under bone
merge-opt-match = Bone matching
merge-opt-match-names = by name (exact, then standard aliases)
merge-opt-match-none = none (every part bone is new)
merge-opt-map = Bone pairs (PART=MODEL, …)
merge-opt-prefix = Prefix for clashing names (empty: the part's name)
merge-opt-offset = Offset
merge-opt-group-offset = Collision group shift
merge-opt-morphs = Same-name morphs
merge-opt-morphs-combine = combine
merge-opt-morphs-prefix = add with the prefix
merge-opt-share-bodies = Keep the model's bodies on matched bones
merge-bad-map = bone pair { $pair } is not PART=MODEL
