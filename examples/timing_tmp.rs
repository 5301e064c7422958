use std::time::Instant;
fn t<R>(name: &str, n: u32, mut f: impl FnMut() -> R) {
    let s = Instant::now();
    for _ in 0..n {
        std::hint::black_box(f());
    }
    println!(
        "{name:30} {:8.3} ms",
        s.elapsed().as_secs_f64() * 1e3 / n as f64
    );
}
fn main() {
    let dir = hone_testkit::shared_models_dir().unwrap();
    let model = hone::pmx::load(dir.join("gene/Gene.pmx")).unwrap().model;
    t("Deformer::new", 20, || hone::deform::Deformer::new(&model));
    t("PhysicsWorld::new", 20, || {
        hone::physics::PhysicsWorld::new(&model, Default::default())
    });
    t("Simulation::new", 10, || {
        hone::sim::Simulation::new(&model, Default::default())
    });
    t("check_model", 10, || {
        hone::check::check_model(&model, &Default::default())
    });
    t("MeshData::from_model", 20, || {
        hone::app::viewport::render::MeshData::from_model(&model)
    });
    t("BoneOrder::new", 50, || {
        hone::deform::BoneOrder::new(&model)
    });
    t("Pose::new", 50, || hone::deform::Pose::new(&model));
    let d = hone::deform::Deformer::new(&model);
    let mut st = d.new_state();
    let pose = hone::deform::Pose::new(&model);
    t("evaluate", 20, || d.evaluate(&model, &pose, &mut st));
    t("model.clone", 20, || model.clone());
    let vmds: Vec<_> = std::fs::read_dir(dir.join("gene/motion"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "vmd"))
        .collect();
    if let Some(p) = vmds.first() {
        let vmd = hone::motion::load_vmd(p).unwrap();
        t("BoundMotion::bind", 20, || {
            hone::motion::BoundMotion::bind(&vmd, &model)
        });
    }
}
