//! Fonts: egui's defaults plus a bundled CJK font so Japanese names render.

use eframe::egui;

/// IPAGothic (IPA Font License v1.0, see resources/fonts/README.md).
pub(crate) static CJK_FONT: &[u8] = include_bytes!("../../resources/fonts/ipag.ttf");

/// Installs the CJK font as a fallback after egui's own fonts (Latin glyphs stay egui's).
pub fn install(ctx: &egui::Context) {
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "ipag".to_owned(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("ipag".to_owned());
    }
    ctx.set_fonts(fonts);
}
