//! Material order, merge and split. PMX stores faces in material order (each
//! material draws the `face_index_count` indices after the previous material's), so
//! each of these moves face blocks with the materials; every edit is one batch
//! applied step by step to a scratch copy while it is built, so each step is planned
//! on the model as the previous steps leave it.
//!
//! * **Order**: the selected materials move, as one block in their order, to just
//!   before the material now at `to` (`to` = the count: the end). Material morph
//!   offsets and soft bodies follow ([`ModelEdit::reorder`]).
//! * **Merge**: materials with the same settings (everything but names, memo and
//!   face count) become the first of them, its faces followed by the others' in
//!   order. Material morphs must treat them alike (the same offsets, or none);
//!   soft bodies on a merged material move to the kept one.
//! * **Split**: the faces of a material all of whose three vertices are selected
//!   go to a new material right after it, with the same settings and material
//!   morph offsets, named `NAME+` (or a given name). A material whose faces are all
//!   or none selected is not split.

use super::RigError;
use crate::edit::{remap, ElementKind, History, ModelEdit};
use crate::pmx::{Material, MaterialOffset, Model, MorphOffsets};

fn consistent(model: &Model) -> Result<(), RigError> {
    if remap::material_faces_consistent(model) {
        Ok(())
    } else {
        Err(crate::edit::EditError::InconsistentMaterialFaces.into())
    }
}

fn valid_selection(model: &Model, selected: &[usize]) -> Result<Vec<usize>, RigError> {
    let len = model.materials.len();
    if let Some(&bad) = selected.iter().find(|&&i| i >= len) {
        return Err(crate::edit::EditError::NoSuchElement {
            kind: ElementKind::Material,
            index: bad,
            len,
        }
        .into());
    }
    let mut s = selected.to_vec();
    s.sort_unstable();
    s.dedup();
    Ok(s)
}

/// Moves the selected materials (with their faces) to before material `to`.
pub fn plan_order(model: &Model, selected: &[usize], to: usize) -> Result<ModelEdit, RigError> {
    let selected = valid_selection(model, selected)?;
    consistent(model)?;
    let Some(order) = remap::order_moving(model.materials.len(), &selected, to) else {
        return Err(RigError::NothingToDo(crate::tr!("materials-already-there")));
    };
    let label = crate::tr!(
        "materials-order-label",
        count = selected.len(),
        to = to.min(model.materials.len())
    );
    Ok(ModelEdit::reorder(ElementKind::Material, order).label(label))
}

/// The settings (catalogue keys of their names) in which `b` differs from `a`:
/// everything a material draws with, not its names, memo or face count.
pub fn differing_settings(a: &Material, b: &Material) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut diff = |same: bool, key: &'static str| {
        if !same {
            out.push(key);
        }
    };
    diff(a.diffuse == b.diffuse, "materials-field-diffuse");
    diff(a.specular == b.specular, "materials-field-specular");
    diff(
        a.specular_power == b.specular_power,
        "materials-field-specular-power",
    );
    diff(a.ambient == b.ambient, "materials-field-ambient");
    diff(a.flags == b.flags, "materials-field-flags");
    diff(a.edge_color == b.edge_color, "materials-field-edge-color");
    diff(a.edge_size == b.edge_size, "materials-field-edge-size");
    diff(a.texture == b.texture, "materials-field-texture");
    diff(
        a.sphere_texture == b.sphere_texture && a.sphere_mode == b.sphere_mode,
        "materials-field-sphere",
    );
    diff(a.toon == b.toon, "materials-field-toon");
    out
}

/// A material morph's offsets on material `m`, without the index (to compare).
fn offsets_on(list: &[MaterialOffset], m: usize) -> Vec<MaterialOffset> {
    list.iter()
        .filter(|o| usize::try_from(o.material).ok() == Some(m))
        .map(|o| MaterialOffset { material: 0, ..*o })
        .collect()
}

/// A batch being built: each step is applied to a scratch copy of the model, so
/// the next one is planned on the model as the previous ones leave it.
struct Steps {
    scratch: Model,
    history: History,
    edits: Vec<ModelEdit>,
}

impl Steps {
    fn new(model: &Model) -> Steps {
        Steps {
            scratch: model.clone(),
            history: History::new(),
            edits: Vec::new(),
        }
    }

    /// Applies `edit` to the scratch model and keeps it for the batch.
    fn apply(&mut self, edit: ModelEdit) -> Result<(), RigError> {
        self.history.apply(&mut self.scratch, edit.clone())?;
        self.edits.push(edit);
        Ok(())
    }

