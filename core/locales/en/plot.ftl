# `hone simulate --plot`
plot-swing = swing (°)
plot-speed = speed (units/s)
plot-distance = distance from bone (units)
plot-time = time (s)
plot-bad-extension = { $path }: the plot is written as .svg or .png
plot-unknown-body = --plot-bodies: no rigid body named or numbered { $body }
plot-body-without-bone = --plot-bodies: rigid body { $body } has no bone to follow
plot-written = Plot written to { $path }: { $bodies }
