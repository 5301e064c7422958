//! File ▸ Save selected materials as model… (and the materials list's context menu): the
//! `extract` output operation ([`crate::ops::extract`]): the selected materials with what
//! they need written as a new PMX through the save rule, their textures beside it by the
//! texture rule (asked first, see `texture_plan`). The open model does not change.

use crate::app::commands::Commands;
use crate::app::view::View;
use crate::app::{LogLevel, State};
use crate::edit::ElementKind;
use crate::ops::output::{Progress, Sources};

/// The selected materials, when materials are what is selected.
pub fn selected_materials(view: &View) -> Vec<usize> {
    if view.selection.kind() == Some(ElementKind::Material) {
        view.selected_indices()
    } else {
        Vec::new()
    }
}

/// Asks where to save, then writes the extracted part there (logged).
pub fn save_selected(state: &mut State, materials: &[usize]) {
    if materials.is_empty() {
        return;
    }
    let stem = (state.doc().path.as_ref())
        .and_then(|p| p.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    state.panels_mut().pick = Some(crate::app::files::picker::PickRequest {
        purpose: crate::app::files::picker::Purpose::ExtractPart {
            materials: materials.to_vec(),
        },
        title: crate::tr!("files-title-save"),
        filters: vec![("PMX".into(), vec!["pmx"])],
        save_name: Some(format!("{stem}_part.pmx")),
        directory: state.doc().base_dir().map(std::path::Path::to_path_buf),
    });
}

/// What writing the part to `path` does to its texture files (nothing changed yet):
/// None when nothing would be copied, shared, missing or refused.
pub fn texture_plan(
    view: &View,
    materials: &[usize],
    path: &std::path::Path,
) -> Option<crate::pmx::textures::TexturePlan> {
    let part = crate::rig::parts::extract(view.model, materials).ok()?;
    plan_for(&part.textures, view.doc.base_dir(), path)
}

/// The texture rule for the part's table (relative to the model's folder) written to `path`.
fn plan_for(
    textures: &[String],
    from: Option<&std::path::Path>,
    path: &std::path::Path,
) -> Option<crate::pmx::textures::TexturePlan> {
    // A model never saved has no folder its paths are relative to: nothing to bring.
    from?;
    crate::pmx::textures::plan_write(
        textures,
        &Default::default(),
        from,
        path,
        crate::pmx::textures::TextureMode::Copy,
    )
}

/// Writes the extracted part to `path` with the app's save options (the dialog's half
/// without the dialog).
pub fn save_to(
    view: &View,
    commands: &mut Commands,
    materials: &[usize],
    path: &std::path::Path,
    write_options: crate::pmx::write::WriteOptions,
) {
    let op = &crate::ops::extract::OP;
    let file = path.display().to_string();
    let mut sources = Sources::new(view.model, view.doc.base_dir(), path);
    sources.texture_origins = view.doc.texture_origins();
    sources.write_options = write_options;
    let selection = crate::ops::Selection::of(ElementKind::Material, materials.to_vec());
    let never = std::sync::atomic::AtomicBool::new(false);
    let mut progress = Progress {
        report: &mut |_| {},
        cancel: &never,
    };
    let saved = op.run_and_write(&sources, &selection, &op.defaults(), &mut progress);
    match saved {
        Ok(written) => {
            for line in written.lines {
                commands.log(LogLevel::Info, line);
            }
            commands.log(
                LogLevel::Info,
                crate::tr!("extractui-saved", count = materials.len(), path = file),
            )
        }
        Err(e) => commands.log(
            LogLevel::Error,
            crate::tr!("extractui-cannot-save", path = file, error = e.to_string()),
        ),
    }
}
