# SoftBody の注記 (core/src/physics/soft)。
note-soft-aero-rope = 無視 (Bullet と同じ): ロープの空力 (DG, LF) (ロープには面が無く、面積が無い)
note-soft-volume-rope = 無視 (Bullet と同じ): ロープの圧力と体積 (PR, VC, VST) (ロープには面が無く、体積が無い)
note-soft-volume-open = 未対応: 圧力と体積 (PR, VC, VST) は閉じたメッシュ (全ての辺が 2 つの三角形に属する) が必要。Bullet は開いたメッシュの体積を最初の頂点から測るため、結果が頂点の順序で変わる
note-soft-aero-unknown = 近似: 不明なエアロモデル: V_Point を使う
note-soft-volume-stiffness = 近似: 閉じたメッシュでは VST は反復ごとに硬さ VST の体積拘束 1 つで体積を保つ (Bullet の VC の力に加えて)
note-soft-clusters-rigid = 近似: クラスタは初期位置の K-means。クラスタは等質量の粒子からなる 1 つの剛体として剛体と接触する (硬さ SRHR_CL/SKHR_CL、位置のみの割合 SR_SPLT_CL/SK_SPLT_CL、C_IT 回)
note-soft-drift-links = 近似: ドリフトの反復 (D_IT) はリンクを解き直し、その変化を VCF 倍して速度に加える
note-soft-count-clamped = { $what } { $iterations } を { $clamped } に制限
note-soft-cluster-count = 近似: クラスタ数 { $count }: 三角形 (線分) ごとに 1 つのクラスタ (Bullet の 0 の扱い)
note-soft-cluster-iterations-zero = 近似: クラスタありで C_IT が 0: サブステップごとにクラスタを 1 回解く (接触に必要)
note-soft-cluster-soft-contacts = 近似: クラスタ付き SoftBody 同士 (CL_SS) は頂点と三角形の接触で当たる (硬さ SSHR_CL、位置だけを動かす割合 SS_SPLT_CL)。クラスタを剛体としては当てない
