# Soft-body notes (core/src/physics/soft).
note-soft-aero-rope = ignored, as in Bullet: aerodynamics (DG, LF) on a rope (a rope has no faces, so no area)
note-soft-volume-rope = ignored, as in Bullet: pressure and volume (PR, VC, VST) on a rope (a rope has no faces, so no volume)
note-soft-volume-open = not simulated: pressure and volume (PR, VC, VST) need a closed mesh (every edge on two triangles); Bullet measures an open mesh's volume from its first vertex, so the result would depend on vertex order
note-soft-aero-unknown = approximated: unknown aero model: V_Point used
note-soft-volume-stiffness = approximated: on a closed mesh, VST holds the volume as one constraint per iteration with stiffness VST (besides Bullet's VC force)
note-soft-clusters-rigid = approximated: clusters by K-means of the rest positions; a cluster meets rigid bodies as one rigid piece of equal-mass particles (SRHR_CL/SKHR_CL hardness, SR_SPLT_CL/SK_SPLT_CL position-only share, C_IT passes)
note-soft-drift-links = approximated: drift iterations (D_IT) solve the links again and feed the change to the velocity scaled by VCF
note-soft-count-clamped = { $what } { $iterations } clamped to { $clamped }
note-soft-cluster-count = approximated: cluster count { $count }: one cluster per triangle or segment (Bullet's reading of 0)
note-soft-cluster-iterations-zero = approximated: C_IT 0 with clusters: one cluster pass per sub-step (contacts need one)
note-soft-cluster-soft-contacts = approximated: clustered soft bodies meet each other (CL_SS) by particle–triangle contacts with hardness SSHR_CL and position-only share SS_SPLT_CL, not as rigid clusters
