//! PMX Editor's CSV (File ▸ Export/Import ▸ CSV): the whole model as one record per line,
//! Shift-JIS, quoted strings, references by name, angles in degrees
//! (see `../shared/reference/pmxe-csv-layout.md`).
//!
//! Hone writes PMX Editor's records and headings, and carries what a PMX needs beyond its
//! columns in lines that start with `;` (PMX Editor skips those as headings):
//! - `;Hone,Header,` the six index sizes, the extra header globals and the bytes after the
//!   last section (hex), so the file's layout comes back;
//! - `;Hone,Texture,"path"` for each entry of the texture table, in order (materials name
//!   their textures by path);
//! - `;Hone+,…` right after a record, only when its columns cannot say something: a bone's
//!   flag bits PMX defines no column for, a bone-morph rotation's exact quaternion (the
//!   columns hold Euler degrees), a material's face-index count that its faces do not give,
//!   a display frame's special flag where it differs from the name rule.
//!
//! Angles are written as the shortest decimal of the f64 degrees, which read back to the same
//! f32 radians; other floats as the shortest decimal that reads back to the same f32. A
//! reference whose name does not lead back to the same element (duplicate names, out of
//! range) is written `#INDEX` (Hone's form; PMX Editor has none).
//!
//! Hone's guesses where the reference export was silent (PMX Editor's own names may differ):
//! `IKLink,IKボーン名,リンクボーン名,角度制限(0/1),下限_x,下限_y,下限_z,上限_x,上限_y,上限_z` (degrees),
//! `UVMorph,親モーフ名,頂点Index,オフセット_x,_y,_z,_w` (the layer is the morph's kind),
//! flip morphs as `GroupMorph` records of a morph of kind 9,
//! `ImpulseMorph,親モーフ名,剛体名,ローカル(0/1),速度_x,_y,_z,トルク_x,_y,_z`,
//! `SoftBodyAnchor,親SoftBody名,剛体名,頂点Index,Near(0/1)`, `SoftBodyPin,親SoftBody名,頂点Index`,
//! and 描画 3 for a material with both the point and line flags.

mod read;
mod write;

pub use read::{read_csv, read_csv_text};
pub use write::{write_csv, write_csv_text};

/// A malformed CSV line: where (1-based line and column) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for CsvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::tr!(
            "csv-error-at",
            line = self.line,
            column = self.column,
            message = self.message.clone()
        ))
    }
}

impl std::error::Error for CsvError {}

/// Shared toons are written as PMX Editor names them: `toon01.bmp` … `toon10.bmp`.
fn shared_toon_name(index: u8) -> Option<String> {
    (index < 10).then(|| format!("toon{:02}.bmp", index + 1))
}

fn shared_toon_index(name: &str) -> Option<u8> {
    let n = name.strip_prefix("toon")?.strip_suffix(".bmp")?;
    if n.len() != 2 {
        return None;
    }
    let n: u8 = n.parse().ok()?;
    (1..=10).contains(&n).then_some(n - 1)
}

/// PMX's non-collision mask as PMX Editor's string: the 1-based groups the body does not
/// collide with (bit cleared), space-separated.
fn mask_to_groups(mask: u16) -> String {
    (0..16)
        .filter(|b| mask & (1 << b) == 0)
        .map(|b| (b + 1).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests;
