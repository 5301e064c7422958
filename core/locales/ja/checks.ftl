# リグのチェック（日本語）：各コードの意味、MMD で何が起きるか、直し方。
# docs/checks.ja.md はここから生成（catalog.rs）。キーは en/checks.ftl と同じ。

check-E-INDEX-RANGE-meaning = 参照（親ボーン、表示先、ウェイトのボーン、面の頂点、モーフのオフセット、表示枠の要素、剛体の関連ボーン、ジョイントの剛体、ソフトボディのアンカー、トゥーン、テクスチャ）が一覧の範囲外を指している、材質の面数が面の一覧を超えている、または剛体のグループが 15 を超えている
check-E-INDEX-RANGE-why = MMD が落ちる、ファイルを読まない、または不正な値を読む。グループが 15 を超える剛体はどのグループにも属さず、何とも衝突しない
check-E-INDEX-RANGE-fix = 参照を実在する要素に向けてください（仕様が「なし」を許す所は −1）。

check-E-PARENT-CYCLE-meaning = ボーンが自分自身の祖先になっている
check-E-PARENT-CYCLE-why = ボーンの行列は親から順に計算する。循環には最初のボーンがないため、チェーンを計算できない
check-E-PARENT-CYCLE-fix = どれか 1 つのボーンの親ボーンを変えて循環を断ってください。

check-E-APPEND-CYCLE-meaning = 付与親が循環している
check-E-APPEND-CYCLE-why = 各ボーンは付与親の回転・移動を読む。循環していると値が定まらない
check-E-APPEND-CYCLE-fix = 付与を 1 つ外すか、別のボーンに向けてください。

check-E-IK-TARGET-NONE-meaning = IK ボーンにターゲットがない（−1）
check-E-IK-TARGET-NONE-why = ソルバーが近づける先がなく、IK が何もしない
check-E-IK-TARGET-NONE-fix = IK ターゲット（チェーンの先のボーン、例：足首）を設定してください。

check-E-IK-CHAIN-meaning = IK リンクがターゲット（リンク 0）または 1 つ前のリンクの祖先ではない
check-E-IK-CHAIN-why = ソルバーはリンクがターゲットを運ぶ前提で回す。そうでないとチェーンがねじれるだけで届かない
check-E-IK-CHAIN-fix = リンクをターゲットから親ボーンをたどる順に並べてください。

check-W-IK-NO-LINKS-meaning = IK ボーンにリンクがない
check-W-IK-NO-LINKS-why = ソルバーが回すボーンがない
check-W-IK-NO-LINKS-fix = チェーンのボーンをリンクに追加するか、IK を外してください。

check-W-IK-LOOP-ZERO-meaning = IK のループ回数が 0 以下
check-W-IK-LOOP-ZERO-why = ソルバーが一度も動かない
check-W-IK-LOOP-ZERO-fix = ループ回数を設定してください（足なら 40 が一般的）。

check-E-VERSION-21-FEATURE-meaning = PMX 2.0 と宣言したファイルが PMX 2.1 の機能（QDEF、フリップ／インパルスモーフ、頂点色・点・線描画の材質、ばね付6DOF 以外のジョイント、ソフトボディ）を使っている
check-E-VERSION-21-FEATURE-why = MMD を含む PMX 2.0 の読み込み側はこれを読めない
check-E-VERSION-21-FEATURE-fix = ファイルを 2.1 と宣言するか（Hone の修正）、その機能を取り除いてください。

check-W-FACE-UNUSED-meaning = 材質が描く面の数が面の一覧より少ない
check-W-FACE-UNUSED-why = 末尾の面はどの材質にも属さず、描画されない
check-W-FACE-UNUSED-fix = その面を材質に割り当てるか、削除してください。

check-E-MATERIAL-FACE-COUNT-meaning = 材質の面(頂点)数が負、または 3 の倍数でない
check-E-MATERIAL-FACE-COUNT-why = 後に続く材質がすべて三角形の途中から始まり、ずれた壊れた面を描く
check-E-MATERIAL-FACE-COUNT-fix = 面(頂点)数を材質の三角形の数の 3 倍にしてください。

