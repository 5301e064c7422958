//! Texture files: `W-TEXTURE-MISSING`, `I-TEXTURE-MISSING-UNUSED` (no
//! material uses it) and `I-TEXTURE-CASE`; texture paths (no file system
//! needed): `W-TEXTURE-PATH-ABSOLUTE` (a drive, a leading separator or a UNC
//! path: it only works on the machine that made the model) and
//! `W-TEXTURE-PATH-ESCAPES` (".." climbs out of the model's folder, so the
//! model does not travel as one folder), `I-TEXTURE-DUP` (the same file listed
//! twice, compared without letter case and separator differences).
//!
//! Paths are relative to the model's folder with '\' or '/' separators (spec:
//! the separator is whatever the system understands). Like Windows, a path
//! that only matches with different letter case counts as found, reported as
//! info because it breaks on case-sensitive systems. A missing "toonNN.bmp"
//! (01..10) is not reported: MMD supplies those shared toons itself. Empty
//! paths are ignored.

use super::{CheckContext, ElementRef, Problem};
use crate::pmx::Model;
use std::path::{Path, PathBuf};

enum Found {
    Exact,
    OtherCase(PathBuf),
    Missing,
}

fn components(rel: &str) -> Vec<&str> {
    rel.split(['\\', '/'])
        .filter(|c| !c.is_empty() && *c != ".")
        .collect()
}

fn find(dir: &Path, rel: &str) -> Found {
    let parts = components(rel);
    if parts.is_empty() {
        return Found::Missing;
    }
    let exact: PathBuf = parts.iter().fold(dir.to_path_buf(), |p, c| p.join(c));
    if exact.is_file() {
        return Found::Exact;
    }
    // Walk component by component, matching case-insensitively.
    let mut cur = dir.to_path_buf();
    for (k, part) in parts.iter().enumerate() {
        let last = k + 1 == parts.len();
        if *part == ".." {
            cur.push("..");
            continue;
        }
        let wanted = part.to_lowercase();
        let Ok(entries) = std::fs::read_dir(&cur) else {
            return Found::Missing;
        };
        let hit = entries.flatten().find(|e| {
            e.file_name().to_string_lossy().to_lowercase() == wanted
                && if last {
                    e.path().is_file()
                } else {
                    e.path().is_dir()
                }
        });
        match hit {
            Some(e) => cur = e.path(),
            None => return Found::Missing,
        }
    }
    Found::OtherCase(cur)
}

fn is_shared_toon(rel: &str) -> bool {
    let name = rel.to_ascii_lowercase();
    (1..=10).any(|k| name == format!("toon{k:02}.bmp"))
}

/// Whether a texture path names a place outside any model folder: a drive
/// ("C:"), a leading separator, or a UNC path.
pub fn is_absolute_path(rel: &str) -> bool {
    let b = rel.as_bytes();
    rel.starts_with(['\\', '/']) || (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':')
}

/// Whether ".." components climb above the model's folder.
pub fn escapes_folder(rel: &str) -> bool {
    let mut depth = 0i32;
    for c in components(rel) {
        if c == ".." {
            depth -= 1;
            if depth < 0 {
                return true;
            }
        } else {
            depth += 1;
        }
    }
    false
}

/// `W-TEXTURE-PATH-ABSOLUTE`, `W-TEXTURE-PATH-ESCAPES`, `I-TEXTURE-DUP`.
pub fn check_texture_paths(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for (i, t) in model.textures.iter().enumerate() {
        let me = ElementRef::Texture(i as i32);
        if t.trim().is_empty() {
            continue;
        }
        if is_absolute_path(t) {
            out.push(Problem::warning(
                "W-TEXTURE-PATH-ABSOLUTE",
                me,
                crate::tr!("check-msg-texture-absolute", index = i, path = t.as_str()),
            ));
        } else if escapes_folder(t) {
            out.push(Problem::warning(
                "W-TEXTURE-PATH-ESCAPES",
                me,
                crate::tr!("check-msg-texture-escapes", index = i, path = t.as_str()),
            ));
        }
        let key = components(t).join("/").to_lowercase();
        match seen.get(&key) {
            Some(&first) => out.push(
                Problem::info(
                    "I-TEXTURE-DUP",
                    me,
                    crate::tr!(
                        "check-msg-texture-dup",
                        index = i,
                        path = t.as_str(),
                        first = first
                    ),
                )
                .related([ElementRef::Texture(first as i32)]),
            ),
            None => {
                seen.insert(key, i);
            }
        }
    }
    out
}

pub fn check_textures(model: &Model, ctx: &CheckContext) -> Vec<Problem> {
    let Some(dir) = &ctx.model_dir else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, t) in model.textures.iter().enumerate() {
        let me = ElementRef::Texture(i as i32);
        if t.trim().is_empty() {
            continue;
        }
        match find(dir, t) {
            Found::Exact => {}
            Found::OtherCase(p) => out.push(Problem::info(
                "I-TEXTURE-CASE",
                me,
                crate::tr!(
                    "check-msg-texture-case",
                    index = i,
                    path = t.as_str(),
                    found = p.display().to_string()
                ),
            )),
            Found::Missing if is_shared_toon(t) => {}
            Found::Missing => {
                let users: Vec<ElementRef> = model
                    .materials
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| {
                        m.texture == i as i32
                            || m.sphere_texture == i as i32
                            || m.toon == crate::pmx::Toon::Texture(i as i32)
                    })
                    .map(|(k, _)| ElementRef::Material(k as i32))
                    .collect();
                let p = if users.is_empty() {
                    Problem::info(
                        "I-TEXTURE-MISSING-UNUSED",
                        me,
                        crate::tr!(
                            "check-msg-texture-missing-unused",
                            index = i,
                            path = t.as_str(),
                            dir = dir.display().to_string()
                        ),
                    )
                } else {
                    Problem::warning(
                        "W-TEXTURE-MISSING",
                        me,
                        crate::tr!(
                            "check-msg-texture-missing",
                            index = i,
                            path = t.as_str(),
                            dir = dir.display().to_string(),
                            count = users.len()
                        ),
                    )
                };
                out.push(p.related(users));
            }
        }
    }
    out
}
