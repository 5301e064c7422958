//! Authoring in the app, driven through the real widgets as a user would
//! (egui_kittest): multi-selection and batch edits in the lists and the
//! inspector, structural edits, the display-frame panel.

use eframe::egui;
use egui_kittest::kittest::{NodeT, Queryable};
use hone::app::dock::{focus_tab, Tab};
use hone::app::{HoneApp, Selection};

mod gui_support;
use gui_support::{app, app_mut, harness_with, set_value, AppHarness};

/// The app on the bundled sample rig with `tab` in front, tall enough that the long
/// lists (which lay out only the rows in view) show every row the tests click.
fn sample_with(tab: Tab) -> AppHarness {
    let doc = hone::app::sample_document();
    let model = doc.model().clone();
    let mut h = harness_with(
        model,
        "hone-sample.pmx",
        egui::vec2(1600.0, 2600.0),
        move |app: &mut HoneApp| focus_tab(&mut app.dock, tab),
    );
    h.run_steps(3);
    h
}

/// A list row's label.
fn row(i: usize, name: &str) -> String {
    format!("#{i} {name}")
}

/// The body list's row `label`: bodies share names with bones (the tree is
/// left of the body list) and with joints (right of it).
fn body_row<'a>(h: &'a AppHarness, label: &'a str) -> egui_kittest::Node<'a> {
    let joints = h.get_by_label_contains("Joints (").rect().left();
    h.get_all_by_label(label)
        .filter(|n| n.rect().left() < joints)
        .max_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap_or_else(|| panic!("no body row {label}"))
}

/// Scrolls the body row `label` into view and clicks it. The list lays out only the
/// rows in view: a row scrolled away is brought back by searching for it, as a user would.
fn click_body(h: &mut AppHarness, label: &str, modifiers: egui::Modifiers) {
    let joints = h.get_by_label_contains("Joints (").rect().left();
    let shown = h
        .query_all_by_label(label)
        .any(|n| n.rect().left() < joints);
    if !shown {
        let search = h.get_by_label("Search rigid bodies");
        search.click();
        h.run_steps(2);
        h.get_by_label("Search rigid bodies")
            .type_text(label.split_once(' ').map_or(label, |(_, name)| name));
        h.run_steps(5);
    }
    body_row(h, label).scroll_to_me();
    h.run_steps(10);
    body_row(h, label).click_modifiers(modifiers);
    h.run_steps(2);
}

#[test]
fn multi_select_five_bodies_and_set_their_mass_in_one_step() {
    let mut h = sample_with(Tab::Physics);
    let model = app(&h).state.doc().model().clone();
    let name = |i: usize| row(i, &model.rigid_bodies[i].name);
    // Four bodies in a row whose masses differ, and one more.
    let mass = |i: usize| model.rigid_bodies[i].mass;
    let s = (0..model.rigid_bodies.len() - 5)
        .find(|&s| (s..s + 4).any(|i| mass(i) != mass(s)))
        .expect("the sample's bodies differ in mass");
    let picked = [s, s + 1, s + 2, s + 3, s + 5];
    // Click the first, Shift-click the fourth, Ctrl-click one more.
    click_body(&mut h, &name(s), egui::Modifiers::NONE);
    click_body(&mut h, &name(s + 3), egui::Modifiers::SHIFT);
    click_body(&mut h, &name(s + 5), egui::Modifiers::COMMAND);
    let state = &app(&h).state;
    assert_eq!(
        state.selection(),
        Selection::RigidBody(s + 5),
        "the last clicked is active"
    );
    assert_eq!(state.selected_indices(), picked.to_vec());
    h.get_by_label("5 × Rigid body");
    // The masses differ: the field says so.
    assert_eq!(h.get_by_label("mass").value().as_deref(), Some("mixed"));

    set_value(&h, "mass", 2.5);
    h.run_steps(3);
    let state = &app(&h).state;
    assert_eq!(state.doc().history.len(), 1, "one undo step");
    assert_eq!(
        state.doc().history.undo_label(),
        Some("Set mass on 5 rigid bodies = 2.5")
    );
    let after = state.doc().model();
    for (i, (new, old)) in after
        .rigid_bodies
        .iter()
        .zip(&model.rigid_bodies)
        .enumerate()
    {
        if picked.contains(&i) {
            assert_eq!(new.mass, 2.5, "body #{i}");
            let mut rest = new.clone();
            rest.mass = old.mass;
            assert_eq!(&rest, old, "only the mass of body #{i} changed");
        } else {
            assert_eq!(new, old, "body #{i} is not selected");
        }
    }

    // One Ctrl+Z restores all five.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(app(&h).state.doc().model().rigid_bodies, model.rigid_bodies);
}

