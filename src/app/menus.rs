//! The menu bar, keyboard shortcuts and the unsaved-changes question.

use eframe::egui;

use crate::app::commands::{Command, ViewCommand};
use crate::app::files::picker::{PickRequest, Purpose};
use crate::app::panels::context_menu::{self, MenuCx};
use crate::app::panels::structure::{self, ListAction, Request};
use crate::app::shell::{HoneApp, Pending};
use crate::app::{dock, Selection, State};

/// The list edit a key asks for (Delete, Ctrl+D, Insert/Ctrl+N, Alt+↑/↓), for
/// the list of the active selection. None while a text field has the keyboard.
fn list_key(ctx: &egui::Context) -> Option<ListAction> {
    if ctx.text_edit_focused() {
        return None;
    }
    ctx.input_mut(|i| {
        ListAction::STANDARD
            .into_iter()
            .find(|a| a.shortcut().is_some_and(|k| i.consume_shortcut(&k)))
    })
}

/// How many undo (or redo) steps `shortcut` asks for this frame; consumes its key events.
///
/// Holding Ctrl+Z keeps undoing, as in Blender and in Windows programs such as PMX Editor
/// (menu shortcut keys fire again on the system's key repeat; PMX Editor's own behaviour
/// is not documented anywhere we found): riggers walk back many steps that way. Each real
/// press is one step, but the repeats of a frame count as one step together, so an undo
/// slower than the repeat rate never leaves a backlog that keeps undoing after the key is
/// let go, and at most one repeated step lands per frame (each one fully applied, its
/// changes seen by the views, before the next).
fn undo_presses(input: &mut egui::InputState, shortcut: &egui::KeyboardShortcut) -> usize {
    let (mut presses, mut repeats) = (0, 0);
    input.events.retain(|e| match e {
        egui::Event::Key {
            key,
            pressed: true,
            repeat,
            modifiers,
            ..
        } if *key == shortcut.logical_key && modifiers.matches_logically(shortcut.modifiers) => {
            if *repeat {
                repeats += 1;
            } else {
                presses += 1;
            }
            false
        }
        _ => true,
    });
    presses.max(usize::from(repeats > 0))
}

/// The list of the active selection, if it is one the lists edit.
fn active_list(state: &State) -> Option<crate::edit::ElementKind> {
    state
        .selection()
        .kind()
        .filter(|k| structure::LIST_KINDS.contains(k))
}

