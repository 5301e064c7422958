# 物理のチェックと修正（日本語）。キーは en/physics.ftl と共通。
check-bone-below-physics = { $bone } は { $body } が動かす { $parent } の子ですが、物理後変形ではありません。MMD では物理演算前の位置に残るため、追従しません
fix-set-after-physics = { $bone } に物理後変形を設定する
