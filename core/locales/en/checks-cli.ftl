
# hone check (src/cli/check.rs)
check-cli-fixed = fixed: { $fix }
check-cli-fixes-applied = { $count } fix(es) applied, saved { $file }
check-cli-load-warning = load warning: { $warning }
check-cli-fix = fix: { $fix }
check-cli-more = … and { $count } more (use --json or --max-per-code)
check-cli-summary = { $file }: { $errors } error(s), { $warnings } warning(s), { $infos } info(s)
