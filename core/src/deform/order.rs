//! The deform order (変形順序): stable sort by (after-physics, layer, index),
//! with the reasons a UI can show.

use crate::pmx::Model;
use std::fmt;

/// Something about a bone's place in the order that changes its result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderNote {
    /// The parent is evaluated later: this bone sees its parent at rest
    /// (spec: 子→親の順序では正しく変形しない).
    ParentLater { parent: usize },
    /// The append source is evaluated later and is itself an append bone, so
    /// this bone reads the source's append value before it is computed
    /// (spec: 多重付与を行う場合は付与親が先に変形されている必要がある).
    AppendSourceLater { source: usize },
    /// Local append reads the source's matrix, which is computed later.
    LocalAppendSourceLater { source: usize },
    /// An IK link or target is evaluated after the IK bone that moves it; the
    /// IK rotation stays, but the link is recomputed on top of it.
    IkLinkLater { ik: usize },
    /// Takes its parent transform from outside the model (外部親, key).
    ExternalParent { key: i32 },
}

impl fmt::Display for OrderNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match *self {
            OrderNote::ParentLater { parent } => crate::tr!("order-parent-later", parent = parent),
            OrderNote::AppendSourceLater { source } => {
                crate::tr!("order-append-source-later", source = source)
            }
            OrderNote::LocalAppendSourceLater { source } => {
                crate::tr!("order-local-append-source-later", source = source)
            }
            OrderNote::IkLinkLater { ik } => crate::tr!("order-ik-link-later", ik = ik),
            OrderNote::ExternalParent { key } => crate::tr!("order-external-parent", key = key),
        };
        f.write_str(&text)
    }
}

/// One bone's place in the deform order.
#[derive(Debug, Clone, PartialEq)]
pub struct BoneOrderEntry {
    pub bone: usize,
    /// Position in the whole order (0-based).
    pub position: usize,
    pub layer: i32,
    pub after_physics: bool,
    pub notes: Vec<OrderNote>,
}

impl BoneOrderEntry {
    /// Why the bone sits where it does, in one line.
    pub fn reason(&self) -> String {
        let phase = if self.after_physics {
            crate::tr!("order-phase-after-physics")
        } else {
            crate::tr!("order-phase-before-physics")
        };
        let mut s = crate::tr!(
            "order-reason",
            position = self.position,
            phase = phase,
            layer = self.layer,
            bone = self.bone
        );
        let separator = crate::tr!("order-note-separator");
        for n in &self.notes {
            s.push_str(&separator);
            s.push_str(&n.to_string());
        }
        s
    }
}

/// The normalised deform order of a model.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BoneOrder {
    entries: Vec<BoneOrderEntry>,
    /// Index of the first after-physics entry.
    split: usize,
    /// Position of each bone in `entries`.
    position_of: Vec<usize>,
}

impl BoneOrder {
    pub fn new(model: &Model) -> BoneOrder {
        let n = model.bones.len();
        let mut idx: Vec<usize> = (0..n).collect();
        // Stable: equal keys keep file order (the key includes the index anyway).
        idx.sort_by_key(|&i| {
            let b = &model.bones[i];
            (b.is_after_physics(), b.layer, i)
        });
        let mut position_of = vec![0; n];
        for (p, &b) in idx.iter().enumerate() {
            position_of[b] = p;
        }
        let valid = |i: i32| (i >= 0 && (i as usize) < n).then_some(i as usize);
        let mut ik_of_link: Vec<Option<usize>> = vec![None; n];
        for (i, b) in model.bones.iter().enumerate() {
            if let Some(ik) = &b.ik {
                for l in &ik.links {
                    if let Some(lb) = valid(l.bone) {
                        ik_of_link[lb].get_or_insert(i);
                    }
                }
                if let Some(t) = valid(ik.target) {
                    ik_of_link[t].get_or_insert(i);
                }
            }
        }
        let entries: Vec<BoneOrderEntry> = idx
            .iter()
            .enumerate()
            .map(|(p, &i)| {
                let b = &model.bones[i];
                let mut notes = Vec::new();
                if let Some(parent) = valid(b.parent).filter(|&q| q != i) {
                    if position_of[parent] > p {
                        notes.push(OrderNote::ParentLater { parent });
                    }
                }
                if let Some(a) = &b.append {
                    if let Some(source) = valid(a.parent).filter(|&q| q != i) {
                        if position_of[source] > p {
                            if b.is_append_local() {
                                notes.push(OrderNote::LocalAppendSourceLater { source });
                            } else if model.bones[source].append.is_some() {
                                notes.push(OrderNote::AppendSourceLater { source });
                            }
                        }
                    }
                }
                if let Some(ik) = ik_of_link[i] {
                    if position_of[ik] < p {
                        notes.push(OrderNote::IkLinkLater { ik });
                    }
                }
                if let Some(key) = b.external_parent_key {
                    notes.push(OrderNote::ExternalParent { key });
                }
                BoneOrderEntry {
                    bone: i,
                    position: p,
                    layer: b.layer,
                    after_physics: b.is_after_physics(),
                    notes,
                }
            })
            .collect();
        let split = entries
            .iter()
            .position(|e| e.after_physics)
            .unwrap_or(entries.len());
        BoneOrder {
            entries,
            split,
            position_of,
        }
    }

    /// All bones in deform order.
    pub fn entries(&self) -> &[BoneOrderEntry] {
        &self.entries
    }
    pub fn before_physics(&self) -> &[BoneOrderEntry] {
        &self.entries[..self.split]
    }
    pub fn after_physics(&self) -> &[BoneOrderEntry] {
        &self.entries[self.split..]
    }
    /// The entry of a bone (by file index).
    pub fn entry_of(&self, bone: usize) -> Option<&BoneOrderEntry> {
        self.position_of.get(bone).map(|&p| &self.entries[p])
    }
    /// Bone indices in deform order.
    pub fn bones(&self) -> impl Iterator<Item = usize> + '_ {
        self.entries.iter().map(|e| e.bone)
    }
}
