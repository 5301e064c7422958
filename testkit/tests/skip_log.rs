//! `skip` records one line per skipping test, naming it and the reason, in the log
//! `HONE_SKIP_LOG` names. (One test in this binary: it sets the process's environment.)

#[test]
fn skip_records_each_test_once_in_the_log() {
    let log = std::env::temp_dir().join(format!("hone-skip-log-test-{}", std::process::id()));
    let _ = std::fs::remove_file(&log);
    std::env::set_var("HONE_SKIP_LOG", &log);
    assert_eq!(hone_testkit::skip_log_path(), log);
    hone_testkit::skip("testkit self-test");
    hone_testkit::skip("a second helper of the same test");
    // Another test (the harness runs each on a thread named after it) is another line.
    std::thread::Builder::new()
        .name("other_test".into())
        .spawn(|| hone_testkit::skip("testkit self-test, other thread"))
        .unwrap()
        .join()
        .unwrap();
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::remove_file(&log).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    for line in &lines {
        assert!(line.starts_with("SKIP skip_log-"), "{line}");
    }
    assert!(
        lines[0].ends_with(" skip_records_each_test_once_in_the_log: testkit self-test"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with(" other_test: testkit self-test, other thread"),
        "{}",
        lines[1]
    );
}
