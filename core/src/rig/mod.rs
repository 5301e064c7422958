//! Rig generators: each builds one undoable [`ModelEdit`](crate::edit::ModelEdit) batch
//! (one undo step, nothing changed until it is applied, nothing half-done on error),
//! callable from the app, `hone rig` and `hone edit` scripts.
//!
//! * [`mirror`]: copy one side onto the other (bones, bodies, joints, bone morphs,
//!   display frames, weights); [`symmetric`]: find an element's counterpart.
//! * [`semistandard`]: add the semi-standard bones (準標準ボーン).
//! * [`names`]: the left/right naming rules every part of Hone uses.

pub mod mirror;
pub mod names;
pub mod semistandard;
pub mod symmetric;
pub mod weights;

pub use names::Side;

use crate::edit::EditError;

/// Why a generator refused. A refused generator changes nothing.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RigError {
    #[error("nothing to do: {0}")]
    NothingToDo(String),
    #[error("{0}")]
    Invalid(String),
    #[error("the model lacks {0}")]
    Missing(String),
    #[error(transparent)]
    Edit(#[from] EditError),
}

/// Whether `name` matches a pattern where `*` stands for any run of characters and `?`
/// for one character (case-sensitive, whole name).
pub fn name_matches(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    // Greedy matching with backtracking to the last star: linear for one star.
    let (mut pi, mut ni) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some((pi, ni));
            pi += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::name_matches;

    #[test]
    fn wildcards() {
        assert!(name_matches("右髪*", "右髪１先"));
        assert!(name_matches("右髪*", "右髪"));
        assert!(!name_matches("右髪*", "右後ろ髪１"));
        assert!(name_matches("*髪?", "右後ろ髪1"));
        assert!(!name_matches("*髪?", "右後ろ髪"));
        assert!(name_matches("左腕", "左腕"));
        assert!(!name_matches("左腕", "左腕捩"));
        assert!(name_matches("a*b*c", "aXXbYc"));
        assert!(!name_matches("a*b*c", "aXXbYd"));
    }
}
