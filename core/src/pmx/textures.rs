//! The texture rule: what happens to a model's texture files when it is written into
//! another folder (Save As, `hone convert`, `hone merge`, …). One owner, here.
//!
//! A texture path is stored relative to the folder of the file that holds it (MMD
//! writes `\`; both separators are read). [`plan`] looks at each texture of the
//! table, with the folder it is relative to, and decides:
//!
//! * **copy** ([`TextureMode::Copy`], the default): the file is copied beside the
//!   output under the same relative path; identical files (same bytes) are written
//!   once and shared; a different file already taking that name gets `_2`, `_3`…
//!   Nothing is copied onto itself (same folder).
//! * **relative** ([`TextureMode::Relative`]): no copy; the path is rewritten relative
//!   to the output's folder (this can point outside it, which the user chose).
//! * **missing**: the file is not there; the path is kept and named in the report.
//! * **refused**: an absolute path (`/x`, `C:\x`, `\\host\x`), or one that leaves its
//!   folder (`..\..\x`, or a link out of it), is never followed nor copied: a
//!   downloaded model must not pull arbitrary files into the output. The path is
//!   kept and named in the report.
//!
//! [`TexturePlan::apply`] copies the files and gives the new texture table; nothing
//! is changed before it, so a caller can show the plan and ask first.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// Copy the files beside the output, or point at them where they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextureMode {
    #[default]
    Copy,
    Relative,
}

/// What happens to one texture of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TextureAction {
    /// Already where the output needs it (same folder): nothing to do.
    InPlace,
    /// Copied from `from` to the output's folder under the new path.
    Copy { from: PathBuf },
    /// The same bytes as a file another entry copies (or finds) at the new path.
    Shared,
    /// The path is rewritten relative to the output's folder.
    Relative,
    /// No file at the path.
    Missing,
    /// Absolute or leaving its folder: not followed.
    Refused,
}

/// One texture table entry's fate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextureEntry {
    /// Its index in the texture table.
    pub index: usize,
    /// The path as stored.
    pub stored: String,
    /// The path the output stores (`stored` when missing or refused).
    pub path: String,
    pub action: TextureAction,
}

/// What writing a texture table into a folder does (see the module docs).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TexturePlan {
    pub entries: Vec<TextureEntry>,
    to: PathBuf,
}

/// The plan for a model's own table: every path relative to `from`, written to `to`.
pub fn plan_model(textures: &[String], from: &Path, to: &Path, mode: TextureMode) -> TexturePlan {
    TextureOrigins::default().plan(textures, from, to, mode)
}

