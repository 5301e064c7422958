//! Generator options as a rigger writes them, shared by `hone rig` (which fills
//! these from its flags) and `hone edit` scripts (which read them from an
//! operation's keys): names instead of enums, degrees instead of radians.

use super::bodies::{BodyOptions, Preset};
use super::chain::{ChainOptions, JointLimits, JointOptions, JointPreset, Ring};
use super::RigError;
use crate::physics::rules;
use crate::pmx::{RigidMode, RigidShape};
use glam::Vec3;
use serde::Deserialize;

/// Options of the body generator; None = the default of [`BodyOptions`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct BodyArgs {
    /// capsule (default), box, sphere.
    pub shape: Option<String>,
    /// "vertices" (default: from the weighted vertices) or "length".
    pub size: Option<String>,
    pub radius_scale: Option<f32>,
    /// follow_bone (default), dynamic, dynamic_bone_position.
    pub root_mode: Option<String>,
    /// dynamic_bone_position (default), dynamic, follow_bone.
    pub mode: Option<String>,
    pub mass: Option<f32>,
    pub mass_falloff: Option<f32>,
    pub min_mass: Option<f32>,
    /// hair (default), cloth, accessory, plain.
    pub preset: Option<String>,
    /// Collision group 0-15 (default: the lowest unused).
    pub group: Option<u8>,
    /// Collision mask bits (default: the group's usual mask).
    pub mask: Option<u16>,
    /// Groups not to collide with (sets the mask; alternative to `mask`).
    pub no_collide: Option<Vec<u8>>,
    /// Name pattern, `{bone}` and `{num}` filled in.
    pub name: Option<String>,
    pub replace: Option<bool>,
}

/// Options of the joint generator; None = the preset's value.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct JointArgs {
    /// hair (default), skirt, loose, stiff.
    pub joint_preset: Option<String>,
    /// Symmetric angular limit ±`[x,y,z]` degrees (overrides the preset's).
    pub limit_deg: Option<[f32; 3]>,
    pub angular_lower_deg: Option<[f32; 3]>,
    pub angular_upper_deg: Option<[f32; 3]>,
    pub linear_lower: Option<[f32; 3]>,
    pub linear_upper: Option<[f32; 3]>,
    pub linear_spring: Option<[f32; 3]>,
    pub angular_spring: Option<[f32; 3]>,
    /// Ring joints between neighbouring chains: true/"auto", "open", "closed", false/"off".
    pub ring: Option<RingArg>,
    /// Symmetric angular limit of ring joints ±`[x,y,z]` degrees (default ±30).
    pub ring_limit_deg: Option<[f32; 3]>,
    pub replace: Option<bool>,
}

/// `true`/`false` or a ring mode name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum RingArg {
    On(bool),
    Mode(String),
}

fn pick<T: Copy>(what: &str, name: &str, names: &[&str], values: &[T]) -> Result<T, RigError> {
    let norm = |s: &str| s.to_ascii_lowercase().replace('-', "_");
    names
        .iter()
        .position(|n| *n == norm(name))
        .map(|i| values[i])
        .ok_or_else(|| not_one_of(what, names, name))
}

/// "`what` must be one of `names`" for a `value` that is none of them.
fn not_one_of(what: &str, names: &[&str], value: &str) -> RigError {
    RigError::Invalid(crate::tr!(
        "args-err-one-of",
        what = what,
        names = names.join(", "),
        value = value
    ))
}

fn mode(what: &str, name: &str) -> Result<RigidMode, RigError> {
    pick(
        what,
        name,
        &["follow_bone", "dynamic", "dynamic_bone_position"],
        &[
            RigidMode::FollowBone,
            RigidMode::Dynamic,
            RigidMode::DynamicWithBonePosition,
        ],
    )
}

fn positive(what: &str, x: f32) -> Result<f32, RigError> {
    if x.is_finite() && x > 0.0 {
        Ok(x)
    } else {
        Err(RigError::Invalid(crate::tr!(
            "args-err-positive",
            what = what,
            value = x.to_string()
        )))
    }
}

