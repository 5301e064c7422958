
# hone check（src/cli/check.rs）
check-cli-fixed = 修正済み：{ $fix }
check-cli-fixes-applied = { $count } 件の修正を適用し、{ $file } に保存しました
check-cli-load-warning = 読み込みの警告：{ $warning }
check-cli-fix = 修正：{ $fix }
check-cli-more = … ほか { $count } 件（--json か --max-per-code で表示）
check-cli-summary = { $file }：エラー { $errors } 件、警告 { $warnings } 件、情報 { $infos } 件
