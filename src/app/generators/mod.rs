//! The rig generators in the app (issue 10): bodies from bones, joint chains and
//! skirt rings, the one-step chain wizard, mirror left↔right, semi-standard bones,
//! and "select symmetric" in every list.
//!
//! Menus (the Rig menu, list context menus through [`menu_items`]) push a
//! [`Command::Generator`]; the state then holds one open [`Dialog`] of options. The
//! dialog plans with the core's generator ([`crate::rig`]) whenever an option
//! changes, shows what it would do, draws the plan in the viewport
//! ([`preview::draw`]) and, on Apply, pushes the plan as ONE model edit through the
//! command queue. Nothing here mutates the model.

mod dialog;
pub mod preview;

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::{Selected, Selection};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::Model;
use crate::rig::bodies::{bodies_from_bones, BodyOptions};
use crate::rig::chain::{bones_below, chain, joint_chain, ChainOptions, JointOptions, Ring};
use crate::rig::mirror::{
    mirror, MirrorOptions, MirrorParts, MirrorSelection, DEFAULT_TOLERANCE, PLACE_TOLERANCE,
};
use crate::rig::semistandard::{semistandard, SemiStandard, SemiStandardOptions};
use crate::rig::symmetric::select_symmetric;
use crate::rig::{RigError, RigPlan, Side};

pub use dialog::show;

/// Which generator a dialog runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generator {
    /// One rigid body per bone.
    Bodies,
    /// Joints along the chains of the bones' bodies.
    JointChain,
    /// Joint chain with the skirt ring on (horizontal joints between chains).
    SkirtRing,
    /// The chain wizard: bodies + joints + collision group below root bones.
    Chain,
    Mirror,
    SemiStandard,
}

impl Generator {
    pub const ALL: [Generator; 6] = [
        Generator::Bodies,
        Generator::JointChain,
        Generator::SkirtRing,
        Generator::Chain,
        Generator::Mirror,
        Generator::SemiStandard,
    ];

    /// Menu text and dialog title.
    pub fn title(self) -> &'static str {
        match self {
            Generator::Bodies => "Rigid bodies from bones…",
            Generator::JointChain => "Joint chain…",
            Generator::SkirtRing => "Skirt ring…",
            Generator::Chain => "Chain wizard (hair/skirt swing)…",
            Generator::Mirror => "Mirror left ↔ right…",
            Generator::SemiStandard => "Semi-standard bones…",
        }
    }

    /// Whether it works on selected bones (the others work on the whole model).
    pub fn needs_bones(self) -> bool {
        !matches!(self, Generator::Mirror | Generator::SemiStandard)
    }

    /// Whether the viewport shows its plan before it is applied.
    pub fn has_preview(self) -> bool {
        self.needs_bones()
    }
}

/// What opens a dialog: the generator and the selection it starts from.
#[derive(Debug, Clone, PartialEq)]
pub struct Open {
    pub generator: Generator,
    pub kind: Option<ElementKind>,
    pub selected: Vec<usize>,
}

/// The options of every generator (a dialog edits the one it runs).
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    pub bodies: BodyOptions,
    pub joints: JointOptions,
    /// Take the selected bones and every bone below them (else only the selected).
    pub below: bool,
    pub from: Side,
    /// Mirror only the selection ("make symmetric") instead of the whole model.
    pub mirror_selection_only: bool,
    pub mirror_parts: MirrorParts,
    /// Vertex matching distance of the mirror.
    pub mirror_tolerance: f32,
    /// Semi-standard groups chosen (in [`SemiStandard::ALL`] order).
    pub semistandard: Vec<bool>,
}

impl Options {
    fn new(generator: Generator) -> Self {
        let mut joints = JointOptions::default();
        if generator == Generator::SkirtRing {
            joints.ring = Ring::Auto;
            joints.limits =
                crate::rig::chain::JointLimits::preset(crate::rig::chain::JointPreset::Skirt);
        }
        Options {
            bodies: BodyOptions::default(),
            joints,
            below: true,
            from: Side::Left,
            mirror_selection_only: false,
            mirror_parts: MirrorParts::default(),
            mirror_tolerance: DEFAULT_TOLERANCE,
            semistandard: vec![true; SemiStandard::ALL.len()],
        }
    }
}

/// The result of planning with the current options.
#[derive(Debug, Clone)]
pub struct Planned {
    /// The step to apply (None: nothing to do).
    pub edit: Option<ModelEdit>,
    /// Bodies/chains: the plan, for the preview.
    pub plan: Option<RigPlan>,
    /// What it would do, one line each (counts first, then the generator's notes).
    pub summary: Vec<String>,
    pub error: Option<String>,
}

/// One open generator dialog.
#[derive(Debug, Clone)]
pub struct Dialog {
    pub open: Open,
    pub options: Options,
    /// Draw the plan in the viewport.
    pub preview: bool,
    /// The plan for the options `planned_for` (None after a model edit).
    pub planned: Option<Planned>,
    planned_for: Option<Options>,
}

