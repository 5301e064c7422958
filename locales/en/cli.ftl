# Status lines of the command line (src/cli): what was saved, what a dry run would do
cli-saved = saved { $path }
cli-edit-saved = { $count } operation(s) applied, saved { $path }
cli-dry-run-step = dry run: { $step }
cli-would-body = body { $target } { $name }
cli-would-joint = joint { $target } { $name }
cli-output-required = --output is required without --dry-run
cli-missing-input = missing INPUT
cli-flag-error = --{ $flag }: { $error }
cli-script-failed = { $path }: { $error }; nothing was written
cli-read-warning = hone: warning: { $path }: { $warning }