impl HoneApp {
    pub(super) fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let undo = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
        let redo_y = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
        let redo_shift = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        let save_as = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
        let save = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
        let open = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
        // Longer shortcuts first: consume_shortcut matches modifiers loosely.
        let (u, r1, r2, sa, s, o) = ctx.input_mut(|i| {
            let r2 = undo_presses(i, &redo_shift);
            let u = undo_presses(i, &undo);
            let r1 = undo_presses(i, &redo_y);
            let sa = i.consume_shortcut(&save_as);
            let s = i.consume_shortcut(&save);
            let o = i.consume_shortcut(&open);
            (u, r1, r2, sa, s, o)
        });
        // The newest change, pose or model (pose changes have their own history).
        for _ in 0..u {
            self.state.commands().push(Command::UndoNewest);
        }
        for _ in 0..r1.max(r2) {
            self.state.commands().push(Command::RedoNewest);
        }
        if sa {
            self.save(true);
        } else if s {
            self.save(false);
        }
        if o {
            self.request(Pending::OpenDialog);
        }
        let open_dialog = self.pending.is_some() || self.state.panels().delete_question.is_some();
        if let Some(action) = list_key(ctx).filter(|_| !open_dialog) {
            // Ctrl+N adds to the list in use even with nothing selected in it.
            match active_list(&self.state) {
                Some(kind) => self
                    .state
                    .commands()
                    .push(Command::List(Request::on_selection(kind, action))),
                None => self.state.log(
                    crate::app::LogLevel::Info,
                    crate::tr!("log-select-in-list-first"),
                ),
            }
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(crate::tr!("menu-file"), |ui| {
                if ui.button(crate::tr!("menu-open")).clicked() {
                    self.request(Pending::OpenDialog);
                }
                ui.menu_button(crate::tr!("menu-open-recent"), |ui| {
                    if self.recent.is_empty() {
                        ui.label(crate::tr!("menu-recent-none"));
                    }
                    for p in self.recent.clone() {
                        if ui.button(p.display().to_string()).clicked() {
                            self.request(Pending::Open(p));
                        }
                    }
                });
                if ui.button(crate::tr!("menu-open-sample")).clicked() {
                    self.request(Pending::OpenSample);
                }
                // File ▸ Add model…: the merge operation's generated dialog (part file,
                // attach bone, matching…) with its summary before Apply.
                if let Some(op) = crate::ops::find("merge") {
                    if ui.button(op.title()).on_hover_text(op.help()).clicked() {
                        self.state.commands().push(Command::Generator(
                            crate::app::commands::Open {
                                op,
                                kind: None,
                                selected: Vec::new(),
                            },
                        ));
                        ui.close();
                    }
                }
                if ui.button(crate::tr!("menu-load-motion")).clicked() {
                    self.request_path(PickRequest {
                        purpose: Purpose::LoadMotion,
                        title: crate::tr!("files-title-motion"),
                        filters: vec![(crate::tr!("filter-vmd-motion"), vec!["vmd", "VMD"])],
                        save_name: None,
                        directory: None,
                    });
                }
                let (view, commands, panels) = self.state.split();
                crate::app::pose_files::menu_items(ui, &view, commands, panels);
                if ui.button(crate::tr!("io-import-csv")).clicked() {
                    self.request_path(PickRequest {
                        purpose: Purpose::ImportCsv,
                        title: crate::tr!("files-title-import-csv"),
                        filters: vec![("CSV".into(), vec!["csv"])],
                        save_name: None,
                        directory: None,
                    });
                }
                if ui.button(crate::tr!("io-export-csv")).clicked() {
                    self.export_csv();
                }
                ui.separator();
                // Bake, export, extract…: one entry per output operation, from OUTPUTS.
                let write_options = self.state.save_options();
                crate::app::outputs::menu_items(ui, &self.state.view(), write_options);
                ui.separator();
                if ui.button(crate::tr!("menu-save")).clicked() {
                    self.save(false);
                }
                if ui.button(crate::tr!("menu-save-as")).clicked() {
                    self.save(true);
                }
                ui.checkbox(&mut self.backup.enabled, crate::tr!("files-backup-on-save"))
                    .on_hover_text(crate::tr!(
                        "files-backup-on-save-hint",
                        keep = self.backup.keep as i64
                    ));
                ui.menu_button(crate::tr!("menu-save-format"), |ui| {
                    use crate::pmx::{PmxVersion, TextEncoding};
                    let before = self.state.save_options();
                    let mut options = before;
                    let o = &mut options;
                    ui.label(crate::tr!("menu-save-version"));
                    ui.radio_value(&mut o.version, None, crate::tr!("menu-save-as-loaded"));
                    ui.radio_value(&mut o.version, Some(PmxVersion::V2_0), "PMX 2.0");
                    ui.radio_value(&mut o.version, Some(PmxVersion::V2_1), "PMX 2.1");
                    ui.separator();
                    ui.label(crate::tr!("menu-save-encoding"));
                    ui.radio_value(&mut o.encoding, None, crate::tr!("menu-save-as-loaded"));
                    ui.radio_value(&mut o.encoding, Some(TextEncoding::Utf16Le), "UTF-16");
                    ui.radio_value(&mut o.encoding, Some(TextEncoding::Utf8), "UTF-8");
                    if options != before {
                        self.state.commands().push(Command::SaveOptions(options));
                    }
                });
                ui.separator();
                if ui.button(crate::tr!("menu-quit")).clicked() {
                    self.request(Pending::Quit);
                }
            });
            ui.menu_button(crate::tr!("menu-edit"), |ui| {
                let revision = self.state.doc().history.revision();
                let pose_undo_keys = self.state.pose_undo().undo_is_newest(revision);
                let pose_redo_keys = self.state.pose_undo().redo_is_newest(revision);
                let keys = |on: bool, k: &str| {
                    if on {
                        format!("  ({k})")
                    } else {
                        String::new()
                    }
                };
                let model_keys = keys(!pose_undo_keys, "Ctrl+Z");
                let pose_undo = crate::tr!("menu-undo-pose", keys = keys(pose_undo_keys, "Ctrl+Z"));
                let pose_redo = crate::tr!("menu-redo-pose", keys = keys(pose_redo_keys, "Ctrl+Y"));
                let undo_label = match self.state.doc().history.undo_label() {
                    Some(s) => crate::tr!("menu-undo-named", what = s, keys = model_keys),
                    None => crate::tr!("menu-undo", keys = model_keys),
                };
                if ui
                    .add_enabled(
                        self.state.doc().history.can_undo(),
                        egui::Button::new(undo_label),
                    )
                    .clicked()
                {
                    self.state.commands().push(Command::Undo);
                }
                if ui
                    .add_enabled(
                        self.state.doc().history.can_redo(),
                        egui::Button::new(crate::tr!(
                            "menu-redo",
                            keys = keys(!pose_redo_keys, "Ctrl+Y")
                        )),
                    )
                    .clicked()
                {
                    self.state.commands().push(Command::Redo);
                }
                ui.separator();
                let can = (
                    self.state.pose_undo().can_undo(),
                    self.state.pose_undo().can_redo(),
                );
                if ui
                    .add_enabled(can.0, egui::Button::new(pose_undo))
                    .clicked()
                {
                    self.state.commands().push(Command::UndoPose);
                }
                if ui
                    .add_enabled(can.1, egui::Button::new(pose_redo))
                    .clicked()
                {
                    self.state.commands().push(Command::RedoPose);
                }
                ui.separator();
                if let Some(q) = self.list_edit_items(ui) {
                    self.state.commands().push(Command::List(q));
                }
                ui.separator();
                crate::app::translate_names::menu_item(ui);
                if ui.button(crate::tr!("menu-model-info")).clicked() {
                    self.state.commands().select(Selection::Model);
                }
            });
            ui.menu_button(crate::tr!("menu-rig"), |ui| {
                let (view, commands, _) = self.state.split();
                crate::app::generators::menu(ui, crate::ops::Menu::Rig, &view, commands)
            });
            ui.menu_button(crate::tr!("menu-model"), |ui| {
                let (view, commands, _) = self.state.split();
                crate::app::generators::menu(ui, crate::ops::Menu::Model, &view, commands)
            });
            ui.menu_button(crate::tr!("menu-materials"), |ui| {
                let (view, commands, _) = self.state.split();
                crate::app::generators::menu(ui, crate::ops::Menu::Materials, &view, commands)
            });
            ui.menu_button(crate::tr!("menu-morph"), |ui| {
                let (view, commands, _) = self.state.split();
                crate::app::morph_tools::menu(ui, &view, commands)
            });
            ui.menu_button(crate::tr!("menu-view"), |ui| {
                for tab in dock::Tab::ALL {
                    let open = self.dock.find_tab(&tab).is_some();
                    if ui
                        .add_enabled(!open, egui::Button::new(tab.title()))
                        .clicked()
                    {
                        dock::focus_tab(&mut self.dock, tab);
                    }
                }
                ui.separator();
                if ui.button(crate::tr!("menu-reset-layout")).clicked() {
                    self.dock = dock::default_layout();
                }
                if ui.button(crate::tr!("menu-reset-view")).clicked() {
                    self.state
                        .commands()
                        .push(Command::View(ViewCommand::ResetCamera));
                }
                if ui.button(crate::tr!("menu-reset-pose")).clicked() {
                    self.state.commands().push(Command::ResetPose);
                }
                let mut timing = self.state.viewport().timing.shown;
                if ui
                    .checkbox(&mut timing, crate::tr!("menu-frame-timing"))
                    .changed()
                {
                    self.state
                        .commands()
                        .push(Command::View(ViewCommand::Timing(timing)));
                }
                ui.separator();
                ui.menu_button(crate::tr!("menu-language"), |ui| {
                    let current = hone_core::i18n::lang();
                    for lang in hone_core::i18n::Lang::ALL {
                        if ui.radio(current == lang, lang.native_name()).clicked() {
                            // Every label is looked up each frame: the next frame is in `lang`.
                            hone_core::i18n::set_lang(lang);
                            ui.close();
                        }
                    }
                });
            });
        });
    }

    /// The error dialog (a file from the command line that did not open).
    pub(super) fn error_modal(&mut self, ctx: &egui::Context) {
        let Some(message) = &self.error_message else {
            return;
        };
        let mut close = false;
        egui::Modal::new(egui::Id::new("error_message")).show(ctx, |ui| {
            ui.heading(crate::tr!("dialog-open-failed"));
            ui.colored_label(egui::Color32::from_rgb(240, 90, 90), message);
            ui.label(crate::tr!(
                "dialog-showing-instead",
                name = self.state.doc().display_name.as_str()
            ));
            ui.add_space(8.0);
            close = ui.button(crate::tr!("dialog-ok")).clicked();
        });
        if close {
            self.error_message = None;
        }
    }

    /// The Edit menu's list part: the context-menu entries for the selection.
    fn list_edit_items(&mut self, ui: &mut egui::Ui) -> Option<Request> {
        let kind = active_list(&self.state);
        let (view, commands, _) = self.state.split();
        let sel = kind.map_or_else(Vec::new, |k| {
            structure::selected_in(view.selection, view.selected, k)
        });
        let cx = kind.map(|kind| MenuCx {
            model: view.model,
            kind,
            active: view.selection,
            selected: &sel,
            commands,
        });
        context_menu::edit_menu(ui, cx)
    }

    pub(super) fn unsaved_modal(&mut self, ctx: &egui::Context) {
        let Some(action) = self.pending.clone() else {
            return;
        };
        let name = self.state.doc().display_name.as_str();
        let choice = crate::app::shell::ask(
            ctx,
            "unsaved_changes",
            crate::tr!("dialog-unsaved"),
            crate::tr!("dialog-unsaved-question", name = name),
            ["dialog-save", "dialog-dont-save", "dialog-cancel"],
        );
        match choice {
            Some(0) => {
                // Goes on with the action once saved (now, or after a dialog or question).
                self.pending = None;
                self.save_then(false, Some(action));
            }
            Some(1) => {
                self.pending = None;
                self.perform(action);
            }
            Some(2) => self.pending = None,
            _ => {}
        }
    }
}
