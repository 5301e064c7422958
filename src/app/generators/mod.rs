//! The registered operations ([`crate::ops::REGISTRY`]) in the app: the Rig, Morph
//! and weights menus and the list context menus list them ([`op_items`]), and one
//! option dialog generated from the operation's schema runs them (`dialog.rs`).
//!
//! A menu entry pushes a [`Command::Generator`]; the state then holds one open
//! [`Dialog`]. The dialog plans with the operation whenever an option changes, shows
//! what it would do, draws a generator's plan in the viewport ([`preview::draw`]) and,
//! on Apply, pushes the edit as ONE model edit through the command queue. Nothing
//! here mutates the model.

mod dialog;
pub mod ghost;
pub mod preview;

use eframe::egui;

use crate::app::commands::{Command, Commands, Open};
use crate::app::{Selected, Selection, View};
use crate::edit::{ElementKind, ModelEdit};
use crate::ops::{Menu, Need, Operation, Options, REGISTRY};
use crate::pmx::Model;
use crate::rig::mirror::{DEFAULT_TOLERANCE, PLACE_TOLERANCE};
use crate::rig::symmetric::select_symmetric;
use crate::rig::RigPlan;
use crate::tr;

pub use dialog::show;
pub(crate) use dialog::{option_grid, selected_line};

/// The result of planning with the current options.
#[derive(Debug, Clone)]
pub struct Planned {
    /// The step to apply (None: nothing to do).
    pub edit: Option<ModelEdit>,
    /// Generators: the plan, for the preview.
    pub plan: Option<RigPlan>,
    /// What it would do, one line each (counts first, then the operation's notes).
    pub summary: Vec<String>,
    pub error: Option<String>,
    /// What the edit adds (File ▸ Add model…'s part), ghosted in the viewport.
    pub ghost: Option<ghost::Ghost>,
    /// Textures the edit adds from another folder (the part's): copied on save.
    pub textures: crate::pmx::textures::TextureOrigins,
}

/// One open operation dialog.
#[derive(Debug, Clone)]
pub struct Dialog {
    pub open: Open,
    pub options: Options,
    /// Run on the selection (for operations whose selection is optional, e.g. the
    /// mirror's "make the selection symmetric"); else on the whole model.
    pub use_selection: bool,
    /// Draw the plan in the viewport.
    pub preview: bool,
    /// The plan for the options `planned_for` (None after a model edit).
    pub planned: Option<Planned>,
    planned_for: Option<(Options, bool)>,
}

impl Dialog {
    pub fn new(open: Open) -> Self {
        let use_selection = open.op.selection == Need::Elements
            && open.kind.is_some_and(|k| Need::Elements.accepts(k))
            && !open.selected.is_empty();
        Dialog {
            options: open.op.defaults(true),
            open,
            use_selection,
            preview: true,
            planned: None,
            planned_for: None,
        }
    }

    /// Plans again if the options or the model changed since the last plan.
    pub fn refresh(&mut self, model: &Model) {
        let key = (self.options.clone(), self.use_selection);
        if self.planned_for.as_ref() == Some(&key) {
            return;
        }
        self.planned = Some(plan(model, &self.open, &self.options, self.use_selection));
        self.planned_for = Some(key);
    }

    /// After an edit that removed or reordered elements: the chosen elements follow.
    pub fn follow(&mut self, moves: &crate::edit::IndexMoves) {
        if let Some(kind) = self.open.kind.filter(|&k| moves.touches(k)) {
            self.open.selected = self
                .open
                .selected
                .iter()
                .filter_map(|&i| moves.index(kind, i))
                .collect();
        }
    }

    /// After any model edit: the plan reads the model, so it is made again.
    pub fn model_changed(&mut self) {
        self.planned_for = None;
    }

    /// The selection the operation runs on.
    pub fn selection(&self, model: &Model) -> crate::ops::Selection {
        selection(model, &self.open, self.use_selection)
    }
}

/// The dialog's selection as the operation takes it (indices past the end dropped).
fn selection(model: &Model, open: &Open, use_selection: bool) -> crate::ops::Selection {
    let Some(kind) = open.kind else {
        return Default::default();
    };
    let wanted = match open.op.selection {
        Need::None => false,
        Need::Elements => use_selection,
        need => need.accepts(kind),
    };
    if !wanted {
        return Default::default();
    }
    let len = kind.len(model);
    let list = open.selected.iter().copied().filter(|&i| i < len).collect();
    crate::ops::Selection::of(kind, list)
}