check-E-NONFINITE-meaning = 数値が NaN または無限大（頂点、ボーン、モーフのオフセット、材質、剛体、ジョイント、ソフトボディ。ウェイトとボーンの軸は別のチェック）
check-E-NONFINITE-why = 1 つの NaN がスキニングや物理演算に広がり、頂点が消え、剛体が飛んでいく
check-E-NONFINITE-fix = 値を入れ直してください（PMX Editor では NaN/∞ と表示されます）。

check-W-NAME-EMPTY-meaning = ボーンまたはモーフに名前がない
check-W-NAME-EMPTY-why = モーションはボーンとモーフを名前で結び付けるため、キーを打てない
check-W-NAME-EMPTY-fix = 名前を付けてください（Hone の修正は ボーン12 のような仮の名前を付けます）。

check-I-NAME-EMPTY-meaning = 材質、剛体、ジョイント、ソフトボディ、表示枠、またはモデルに名前がない
check-I-NAME-EMPTY-why = MMD には害はないが、一覧が空欄になり、名前で探すツールが見つけられない
check-I-NAME-EMPTY-fix = 名前を付けてください（Hone の修正は仮の名前を付けます。モデル名には修正はありません）。

check-W-DUP-BONE-NAME-meaning = 2 つのボーンが同じ名前
check-W-DUP-BONE-NAME-why = モーションは名前で結び付けるため、最初のボーンにしかキーフレームが入らない
check-W-DUP-BONE-NAME-fix = 後のほうの名前を変えてください（Hone の修正：名前_2 など、空いている最初の番号）。

check-W-DUP-MORPH-NAME-meaning = 2 つのモーフが同じ名前
check-W-DUP-MORPH-NAME-why = モーションは名前で結び付けるため、最初のモーフにしかキーフレームが入らない
check-W-DUP-MORPH-NAME-fix = 後のほうの名前を変えてください（Hone の修正：名前_2）。

check-I-DUP-NAME-meaning = 2 つの材質、剛体、ジョイント、ソフトボディまたは表示枠が同じ名前
check-I-DUP-NAME-why = MMD には害はないが、名前で探すツール（mmd_tools、エフェクトファイル）が取り違える
check-I-DUP-NAME-fix = 後のほうの名前を変えてください（Hone の修正：名前_2）。

check-I-NAME-VMD-meaning = ボーンまたはモーフの名前が Shift-JIS で 15 バイトを超える（または Shift-JIS にない文字を含む）
check-I-NAME-VMD-why = VMD モーションファイルは名前を 15 バイトまでしか保存しないため、切り詰められた名前になる
check-I-NAME-VMD-fix = モーションから確実に見つけられるようにするなら、名前を短くしてください。

check-W-NAME-VMD-CLASH-meaning = 2 つのボーン（またはモーフ）の名前が Shift-JIS の先頭 15 バイトで一致する
check-W-NAME-VMD-CLASH-why = VMD モーションはその 15 バイトしか保存しないため区別できず、片方がもう片方のキーを受け取る
check-W-NAME-VMD-CLASH-fix = 先頭 15 バイトが異なるように、どちらかの名前を変えてください。

check-W-MORPH-GROUP-NESTED-meaning = グループモーフが別のグループモーフを含んでいる
check-W-MORPH-GROUP-NESTED-why = 仕様はグループモーフのグループ化に対応していない。動作は環境ごとに異なる（MMD は内側のグループを無視する）
check-W-MORPH-GROUP-NESTED-fix = 内側のグループのモーフを直接並べてください。

check-W-MORPH-PANEL-meaning = モーフの操作パネルが 0〜4（システム、眉、目、口、その他）の範囲外
check-W-MORPH-PANEL-why = MMD はそのモーフをどのパネルにも表示しない
check-W-MORPH-PANEL-fix = 操作パネルを選んでください（Hone の修正：4、その他）。

