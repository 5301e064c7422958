//! A VRMC_springBone 1.0 runtime, following the specification's reference update (verlet step
//! per joint: inertia × (1 − drag), stiffness × Δt towards the rest direction, gravity × Δt, the
//! length kept, colliders pushing the tail out, the node turned to its tail). Hone uses it to
//! measure how the springs it exports swing against its own physics ([`compare_swing`](super::spring_swing::compare_swing)); the
//! app does not run it.
//!
//! It reads the extension's JSON as the exporter writes it. Node transforms are the glTF nodes'
//! world matrices (right-handed metres); [`to_gltf_world`] turns Hone's bone matrices into them.

use glam::{Mat4, Quat, Vec3};
use serde_json::Value;

use super::METRES_PER_UNIT;
use crate::geom::closest_on_segment;

/// One simulated joint: the node it turns and the node whose place is its tail.
#[derive(Debug, Clone)]
struct SimJoint {
    node: usize,
    tail: usize,
    hit_radius: f32,
    stiffness: f32,
    /// gravityDir (normalised) × gravityPower.
    gravity: Vec3,
    drag: f32,
    /// The rest direction to the tail, in the node's local frame (unit).
    bone_axis: Vec3,
    /// The rest distance to the tail, in world units.
    length: f32,
    prev_tail: Vec3,
    current_tail: Vec3,
}

#[derive(Debug, Clone, Copy)]
enum Shape {
    Sphere {
        offset: Vec3,
        radius: f32,
    },
    Capsule {
        offset: Vec3,
        tail: Vec3,
        radius: f32,
    },
}

#[derive(Debug, Clone, Copy)]
struct Collider {
    node: usize,
    shape: Shape,
}

#[derive(Debug, Clone)]
struct Chain {
    name: String,
    joints: Vec<SimJoint>,
    /// Indices into [`SpringSim::colliders`].
    colliders: Vec<usize>,
}

/// The springs of one VRMC_springBone extension, with their state.
#[derive(Debug, Clone)]
pub struct SpringSim {
    chains: Vec<Chain>,
    colliders: Vec<Collider>,
    parents: Vec<Option<usize>>,
    /// Each spring node's local matrix for the current step (reused, no allocation per step).
    local: Vec<Mat4>,
}

fn vec3(v: &Value) -> Option<Vec3> {
    let a = v.as_array()?;
    if a.len() != 3 {
        return None;
    }
    let f = |i: usize| a[i].as_f64().map(|x| x as f32);
    Some(Vec3::new(f(0)?, f(1)?, f(2)?)).filter(|v| v.is_finite())
}

fn number(v: &Value, key: &str, default: f32) -> f32 {
    v.get(key)
        .and_then(Value::as_f64)
        .map(|x| x as f32)
        .filter(|x| x.is_finite())
        .unwrap_or(default)
}

fn index(v: &Value, key: &str, below: usize) -> Option<usize> {
    v.get(key)?
        .as_u64()
        .and_then(|i| usize::try_from(i).ok())
        .filter(|&i| i < below)
}

fn collider(v: &Value, nodes: usize) -> Option<Collider> {
    let node = index(v, "node", nodes)?;
    let shape = v.get("shape")?;
    let shape = if let Some(s) = shape.get("sphere") {
        Shape::Sphere {
            offset: s.get("offset").and_then(vec3).unwrap_or(Vec3::ZERO),
            radius: number(s, "radius", 0.0),
        }
    } else {
        let c = shape.get("capsule")?;
        Shape::Capsule {
            offset: c.get("offset").and_then(vec3).unwrap_or(Vec3::ZERO),
            tail: c.get("tail").and_then(vec3).unwrap_or(Vec3::ZERO),
            radius: number(c, "radius", 0.0),
        }
    };
    Some(Collider { node, shape })
}