/// The plan for a texture table whose entries are relative to different folders
/// (a merged model: the base's and each part's): `(stored path, its folder)`.
pub fn plan(sources: &[(&str, &Path)], to: &Path, mode: TextureMode) -> TexturePlan {
    let to_abs = absolute(to);
    // New relative path → the file that takes it (the first claims it).
    let mut claimed: HashMap<String, PathBuf> = HashMap::new();
    let mut entries = Vec::with_capacity(sources.len());
    for (index, &(stored, dir)) in sources.iter().enumerate() {
        let entry = |path: String, action| TextureEntry {
            index,
            stored: stored.to_string(),
            path,
            action,
        };
        if stored.trim().is_empty() {
            entries.push(entry(stored.to_string(), TextureAction::InPlace));
            continue;
        }
        let Some(rel) = inside(stored) else {
            entries.push(entry(stored.to_string(), TextureAction::Refused));
            continue;
        };
        let dir_abs = absolute(dir);
        // As the app finds it: letter case may differ from the stored path's.
        let Some(file) = find(&dir_abs, &rel.to_string_lossy()) else {
            entries.push(entry(stored.to_string(), TextureAction::Missing));
            continue;
        };
        // A link (or a linked folder) must not lead out of the folder either.
        match (file.canonicalize(), dir_abs.canonicalize()) {
            (Ok(f), Ok(d)) if f.starts_with(&d) => {}
            _ => {
                entries.push(entry(stored.to_string(), TextureAction::Refused));
                continue;
            }
        }
        if mode == TextureMode::Relative {
            let path = relative_path(&file, &to_abs);
            let action = if path == stored {
                TextureAction::InPlace
            } else {
                TextureAction::Relative
            };
            entries.push(entry(path, action));
            continue;
        }
        let wanted = rel.to_string_lossy().replace('\\', "/");
        let mut path = wanted.clone();
        let mut n = 2;
        let action = loop {
            match claimed.get(&path) {
                None => {
                    let target = to_abs.join(&path);
                    if same_file(&target, &file) {
                        claimed.insert(path.clone(), file.clone());
                        break TextureAction::InPlace;
                    }
                    if target.exists() && !same_bytes(&target, &file) {
                        path = numbered(&wanted, n);
                        n += 1;
                        continue;
                    }
                    claimed.insert(path.clone(), file.clone());
                    break if target.exists() {
                        TextureAction::Shared
                    } else {
                        TextureAction::Copy { from: file.clone() }
                    };
                }
                Some(other) if same_bytes(other, &file) => break TextureAction::Shared,
                Some(_) => {
                    path = numbered(&wanted, n);
                    n += 1;
                }
            }
        };
        // Not renamed: the stored text stays (its separators, bytes unchanged); renamed:
        // MMD's own separator.
        let path = if path == wanted {
            stored.to_string()
        } else {
            path.replace('/', "\\")
        };
        entries.push(entry(path, action));
    }
    TexturePlan {
        entries,
        to: to_abs,
    }
}

/// Texture table entries stored relative to another folder than the model's own: the
/// textures a merged part brought, read from the part's folder until the model is written
/// (the texture rule then copies them beside it). Runtime state beside the model; an
/// entry counts only while the table still holds its path at its index (an undone merge
/// drops it).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextureOrigins {
    entries: Vec<TextureOrigin>,
}

/// One texture that lives in another folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextureOrigin {
    pub index: usize,
    /// The path as the table stores it, relative to `folder`.
    pub stored: String,
    pub folder: PathBuf,
}

impl TextureOrigins {
    /// Texture `index` (stored as `stored`) is relative to `folder` (made absolute: a
    /// later change of directory must not move it). A newer origin of an index replaces
    /// the older one.
    pub fn bring(&mut self, index: usize, stored: &str, folder: &Path) {
        self.entries.retain(|o| o.index != index);
        self.entries.push(TextureOrigin {
            index,
            stored: stored.to_string(),
            folder: absolute(folder),
        });
    }

    /// Adds `other`'s origins (a later step's win).
    pub fn extend(&mut self, other: &TextureOrigins) {
        for o in &other.entries {
            self.bring(o.index, &o.stored, &o.folder);
        }
    }

    /// The origins that hold for `textures`.
    pub fn live<'a>(&'a self, textures: &'a [String]) -> impl Iterator<Item = &'a TextureOrigin> {
        self.entries
            .iter()
            .filter(|o| textures.get(o.index) == Some(&o.stored))
    }