check-W-MORPH-UV-LAYER-meaning = 追加UV モーフが、ファイルにない追加UV を動かしている
check-W-MORPH-UV-LAYER-why = ヘッダの追加UV数が足りないため、モーフは何も変えない
check-W-MORPH-UV-LAYER-fix = ファイルの追加UV数を増やすか、モーフの対象を変えてください。

check-W-MORPH-BONE-ROTATION-meaning = ボーンモーフの回転が単位クォータニオンでない
check-W-MORPH-BONE-ROTATION-why = モーフを適用するとボーンが拡大縮小したり潰れたりする
check-W-MORPH-BONE-ROTATION-fix = 回転を正規化してください（Hone の修正。ゼロの回転は回転なしになります）。

check-E-MORPH-MATERIAL-OP-meaning = 材質モーフのオフセットの演算形式が 0（乗算）でも 1（加算）でもない
check-E-MORPH-MATERIAL-OP-why = 読み込み側によって解釈が違い、MMD はモーフを読まないことがある
check-E-MORPH-MATERIAL-OP-fix = 演算形式を乗算か加算にしてください。

check-E-AXIS-DEGENERATE-meaning = 軸制限またはローカル軸の軸がゼロか有限でない、またはローカル軸の X と Z が平行
check-E-AXIS-DEGENERATE-why = 仕様はローカル軸を X と Z から作る。それが潰れ、ボーンが予測できない回転をする
check-E-AXIS-DEGENERATE-fix = 正しい方向を入力してください（PMX Editor：軸制限／ローカル軸）。

check-W-AXIS-NOT-UNIT-meaning = 軸制限またはローカル軸の軸の長さが 1 でない
check-W-AXIS-NOT-UNIT-why = 正規化しない読み込み側では回転が拡大縮小される
check-W-AXIS-NOT-UNIT-fix = 正規化してください（Hone の修正）。

check-E-WEIGHT-NONE-BONE-meaning = 頂点がボーン −1 にウェイトを載せている
check-E-WEIGHT-NONE-BONE-why = その分だけ頂点が原点に残るか捨てられ、メッシュが裂ける
check-E-WEIGHT-NONE-BONE-fix = ウェイトを正規化してください（Hone の修正は −1 の分を捨てます）。

check-W-WEIGHT-RANGE-meaning = ウェイト値が 0〜1 の範囲外、または有限でない
check-W-WEIGHT-RANGE-why = 頂点がボーンを行き過ぎて引き伸ばされる
check-W-WEIGHT-RANGE-fix = ウェイトを正規化してください（Hone の修正）。

check-E-WEIGHT-ZERO-meaning = BDEF4/QDEF のウェイト合計がほぼ 0
check-E-WEIGHT-ZERO-why = どのボーンも頂点を動かさず、頂点は原点に残る
check-E-WEIGHT-ZERO-fix = 頂点にボーンのウェイトを付けてください。

check-W-WEIGHT-SUM-meaning = BDEF4/QDEF のウェイト合計が 1 でない（±0.001）
check-W-WEIGHT-SUM-why = MMD は正規化し直さないため、頂点がボーンに向かって縮むか行き過ぎる
check-W-WEIGHT-SUM-fix = ウェイトを正規化してください（Hone の修正）。

check-W-SDEF-DEGENERATE-meaning = SDEF の 2 つのボーンが同じ、または C/R0/R1 が有限でない
check-W-SDEF-DEGENERATE-why = SDEF が補間するものがなく、スキニングが崩れる
check-W-SDEF-DEGENERATE-fix = BDEF2 にするか、SDEF のパラメータを直してください。

check-I-SDEF-POINTLESS-meaning = ウェイトがすべて 1 つのボーンに載った SDEF
check-I-SDEF-POINTLESS-why = BDEF1 と同じ結果なのに SDEF の計算がかかる
check-I-SDEF-POINTLESS-fix = BDEF1 にしてください（Hone の修正）。

check-W-SDEF-CENTER-meaning = SDEF の中心 C が 2 つのボーンの関節から遠い
check-W-SDEF-CENTER-why = SDEF は C を中心に回す。関節から遠いと、肌が膨らむかへこむ
check-W-SDEF-CENTER-fix = C をボーンが共有する関節に移してください。

