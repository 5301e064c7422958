
# コマンドラインの引数とファイルのエラー (src/cli)
cli-err-morph-spec = NAME=WEIGHT の形で指定してください ("{ $value }" は不可)
cli-err-bad-weight = "{ $value }" のウェイトが不正です
cli-err-size-spec = WIDTHxHEIGHT の形で指定してください ("{ $value }" は不可)
cli-err-bad-width = "{ $value }" の幅が不正です
cli-err-bad-height = "{ $value }" の高さが不正です
cli-err-size-range = サイズ { $size } は範囲 64〜8192 の外です
cli-err-cannot-open = { $path } を開けません: { $reason }
cli-err-no-morph = --morph: 「{ $name }」というモーフはありません
cli-err-motion = モーション { $path } を読み込めません: { $reason }
cli-err-no-tab = --tab: タブ「{ $tab }」はありません ({ $names })
cli-err-select-spec = --select は KIND:NAME の形で指定してください ("{ $value }" は不可)
cli-err-select-kind = --select: 種類「{ $kind }」はありません (bone、morph、material、body、joint、frame、vertex)
cli-err-select-none = --select: 「{ $name }」という { $kind } はありません
cli-err-weight-view = ウェイト表示「{ $value }」はありません (bone、kind、problems、off)
cli-err-show-item = --show: 項目「{ $item }」はありません (mesh、wireframe、edges、bones、bodies、joints、grid、shadow)
cli-err-overlay-item = --overlay: 項目「{ $item }」はありません (collision、joints、contacts、deform-order、ik)
cli-err-no-bone = ボーン「{ $name }」はありません (名前は完全一致、#番号 でインデックス指定)
cli-weights-heading = { $bone } (#{ $index }): 頂点 { $count } 個、ウェイト合計 { $total }
cli-err-substep-rule = "{ $value }": bullet か interpolated を指定してください
cli-err-seconds = "{ $value }" は正の秒数ではありません
cli-err-xyz = X,Y,Z の 3 つの数を指定してください ("{ $value }" は不可)
cli-err-mask = "{ $value }": { $reason } (0〜65535 の数か 0xFFFF の形)
