//! `translate_names`: English names from the built-in dictionary, the naming rules and
//! a user CSV ([`crate::rig::translate`]). The app's entry opens its own preview window
//! (a custom dialog: every element's old → new name and the rule that gave it).

use super::kit::flag;
use super::{Def, Menu, Need, OpError, Operation, Opt, OptKind, Options, Plan, Selection};
use crate::pmx::Model;
use crate::rig::translate::{plan_translate_names, TranslateOptions};
use std::path::PathBuf;

pub const OP: Operation = Operation::new("translate_names", Menu::Edit, Need::None, plan)
    .keys("ops-translate-names-title", "ops-translate-names-help")
    .options(&[
        flag("overwrite", "ops-opt-overwrite", false),
        Opt::new("dictionary", "ops-opt-dictionary", OptKind::File, Def::None).auto(),
    ]);

fn plan(model: &Model, _: &Selection, options: &Options) -> Result<Plan, OpError> {
    let args = options.args();
    let options = TranslateOptions {
        overwrite: args.parse("overwrite")?.unwrap_or(false),
        dictionary: args.parse::<PathBuf>("dictionary")?,
    };
    let (edit, rows) =
        plan_translate_names(model, &options).map_err(|e| OpError::new(e.to_string()))?;
    let named = rows.iter().filter(|r| r.new.is_some()).count();
    let summary = vec![crate::tr!(
        "ops-translate-names-summary",
        named = named,
        unknown = rows.len() - named
    )];
    Ok(Plan::edit(edit, summary))
}

#[cfg(test)]
mod tests {
    use crate::edit::History;
    use crate::ops::script::{parse_script, run_script};
    use crate::rig::translate::tests::model_with_bones;

    #[test]
    fn script_op_fills_names_in_one_step_and_a_bad_dictionary_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let csv = dir.path().join("my.csv");
        std::fs::write(&csv, "頭,Head\n").unwrap();
        let mut m = model_with_bones(&["頭", "左腕"]);
        m.bones[1].name_en = "LeftArm".into();
        let before = m.clone();
        let mut h = History::new();
        let script = format!(
            r#"[{{"op":"translate_names","overwrite":true,"dictionary":{}}}]"#,
            serde_json::to_string(&csv).unwrap()
        );
        run_script(&mut m, &mut h, &parse_script(&script).unwrap()).unwrap();
        assert_eq!(m.bones[0].name_en, "Head");
        assert_eq!(m.bones[1].name_en, "arm_L");
        h.undo(&mut m).unwrap();
        assert_eq!(m, before);

        let bad = r#"[{"op":"translate_names","dictionary":"/nonexistent/x.csv"}]"#;
        assert!(run_script(&mut m, &mut h, &parse_script(bad).unwrap()).is_err());
        let typo = r#"[{"op":"translate_names","overwrit":true}]"#;
        assert!(run_script(&mut m, &mut h, &parse_script(typo).unwrap()).is_err());
        assert_eq!(m, before);
    }
}
