bake-error-cancelled = bake cancelled
bake-error-range = the start frame { $start } is after the end frame { $end }
bake-error-no-bones = no bone to bake (no simulated rigid body, or no name found)