/// Runs the dialog's operation on `model` (nothing is applied).
pub fn plan(model: &Model, open: &Open, options: &Options, use_selection: bool) -> Planned {
    let sel = selection(model, open, use_selection);
    let mut planned = match (open.op.plan)(model, &sel, options) {
        // No edit: what the operation said is why.
        Ok(p) if p.edit.is_none() => Planned {
            edit: None,
            plan: p.preview,
            error: Some(p.summary.join("\n")),
            summary: Vec::new(),
            ghost: None,
            textures: Default::default(),
        },
        Ok(p) => Planned {
            edit: p.edit,
            plan: p.preview,
            summary: p.summary,
            error: None,
            ghost: None,
            textures: p.textures,
        },
        Err(e) => Planned {
            edit: None,
            plan: None,
            summary: Vec::new(),
            error: Some(e.to_string()),
            ghost: None,
            textures: Default::default(),
        },
    };
    // Adding a model: the part, placed by the options, before Apply.
    if open.op.name == "merge" {
        planned.ghost = planned
            .edit
            .as_ref()
            .and_then(|e| ghost::Ghost::of(model, e));
    }
    planned
}

/// The selection plus every selected element's counterpart on the other side (by
/// name, else by place; [`select_symmetric`]). None when nothing is selected.
pub fn symmetric_selection(
    model: &Model,
    active: Selection,
    selected: &[usize],
) -> Option<(Selection, Selected)> {
    let kind = active.kind()?;
    if selected.is_empty() {
        return None;
    }
    // Vertices pair within the mirror's vertex tolerance; elements named without a
    // side within the place tolerance the mirror uses (mei's 前髪横２ is 0.05 off).
    let tolerance = if kind == ElementKind::Vertex {
        DEFAULT_TOLERANCE
    } else {
        PLACE_TOLERANCE
    };
    let all = select_symmetric(model, kind, selected, tolerance);
    Some((active, Selected::many(kind, all)))
}

/// Whether `op` can run on a selection of `kind` with `count` elements (a whole-model
/// operation always can; one that needs elements needs some of the right kind).
pub fn fits(op: &Operation, kind: Option<ElementKind>, count: usize) -> bool {
    match op.selection {
        Need::None | Need::Elements => true,
        need => count > 0 && kind.is_some_and(|k| need.accepts(k)),
    }
}

/// The operations a menu lists: those of `menu`, in registry order.
pub fn menu_ops(menu: Menu) -> impl Iterator<Item = &'static Operation> {
    REGISTRY.iter().copied().filter(move |op| op.menu == menu)
}

/// The operations a list's context menu offers on a selection of `kind`: those that
/// work on such a selection.
pub fn context_ops(kind: ElementKind, count: usize) -> impl Iterator<Item = &'static Operation> {
    REGISTRY
        .iter()
        .copied()
        .filter(move |op| count > 0 && op.selection != Need::None && op.selection.accepts(kind))
}

/// One entry per operation: opens its dialog on the selection (disabled, with the
/// reason, when the selection does not fit).
pub fn op_items<'a>(
    ui: &mut egui::Ui,
    ops: impl Iterator<Item = &'a Operation>,
    kind: Option<ElementKind>,
    selected: &[usize],
    commands: &mut Commands,
) where
    'a: 'static,
{
    for op in ops {
        let enabled = fits(op, kind, selected.len());
        let r = ui.add_enabled(enabled, egui::Button::new(op.title()));
        let why = match op.selection {
            Need::Vertices => tr!("opsui-needs-vertices"),
            Need::Materials => tr!("extractui-needs-materials"),
            _ => tr!("opsui-needs-bones"),
        };
        let r = r.on_hover_text(op.help()).on_disabled_hover_text(why);
        if r.clicked() {
            commands.push(Command::Generator(Open {
                op,
                kind,
                selected: selected.to_vec(),
            }));
            ui.close();
        }
    }
}

