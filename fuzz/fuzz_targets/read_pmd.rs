//! Any bytes: PMD import never panics, and whatever imports saves as PMX and reads back.
#![no_main]

mod common;

use hone::pmx::pmd::read_pmd;
use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: common::Capped = common::Capped;

fuzz_target!(|data: &[u8]| {
    common::guard(data.len());
    let Ok(loaded) = read_pmd(data) else { return };
    let pmx = write_pmx(&loaded.model, &WriteOptions::default()).expect("an import writes");
    read_pmx(&pmx).expect("the written import reads back");
});