    /// The folder texture `index` of `textures` is relative to: its origin's, else `home`.
    pub fn folder<'a>(&'a self, textures: &'a [String], index: usize, home: &'a Path) -> &'a Path {
        self.origin_folder(textures, index).unwrap_or(home)
    }

    /// The folder of texture `index`'s origin, when it has one that holds.
    pub fn origin_folder<'a>(&'a self, textures: &'a [String], index: usize) -> Option<&'a Path> {
        self.live(textures)
            .find(|o| o.index == index)
            .map(|o| o.folder.as_path())
    }

    /// The texture rule for `textures` written into `to`: each entry relative to its
    /// origin's folder, the rest to `home` (the model's own folder).
    pub fn plan(
        &self,
        textures: &[String],
        home: &Path,
        to: &Path,
        mode: TextureMode,
    ) -> TexturePlan {
        let sources: Vec<(&str, &Path)> = (textures.iter().enumerate())
            .map(|(i, t)| (t.as_str(), self.folder(textures, i, home)))
            .collect();
        plan(&sources, to, mode)
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Forgets every origin (the files were copied beside the model).
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

/// The folder a file at `path` is in (or written into): `.` for a bare name.
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// What writing a model to `output` does to its textures, for every writer (Save As,
/// `hone convert`, `hone edit`, `hone merge`, …): `textures` are relative to `home` (the
/// folder of the file it was read from; None: not read from a file, then the output's)
/// except those `origins` places elsewhere. None when there is nothing to do: no
/// textures, or the same folder and no texture from elsewhere.
pub fn plan_write(
    textures: &[String],
    origins: &TextureOrigins,
    home: Option<&Path>,
    output: &Path,
    mode: TextureMode,
) -> Option<TexturePlan> {
    let to = folder_of(output);
    let home = home.map_or_else(|| to.clone(), Path::to_path_buf);
    let same = match (home.canonicalize(), to.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => home == to,
    };
    let brought = origins.live(textures).next().is_some();
    if textures.is_empty() || (same && !brought) {
        return None;
    }
    Some(origins.plan(textures, &home, &to, mode))
}

impl TexturePlan {
    /// The entries that copy a file.
    pub fn copied(&self) -> impl Iterator<Item = &TextureEntry> {
        self.entries
            .iter()
            .filter(|e| matches!(e.action, TextureAction::Copy { .. }))
    }
    /// The entries whose file is not there.
    pub fn missing(&self) -> impl Iterator<Item = &TextureEntry> {
        self.entries
            .iter()
            .filter(|e| e.action == TextureAction::Missing)
    }
    /// The entries not followed (absolute, or leaving their folder).
    pub fn refused(&self) -> impl Iterator<Item = &TextureEntry> {
        self.entries
            .iter()
            .filter(|e| e.action == TextureAction::Refused)
    }

    /// The output's texture table.
    pub fn table(&self) -> Vec<String> {
        self.entries.iter().map(|e| e.path.clone()).collect()
    }

    /// Copies the files (creating folders under the output's) and returns the output's
    /// texture table. A failed copy stops with its error; files copied before it stay.
    pub fn apply(&self) -> std::io::Result<Vec<String>> {
        for e in &self.entries {
            if let TextureAction::Copy { from } = &e.action {
                let target = self.to.join(e.path.replace('\\', "/"));
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::copy(from, &target).map_err(|err| {
                    std::io::Error::new(err.kind(), format!("{}: {err}", target.display()))
                })?;
            }
        }
        Ok(self.table())
    }

    /// One line per copied, missing or refused texture, localised (what a front-end
    /// prints or shows before saving).
    pub fn report_lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        let copied = self.copied().count();
        if copied > 0 {
            let to = self.to.display().to_string();
            out.push(crate::tr!("textures-copied", count = copied, to = to));
        }
        for e in self.missing() {
            out.push(crate::tr!("textures-missing", path = e.stored.as_str()));
        }
        for e in self.refused() {
            out.push(crate::tr!("textures-refused", path = e.stored.as_str()));
        }
        out
    }
}

/// Finds a texture path as PMX stores it (`\` or `/`, any letter case: the files come from
/// Windows) under `base`. The one lookup the app, export and the texture rule share.
pub fn find(base: &Path, stored: &str) -> Option<PathBuf> {
    let parts: Vec<&str> = stored
        .split(['\\', '/'])
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    if parts.is_empty() {
        return None;
    }
    let direct = parts.iter().fold(base.to_path_buf(), |p, c| p.join(c));
    if direct.is_file() {
        return Some(direct);
    }
    let mut dir = base.to_path_buf();
    for part in &parts {
        if *part == ".." {
            dir.pop();
            continue;
        }
        let lower = part.to_lowercase();
        let found = std::fs::read_dir(&dir)
            .ok()?
            .flatten()
            .find(|e| e.file_name().to_string_lossy().to_lowercase() == lower)?;
        dir = found.path();
    }
    dir.is_file().then_some(dir)
}

