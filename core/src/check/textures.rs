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

use super::{CheckContext, ElementRef, Finding, Problem};
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

/// A problem about texture `i` (path `t`): the texture messages name it by index and path.
fn about<'a>(
    model: &'a Model,
    i: usize,
    t: &'a str,
    code: &'static str,
    key: &'static str,
) -> Finding<'a> {
    let me = ElementRef::Texture(i as i32);
    me.finding(model, code, key).arg("index", i).arg("path", t)
}

/// `W-TEXTURE-PATH-ABSOLUTE`, `W-TEXTURE-PATH-ESCAPES`, `I-TEXTURE-DUP`.
pub fn check_texture_paths(model: &Model) -> Vec<Problem> {
    let mut out = Vec::new();
    let mut seen: std::collections::HashMap<String, usize> = Default::default();
    for (i, t) in model.textures.iter().enumerate() {
        if t.trim().is_empty() {
            continue;
        }
        if is_absolute_path(t) {
            about(
                model,
                i,
                t,
                "W-TEXTURE-PATH-ABSOLUTE",
                "check-msg-texture-absolute",
            )
            .push(&mut out);
        } else if escapes_folder(t) {
            about(
                model,
                i,
                t,
                "W-TEXTURE-PATH-ESCAPES",
                "check-msg-texture-escapes",
            )
            .push(&mut out);
        }
        let key = components(t).join("/").to_lowercase();
        match seen.get(&key) {
            Some(&first) => about(model, i, t, "I-TEXTURE-DUP", "check-msg-texture-dup")
                .arg("first", first)
                .related([ElementRef::Texture(first as i32)])
                .push(&mut out),
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
        if t.trim().is_empty() {
            continue;
        }
        match find(dir, t) {
            Found::Exact => {}
            Found::OtherCase(p) => about(model, i, t, "I-TEXTURE-CASE", "check-msg-texture-case")
                .arg("found", p.display().to_string())
                .push(&mut out),
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
                let missing = if users.is_empty() {
                    let key = "check-msg-texture-missing-unused";
                    about(model, i, t, "I-TEXTURE-MISSING-UNUSED", key)
                } else {
                    about(
                        model,
                        i,
                        t,
                        "W-TEXTURE-MISSING",
                        "check-msg-texture-missing",
                    )
                    .arg("count", users.len())
                };
                missing
                    .arg("dir", dir.display().to_string())
                    .related(users)
                    .push(&mut out);
            }
        }
    }
    out
}