check-E-ORDER-PARENT-meaning = ボーンが親ボーンより先に計算される（変形階層／インデックス）
check-E-ORDER-PARENT-why = ボーンが前フレームの親を読むため、遅れたり震えたりする
check-E-ORDER-PARENT-fix = 変形階層を上げてください（Hone の修正はそのボーンと、それに依存するボーンを上げます）。

check-E-ORDER-APPEND-meaning = ボーンが多重付与またはローカル付与の付与親より先に計算される
check-E-ORDER-APPEND-why = 付与親が計算される前にその値を読む
check-E-ORDER-APPEND-fix = 変形階層を上げてください（Hone の修正）。

check-E-ORDER-IK-meaning = IK ボーンがターゲット／リンクより先、または付与ボーンが付与親を回す IK より先に計算される
check-E-ORDER-IK-why = ソルバーや付与が古い姿勢を読む：足が滑る、足D ボーンが遅れる
check-E-ORDER-IK-fix = 変形階層を上げてください（Hone の修正）。

check-W-BODY-NO-BONE-meaning = ボーン追従（0）または物理+ボーン位置合わせ（2）の剛体に関連ボーンがない
check-W-BODY-NO-BONE-why = ボーン追従の剛体は読み込んだ位置に留まり、位置合わせの剛体は合わせる先がない
check-W-BODY-NO-BONE-fix = 剛体に関連ボーンを設定してください。

check-W-SOFTBODY-NO-MATERIAL-meaning = ソフトボディに材質がない
check-W-SOFTBODY-NO-MATERIAL-why = 演算するメッシュがない
check-W-SOFTBODY-NO-MATERIAL-fix = 演算させる材質を割り当ててください。

check-E-JOINT-NO-BODY-meaning = ジョイントの剛体A または剛体B が −1
check-E-JOINT-NO-BODY-why = ジョイントが何もつながず、捨てられる
check-E-JOINT-NO-BODY-fix = 両方の剛体を設定してください。

check-E-JOINT-SAME-BODY-meaning = ジョイントが剛体を自分自身とつないでいる
check-E-JOINT-SAME-BODY-why = Bullet はこれを作れず、ジョイントは捨てられる
check-E-JOINT-SAME-BODY-fix = もう一方の剛体を設定してください。

check-W-JOINT-KINEMATIC-meaning = ジョイントが 2 つのボーン追従（0）の剛体をつないでいる
check-W-JOINT-KINEMATIC-why = どちらもボーンに従うため、ジョイントは何もしない
check-W-JOINT-KINEMATIC-fix = どちらかの剛体を物理演算にするか、ジョイントを削除してください。

check-E-BODY-OVERLAP-meaning = 衝突し合う 2 つの剛体が初期姿勢で重なっている（少なくとも一方が物理演算で、ジョイントでつながっていない）
check-E-BODY-OVERLAP-why = 最初のステップで物理演算が激しく押し離す：典型的な「爆発」
check-E-BODY-OVERLAP-fix = 離すか、衝突しないようにしてください（Hone の修正は両方の剛体で相手のグループの非衝突グループを設定します）。

check-W-BODY-OVERLAP-JOINED-meaning = ジョイントでつながった、衝突し合う 2 つの剛体が初期姿勢で重なっている
check-W-BODY-OVERLAP-JOINED-why = ジョイントが引き寄せ、接触が押し離すため、震える
check-W-BODY-OVERLAP-JOINED-fix = 衝突しないようにしてください（Hone の修正）。

check-W-BODY-OVERLAP-CHAIN-meaning = 同じジョイントのチェーンの 2 つの剛体が衝突し合い、初期姿勢で重なっている
check-W-BODY-OVERLAP-CHAIN-why = チェーンのジョイントが互いを押し付けるため、ぶつかり合って震える（スカート、髪）
check-W-BODY-OVERLAP-CHAIN-fix = 衝突しないようにしてください（Hone の修正）。

