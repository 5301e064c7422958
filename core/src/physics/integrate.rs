//! The end of a physics step without running rapier's pipeline, when rapier has nothing
//! to solve (no joint of the other kinds, no ground plane): every simulated body moves
//! exactly as rapier's step would move a body on which no constraint acts, so traces
//! keep the same bits while the broad phase, islands, constraint set-up, CCD checks and
//! the staged solver's bookkeeping are skipped.
//!
//! What rapier 0.36 does to such a body (facts from its source: `StagedIslandSolver`'s
//! worker stages, `RigidBodyVelocity::integrate_linearized` and `apply_damping`,
//! `gyroscopic_corrected_angvel`): its step is cut into `num_solver_iterations` substeps;
//! each adds the (zero) force increment, applies rapier's gyroscopic correction with
//! the substep's orientation, caps the linear speed and the angular speed (a quarter
//! turn per whole step), and integrates the pose (the rotation linearised, then
//! normalised). At the end the velocities take rapier's own damping. The pose is
//! integrated about the centre of mass.
//!
//! `tests::same_bits_as_rapier` holds this to rapier's own step.

use glam::{Quat, Vec3};
use rapier3d::prelude::{IntegrationParameters, Pose, RigidBody};
use std::f32::consts::FRAC_PI_4;

/// The per-step constants of rapier's integration.
#[derive(Debug, Clone, Copy)]
pub(super) struct Integration {
    /// Whole step and substep lengths, substep count.
    dt: f32,
    sub_dt: f32,
    substeps: usize,
    max_linear: f32,
    max_angular: f32,
}

impl Integration {
    pub fn new(params: &IntegrationParameters) -> Integration {
        let substeps = params.num_solver_iterations.max(1);
        let inv_dt = if params.dt == 0.0 {
            0.0
        } else {
            1.0 / params.dt
        };
        Integration {
            dt: params.dt,
            sub_dt: params.dt / substeps as f32,
            substeps,
            max_linear: params.max_linear_velocity(),
            max_angular: FRAC_PI_4 * inv_dt,
        }
    }

    /// Moves a dynamic body from `pose` with velocities `(v, w)` over one step; returns its
    /// new pose and velocities, as rapier's step leaves them.
    pub fn advance(&self, rb: &RigidBody, pose: Pose, v: Vec3, w: Vec3) -> (Pose, Vec3, Vec3) {
        let mprops = &rb.mass_properties().local_mprops;
        let com = mprops.local_com;
        let gyro = rb.gyroscopic_forces_enabled() && !rb.is_sleeping();
        let inertia = mprops.principal_inertia();
        let frame = mprops.principal_inertia_local_frame;
        let centre = pose.prepend_translation(com);
        let (mut t, mut q) = (centre.translation, centre.rotation);
        // The force increments are zero (gravity and forces are Hone's), but adding them
        // still turns a −0 into +0.
        let (mut v, mut w) = (v, w);
        for _ in 0..self.substeps {
            v += Vec3::ZERO;
            w += Vec3::ZERO;
            if gyro {
                w = keep_momentum(
                    w,
                    q * frame,
                    inertia,
                    mprops.inv_principal_inertia,
                    self.sub_dt,
                );
            }
            if self.max_linear != f32::MAX {
                let n = v.length();
                if n > self.max_linear {
                    v *= self.max_linear / n;
                }
            }
            let n = w.length();
            if n > self.max_angular {
                w *= self.max_angular / n;
            }
            let half = w * (self.sub_dt * 0.5);
            q = (Quat::from_xyzw(half.x, half.y, half.z, 1.0) * q).normalize();
            t += v * self.sub_dt;
        }
        let v = v * (1.0 / (1.0 + self.dt * rb.linear_damping()));
        let w = w * (1.0 / (1.0 + self.dt * rb.angular_damping()));
        let pose = Pose::from_parts(t, q).prepend_translation(-com);
        (pose, v, w)
    }
}