/// The leftmost widget labelled `label` (the bone tree is the dock's left column).
fn leftmost<'a>(h: &'a AppHarness, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_all_by_label(label)
        .min_by(|a, b| a.rect().left().total_cmp(&b.rect().left()))
        .unwrap_or_else(|| panic!("no widget {label}"))
}

/// Right-clicks the bone tree row `label` (scrolled into view) and picks `item`.
fn bone_menu(h: &mut AppHarness, label: &str, item: &str) {
    leftmost(h, label).scroll_to_me();
    h.run_steps(10);
    leftmost(h, label).click_secondary();
    h.run_steps(3);
    h.get_by_label(item).click();
    h.run_steps(3);
}

/// Drags from `from` to `to` as a mouse would, releasing over `to`.
fn drag(h: &mut AppHarness, from: egui::Pos2, to: egui::Pos2) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.run_steps(1);
    }
    h.event(egui::Event::PointerButton {
        pos: to,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(3);
}

fn bone_index(model: &hone::pmx::Model, name: &str) -> usize {
    model.bones.iter().position(|b| b.name == name).unwrap()
}

fn bytes(model: &hone::pmx::Model) -> Vec<u8> {
    hone::pmx::write::write_pmx(model, &Default::default()).unwrap()
}

#[test]
fn add_bone_body_and_joint_from_context_menus_then_simulate_and_undo_all() {
    let mut h = sample_with(Tab::Physics);
    let original = app(&h).state.doc().model().clone();
    let head = bone_index(&original, "頭");
    let head_body = (original.rigid_bodies.iter())
        .position(|b| b.bone == head as i32)
        .expect("the sample's head has a body");
    let hb = &original.bones[head];
    let hpos = hb.position;
    let hend = match hb.tail {
        hone::pmx::Tail::Offset(o) => hpos + o,
        hone::pmx::Tail::Bone(b) => original.bones[b as usize].position,
    };

    // 1. A bone under 頭, from the bone tree's context menu.
    bone_menu(&mut h, &row(head, "頭"), "Add child bone of 頭");
    // The new bone's row opens its name for typing; Enter keeps the name.
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let model = app(&h).state.doc().model().clone();
    let bone = original.bones.len();
    assert_eq!(model.bones.len(), bone + 1);
    let new_bone = &model.bones[bone];
    assert_eq!(new_bone.parent, head as i32, "a child of the selection");
    assert!(new_bone.position.distance(hend) < 1e-5, "at 頭's tail");
    assert_eq!(app(&h).state.selection(), Selection::Bone(bone));
    let name = new_bone.name.clone();
    let length = match new_bone.tail {
        hone::pmx::Tail::Offset(o) => o.length(),
        ref t => panic!("offset tail expected, got {t:?}"),
    };
    assert!(length > 0.1, "the new bone continues 頭 ({length})");

    // 2. A rigid body on it, from its row's menu.
    bone_menu(
        &mut h,
        &row(bone, &name),
        &format!("Add rigid body on {name}"),
    );
    // The new body's row opens its name for typing; Enter keeps the name.
    h.key_press(egui::Key::Enter);
    h.run_steps(3);
    let model = app(&h).state.doc().model().clone();
    let body = original.rigid_bodies.len();
    assert_eq!(model.rigid_bodies.len(), body + 1);
    let b = &model.rigid_bodies[body];
    assert_eq!(b.bone, bone as i32);
    // On the bone: its centre lies on the segment from the bone's head to its end.
    let dir = match new_bone.tail {
        hone::pmx::Tail::Offset(o) => o,
        _ => unreachable!(),
    };
    let t = (b.position - new_bone.position).dot(dir) / dir.length_squared();
    let off = (new_bone.position + dir * t).distance(b.position);
    assert!(
        (0.0..=1.0).contains(&t) && off < 1e-3,
        "body at {:?}",
        b.position
    );
    assert!(
        (b.size.y - length).abs() < 1e-3,
        "sized from the bone's length {length}: {:?}",
        b.size
    );
    assert_eq!(app(&h).state.selection(), Selection::RigidBody(body));

    // 3. A joint to 頭's body: Ctrl-click it in the body list, right-click, add.
    let head_row = row(head_body, &original.rigid_bodies[head_body].name);
    click_body(&mut h, &head_row, egui::Modifiers::COMMAND);
    assert_eq!(app(&h).state.selected_indices(), vec![head_body, body]);
    body_row(&h, &head_row).click_secondary();
    h.run_steps(3);
    h.get_by_label_contains("Add joint between").click();
    h.run_steps(3);
    let model = app(&h).state.doc().model().clone();
    assert_eq!(model.joints.len(), original.joints.len() + 1);
    let j = model.joints.last().unwrap();
    assert_eq!(
        (j.body_a, j.body_b),
        (head_body as i32, body as i32),
        "from 頭's body to the child body"
    );
    assert!(
        j.position.distance(new_bone.position) < 1e-4,
        "at the child body's bone"
    );
    assert_eq!(app(&h).state.doc().history.len(), 3, "one undo step each");

    // One second of physics (30 frames) with the new chain: nothing becomes NaN.
    focus_tab(&mut app_mut(&mut h).dock, Tab::Simulation);
    h.run_steps(2);
    h.get_by_label("physics on").click();
    h.run_steps(2);
    h.get_by_label("⏸ Pause").click();
    h.run_steps(1);
    for _ in 0..30 {
        h.get_by_label("⏭ Step").click();
        h.run_steps(1);
    }
    let sim = app(&h).state.pose().sim().expect("physics on");
    for i in 0..model.rigid_bodies.len() {
        let p = sim.physics.body_pose(i).unwrap();
        assert!(
            p.translation.is_finite() && p.rotation.is_finite(),
            "body {i}: {p:?}"
        );
    }
    let hanging = sim.physics.body_pose(body).unwrap().translation;
    assert!(hanging.is_finite());

    // Undo all three: the file is byte-identical to the original.
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run_steps(2);
    }
    assert!(!app(&h).state.doc().history.can_undo());
    assert!(bytes(app(&h).state.doc().model()) == bytes(&original));
}