impl Dialog {
    pub fn new(open: Open) -> Self {
        let mut options = Options::new(open.generator);
        // Mirroring with a selection of elements starts as "make symmetric".
        options.mirror_selection_only = open.generator == Generator::Mirror
            && open.kind.is_some_and(mirror_kind)
            && !open.selected.is_empty();
        Dialog {
            open,
            options,
            preview: true,
            planned: None,
            planned_for: None,
        }
    }

    /// Plans again if the options or the model changed since the last plan.
    pub fn refresh(&mut self, model: &Model) {
        if self.planned_for.as_ref() == Some(&self.options) {
            return;
        }
        self.planned = Some(plan(model, &self.open, &self.options));
        self.planned_for = Some(self.options.clone());
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

    /// After any model edit: the plan reads bones, bodies, joints and names, so it is made again.
    pub fn model_changed(&mut self) {
        self.planned_for = None;
    }

    /// The bones the generator works on (the selection, with the bones below it
    /// when asked; the wizard always takes the selection as roots).
    pub fn bones(&self, model: &Model) -> Vec<usize> {
        bones_for(model, &self.open, &self.options)
    }
}

fn bones_for(model: &Model, open: &Open, options: &Options) -> Vec<usize> {
    if open.kind != Some(ElementKind::Bone) {
        return Vec::new();
    }
    let sel: Vec<usize> = open
        .selected
        .iter()
        .copied()
        .filter(|&b| b < model.bones.len())
        .collect();
    if options.below && open.generator != Generator::Chain {
        bones_below(model, &sel)
    } else {
        sel
    }
}

fn mirror_kind(kind: ElementKind) -> bool {
    matches!(
        kind,
        ElementKind::Bone
            | ElementKind::RigidBody
            | ElementKind::Joint
            | ElementKind::Morph
            | ElementKind::Vertex
    )
}

/// Runs the dialog's generator on `model` (nothing is applied).
pub fn plan(model: &Model, open: &Open, options: &Options) -> Planned {
    let bones = bones_for(model, open, options);
    let from_plan = |r: Result<RigPlan, RigError>| match r {
        Ok(p) => {
            let mut summary = vec![format!(
                "{} rigid bodies, {} joints ({} replaced)",
                p.rigid_bodies.len(),
                p.joints.len(),
                p.rigid_bodies
                    .iter()
                    .filter(|b| b.target != crate::rig::Target::New)
                    .count()
                    + p.joints
                        .iter()
                        .filter(|j| j.target != crate::rig::Target::New)
                        .count()
            )];
            summary.extend(p.notes.iter().cloned());
            Planned {
                edit: p.clone().into_edit(),
                plan: Some(p),
                summary,
                error: None,
            }
        }
        Err(e) => refused(e),
    };
    match open.generator {
        Generator::Bodies => from_plan(bodies_from_bones(model, &bones, &options.bodies)),
        Generator::JointChain | Generator::SkirtRing => {
            from_plan(joint_chain(model, &bones, &options.joints))
        }
        Generator::Chain => {
            let o = ChainOptions {
                bodies: options.bodies.clone(),
                joints: options.joints.clone(),
            };
            from_plan(chain(model, &bones, &o))
        }
        Generator::Mirror => {
            let mut o = MirrorOptions::new(options.from);
            o.parts = options.mirror_parts;
            o.tolerance = options.mirror_tolerance;
            o.selection = options
                .mirror_selection_only
                .then(|| mirror_selection(open));
            match mirror(model, &o) {
                Ok(m) => {
                    let r = &m.report;
                    let mut summary = vec![
                        format!(
                            "created: {} bones, {} bodies, {} joints, {} morphs",
                            r.created.bones,
                            r.created.rigid_bodies,
                            r.created.joints,
                            r.created.morphs
                        ),
                        format!(
                            "overwritten: {} bones, {} bodies, {} joints, {} morphs",
                            r.overwritten.bones,
                            r.overwritten.rigid_bodies,
                            r.overwritten.joints,
                            r.overwritten.morphs
                        ),
                        format!(
                            "{} vertex weights changed ({} without a mirror vertex); {} display-frame entries",
                            r.vertices_changed, r.vertices_without_mirror, r.display_entries_added
                        ),
                    ];
                    summary.extend(r.skipped.iter().cloned());
                    Planned {
                        edit: Some(m.edit),
                        plan: None,
                        summary,
                        error: None,
                    }
                }
                Err(e) => refused(e),
            }
        }
        Generator::SemiStandard => {
            let only: Vec<SemiStandard> = SemiStandard::ALL
                .iter()
                .zip(&options.semistandard)
                .filter(|(_, &on)| on)
                .map(|(g, _)| *g)
                .collect();
            if only.is_empty() {
                return refused(RigError::NothingToDo("no group chosen".into()));
            }
            match semistandard(model, &SemiStandardOptions { only: Some(only) }) {
                Ok(p) => {
                    let r = &p.report;
                    let mut summary = vec![
                        format!("adds {} bones: {}", r.added.len(), r.added.join(" ")),
                        format!(
                            "{} vertices reweighted, {} bodies moved onto new bones",
                            r.vertices_changed, r.bodies_moved
                        ),
                    ];
                    summary.extend(r.skipped.iter().cloned());
                    Planned {
                        edit: Some(p.edit),
                        plan: None,
                        summary,
                        error: None,
                    }
                }
                Err(e) => refused(e),
            }
        }
    }
}

fn refused(e: RigError) -> Planned {
    Planned {
        edit: None,
        plan: None,
        summary: Vec::new(),
        error: Some(e.to_string()),
    }
}

/// The dialog's selection as the mirror's "make symmetric" set.
fn mirror_selection(open: &Open) -> MirrorSelection {
    let mut s = MirrorSelection::default();
    let list = match open.kind {
        Some(ElementKind::Bone) => &mut s.bones,
        Some(ElementKind::RigidBody) => &mut s.rigid_bodies,
        Some(ElementKind::Joint) => &mut s.joints,
        Some(ElementKind::Morph) => &mut s.morphs,
        Some(ElementKind::Vertex) => &mut s.vertices,
        _ => return s,
    };
    list.extend(&open.selected);
    s
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

/// The generator entries for a list's selection (context menus, the Rig menu):
/// each opens its dialog; "Select symmetric" selects at once. Ends with a separator
/// when it added anything.
pub fn menu_items(
    ui: &mut egui::Ui,
    model: &Model,
    kind: ElementKind,
    active: Selection,
    selected: &[usize],
    commands: &mut Commands,
) {
    let mut any = false;
    if kind == ElementKind::Bone && !selected.is_empty() {
        for g in [
            Generator::Bodies,
            Generator::JointChain,
            Generator::SkirtRing,
            Generator::Chain,
        ] {
            if ui.button(g.title()).clicked() {
                commands.push(Command::Generator(Open {
                    generator: g,
                    kind: Some(kind),
                    selected: selected.to_vec(),
                }));
                ui.close();
            }
        }
        any = true;
    }
    if mirror_kind(kind) && !selected.is_empty() {
        if ui
            .button("Make symmetric (mirror the selection)…")
            .clicked()
        {
            commands.push(Command::Generator(Open {
                generator: Generator::Mirror,
                kind: Some(kind),
                selected: selected.to_vec(),
            }));
            ui.close();
        }
        any = true;
    }
    if let Some((active, set)) = symmetric_selection(model, active, selected) {
        let text = "Select symmetric";
        if ui
            .button(text)
            .on_hover_text(
                "add each selected element's left/right counterpart (by name, else by place)",
            )
            .clicked()
        {
            commands.push(Command::SelectSet {
                active,
                selected: set,
                reveal: true,
            });
            ui.close();
        }
        any = true;
    }
    if any {
        ui.separator();
    }
}

/// The Rig menu of the menu bar: every generator, on the current selection.
pub fn rig_menu(ui: &mut egui::Ui, state: &mut crate::app::State) {
    let model = state.doc.model();
    let active = state.selection;
    let kind = active.kind();
    let selected = state.selected_indices();
    let bones = kind == Some(ElementKind::Bone) && !selected.is_empty();
    for g in Generator::ALL {
        let enabled = !g.needs_bones() || bones;
        let r = ui.add_enabled(enabled, egui::Button::new(g.title()));
        let r = r.on_disabled_hover_text("select the bones first (the chain roots for a chain)");
        if r.clicked() {
            state.commands.push(Command::Generator(Open {
                generator: g,
                kind,
                selected: selected.clone(),
            }));
            ui.close();
        }
    }
    ui.separator();
    let sym = symmetric_selection(model, active, &selected);
    let r = ui.add_enabled(sym.is_some(), egui::Button::new("Select symmetric"));
    if r.on_disabled_hover_text("select elements in a list first")
        .clicked()
    {
        if let Some((active, selected)) = sym {
            state.commands.push(Command::SelectSet {
                active,
                selected,
                reveal: true,
            });
        }
        ui.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wizard_on_the_sample_plans_bodies_and_joints_and_mirror_finds_its_rig_symmetric() {
        let model = crate::app::sample_document().model().clone();
        let root = model
            .bones
            .iter()
            .position(|b| b.name.contains("髪"))
            .expect("the sample has hair bones");
        let open = Open {
            generator: Generator::Chain,
            kind: Some(ElementKind::Bone),
            selected: vec![root],
        };
        let p = plan(&model, &open, &Options::new(Generator::Chain));
        assert!(p.error.is_none(), "{:?}", p.error);
        let plan = p.plan.expect("a rig plan");
        assert!(!plan.rigid_bodies.is_empty());
        assert!(p.edit.is_some());
        // The sample's bones, bodies and joints already mirror each other (its
        // weights do not quite): without weights there is nothing to do.
        let open = Open {
            generator: Generator::Mirror,
            kind: None,
            selected: vec![],
        };
        let mut options = Options::new(Generator::Mirror);
        options.mirror_parts.weights = false;
        let m = super::plan(&model, &open, &options);
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
}