impl SpringSim {
    /// The springs of `extension` (the `VRMC_springBone` object) on nodes with `parents`,
    /// resting at `rest` (world matrices). Joints whose node or tail is out of range, or whose
    /// tail sits on the node, are left out; `None` when nothing is left to simulate. The
    /// specification's defaults fill what a joint leaves out.
    pub fn new(extension: &Value, parents: &[Option<usize>], rest: &[Mat4]) -> Option<SpringSim> {
        let nodes = parents.len().min(rest.len());
        let colliders: Vec<Option<Collider>> = extension
            .get("colliders")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|c| collider(c, nodes)).collect())
            .unwrap_or_default();
        let groups: Vec<Vec<usize>> = extension
            .get("colliderGroups")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|g| {
                        g.get("colliders")
                            .and_then(Value::as_array)
                            .map(|c| {
                                c.iter()
                                    .filter_map(Value::as_u64)
                                    .filter_map(|i| usize::try_from(i).ok())
                                    .filter(|&i| colliders.get(i).is_some_and(Option::is_some))
                                    .collect()
                            })
                            .unwrap_or_default()
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut chains = Vec::new();
        for spring in extension
            .get("springs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let joints: Vec<&Value> = spring
                .get("joints")
                .and_then(Value::as_array)
                .map(|j| j.iter().collect())
                .unwrap_or_default();
            let mut sim_joints = Vec::new();
            for pair in joints.windows(2) {
                let (Some(node), Some(tail)) =
                    (index(pair[0], "node", nodes), index(pair[1], "node", nodes))
                else {
                    continue;
                };
                let head = rest[node].w_axis.truncate();
                let tail_at = rest[tail].w_axis.truncate();
                let length = head.distance(tail_at);
                let axis = rest[node].inverse().transform_point3(tail_at);
                if !(length > 1e-6 && axis.is_finite()) {
                    continue;
                }
                let j = pair[0];
                let dir = j
                    .get("gravityDir")
                    .and_then(vec3)
                    .unwrap_or(Vec3::NEG_Y)
                    .normalize_or_zero();
                sim_joints.push(SimJoint {
                    node,
                    tail,
                    hit_radius: number(j, "hitRadius", 0.0),
                    stiffness: number(j, "stiffness", 1.0),
                    gravity: dir * number(j, "gravityPower", 0.0),
                    drag: number(j, "dragForce", 0.5).clamp(0.0, 1.0),
                    bone_axis: axis.normalize(),
                    length,
                    prev_tail: tail_at,
                    current_tail: tail_at,
                });
            }
            if sim_joints.is_empty() {
                continue;
            }
            let mut chain_colliders: Vec<usize> = spring
                .get("colliderGroups")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_u64)
                .filter_map(|g| groups.get(usize::try_from(g).ok()?))
                .flatten()
                .copied()
                .collect();
            chain_colliders.sort_unstable();
            chain_colliders.dedup();
            chains.push(Chain {
                name: spring
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                joints: sim_joints,
                colliders: chain_colliders,
            });
        }
        if chains.is_empty() {
            return None;
        }
        // Collider indices stay valid: a missing collider is never referenced by a group.
        let colliders = colliders
            .into_iter()
            .map(|c| {
                c.unwrap_or(Collider {
                    node: 0,
                    shape: Shape::Sphere {
                        offset: Vec3::ZERO,
                        radius: 0.0,
                    },
                })
            })
            .collect();
        Some(SpringSim {
            chains,
            colliders,
            parents: parents[..nodes].to_vec(),
            local: vec![Mat4::IDENTITY; nodes],
        })
    }

    /// The springs' names, in order.
    pub fn chain_names(&self) -> impl Iterator<Item = &str> {
        self.chains.iter().map(|c| c.name.as_str())
    }

    /// The nodes of chain `chain` in order, its last tail included.
    pub fn chain_nodes(&self, chain: usize) -> Vec<usize> {
        let Some(c) = self.chains.get(chain) else {
            return Vec::new();
        };
        let mut nodes: Vec<usize> = c.joints.iter().map(|j| j.node).collect();
        nodes.extend(c.joints.last().map(|j| j.tail));
        nodes
    }

    /// Every tail at rest on `world` (the animated node matrices), with no velocity.
    pub fn reset(&mut self, world: &[Mat4]) {
        for joint in self.chains.iter_mut().flat_map(|c| c.joints.iter_mut()) {
            let at = world[joint.tail].w_axis.truncate();
            joint.prev_tail = at;
            joint.current_tail = at;
        }
    }

    /// One step of `dt` seconds. `world` holds the animated node matrices on entry and the
    /// matrices with the springs applied on return (the spring nodes and their tails; other
    /// descendants are not moved).
    pub fn step(&mut self, world: &mut [Mat4], dt: f32) {
        let parent_of = |parents: &[Option<usize>], world: &[Mat4], n: usize| {
            parents[n].map_or(Mat4::IDENTITY, |p| world[p])
        };
        // Local matrices from the animation, before any spring turns a parent.
        for joint in self.chains.iter().flat_map(|c| c.joints.iter()) {
            for n in [joint.node, joint.tail] {
                self.local[n] = parent_of(&self.parents, world, n).inverse() * world[n];
            }
        }
        for chain in &mut self.chains {
            for joint in &mut chain.joints {
                // The node under its (possibly turned) parent, with its animated local pose.
                let parent = parent_of(&self.parents, world, joint.node);
                let animated = parent * self.local[joint.node];
                let (_, rotation, head) = animated.to_scale_rotation_translation();
                let rest_dir = rotation * joint.bone_axis;

                let inertia = (joint.current_tail - joint.prev_tail) * (1.0 - joint.drag);
                let stiffness = rest_dir * (joint.stiffness * dt);
                let external = joint.gravity * dt;
                let mut next = joint.current_tail + inertia + stiffness + external;
                next = head + (next - head).normalize_or(rest_dir) * joint.length;

                for &c in &chain.colliders {
                    let collider = self.colliders[c];
                    let at = world[collider.node];
                    let (centre, radius) = match collider.shape {
                        Shape::Sphere { offset, radius } => (at.transform_point3(offset), radius),
                        Shape::Capsule {
                            offset,
                            tail,
                            radius,
                        } => (
                            closest_on_segment(
                                next,
                                at.transform_point3(offset),
                                at.transform_point3(tail),
                            ),
                            radius,
                        ),
                    };
                    let away = next - centre;
                    let distance = away.length() - (radius + joint.hit_radius);
                    if distance < 0.0 {
                        next -= away.normalize_or_zero() * distance;
                        next = head + (next - head).normalize_or(rest_dir) * joint.length;
                    }
                }

                joint.prev_tail = joint.current_tail;
                joint.current_tail = next;
                let turn = Quat::from_rotation_arc(rest_dir, (next - head).normalize_or(rest_dir));
                world[joint.node] = Mat4::from_rotation_translation(turn * rotation, head);
                world[joint.tail] = world[joint.node] * self.local[joint.tail];
            }
        }
    }
}

/// Hone's model-space bone matrix `m` (MMD: left-handed, units) as the exported glTF node's
/// world matrix (right-handed metres, Z mirrored as the exporter does).
pub fn to_gltf_world(m: Mat4) -> Mat4 {
    let mirror = Mat4::from_scale(Vec3::new(1.0, 1.0, -1.0));
    let scale = Mat4::from_scale(Vec3::splat(METRES_PER_UNIT));
    let inverse = Mat4::from_scale(Vec3::splat(1.0 / METRES_PER_UNIT));
    mirror * scale * m * inverse * mirror
}

#[cfg(test)]
#[path = "tests/spring_sim.rs"]
mod tests;