    fn into_batch(self, label: String) -> ModelEdit {
        ModelEdit::batch(label, self.edits)
    }
}

/// What a merge would do.
#[derive(Debug, Clone)]
pub struct MergePlan {
    pub edit: ModelEdit,
    /// The materials merged (old indices, the kept one first).
    pub merged: Vec<usize>,
    /// Faces of the merged material.
    pub faces: usize,
}

/// Merges the selected materials into the first; one selected material takes every
/// other material with the same settings.
pub fn plan_merge(model: &Model, selected: &[usize]) -> Result<MergePlan, RigError> {
    let selected = valid_selection(model, selected)?;
    consistent(model)?;
    let Some(&first) = selected.first() else {
        return Err(RigError::Invalid(crate::tr!(
            "err-op-missing",
            key = "materials"
        )));
    };
    let mats = &model.materials;
    let group: Vec<usize> = if selected.len() == 1 {
        (0..mats.len())
            .filter(|&i| differing_settings(&mats[first], &mats[i]).is_empty())
            .collect()
    } else {
        let mut lines = Vec::new();
        for &i in &selected[1..] {
            let d = differing_settings(&mats[first], &mats[i]);
            if !d.is_empty() {
                let fields: Vec<String> = d.iter().map(|k| crate::tr!(*k)).collect();
                lines.push(crate::tr!(
                    "materials-merge-differs",
                    name = mats[i].name.as_str(),
                    first = mats[first].name.as_str(),
                    fields = fields.join(", ")
                ));
            }
        }
        if !lines.is_empty() {
            return Err(RigError::Invalid(lines.join("\n")));
        }
        selected.clone()
    };
    if group.len() < 2 {
        return Err(RigError::NothingToDo(crate::tr!(
            "materials-merge-alone",
            name = mats[first].name.as_str()
        )));
    }
    let target = group[0];
    // A material morph that treats the merged materials differently cannot hold.
    for morph in &model.morphs {
        if let MorphOffsets::Material(list) = &morph.offsets {
            let kept = offsets_on(list, target);
            if let Some(&other) = group[1..].iter().find(|&&m| offsets_on(list, m) != kept) {
                return Err(RigError::Invalid(crate::tr!(
                    "materials-merge-morph-differs",
                    morph = morph.name.as_str(),
                    first = mats[target].name.as_str(),
                    name = mats[other].name.as_str()
                )));
            }
        }
    }
    let faces: usize = group
        .iter()
        .map(|&m| mats[m].face_index_count as usize / 3)
        .sum();
    let mut steps = Steps::new(model);
    // The others' face blocks come right after the kept material's.
    let mut order = Vec::with_capacity(mats.len());
    for i in 0..mats.len() {
        if i == target {
            order.extend(&group);
        } else if !group.contains(&i) {
            order.push(i);
        }
    }
    if order.iter().enumerate().any(|(i, &o)| i != o) {
        steps.apply(ModelEdit::reorder(ElementKind::Material, order))?;
    }
    let others = target + 1..target + group.len();
    let mut counts = Vec::new();
    let mut kept = steps.scratch.materials[target].clone();
    kept.face_index_count = (faces * 3) as i32;
    counts.push((target, kept.into()));
    for i in others.clone() {
        let mut m = steps.scratch.materials[i].clone();
        m.face_index_count = 0;
        counts.push((i, m.into()));
    }
    steps.apply(ModelEdit::set_many(counts, "face count"))?;
    let bodies: Vec<_> = steps
        .scratch
        .soft_bodies
        .iter()
        .enumerate()
        .filter(|(_, sb)| usize::try_from(sb.material).is_ok_and(|m| others.contains(&m)))
        .map(|(i, sb)| {
            let mut sb = sb.clone();
            sb.material = target as i32;
            (i, sb.into())
        })
        .collect();
    if !bodies.is_empty() {
        steps.apply(ModelEdit::set_many(bodies, "material"))?;
    }
    steps.apply(ModelEdit::delete(ElementKind::Material, others.collect()))?;
    let label = crate::tr!(
        "materials-merge-label",
        count = group.len(),
        name = mats[target].name.as_str()
    );
    Ok(MergePlan {
        edit: steps.into_batch(label),
        merged: group,
        faces,
    })
}

