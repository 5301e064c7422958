//! The app's message catalogue (`locales/{en,ja}/*.ftl`); the language and the lookup
//! rules are the core's ([`crate::i18n`](hone_core::i18n)). Look up with [`crate::tr!`].

use std::sync::atomic::AtomicBool;

/// `--lang` was given: it beats the language remembered from View ▸ Language.
pub static LANG_FROM_COMMAND_LINE: AtomicBool = AtomicBool::new(false);

// Every string the app shows: menus, tabs, panels, buttons, tooltips, dialogs, the
// status bar, History labels, Log lines, the viewport's HUD and legends.
fluent_templates::static_loader! {
    pub static APP = {
        locales: "./locales",
        fallback_language: "en",
        // No Unicode isolation marks around arguments: egui draws them as boxes.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// Looks an app message up: `tr!("key")` or `tr!("key", name = value, …)`.
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        ::hone_core::i18n::lookup(&$crate::app::i18n::APP, $key, &[])
    };
    ($key:expr, $($name:ident = $value:expr),+ $(,)?) => {
        ::hone_core::i18n::lookup(
            &$crate::app::i18n::APP,
            $key,
            &[$((stringify!($name), ::hone_core::i18n::FluentValue::from($value))),+],
        )
    };
}
