# Soft-body notes (core/src/physics/soft).
note-soft-self-contacts = not simulated: soft–soft contacts (SHR, SSHR_CL, SS_SPLT_CL)
note-soft-aero-rope = not simulated: aerodynamics (DG, LF) on a rope (a rope has no area, as in Bullet)
note-soft-volume-rope = not simulated: pressure and volume (PR, VC, VST) on a rope
note-soft-volume-open = not simulated: pressure and volume (PR, VC, VST) need a closed mesh (every edge on two triangles)
note-soft-aero-unknown = approximated: unknown aero model: V_Point used
note-soft-volume-stiffness = approximated: on a closed mesh, VST holds the volume as one constraint per iteration with stiffness VST (besides Bullet's VC force)
note-soft-clusters-rigid = approximated: clusters by K-means of the rest positions; a cluster meets rigid bodies as one rigid piece of equal-mass particles (SRHR_CL/SKHR_CL hardness, SR_SPLT_CL/SK_SPLT_CL position-only share, C_IT passes)
note-soft-drift-links = approximated: drift iterations (D_IT) solve the links again and feed the change to the velocity scaled by VCF
note-soft-count-clamped = { $what } { $iterations } clamped to { $clamped }
note-soft-cluster-count = approximated: cluster count { $count }: one cluster per triangle or segment (Bullet's reading of 0)
note-soft-cluster-iterations-zero = approximated: C_IT 0 with clusters: one cluster pass per sub-step (contacts need one)