/// The bones a vertex has a non-zero weight on, with the weights.
fn weights_of(v: &hone::pmx::Vertex) -> Vec<(i32, f32)> {
    let (bones, weights, n) = v.weights.bone_weights();
    (0..n)
        .filter(|&k| weights[k] != 0.0)
        .map(|k| (bones[k], weights[k]))
        .collect()
}

#[test]
fn deleting_a_weighted_bone_asks_and_re_points_its_weights_to_the_parent() {
    let mut h = sample_with(Tab::Physics);
    let original = app(&h).state.doc().model().clone();
    let head = bone_index(&original, "頭");
    let neck = original.bones[head].parent;
    assert!(neck >= 0);
    let on_head: Vec<usize> = (0..original.vertices.len())
        .filter(|&v| {
            weights_of(&original.vertices[v])
                .iter()
                .any(|w| w.0 == head as i32)
        })
        .collect();
    assert!(!on_head.is_empty(), "頭 carries weights");

    // Select 頭 in the tree and press Delete: the question names the weights.
    leftmost(&h, &row(head, "頭")).click();
    h.run_steps(2);
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
    let text = format!("{} vertex weights", on_head.len());
    h.get_by_label_contains("refer to 頭");
    assert!(
        h.query_by_label_contains(&text).is_some(),
        "the question says {text}"
    );
    assert_eq!(
        app(&h).state.doc().model(),
        &original,
        "nothing deleted yet"
    );
    h.get_by_label("Re-point them").click();
    h.run_steps(3);

    let model = app(&h).state.doc().model();
    assert_eq!(model.bones.len(), original.bones.len() - 1);
    assert!(model.bones.iter().all(|b| b.name != "頭"));
    assert_eq!(app(&h).state.doc().history.len(), 1, "one undo step");
    // Indices above 頭 shifted down by one; the parent (below it) kept its index.
    let neck = neck as usize;
    assert_eq!(model.bones[neck].name, original.bones[neck].name);
    for &v in &on_head {
        let before = weights_of(&original.vertices[v]);
        let after = weights_of(&model.vertices[v]);
        let total: f32 = after.iter().map(|w| w.1).sum();
        assert!((total - 1.0).abs() < 1e-4, "vertex {v}: {after:?}");
        // 頭's share went to the neck: the neck's weight grew by it.
        let share =
            |ws: &[(i32, f32)], b: i32| ws.iter().filter(|w| w.0 == b).map(|w| w.1).sum::<f32>();
        let expect = share(&before, neck as i32) + share(&before, head as i32);
        assert!(
            (share(&after, neck as i32) - expect).abs() < 1e-4,
            "vertex {v}: {before:?} → {after:?}"
        );
    }
    // 頭's children hang from the neck now.
    for (i, b) in original.bones.iter().enumerate() {
        if b.parent == head as i32 {
            let now = model.bones.iter().find(|x| x.name == b.name).unwrap();
            assert_eq!(now.parent, neck as i32, "{} (was #{i})", b.name);
        }
    }
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert!(bytes(app(&h).state.doc().model()) == bytes(&original));
}

