# Saving and CSV (English). Keys are shared with ja/io.ftl.
save-upgraded-21 = saved as PMX 2.1 instead of 2.0: the model uses PMX 2.1 features ({ $reasons })
save-v21-reason = { $feature } ×{ $count }, first { $first }
save-index-sizes-grew = index sizes grew to hold the model: { $sizes } bytes
v21-feature-qdef = QDEF weights
v21-feature-flip-morphs = flip morphs
v21-feature-impulse-morphs = impulse morphs
v21-feature-material-flags = material flags vertex colour/point/line
v21-feature-joint-kinds = joint types other than spring 6DOF
v21-feature-soft-bodies = soft bodies