/// rapier's explicit gyroscopic term, rescaled so that the angular momentum keeps its size.
fn keep_momentum(w: Vec3, axes: Quat, inertia: Vec3, inv_inertia: Vec3, dt: f32) -> Vec3 {
    let local = axes.inverse() * w;
    let momentum = inertia * local;
    let turned = momentum + -local.cross(momentum) * dt;
    let sq = turned.length_squared();
    if sq == 0.0 {
        return w;
    }
    let kept = turned * (momentum.length_squared() / sq).sqrt();
    axes * (inv_inertia * kept)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rapier3d::prelude::{
        ColliderBuilder, InteractionGroups, MassProperties, PhysicsWorld, RigidBodyBuilder,
    };

    fn bits(p: &Pose, v: Vec3, w: Vec3) -> Vec<u32> {
        let r = p.rotation;
        [p.translation, v, w]
            .iter()
            .flat_map(|x| x.to_array())
            .chain([r.x, r.y, r.z, r.w])
            .map(f32::to_bits)
            .collect()
    }

    /// Bodies as the world builds them (Bullet's mass and diagonal inertia, a massless
    /// collider), thrown fast and slow, spun past the quarter-turn cap and tumbling about
    /// an unequal inertia: after rapier's step each is bit for bit where `advance` puts it.
    #[test]
    fn same_bits_as_rapier() {
        let mut world = PhysicsWorld::new();
        world.gravity = Vec3::ZERO;
        world.integration_parameters.dt = 1.0 / 60.0;
        world.integration_parameters.num_solver_iterations = 2;
        world.integration_parameters.length_unit = 10.0;
        let cases = [
            (
                Vec3::new(0.3, 4.0, -1.0),
                Vec3::new(0.5, -2.0, 1.0),
                Vec3::new(1.0, 2.0, 3.0),
                Vec3::new(1.0, 0.2, 3.0),
            ),
            (
                Vec3::new(-5.0, 12.0, 0.25),
                Vec3::new(30.0, 0.0, -8.0),
                Vec3::new(-40.0, 55.0, 9.0),
                Vec3::new(0.02, 0.5, 0.5),
            ),
            (
                Vec3::ZERO,
                Vec3::new(-0.0, 0.0, -0.0),
                Vec3::new(0.0, -0.0, 0.0),
                Vec3::splat(2.0),
            ),
            (
                Vec3::new(1.0, 1.0, 1.0),
                Vec3::new(9000.0, 0.0, 0.0),
                Vec3::new(200.0, -0.1, 0.3),
                Vec3::new(4.0, 0.1, 0.1),
            ),
        ];
        let mut handles = Vec::new();
        for (i, &(t, v, w, inertia)) in cases.iter().enumerate() {
            let rotation = Quat::from_euler(glam::EulerRot::YXZ, 0.3 * i as f32, -0.7, 1.1);
            let rb = RigidBodyBuilder::dynamic()
                .additional_mass_properties(MassProperties::new(Vec3::ZERO, 1.5, inertia))
                .can_sleep(false)
                .pose(Pose::from_parts(t, rotation))
                .linvel(v)
                .angvel(w);
            let collider = ColliderBuilder::capsule_y(0.5, 0.3)
                .density(0.0)
                .collision_groups(InteractionGroups::none());
            let (h, _) = world.insert(rb, collider);
            if let Some(rb) = world.bodies.get_mut(h) {
                rb.recompute_mass_properties_from_colliders(&world.colliders);
            }
            handles.push(h);
        }
        for _ in 0..3 {
            let integration = Integration::new(&world.integration_parameters);
            let expected: Vec<_> = handles
                .iter()
                .map(|&h| {
                    let rb = &world.bodies[h];
                    let (p, v, w) =
                        integration.advance(rb, *rb.position(), rb.linvel(), rb.angvel());
                    bits(&p, v, w)
                })
                .collect();
            world.step();
            for (k, &h) in handles.iter().enumerate() {
                let rb = &world.bodies[h];
                assert_eq!(
                    bits(rb.position(), rb.linvel(), rb.angvel()),
                    expected[k],
                    "body {k}"
                );
            }
        }
    }
}
