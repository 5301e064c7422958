//! Whatever reads as PMX writes without error, reads back as the same model,
//! and writing is a fixed point (write(read(write(m))) == write(m)).
#![no_main]

mod common;

use hone::pmx::needs::plan_save;
use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: common::Capped = common::Capped;

fuzz_target!(|data: &[u8]| {
    common::guard(data.len());
    let Ok(loaded) = read_pmx(data) else { return };
    // The save rule (a 2.0 header over 2.1 data is written as 2.1).
    let plan = plan_save(&loaded.model, &WriteOptions::default()).expect("a read model plans");
    let once = write_pmx(&loaded.model, &plan.options).expect("a read model writes");
    let again = read_pmx(&once).expect("written bytes read back");
    let mut expected = loaded.model.clone();
    expected.header.version = plan.options.version.expect("the plan names a version");
    // Debug text compares floats bit-for-bit in effect (NaN == NaN, -0 != 0).
    let (a, b) = (format!("{:?}", expected), format!("{:?}", again.model));
    assert!(a == b, "re-read model differs");
    let twice = write_pmx(&again.model, &WriteOptions::default()).expect("writes again");
    assert!(once == twice, "writing is not a fixed point");
});
