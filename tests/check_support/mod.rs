//! Helpers the check tests share (`mod check_support;`): run the checks, find a
//! problem, apply its fix through the undo history.
#![allow(dead_code)]

pub mod clean_rig;
#[path = "../../core/tests/support/mod.rs"]
pub mod support;

use hone::check::{catalog, check_model, CheckContext, ElementRef, Problem};
use hone::edit::History;
use hone::pmx::Model;

/// Every problem of `m` (no file system). Each must be listed in the catalog
/// with the severity it is reported with.
pub fn problems(m: &Model) -> Vec<Problem> {
    let all = check_model(m, &CheckContext::default());
    for p in &all {
        let info =
            catalog::info(p.code).unwrap_or_else(|| panic!("{} is not in the catalog", p.code));
        assert_eq!(info.severity, p.severity, "{}: catalog severity", p.code);
    }
    all
}

/// The problem with `code` on `target`, panicking with the full list otherwise.
pub fn find(m: &Model, code: &str, target: ElementRef) -> Problem {
    let all = problems(m);
    all.iter()
        .find(|p| p.code == code && p.target == target)
        .cloned()
        .unwrap_or_else(|| panic!("no {code} on {target:?}; got {all:#?}"))
}

pub fn has(m: &Model, code: &str, target: ElementRef) -> bool {
    problems(m)
        .iter()
        .any(|p| p.code == code && p.target == target)
}

/// Whether any problem has `code`.
pub fn has_code(m: &Model, code: &str) -> bool {
    problems(m).iter().any(|p| p.code == code)
}

/// Applies the problem's fix through the undo history and asserts the problem
/// is gone and nothing new appeared.
pub fn fix_removes(m: &mut Model, p: &Problem) {
    let before: Vec<(&str, ElementRef)> = problems(m).iter().map(|q| (q.code, q.target)).collect();
    let fix = p.fix.clone().expect("a fix is offered");
    assert!(!fix.description(m).is_empty());
    assert!(
        fix.apply(m, &mut History::new()),
        "the fix changes something"
    );
    assert!(
        !has(m, p.code, p.target),
        "{} still present after fix",
        p.code
    );
    for q in problems(m) {
        assert!(
            before.contains(&(q.code, q.target)),
            "fix introduced {} on {:?}: {}",
            q.code,
            q.target,
            q.message
        );
    }
}
