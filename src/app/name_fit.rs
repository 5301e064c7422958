//! Names that fit a VMD motion (issue 21.5): a warning line under the bone and
//! morph name fields while a name is too long for a VMD (15 bytes of Shift-JIS) or
//! holds characters Shift-JIS lacks. The rename is still allowed.

use eframe::egui;

use crate::motion::names::vmd_name_fit;

/// The warning for `name` in a VMD field of `limit` bytes; None when it fits.
pub fn vmd_warning(name: &str, limit: usize) -> Option<String> {
    let fit = vmd_name_fit(name);
    if fit.fits(limit) {
        return None;
    }
    let mut lines = Vec::new();
    if !fit.unmappable.is_empty() {
        let chars: String = fit.unmappable.iter().collect();
        lines.push(crate::tr!("name-vmd-unmappable", chars = chars));
    }
    if fit.bytes > limit {
        lines.push(crate::tr!(
            "name-vmd-too-long",
            bytes = fit.bytes,
            limit = limit
        ));
    }
    Some(lines.join("\n"))
}

/// A grid row under a name field with the warning in the warning colour; nothing
/// when the name fits.
pub fn vmd_warning_row(ui: &mut egui::Ui, name: &str, limit: usize) {
    if let Some(text) = vmd_warning(name, limit) {
        ui.label("");
        ui.colored_label(ui.visuals().warn_fg_color, text)
            .on_hover_text(crate::tr!("name-vmd-why"));
        ui.end_row();
    }
}