impl BodyArgs {
    pub fn to_options(&self) -> Result<BodyOptions, RigError> {
        let mut o = BodyOptions::default();
        if let Some(s) = &self.shape {
            o.shape = pick(
                "shape",
                s,
                &["capsule", "box", "sphere"],
                &[RigidShape::Capsule, RigidShape::Box, RigidShape::Sphere],
            )?;
        }
        if let Some(s) = &self.size {
            o.size_from_vertices = pick("size", s, &["vertices", "length"], &[true, false])?;
        }
        if let Some(x) = self.radius_scale {
            o.radius_scale = positive("radius_scale", x)?;
        }
        if let Some(s) = &self.root_mode {
            o.root_mode = mode("root_mode", s)?;
        }
        if let Some(s) = &self.mode {
            o.mode = mode("mode", s)?;
        }
        if let Some(x) = self.mass {
            o.mass = positive("mass", x)?;
        }
        if let Some(x) = self.mass_falloff {
            o.mass_falloff = positive("mass_falloff", x)?;
        }
        if let Some(x) = self.min_mass {
            o.min_mass = positive("min_mass", x)?;
        }
        if let Some(s) = &self.preset {
            o.preset = Preset::parse(s).ok_or_else(|| not_one_of("preset", Preset::NAMES, s))?;
        }
        if let Some(g) = self.group {
            if !rules::group_in_range(g) {
                return Err(RigError::Invalid(crate::tr!("args-err-group", group = g)));
            }
            o.group = Some(g);
        }
        o.mask = self.mask;
        if let Some(groups) = &self.no_collide {
            if self.mask.is_some() {
                return Err(RigError::Invalid(crate::tr!(
                    "args-err-mask-and-no-collide"
                )));
            }
            let mut m = 0xFFFFu16;
            for &g in groups {
                if !rules::group_in_range(g) {
                    return Err(RigError::Invalid(crate::tr!(
                        "args-err-no-collide-group",
                        group = g
                    )));
                }
                m = rules::mask_with(m, g, false);
            }
            o.mask = Some(m);
        }
        if let Some(n) = &self.name {
            if n.is_empty() {
                return Err(RigError::Invalid(crate::tr!("args-err-empty-name")));
            }
            o.name = n.clone();
        }
        o.replace = self.replace.unwrap_or(false);
        Ok(o)
    }
}

fn deg(v: [f32; 3]) -> Vec3 {
    Vec3::new(v[0].to_radians(), v[1].to_radians(), v[2].to_radians())
}

impl JointArgs {
    pub fn to_options(&self) -> Result<JointOptions, RigError> {
        let mut o = JointOptions::default();
        if let Some(p) = &self.joint_preset {
            let p = JointPreset::parse(p)
                .ok_or_else(|| not_one_of("joint_preset", JointPreset::NAMES, p))?;
            o.limits = JointLimits::preset(p);
        }
        let l = &mut o.limits;
        if let Some(d) = self.limit_deg {
            l.angular_lower = -deg(d);
            l.angular_upper = deg(d);
        }
        if let Some(d) = self.angular_lower_deg {
            l.angular_lower = deg(d);
        }
        if let Some(d) = self.angular_upper_deg {
            l.angular_upper = deg(d);
        }
        let set = |slot: &mut Vec3, v: Option<[f32; 3]>| {
            if let Some(v) = v {
                *slot = Vec3::from(v);
            }
        };
        set(&mut l.linear_lower, self.linear_lower);
        set(&mut l.linear_upper, self.linear_upper);
        set(&mut l.linear_spring, self.linear_spring);
        set(&mut l.angular_spring, self.angular_spring);
        if let Some(d) = self.ring_limit_deg {
            o.ring_limits = JointLimits::symmetric(Vec3::from(d));
        }
        o.ring = match &self.ring {
            None | Some(RingArg::On(false)) => Ring::Off,
            Some(RingArg::On(true)) => Ring::Auto,
            Some(RingArg::Mode(m)) => pick(
                "ring",
                m,
                &["auto", "open", "closed", "off"],
                &[Ring::Auto, Ring::Open, Ring::Closed, Ring::Off],
            )?,
        };
        o.replace = self.replace.unwrap_or(false);
        Ok(o)
    }
}

/// Both halves of the chain command's options.
pub fn chain_options(bodies: &BodyArgs, joints: &JointArgs) -> Result<ChainOptions, RigError> {
    Ok(ChainOptions {
        bodies: bodies.to_options()?,
        joints: joints.to_options()?,
    })
}
