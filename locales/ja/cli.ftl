# コマンドラインの状況表示 (src/cli): 保存したもの、--dry-run で行われること
cli-saved = { $path } に保存しました
cli-edit-saved = { $count } 個の操作を適用し、{ $path } に保存しました
cli-dry-run-step = 試行: { $step }
cli-would-body = 剛体 { $target } { $name }
cli-would-joint = ジョイント { $target } { $name }
cli-output-required = --dry-run を付けないときは --output が必要です
cli-missing-input = INPUT がありません
cli-flag-error = --{ $flag }: { $error }
cli-script-failed = { $path }: { $error }。何も書き込んでいません
cli-read-warning = hone: 警告: { $path }: { $warning }