/// Every reference of `model` to a bone, by the bone's name: parents, tails,
/// IK targets and links, append parents, body bones, vertex weights, bone-morph
/// offsets and display-frame items.
fn bone_references_by_name(model: &hone::pmx::Model) -> Vec<String> {
    use hone::pmx::{DisplayElement, MorphOffsets, Tail};
    let name = |i: i32| match usize::try_from(i).ok().and_then(|i| model.bones.get(i)) {
        Some(b) => b.name.clone(),
        None => format!("({i})"),
    };
    let mut out = Vec::new();
    for b in &model.bones {
        out.push(format!("{} parent {}", b.name, name(b.parent)));
        if let Tail::Bone(t) = b.tail {
            out.push(format!("{} tail {}", b.name, name(t)));
        }
        if let Some(a) = &b.append {
            out.push(format!("{} append {}", b.name, name(a.parent)));
        }
        if let Some(ik) = &b.ik {
            out.push(format!("{} ik {}", b.name, name(ik.target)));
            for l in &ik.links {
                out.push(format!("{} link {}", b.name, name(l.bone)));
            }
        }
    }
    for body in &model.rigid_bodies {
        out.push(format!("body {} on {}", body.name, name(body.bone)));
    }
    for (i, v) in model.vertices.iter().enumerate() {
        for (b, w) in weights_of(v) {
            out.push(format!("vertex {i} {} {w}", name(b)));
        }
    }
    for m in &model.morphs {
        if let MorphOffsets::Bone(list) = &m.offsets {
            for o in list {
                out.push(format!("morph {} {}", m.name, name(o.bone)));
            }
        }
    }
    for f in &model.display_frames {
        for e in &f.elements {
            if let DisplayElement::Bone(b) = e {
                out.push(format!("frame {} {}", f.name, name(*b)));
            }
        }
    }
    // By name, not by position: a reorder moves the bones' own entries.
    out.sort();
    out
}

/// Asserts two reference lists are equal, printing only what differs.
fn assert_same_references(now: &[String], before: &[String]) {
    let gone: Vec<_> = before
        .iter()
        .filter(|r| !now.contains(r))
        .take(10)
        .collect();
    let new: Vec<_> = now
        .iter()
        .filter(|r| !before.contains(r))
        .take(10)
        .collect();
    assert!(now == before, "lost {gone:?}, gained {new:?}");
}

#[test]
fn reordering_bones_by_drag_and_alt_arrows_keeps_every_reference() {
    let mut h = sample_with(Tab::Physics);
    let original = app(&h).state.doc().model().clone();
    let refs = bone_references_by_name(&original);
    let (hair1, hair4) = (bone_index(&original, "髪1"), bone_index(&original, "髪4"));
    assert!(hair1 < hair4 && original.bones[hair4].parent > hair1 as i32);

    // Drag 髪4 (a leaf of the hair chain) onto the upper half of 髪1's row.
    let from = leftmost(&h, &row(hair4, "髪4")).rect().center();
    let onto = leftmost(&h, &row(hair1, "髪1")).rect();
    let to = egui::pos2(onto.center().x, onto.top() + 2.0);
    drag(&mut h, from, to);
    let model = app(&h).state.doc().model().clone();
    assert_eq!(model.bones[hair1].name, "髪4", "moved before 髪1");
    assert_eq!(model.bones[hair1 + 1].name, "髪1");
    assert_eq!(app(&h).state.doc().history.len(), 1);
    assert_eq!(
        app(&h).state.selection(),
        Selection::Bone(hair1),
        "it stays selected"
    );
    assert_same_references(&bone_references_by_name(&model), &refs);
    // Deform order follows the index: 髪4 now comes before its parent 髪3, which
    // the deform order reports.
    let order = hone::deform::BoneOrder::new(&model);
    let hair3 = bone_index(&model, "髪3");
    let at = |b: usize| order.entry_of(b).unwrap().position;
    assert!(at(hair1) < at(hair3));
    assert!(
        order
            .entry_of(hair1)
            .unwrap()
            .notes
            .iter()
            .any(|n| matches!(
                n,
                hone::deform::OrderNote::ParentLater { parent } if *parent == hair3
            )),
        "{:?}",
        order.entry_of(hair1)
    );

    // Alt+Down three times walks it back behind 髪3 (one step each).
    for _ in 0..3 {
        h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
        h.run_steps(2);
    }
    let model = app(&h).state.doc().model().clone();
    assert_eq!(app(&h).state.doc().history.len(), 4);
    assert_same_references(&bone_references_by_name(&model), &refs);
    let order = hone::deform::BoneOrder::new(&model);
    let hair4 = bone_index(&model, "髪4");
    assert_eq!(model.bones[hair4 - 1].name, "髪3");
    assert!(order.entry_of(hair4).unwrap().notes.is_empty());
    // Alt+Up once, then undo everything: byte-identical.
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowUp);
    h.run_steps(2);
    assert_eq!(app(&h).state.doc().model().bones[hair4 - 1].name, "髪4");
    for _ in 0..5 {
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run_steps(2);
    }
    assert!(bytes(app(&h).state.doc().model()) == bytes(&original));
}

