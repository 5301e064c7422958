//! Any bytes: reading never panics, and whatever reads writes, with writing a
//! fixed point (write(read(write(m))) == write(m)).
#![no_main]

use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(loaded) = read_pmx(data) else { return };
    let once = write_pmx(&loaded.model, &WriteOptions::default()).expect("a read model writes");
    let again = read_pmx(&once).expect("written bytes read back");
    let twice = write_pmx(&again.model, &WriteOptions::default()).expect("writes again");
    assert!(once == twice, "writing is not a fixed point");
});