check-W-BODY-UNJOINED-meaning = 物理演算の剛体（1、または関連ボーンなし）が、どのジョイントでも他の剛体につながっていない
check-W-BODY-UNJOINED-why = 重力で落ちていき、ボーンを引きずる
check-W-BODY-UNJOINED-fix = ぶら下がるべき剛体にジョイントでつなぐか、ボーン追従にしてください。

check-W-CHAIN-ROOT-DYNAMIC-meaning = どの剛体にも支えられていないジョイントのチェーン（ボーン追従も物理+ボーン位置合わせもない）。根元の剛体に報告
check-W-CHAIN-ROOT-DYNAMIC-why = チェーン全体が落ちる。髪やスカートの根元は、動かされる親ボーンに従うべき
check-W-CHAIN-ROOT-DYNAMIC-fix = 根元をボーン追従にするか（親ボーンが動かされる場合は Hone の修正）、親を動かす剛体にチェーンをジョイントでつないでください。

check-W-BODY-FOLLOW-ON-PHYSICS-BONE-meaning = ボーン追従の剛体が、物理演算で動くボーンに付いている（物理演算の剛体がそのボーンか祖先を動かす、またはそこから付与している）
check-W-BODY-FOLLOW-ON-PHYSICS-BONE-why = 物理演算前の姿勢で置かれるため 1 フレーム遅れ、ボーンを動かす剛体を押す
check-W-BODY-FOLLOW-ON-PHYSICS-BONE-fix = 物理演算にしてチェーンにジョイントでつなぐか、アニメーションで動くボーンに移してください。
check-W-BONE-BELOW-PHYSICS-meaning = 物理演算の剛体が動かすボーンの下に、ウェイトを持つボーン（またはウェイトを持つ子孫を持つボーン）があり、自身に物理演算の剛体がなく、物理後変形（0x1000）でもない
check-W-BONE-BELOW-PHYSICS-why = MMD はこのボーンを物理演算の前に計算し、そのままにする。上の髪や布と一緒に動かず、その頂点が取り残される（MMDAgent と babylon-mmd も同じ。saba は動かす）
check-W-BONE-BELOW-PHYSICS-fix = 物理後変形を設定する（Hone の修正）と物理演算の結果から計算し直されます。または専用の剛体を付けてください。

check-W-BODY-BONE-DRIVEN-meaning = 物理演算の剛体が、IK や付与でも動かされるボーンに付いている
check-W-BODY-BONE-DRIVEN-why = 物理演算とソルバーが毎フレーム互いを上書きし、ボーンが震える
check-W-BODY-BONE-DRIVEN-fix = 物理演算だけが動かすボーンに剛体を付けるか、ボーン追従にしてください。

check-W-BODY-FAR-FROM-BONE-meaning = 剛体が関連ボーンから自分の大きさの 5 倍（かつ 2 単位）以上離れている。または物理演算の剛体が、そのボーンの親ボーンからそれだけ離れている
check-W-BODY-FAR-FROM-BONE-why = 見えない長い腕の先でボーンを振り回す（Gene の 前クローク2_2錘 はクロークの 93 単位下にぶら下がっている）
check-W-BODY-FAR-FROM-BONE-fix = 剛体（またはボーン）を本来の位置に移してください。

check-W-BODY-MASS-meaning = 物理演算（1 または 2）の剛体の質量が 0 以下
check-W-BODY-MASS-why = Bullet は質量のない剛体を静的にする：まったく動かない
check-W-BODY-MASS-fix = 質量を設定してください（Hone の修正：1）。

check-W-BODY-TINY-meaning = 物理演算の剛体が、最も大きい半径でも 0.1 単位未満
check-W-BODY-TINY-why = 小さすぎる剛体は震え、他の剛体をすり抜ける
check-W-BODY-TINY-fix = 大きくするか、ボーン追従にしてください。

check-I-BODY-MODE2-AS-MODE1-meaning = 物理+ボーン位置合わせ（2）の剛体が、関連ボーンの親ボーンに付いた物理演算の剛体とジョイントでつながっている
check-I-BODY-MODE2-AS-MODE1-why = MMD はこの剛体を物理演算（1）として扱う：ボーンは剛体の位置も受け取る
check-I-BODY-MODE2-AS-MODE1-fix = それが意図どおりなら何もしなくてかまいません。そうでなければ剛体タイプかチェーンを変えてください。