/// The registered operations for a list's selection (context menus), then "Select
/// symmetric". Ends with a separator when it added anything.
pub fn menu_items(
    ui: &mut egui::Ui,
    model: &Model,
    kind: ElementKind,
    active: Selection,
    selected: &[usize],
    commands: &mut Commands,
) {
    let mut any = false;
    if context_ops(kind, selected.len()).next().is_some() {
        op_items(
            ui,
            context_ops(kind, selected.len()),
            Some(kind),
            selected,
            commands,
        );
        any = true;
    }
    if let Some((active, set)) = symmetric_selection(model, active, selected) {
        select_symmetric_button(ui, commands, active, set, true);
        any = true;
    }
    if any {
        ui.separator();
    }
}

fn select_symmetric_button(
    ui: &mut egui::Ui,
    commands: &mut Commands,
    active: Selection,
    set: Selected,
    enabled: bool,
) {
    let r = ui.add_enabled(enabled, egui::Button::new(tr!("opsui-select-symmetric")));
    if r.on_hover_text(tr!("opsui-select-symmetric-hover"))
        .on_disabled_hover_text(tr!("opsui-needs-selection"))
        .clicked()
    {
        commands.push(Command::SelectSet {
            active,
            selected: set,
            reveal: true,
        });
        ui.close();
    }
}

/// A menu of the menu bar (Rig, Model, Materials): every operation of `menu`, on the
/// current selection (none: the whole model); the Rig menu ends with "Select symmetric".
pub fn menu(ui: &mut egui::Ui, menu: Menu, view: &View, commands: &mut Commands) {
    let active = view.selection;
    let selected = view.selected_indices();
    op_items(ui, menu_ops(menu), active.kind(), &selected, commands);
    if menu == Menu::Rig {
        ui.separator();
        let sym = symmetric_selection(view.model, active, &selected);
        let enabled = sym.is_some();
        let (active, set) = sym.unwrap_or((active, Selected::default()));
        select_symmetric_button(ui, commands, active, set, enabled);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample rig and the index of its first hair bone (a chain with physics).
    pub(crate) fn sample_and_hair_root() -> (Model, usize) {
        let model = crate::app::sample_document().model().clone();
        let root = model.bones.iter().position(|b| b.name.contains('髪'));
        (model, root.expect("the sample has hair bones"))
    }

    fn open(name: &str, kind: Option<ElementKind>, selected: Vec<usize>) -> Open {
        Open {
            op: crate::ops::find(name).unwrap(),
            kind,
            selected,
        }
    }

    #[test]
    fn wizard_on_the_sample_plans_bodies_and_joints_and_mirror_finds_its_rig_symmetric() {
        let (model, root) = sample_and_hair_root();
        let o = open("chain", Some(ElementKind::Bone), vec![root]);
        let p = plan(&model, &o, &o.op.defaults(true), false);
        assert!(p.error.is_none(), "{:?}", p.error);
        let plan = p.plan.expect("a rig plan");
        assert!(!plan.rigid_bodies.is_empty());
        assert!(p.edit.is_some());
        // The sample's bones, bodies and joints already mirror each other (its
        // weights do not quite): without weights there is nothing to do.
        let o = open("mirror", None, vec![]);
        let mut options = o.op.defaults(true);
        options
            .values
            .insert("skip".into(), serde_json::json!(["weights"]));
        let m = super::plan(&model, &o, &options, false);
        assert!(
            m.edit.is_none()
                && m.error
                    .as_deref()
                    .is_some_and(|e| e.contains("nothing to do")),
            "{:?} {:?}",
            m.summary,
            m.error
        );
    }

    #[test]
    fn context_menus_offer_the_operations_whose_selection_fits() {
        let names = |kind, n| context_ops(kind, n).map(|op| op.name).collect::<Vec<_>>();
        let bones = names(ElementKind::Bone, 2);
        for n in [
            "bodies_from_bones",
            "joint_chain",
            "skirt_ring",
            "chain",
            "mirror",
        ] {
            assert!(bones.contains(&n), "{n} on bones: {bones:?}");
        }
        assert!(!bones.contains(&"normalize"));
        let vertices = names(ElementKind::Vertex, 3);
        assert!(vertices.contains(&"normalize") && vertices.contains(&"mirror"));
        assert!(!vertices.contains(&"chain"));
        assert!(names(ElementKind::Bone, 0).is_empty());
        // Materials: removing them (and what only they used), moving and merging them.
        assert_eq!(
            names(ElementKind::Material, 1),
            vec!["remove_materials", "material_order", "merge_materials"]
        );
        assert!(vertices.contains(&"split_material"));
    }
}