/// The faces (indices into the face list) of each material all of whose vertices
/// are selected: `(material, faces)` for materials with some but not all faces so.
pub fn selected_faces(model: &Model, vertices: &[usize]) -> Vec<(usize, Vec<usize>)> {
    let mut is_sel = vec![false; model.vertices.len()];
    for &v in vertices {
        if let Some(s) = is_sel.get_mut(v) {
            *s = true;
        }
    }
    let chosen = |f: &[i32; 3]| {
        f.iter()
            .all(|&v| usize::try_from(v).is_ok_and(|v| is_sel.get(v) == Some(&true)))
    };
    remap::material_face_ranges(model)
        .into_iter()
        .enumerate()
        .filter_map(|(m, range)| {
            let faces: Vec<usize> = range
                .clone()
                .filter(|&f| model.faces.get(f).is_some_and(chosen))
                .collect();
            (!faces.is_empty() && faces.len() < range.len()).then_some((m, faces))
        })
        .collect()
}

/// What a split would do.
#[derive(Debug, Clone)]
pub struct SplitPlan {
    pub edit: ModelEdit,
    /// `(material, faces moved)` per split material (old indices).
    pub split: Vec<(usize, usize)>,
}

/// Splits every material with some (not all) faces on the selected vertices: those
/// faces go to a new material right after it. `name` empty: `NAME+`.
pub fn plan_split(model: &Model, vertices: &[usize], name: &str) -> Result<SplitPlan, RigError> {
    consistent(model)?;
    let found = selected_faces(model, vertices);
    if found.is_empty() {
        return Err(RigError::NothingToDo(crate::tr!("materials-split-none")));
    }
    let ranges = remap::material_face_ranges(model);
    let mut steps = Steps::new(model);
    // From the last material up, so the lower ones keep their indices and faces.
    for (m, faces) in found.iter().rev() {
        let (m, range) = (*m, ranges[*m].clone());
        let mut is_moved = vec![false; range.len()];
        for &f in faces {
            is_moved[f - range.start] = true;
        }
        let arranged: Vec<usize> = range
            .clone()
            .filter(|&f| !is_moved[f - range.start])
            .chain(faces.iter().copied())
            .collect();
        let face_sets: Vec<_> = range
            .clone()
            .zip(&arranged)
            .filter(|(at, from)| at != *from)
            .map(|(at, &from)| (at, model.faces[from].into()))
            .collect();
        if !face_sets.is_empty() {
            steps.apply(ModelEdit::set_many(face_sets, "faces"))?;
        }
        // An empty copy at the end moves to right after the material (no faces move).
        let mut copy = steps.scratch.materials[m].clone();
        copy.face_index_count = 0;
        if name.is_empty() {
            copy.name.push('+');
            if !copy.name_en.is_empty() {
                copy.name_en.push('+');
            }
        } else {
            copy.name = name.to_string();
        }
        let len = steps.scratch.materials.len();
        steps.apply(ModelEdit::add(copy))?;
        steps.apply(ModelEdit::reorder(
            ElementKind::Material,
            remap::move_order(len + 1, len, m + 1),
        ))?;
        let mut kept = steps.scratch.materials[m].clone();
        kept.face_index_count = ((range.len() - faces.len()) * 3) as i32;
        let mut new = steps.scratch.materials[m + 1].clone();
        new.face_index_count = (faces.len() * 3) as i32;
        steps.apply(ModelEdit::set_many(
            vec![(m, kept.into()), (m + 1, new.into())],
            "face count",
        ))?;
        // Material morphs act on the new material as on the one it came from.
        let morphs: Vec<_> = steps
            .scratch
            .morphs
            .iter()
            .enumerate()
            .filter_map(|(i, morph)| {
                let MorphOffsets::Material(list) = &morph.offsets else {
                    return None;
                };
                let extra: Vec<MaterialOffset> = list
                    .iter()
                    .filter(|o| o.material == m as i32)
                    .map(|o| MaterialOffset {
                        material: m as i32 + 1,
                        ..*o
                    })
                    .collect();
                if extra.is_empty() {
                    return None;
                }
                let mut morph = morph.clone();
                if let MorphOffsets::Material(list) = &mut morph.offsets {
                    list.extend(extra);
                }
                Some((i, morph.into()))
            })
            .collect();
        if !morphs.is_empty() {
            steps.apply(ModelEdit::set_many(morphs, "offsets"))?;
        }
    }
    let split: Vec<(usize, usize)> = found.iter().map(|(m, f)| (*m, f.len())).collect();
    let label = crate::tr!(
        "materials-split-label",
        count = split.len(),
        faces = split.iter().map(|s| s.1).sum::<usize>()
    );
    Ok(SplitPlan {
        edit: steps.into_batch(label),
        split,
    })
}