check-W-JOINT-MASS-RATIO-meaning = ジョイントが、質量が 10 倍以上違う 2 つの物理演算の剛体をつないでいる
check-W-JOINT-MASS-RATIO-why = ソルバーが軽いほうを支えきれず、震える
check-W-JOINT-MASS-RATIO-fix = 質量を近づけてください。

check-W-JOINT-Y-90-meaning = ジョイントの Y の回転制限が ±90° に達している
check-W-JOINT-Y-90-why = Bullet の 6DOF ジョイントは回転をオイラー角で読み、Y = ±90° でジンバルロックする：ジョイントが反転するか震える
check-W-JOINT-Y-90-fix = Y を ±80° 以内にしてください（さらに回す必要があるならジョイントの軸を入れ替えてください）。

check-W-JOINT-LIMIT-INVERTED-meaning = ジョイントのある軸で下限が上限より大きい
check-W-JOINT-LIMIT-INVERTED-why = Bullet はその軸を自由にする。意図的なこともあるが、たいていは入力ミス
check-W-JOINT-LIMIT-INVERTED-fix = その軸を制限するなら、下限と上限を入れ替えてください。

check-W-JOINT-SPRING-STIFF-meaning = ジョイントの動ける軸のばねが k·h²/m > 4（h = 1/60 秒、m は 2 つの剛体の換算質量）
check-W-JOINT-SPRING-STIFF-why = 60 Hz ではこのばねは毎ステップ行き過ぎ、動きが大きくなっていく：チェーンが爆発する
check-W-JOINT-SPRING-STIFF-fix = ばね定数を下げてください（Hone の修正：k = m/h²）。

check-W-FRAME-ROOT-meaning = 表示枠 0 が特殊枠「Root」でない
check-W-FRAME-ROOT-why = PMX は特殊枠から始まる。MMD とエディタは Root が先頭（ルートのボーンを持つ）と想定している
check-W-FRAME-ROOT-fix = Hone の修正は特殊枠を移動、追加、改名、または特殊枠に指定します。

check-W-FRAME-EXP-meaning = 表示枠 1 が特殊枠「表情」でない
check-W-FRAME-EXP-why = MMD はモーフを 表情 枠から一覧にする
check-W-FRAME-EXP-fix = Hone の修正は特殊枠を移動、追加、改名、または特殊枠に指定します。

check-W-BONE-NO-FRAME-meaning = 表示かつ操作可のボーンが、どの表示枠にもない
check-W-BONE-NO-FRAME-why = MMD のタイムラインは表示枠にあるボーンしか並べないため、キーを打てない
check-W-BONE-NO-FRAME-fix = 表示枠に追加してください（Hone の修正：表示枠にある最も近い祖先の枠。そのような祖先がないパーツは、一番上のボーンの名前で新しい表示枠を作ります）。

check-W-MORPH-NO-FRAME-meaning = モーフがどの表示枠にもない
check-W-MORPH-NO-FRAME-why = MMD のモーフパネルに表示されない（モーションファイルからは動かせる）
check-W-MORPH-NO-FRAME-fix = 表情 枠に追加してください（Hone の修正）。

check-W-FRAME-DUP-meaning = ボーンまたはモーフが表示枠に 2 回以上登録されている
check-W-FRAME-DUP-why = MMD は 2 回表示する。どちらの行に打ったキーも同じボーンに入る
check-W-FRAME-DUP-fix = 1 つだけ残してください（Hone の修正は最初のものを残します）。

check-I-FRAME-HIDDEN-meaning = 表示枠に、非表示または操作不可のボーンが登録されている
check-I-FRAME-HIDDEN-why = MMD は行を表示するが、ボーンを選んだり動かしたりできない
check-I-FRAME-HIDDEN-fix = 登録を外すか、ボーンを表示・操作可にしてください。

