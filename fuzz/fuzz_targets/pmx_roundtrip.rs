//! Whatever reads as PMX writes without error, reads back as the same model,
//! and writing is a fixed point (write(read(write(m))) == write(m)).
#![no_main]

mod common;

use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: common::Capped = common::Capped;

fuzz_target!(|data: &[u8]| {
    common::guard(data.len());
    let Ok(loaded) = read_pmx(data) else { return };
    let once = write_pmx(&loaded.model, &WriteOptions::default()).expect("a read model writes");
    let again = read_pmx(&once).expect("written bytes read back");
    // Debug text compares floats bit-for-bit in effect (NaN == NaN, -0 != 0).
    let (a, b) = (format!("{:?}", loaded.model), format!("{:?}", again.model));
    assert!(a == b, "re-read model differs");
    let twice = write_pmx(&again.model, &WriteOptions::default()).expect("writes again");
    assert!(once == twice, "writing is not a fixed point");
});
