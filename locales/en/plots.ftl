# The Simulation panel's plots
sim-plots = Plots
sim-plots-off = Physics is off: turn it on to plot how bodies swing.
sim-plots-hint = Select bones or rigid bodies (Ctrl-click for several) to plot their swing, speed and distance from the bone.
sim-plots-seconds = Last seconds
sim-plot-swing = swing (°)
sim-plot-speed = speed (units/s)
sim-plot-distance = distance (units)
sim-plots-note = Swing: angle from the pose without physics. Speed: of the body's centre. Distance: of the body from where its bone puts it. Time in seconds since physics started or was reset.