check-W-COLOR-RANGE-meaning = 材質の色または不透明度が 0〜1 の範囲外
check-W-COLOR-RANGE-why = MMD のシェーダーとエフェクトはこの値をそれぞれ違うやり方で切り詰めたり溢れさせたりする：色が飛ぶ
check-W-COLOR-RANGE-fix = 0〜1 に収めてください（Hone の修正）。

check-W-TEXTURE-MISSING-meaning = 材質が使うテクスチャがモデルのフォルダにない
check-W-TEXTURE-MISSING-why = MMD はその材質をテクスチャなし（白か拡散色）で描く
check-W-TEXTURE-MISSING-fix = ファイルをモデルの隣にコピーするか、パスを直してください。

check-I-TEXTURE-MISSING-UNUSED-meaning = どの材質も使わないテクスチャが見つからない
check-I-TEXTURE-MISSING-UNUSED-why = それで描かれるものはなく、無駄な登録になっている
check-I-TEXTURE-MISSING-UNUSED-fix = 登録を削除するか、ファイルを同梱してください。

check-I-TEXTURE-CASE-meaning = テクスチャが大文字・小文字の違うファイル名でしか存在しない
check-I-TEXTURE-CASE-why = Windows（MMD）では問題ないが、大文字・小文字を区別するシステムでは見つからない
check-I-TEXTURE-CASE-fix = パスの大文字・小文字をファイルに合わせてください。

check-W-TEXTURE-PATH-ABSOLUTE-meaning = テクスチャのパスが絶対パス（ドライブ文字、先頭の区切り、UNC）
check-W-TEXTURE-PATH-ABSOLUTE-why = モデルを作ったマシンでしか見つからない
check-W-TEXTURE-PATH-ABSOLUTE-fix = モデルのフォルダからの相対パスにしてください。

check-W-TEXTURE-PATH-ESCAPES-meaning = テクスチャのパスがモデルのフォルダの外に出ている（「..」）
check-W-TEXTURE-PATH-ESCAPES-why = モデルが 1 つのフォルダで持ち運べず、配布したものからテクスチャが抜ける
check-W-TEXTURE-PATH-ESCAPES-fix = テクスチャをモデルのフォルダにコピーし、そこを指してください。

check-I-TEXTURE-DUP-meaning = 2 つのテクスチャの登録が同じファイルを指している
check-I-TEXTURE-DUP-why = ファイルが 2 回読み込まれる
check-I-TEXTURE-DUP-fix = 材質を 1 つの登録に向け、もう一方を削除してください。

# チェックの文の周りで使う名前。
check-category-structure = 構造
check-category-weights = ウェイト
check-category-order = 変形順序
check-category-physics = 物理
check-category-display = 表示
check-category-textures = テクスチャ
check-severity-error = エラー
check-severity-warning = 警告
check-severity-info = 情報
check-elem-bone = ボーン
check-elem-morph = モーフ
check-elem-vertex = 頂点
check-elem-material = 材質
check-elem-rigid-body = 剛体
check-elem-joint = ジョイント
check-elem-soft-body = ソフトボディ
check-elem-texture = テクスチャ
check-elem-face = 面
check-elem-display-frame = 表示枠
check-elem-model = モデル

# docs/checks.ja.md
checks-doc-title = リグのチェック
checks-doc-intro = `hone check FILE` と「問題」パネルは、編集のたびに以下のすべてのチェックを実行します。パネルはウィンドウにフォーカスが戻ったときと、表示中は 2 秒ごとに、テクスチャファイルを（モデルファイルのフォルダで）探し直します。コードは変わりません：`E-` エラー（リグが壊れている）、`W-` 警告（おそらく意図していない）、`I-` 情報（知っておくとよい）。「直し方」はすべきことを示し、Hone が修正を用意している場合は元に戻す履歴を通して適用されます（`hone check FILE --fix OUT` ですべて適用）。`core/src/check/catalog.rs` から生成（`hone check --list --lang ja`）。
checks-doc-meaning = { $meaning }（{ $severity }）。
checks-doc-why = MMD で何が起きるか：{ $why }。
checks-doc-fix = 直し方：{ $fix }