/// The stored path as a relative path that stays inside its folder; None when it is
/// absolute or climbs out.
fn inside(stored: &str) -> Option<PathBuf> {
    let s = stored.replace('\\', "/");
    let bytes = s.as_bytes();
    if s.starts_with('/') || (bytes.len() >= 2 && bytes[1] == b':') {
        return None; // "/x", "//host/x", "C:x", "C:/x"
    }
    let mut out = PathBuf::new();
    for c in Path::new(&s).components() {
        match c {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    (!out.as_os_str().is_empty()).then_some(out)
}

fn absolute(p: &Path) -> PathBuf {
    let p = if p.as_os_str().is_empty() {
        Path::new(".")
    } else {
        p
    };
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

fn same_file(a: &Path, b: &Path) -> bool {
    matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

fn same_bytes(a: &Path, b: &Path) -> bool {
    let len = |p: &Path| std::fs::metadata(p).map(|m| m.len()).ok();
    len(a).is_some() && len(a) == len(b) && std::fs::read(a).ok() == std::fs::read(b).ok()
}

/// `dir/name.png` → `dir/name_2.png`.
fn numbered(path: &str, n: usize) -> String {
    let (stem, ext) = match path.rfind('.') {
        Some(dot) if !path[dot..].contains('/') => path.split_at(dot),
        _ => (path, ""),
    };
    format!("{stem}_{n}{ext}")
}

/// `file` relative to folder `to` (both absolute), with MMD's separator.
fn relative_path(file: &Path, to: &Path) -> String {
    let file = file.canonicalize().unwrap_or_else(|_| file.to_path_buf());
    let to = to.canonicalize().unwrap_or_else(|_| to.to_path_buf());
    let f: Vec<Component> = file.components().collect();
    let t: Vec<Component> = to.components().collect();
    let common = f.iter().zip(&t).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_string(); t.len() - common];
    parts.extend(
        f[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("\\")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("hone-tex-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// A fresh folder for test `name` and these folders in it.
    fn folders<const N: usize>(name: &str, names: [&str; N]) -> (PathBuf, [PathBuf; N]) {
        let root = dir(name);
        let made = names.map(|n| root.join(n));
        for d in &made {
            std::fs::create_dir_all(d).unwrap();
        }
        (root, made)
    }

    #[test]
    fn a_path_stored_in_other_letter_case_is_found_and_copied_as_stored() {
        // Models come from Windows, where TEX\Face.PNG and tex/face.png are one file.
        let root = dir("case");
        let [a, out] = ["a", "out"].map(|n| root.join(n));
        std::fs::create_dir_all(a.join("tex")).unwrap();
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(a.join("tex/face.png"), b"face").unwrap();
        assert_eq!(find(&a, "TEX\\Face.PNG"), Some(a.join("tex/face.png")));
        assert_eq!(find(&a, "tex\\none.png"), None);
        let p = plan_model(&["TEX\\Face.PNG".to_string()], &a, &out, TextureMode::Copy);
        assert!(
            matches!(p.entries[0].action, TextureAction::Copy { .. }),
            "{p:?}"
        );
        assert_eq!(p.apply().unwrap(), ["TEX\\Face.PNG"]);
        // Written under the stored name: found directly from now on, on any system.
        assert_eq!(std::fs::read(out.join("TEX/Face.PNG")).unwrap(), b"face");
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn paths_that_are_absolute_or_leave_the_folder_are_refused() {
        for bad in [
            "/etc/passwd",
            "C:\\x.png",
            "\\\\host\\x.png",
            "..\\x.png",
            "a/../../x.png",
        ] {
            assert_eq!(inside(bad), None, "{bad}");
        }
        assert_eq!(inside("tex\\a.png"), Some(PathBuf::from("tex/a.png")));
        assert_eq!(inside("a/../b.png"), Some(PathBuf::from("b.png")));
    }

    #[test]
    fn copies_shares_identical_files_renames_different_ones_and_names_the_rest() {
        let (root, [a, b, out]) = folders("copy", ["a", "b", "out"]);
        std::fs::create_dir_all(a.join("tex")).unwrap();
        std::fs::write(a.join("tex/skin.png"), b"skin").unwrap();
        std::fs::write(a.join("toon.bmp"), b"toon").unwrap();
        std::fs::write(b.join("toon.bmp"), b"toon").unwrap(); // identical: shared
        std::fs::create_dir_all(b.join("tex")).unwrap();
        std::fs::write(b.join("tex/skin.png"), b"other skin").unwrap(); // clash: renamed
        std::fs::write(root.join("secret.png"), b"s").unwrap();
        let sources: Vec<(&str, &Path)> = vec![
            ("tex\\skin.png", &a),
            ("toon.bmp", &a),
            ("toon.bmp", &b),
            ("tex\\skin.png", &b),
            ("gone.png", &b),
            ("..\\secret.png", &b),
            ("/etc/hostname", &b),
        ];
        let p = plan(&sources, &out, TextureMode::Copy);
        let table = p.apply().unwrap();
        assert_eq!(
            table,
            [
                "tex\\skin.png",
                "toon.bmp",
                "toon.bmp",
                "tex\\skin_2.png",
                "gone.png",
                "..\\secret.png",
                "/etc/hostname"
            ]
        );
        assert_eq!(std::fs::read(out.join("tex/skin.png")).unwrap(), b"skin");
        assert_eq!(
            std::fs::read(out.join("tex/skin_2.png")).unwrap(),
            b"other skin"
        );
        assert_eq!(std::fs::read(out.join("toon.bmp")).unwrap(), b"toon");
        assert_eq!(p.copied().count(), 3);
        assert_eq!(p.entries[2].action, TextureAction::Shared);
        assert_eq!(p.missing().count(), 1);
        assert_eq!(p.refused().count(), 2);
        assert!(!out.join("secret.png").exists());
        // Into the same folder again: nothing to copy.
        let again = plan_model(&table[..2], &out, &out, TextureMode::Copy);
        assert!(again
            .entries
            .iter()
            .all(|e| e.action == TextureAction::InPlace));
        // Relative: paths lead back to the source.
        let rel = plan_model(&["toon.bmp".into()], &a, &out, TextureMode::Relative);
        let name = a.file_name().unwrap().to_string_lossy();
        assert_eq!(rel.table(), [format!("..\\{name}\\toon.bmp")]);
    }

    #[test]
    fn origins_place_a_merged_parts_textures_in_its_folder_while_the_table_holds_them() {
        let (root, [home, part, out]) = folders("origins", ["home", "part", "out"]);
        std::fs::write(home.join("skin.png"), b"skin").unwrap();
        std::fs::write(part.join("blade.png"), b"blade").unwrap();
        let mut table = vec!["skin.png".to_string(), "blade.png".to_string()];
        let mut origins = TextureOrigins::default();
        origins.bring(1, "blade.png", &part);
        let write = |table: &[String], to: &Path| {
            plan_write(
                table,
                &origins,
                Some(&home),
                &to.join("m.pmx"),
                TextureMode::Copy,
            )
        };
        // Into the model's own folder: the part's file still has to come.
        let p = write(&table, &home).expect("a plan");
        assert_eq!(p.entries[0].action, TextureAction::InPlace);
        assert!(
            matches!(p.entries[1].action, TextureAction::Copy { .. }),
            "{p:?}"
        );
        // Elsewhere: both come.
        let p = write(&table, &out).unwrap();
        assert_eq!(p.copied().count(), 2);
        p.apply().unwrap();
        assert_eq!(std::fs::read(out.join("blade.png")).unwrap(), b"blade");
        // The merge undone (the table no longer holds it): the origin no longer counts,
        // and the own folder needs nothing.
        table.pop();
        assert_eq!(origins.live(&table).count(), 0);
        assert!(write(&table, &home).is_none());
        // Another path at that index (a later merge) is not mistaken for it.
        table.push("other.png".into());
        assert_eq!(origins.folder(&table, 1, &home), home.as_path());
        let _ = std::fs::remove_dir_all(&root);
    }
}
