# SoftBody の注記 (core/src/physics/soft)。
note-soft-self-contacts = 未対応: SoftBody 同士の接触 (SHR, SSHR_CL, SS_SPLT_CL)
note-soft-aero-rope = 未対応: ロープの空力 (DG, LF) (ロープには面積が無い。Bullet と同じ)
note-soft-volume-rope = 未対応: ロープの圧力と体積 (PR, VC, VST)
note-soft-volume-open = 未対応: 圧力と体積 (PR, VC, VST) は閉じたメッシュ (全ての辺が 2 つの三角形に属する) が必要
note-soft-aero-unknown = 近似: 不明なエアロモデル: V_Point を使う
note-soft-volume-stiffness = 近似: 閉じたメッシュでは VST は反復ごとに硬さ VST の体積拘束 1 つで体積を保つ (Bullet の VC の力に加えて)
note-soft-clusters-rigid = 近似: クラスタは初期位置の K-means。クラスタは等質量の粒子からなる 1 つの剛体として剛体と接触する (硬さ SRHR_CL/SKHR_CL、位置のみの割合 SR_SPLT_CL/SK_SPLT_CL、C_IT 回)
note-soft-drift-links = 近似: ドリフトの反復 (D_IT) はリンクを解き直し、その変化を VCF 倍して速度に加える
note-soft-count-clamped = { $what } { $iterations } を { $clamped } に制限
note-soft-cluster-count = 近似: クラスタ数 { $count }: 三角形 (線分) ごとに 1 つのクラスタ (Bullet の 0 の扱い)
note-soft-cluster-iterations-zero = 近似: クラスタありで C_IT が 0: サブステップごとにクラスタを 1 回解く (接触に必要)
