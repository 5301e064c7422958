# ファイル ▸ 出力操作（src/app/outputs.rs）: メニュー項目、生成されるダイアログ、実行。
outputs-busy = 別のファイルを書き出し中です。終わるまで待つか中止してください
outputs-needs-motion = 先にモーションを読み込んでください（ファイル ▸ モーション読み込み…）
outputs-run = 実行
outputs-needs-file = 先に書き出すファイルを指定してください
outputs-motion = モーション: { $name }
outputs-file = ファイル
outputs-filter = { $ext } ファイル
outputs-running-title = { $op }: 実行中
outputs-cancelling = 中止しています…
outputs-report-title = { $op }: 報告
outputs-close = 閉じる
outputs-log-written = { $op }: { $path } を書き出しました
outputs-log-cancelled = { $op }: 中止しました。{ $path } は書き出していません
outputs-log-failed = { $op }: { $path } を書き出せません: { $error }
cli-edit-cannot-make-folder = フォルダー { $path } を作れません: { $error }
