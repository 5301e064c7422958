
# Command-line argument and file errors (src/cli).
cli-err-morph-spec = expected NAME=WEIGHT, got "{ $value }"
cli-err-bad-weight = bad weight in "{ $value }"
cli-err-size-spec = expected WIDTHxHEIGHT, got "{ $value }"
cli-err-bad-width = bad width in "{ $value }"
cli-err-bad-height = bad height in "{ $value }"
cli-err-size-range = size { $size } out of range 64..8192
cli-err-cannot-open = cannot open { $path }: { $reason }
cli-err-no-morph = --morph: no morph named "{ $name }"
cli-err-motion = cannot load motion { $path }: { $reason }
cli-err-no-tab = --tab: no tab "{ $tab }" ({ $names })
cli-err-select-spec = --select wants KIND:NAME, got "{ $value }"
cli-err-select-kind = --select: unknown kind "{ $kind }" (bone, morph, material, body, joint, frame, vertex)
cli-err-select-none = --select: no { $kind } named "{ $name }"
cli-err-weight-view = unknown weight view "{ $value }" (bone, kind, problems, off)
cli-err-show-item = --show: unknown item "{ $item }" (mesh, wireframe, edges, bones, bodies, joints, grid, shadow)
cli-err-overlay-item = --overlay: unknown item "{ $item }" (collision, joints, contacts, deform-order, ik)
cli-err-no-bone = no bone "{ $name }" (names are exact; #INDEX picks by index)
cli-weights-heading = { $bone } (#{ $index }): { $count } vertices, total weight { $total }
cli-err-substep-rule = "{ $value }": expected bullet or interpolated
cli-err-seconds = "{ $value }" is not a positive number of seconds
cli-err-xyz = expected three numbers X,Y,Z, not "{ $value }"
cli-err-mask = "{ $value }": { $reason } (a number 0-65535 or 0xFFFF)
