//! `merge`: add a part from another model file — [`crate::rig::merge`].

use super::input::one_bone;
use super::kit::{choice, file, flag, int, text, vec3};
use super::transform::{LENGTH, ROTATE_DEG, SCALE};
use super::{Choice, Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::textures::{plan_model, TextureMode};
use crate::pmx::Model;
use crate::rig::merge::{merge, MergeOptions, MorphMerge};
use crate::rig::transform::Transform;
use std::path::Path;

const MATCH: &[Choice] = &[
    Choice::new("names", "merge-opt-match-names"),
    Choice::new("none", "merge-opt-match-none"),
];
const MORPHS: &[Choice] = &[
    Choice::new("combine", "merge-opt-morphs-combine"),
    Choice::new("prefix", "merge-opt-morphs-prefix"),
];

pub const OP: Operation = Operation::new("merge", Menu::Model, Need::None, plan)
    .keys("merge-title", "merge-help")
    .options(&[
        file("part", "merge-opt-part"),
        Opt::new("attach", "merge-opt-attach", OptKind::Bone, Def::Int(0)).auto(),
        choice("match", "merge-opt-match", MATCH, "names"),
        text("map", "merge-opt-map", ""),
        text("prefix", "merge-opt-prefix", ""),
        vec3("offset", "merge-opt-offset", LENGTH, [0.0; 3]),
        ROTATE_DEG,
        SCALE,
        int("group_offset", "merge-opt-group-offset", 0, 15, 0),
        choice("morphs", "merge-opt-morphs", MORPHS, "combine"),
        flag("share_bodies", "merge-opt-share-bodies", true),
    ]);

/// The merge options from an operation's option values (shared with `hone merge`);
/// `part_name` names the part (its file's stem).
pub fn merge_options(
    model: &Model,
    options: &Options,
    part_name: &str,
) -> Result<MergeOptions, OpError> {
    let args = options.args();
    let attach = match args.get("attach") {
        Some(v) if !v.is_null() => Some(one_bone(model, options, "attach")?),
        _ => None,
    };
    let text = |key: &str| -> Result<String, OpError> {
        Ok(args.str(key)?.unwrap_or_default().to_string())
    };
    let map = text("map")?
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((p, b)) if !p.trim().is_empty() && !b.trim().is_empty() => {
                Ok((p.trim().to_string(), b.trim().to_string()))
            }
            _ => Err(OpError(crate::tr!("merge-bad-map", pair = pair))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let vec3 = |key: &str| -> Result<glam::Vec3, OpError> {
        Ok(args
            .parse::<[f32; 3]>(key)?
            .map_or(glam::Vec3::ZERO, glam::Vec3::from))
    };
    let group_offset: i64 = args.parse("group_offset")?.unwrap_or(0);
    Ok(MergeOptions {
        attach,
        match_names: text("match")? != "none",
        map,
        prefix: text("prefix")?,
        transform: Transform {
            scale: args.parse("scale")?.unwrap_or(1.0),
            rotate_deg: vec3("rotate_deg")?,
            translate: vec3("offset")?,
        },
        group_offset: group_offset.clamp(0, 15) as u8,
        morphs: if text("morphs")? == "prefix" {
            MorphMerge::Prefix
        } else {
            MorphMerge::Combine
        },
        share_bodies: args.parse("share_bodies")?.unwrap_or(true),
        part_name: part_name.to_string(),
    })
}

/// The part's name: its file's stem.
pub fn part_name(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn plan(model: &Model, _selection: &Selection, options: &Options) -> Result<Plan, OpError> {
    let path = Path::new(options.args().str_required("part")?);
    let part = crate::pmx::load(path)
        .map_err(|e| {
            OpError(crate::tr!(
                "err-op-key",
                key = "part",
                error = e.to_string()
            ))
        })?
        .model;
    let o = merge_options(model, options, &part_name(path))?;
    let (edit, report) = merge(model, &part, &o)?;
    let mut summary = report.summary_lines();
    let folder = path.parent().unwrap_or(Path::new(""));
    let part_textures = &part.textures[..];
    if !part_textures.is_empty() {
        let dir = folder.display().to_string();
        summary.push(crate::tr!("merge-summary-textures", dir = dir));
        // What the texture rule will not bring, named now (a path into its own folder
        // plans no copy: only the missing and the refused are reported).
        let own = plan_model(part_textures, folder, folder, TextureMode::Copy);
        summary.extend(own.report_lines());
    }
    let mut plan = Plan::edit(Some(edit), summary);
    for (index, stored) in report.part_textures.zip(part_textures) {
        plan.textures.bring(index, stored, folder);
    }
    Ok(plan)
}