/// The frame `name`'s index in `model`.
fn frame_index(model: &hone::pmx::Model, name: &str) -> usize {
    model
        .display_frames
        .iter()
        .position(|f| f.name == name)
        .unwrap()
}

#[test]
fn display_frames_take_dragged_bones_and_protect_root_and_expressions() {
    use hone::pmx::DisplayElement;
    let mut h = sample_with(Tab::DisplayFrames);
    let original = app(&h).state.doc().model().clone();
    let hair = frame_index(&original, "髪");
    let pendant = bone_index(&original, "ペンダント");
    assert!(!original.display_frames[hair]
        .elements
        .contains(&DisplayElement::Bone(pendant as i32)));

    // Drag ペンダント from the bone tree onto 髪's items.
    leftmost(&h, &row(hair, "髪")).click();
    h.run_steps(2);
    let zone = "Drop bones (bone tree) or morphs (morph list) here.";
    let from = leftmost(&h, &row(pendant, "ペンダント")).rect().center();
    let to = h.get_by_label(zone).rect().center();
    drag(&mut h, from, to);
    let model = app(&h).state.doc().model().clone();
    let items = &model.display_frames[hair].elements;
    assert_eq!(
        items.len(),
        original.display_frames[hair].elements.len() + 1
    );
    assert_eq!(items.last(), Some(&DisplayElement::Bone(pendant as i32)));
    assert_eq!(app(&h).state.doc().history.len(), 1);
    assert_eq!(
        app(&h).state.doc().history.undo_label(),
        Some("Add 1 item to display frame 髪")
    );

    // Drag the new last item onto the upper half of the first: it moves first.
    let last = h
        .get_by_label(&format!("bone #{pendant} ペンダント"))
        .rect()
        .center();
    let first = h.get_all_by_label_contains("bone #").next().unwrap().rect();
    drag(
        &mut h,
        last,
        egui::pos2(first.center().x, first.top() + 2.0),
    );
    let model = app(&h).state.doc().model().clone();
    assert_eq!(
        model.display_frames[hair].elements[0],
        DisplayElement::Bone(pendant as i32)
    );
    assert_eq!(app(&h).state.doc().history.len(), 2);

    // 表情 takes morphs only: a bone dropped on it changes nothing.
    let exp = frame_index(&original, "表情");
    assert!(original.display_frames[exp].special);
    leftmost(&h, &format!("🔒 {}", row(exp, "表情"))).click();
    h.run_steps(2);
    let to = h.get_by_label(zone).rect().center();
    drag(&mut h, from, to);
    assert_eq!(app(&h).state.doc().history.len(), 2, "no bone in 表情");

    // Root cannot be deleted (key or menu) nor moved.
    leftmost(&h, &format!("🔒 {}", row(0, "Root"))).click();
    h.run_steps(2);
    h.key_press(egui::Key::Delete);
    h.run_steps(2);
    h.key_press_modifiers(egui::Modifiers::ALT, egui::Key::ArrowDown);
    h.run_steps(2);
    assert_eq!(app(&h).state.doc().history.len(), 2, "Root stays");
    leftmost(&h, &format!("🔒 {}", row(0, "Root"))).click_secondary();
    h.run_steps(2);
    assert!(h
        .get_by_label("Delete…  (Delete)")
        .accesskit_node()
        .is_disabled());

    for _ in 0..2 {
        h.key_press(egui::Key::Escape);
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
        h.run_steps(2);
    }
    assert!(bytes(app(&h).state.doc().model()) == bytes(&original));
}
