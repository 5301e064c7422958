//! `hone check FILE [--json] [--fix OUT]`: list rig problems. Exit 0 when
//! there is no error (warnings and infos alone → 0), 1 when there is one (or
//! the file cannot be read), 2 usage. With `--fix OUT` every offered fix is
//! applied (`check::fix_all`: re-checking until none is left, at most 8
//! passes), the result is saved to OUT, and the problems listed and counted are
//! those left. `hone check --list` prints every check (docs/checks.md; with
//! `--lang ja`, docs/checks.ja.md). Everything printed comes from the catalogues
//! (`core/locales/*/checks*.ftl`) in the language of `--lang` or the locale; JSON keeps
//! the codes and gives the messages in that language.

use super::CliResult;
use crate::check::{check_model, CheckContext, Problem, Severity};
use hone_core::tr;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Model file (PMX or PMD).
    #[arg(required_unless_present = "list")]
    pub file: Option<std::path::PathBuf>,
    /// Print every check (code, severity, category, meaning, why, fix) as
    /// Markdown and exit; docs/checks.md is this output.
    #[arg(long, conflicts_with_all = ["json", "fix"])]
    pub list: bool,
    /// Print the problems as JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Apply every offered fix and save the fixed model to OUT (PMX).
    #[arg(long, value_name = "OUT")]
    pub fix: Option<std::path::PathBuf>,
    /// Table only: how many problems of one code to print (JSON prints all).
    #[arg(long, default_value_t = 20)]
    pub max_per_code: usize,
}

pub fn run(args: CheckArgs) -> CliResult {
    let Some(file) = args.file.clone() else {
        print!(
            "{}",
            crate::check::catalog::markdown_in(hone_core::i18n::lang())
        );
        return Ok(ExitCode::SUCCESS);
    };
    let mut loaded = crate::pmx::load(&file)?;
    let ctx = CheckContext::for_file(&file);
    let mut applied = Vec::new();
    if let Some(out) = &args.fix {
        if let Some(all) = crate::check::fix_all(&loaded.model, &ctx, |_| true) {
            crate::edit::History::new().apply(&mut loaded.model, all.edit)?;
            applied = all.applied;
        }
        let model = super::bring_textures(&loaded.model, &file, out)?;
        super::save_model(&model, out, &Default::default())?;
    }
    let model = &loaded.model;
    let problems = check_model(model, &ctx);
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    if args.json {
        let items: Vec<serde_json::Value> = problems
            .iter()
            .map(|p| {
                serde_json::json!({
                    "code": p.code,
                    "severity": p.severity,
                    "category": p.category(),
                    "message": p.message,
                    "target": p.target,
                    "related": p.related,
                    "fix": p.fix.as_ref().map(|f| serde_json::json!({
                        "description": f.description(model),
                        "action": f,
                    })),
                })
            })
            .collect();
        let doc = serde_json::json!({
            "file": file.display().to_string(),
            "errors": errors,
            "warnings": problems.iter().filter(|p| p.severity == Severity::Warning).count(),
            "infos": problems.iter().filter(|p| p.severity == Severity::Info).count(),
            "load_warnings": loaded.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
            "fixes_applied": applied,
            "problems": items,
        });
        println!("{}", serde_json::to_string_pretty(&doc)?);
    } else {
        for a in &applied {
            println!("{}", tr!("check-cli-fixed", fix = a.as_str()));
        }
        if let Some(out) = &args.fix {
            println!(
                "{}",
                tr!(
                    "check-cli-fixes-applied",
                    count = applied.len(),
                    file = out.display().to_string()
                )
            );
        }
        print_table(&args, &file, &loaded.warnings, model, &problems);
    }
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_table(
    args: &CheckArgs,
    file: &std::path::Path,
    load_warnings: &[crate::pmx::Warning],
    model: &crate::pmx::Model,
    problems: &[Problem],
) {
    for w in load_warnings {
        println!("{}", tr!("check-cli-load-warning", warning = w.to_string()));
    }
    let mut shown: std::collections::HashMap<&str, usize> = Default::default();
    let mut hidden: Vec<(&str, usize)> = Vec::new();
    for p in problems {
        let n = shown.entry(p.code).or_insert(0);
        *n += 1;
        if *n > args.max_per_code {
            match hidden.iter_mut().find(|(c, _)| *c == p.code) {
                Some((_, k)) => *k += 1,
                None => hidden.push((p.code, 1)),
            }
            continue;
        }
        let severity = p.severity.label();
        println!(
            "{}{} {:<22} {}",
            severity,
            pad(&severity, 7),
            p.code,
            p.message
        );
        if let Some(f) = &p.fix {
            let fix = tr!("check-cli-fix", fix = f.description(model));
            println!("{:<30} {fix}", "");
        }
    }
    for (code, k) in hidden {
        println!("        {code:<22} {}", tr!("check-cli-more", count = k));
    }
    let count = |s: Severity| problems.iter().filter(|p| p.severity == s).count();
    println!(
        "{}",
        tr!(
            "check-cli-summary",
            file = args.fix.as_deref().unwrap_or(file).display().to_string(),
            errors = count(Severity::Error),
            warnings = count(Severity::Warning),
            infos = count(Severity::Info)
        )
    );
}

/// Spaces that fill `text` to `columns` terminal columns (a CJK character takes two).
fn pad(text: &str, columns: usize) -> String {
    let width = unicode_width::UnicodeWidthStr::width(text);
    " ".repeat(columns.saturating_sub(width))
}
