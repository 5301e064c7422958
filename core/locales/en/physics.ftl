# Physics checks and fixes (English). Keys are shared with ja/physics.ftl.
check-bone-below-physics = { $bone } hangs from { $parent }, which { $body } moves, but is not 物理後変形 (after physics): MMD keeps it where it was before physics, so it does not follow
fix-set-after-physics = set 物理後変形 (after physics) on { $bone }
