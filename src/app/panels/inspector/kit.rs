//! The inspector's widget kit: a two-column grid of fields of the selected
//! element(s). Each field is read with a getter and written with a setter, so a
//! change is one small function ("set the mass to 0.5") that the inspector
//! applies to a copy of every selected element (one undo step).
//!
//! With several elements a field whose values differ shows "mixed" (an empty
//! text, an indeterminate checkbox, "(mixed)" in a choice); setting it sets it
//! on all of them. A vector or mask is mixed per component or bit, and changing
//! one component changes only that component of each element.
//!
//! Data integrity: a field reports a change only when the user set a different
//! value. Focusing a number and leaving it re-reads the rounded text on show and
//! must not store it (the stored value keeps every bit); typed numbers are parsed
//! at full precision; values outside a widget's range are shown, not clamped.

mod widgets;

pub use widgets::{
    grid, number, number_f32, parse_number, reference_picker, reference_text, Names, Number, Typed,
};

use eframe::egui;

use crate::tr;
use egui::Ui;

/// One field change: what the history calls it, the value set (for the label)
/// and how to make it on an element.
pub struct Change<T> {
    pub field: String,
    pub value: String,
    apply: Box<dyn Fn(&mut T)>,
}

impl<T: Clone> Change<T> {
    /// `element` with the change made.
    pub fn applied_to(&self, element: &T) -> T {
        let mut e = element.clone();
        (self.apply)(&mut e);
        e
    }
}

/// A field's getter: reads the value from an element.
pub trait Get<T, V>: Fn(&T) -> V + Copy + 'static {}
impl<T, V, F: Fn(&T) -> V + Copy + 'static> Get<T, V> for F {}

/// A field's setter: writes the value into an element.
pub trait Set<T, V>: Fn(&mut T, V) + Copy + 'static {}
impl<T, V, F: Fn(&mut T, V) + Copy + 'static> Set<T, V> for F {}

/// A field's getter and setter of a plain field: `at!(mass)`, `at!(config.vcf)`.
macro_rules! at {
    ($($field:ident).+) => {
        (|e: &_| e.$($field).+, |e: &mut _, v| e.$($field).+ = v)
    };
}
pub(crate) use at;

/// An optional part's place in an element, read and written: `part!(append)`.
macro_rules! part {
    ($field:ident) => {
        (|e| &e.$field, |e| &mut e.$field)
    };
}
pub(crate) use part;

/// Shown for a field whose selected elements hold different values.
pub fn mixed_text() -> String {
    tr!("inspector-mixed")
}

/// The fields of one form. Widgets show the first element's values, or "mixed".
pub struct Form<'a, T> {
    items: &'a [&'a T],
    change: Option<Change<T>>,
}

impl<'a, T: 'static> Form<'a, T> {
    /// A form over `items` (at least one).
    pub fn new(items: &'a [&'a T]) -> Self {
        assert!(!items.is_empty(), "a form edits at least one element");
        Form {
            items,
            change: None,
        }
    }

    /// The element the widgets show.
    pub fn first(&self) -> &'a T {
        self.items[0]
    }

    /// Whether the form edits several elements at once.
    pub fn is_multi(&self) -> bool {
        self.items.len() > 1
    }

    /// How many elements the form edits.
    pub fn count(&self) -> usize {
        self.items.len()
    }

    /// Whether `get` differs between the edited elements.
    pub fn mixed<V: PartialEq>(&self, get: impl Fn(&T) -> V) -> bool {
        let first = get(self.items[0]);
        self.items[1..].iter().any(|e| get(e) != first)
    }

    /// [`mixed`](Self::mixed) for floats, compared bit for bit (NaN equals NaN).
    fn mixed_f32(&self, get: impl Fn(&T) -> f32) -> bool {
        self.mixed(|e| get(e).to_bits())
    }

    /// The change the user made this frame, if any.
    pub fn finish(self) -> Option<Change<T>> {
        self.change
    }

    /// Records a change (the last one of a frame wins; a frame has at most one).
    pub fn changed(
        &mut self,
        field: impl Into<String>,
        value: impl Into<String>,
        apply: impl Fn(&mut T) + 'static,
    ) {
        self.change = Some(Change {
            field: field.into(),
            value: value.into(),
            apply: Box::new(apply),
        });
    }

    /// The fields of a part of the first element (an offset, an anchor, a link):
    /// `body` fills a form over `part`; its change is made on every edited
    /// element through `lift`, which finds that element's part (if it has it).
    pub fn nested<O: 'static>(
        &mut self,
        name: impl std::fmt::Display,
        part: &O,
        lift: impl Fn(&mut T, &dyn Fn(&mut O)) + 'static,
        body: impl FnOnce(&mut Form<O>),
    ) {
        let items = [part];
        let mut f = Form::new(&items);
        body(&mut f);
        if let Some(c) = f.finish() {
            let apply = c.apply;
            self.changed(format!("{name}.{}", c.field), c.value, move |t| {
                lift(t, &*apply)
            });
        }
    }

    /// A labelled row; `add` draws the widgets right of the label.
    pub fn row<R>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        add: impl FnOnce(&mut Self, &mut Ui, egui::Id) -> R,
    ) -> R {
        let label = ui.label(field);
        let r = ui.horizontal(|ui| add(self, ui, label.id)).inner;
        ui.end_row();
        r
    }

    /// A read-only row.
    pub fn info(&mut self, ui: &mut Ui, field: &str, text: impl Into<egui::WidgetText>) {
        ui.label(field);
        ui.label(text);
        ui.end_row();
    }

    /// A text field: one line, or several (a comment, a memo).
    pub fn text(
        &mut self,
        ui: &mut Ui,
        field: &str,
        lines: Lines,
        (get, set): (impl Get<T, String>, impl Set<T, String>),
    ) {
        let mixed = self.mixed(get);
        let mut text = if mixed {
            String::new()
        } else {
            get(self.first())
        };
        let changed = self.row(ui, field, |_, ui, id| {
            let edit = if lines == Lines::Several {
                egui::TextEdit::multiline(&mut text).desired_rows(3)
            } else {
                egui::TextEdit::singleline(&mut text)
            };
            let edit = if mixed {
                edit.hint_text(mixed_text())
            } else {
                edit
            };
            ui.add(edit.desired_width(f32::INFINITY))
                .labelled_by(id)
                .changed()
        });
        if changed && (mixed || text != get(self.first())) {
            let shown = if lines == Lines::Several {
                tr!("inspector-characters", count = text.chars().count())
            } else {
                text.clone()
            };
            self.changed(field, shown, move |e| set(e, text.clone()));
        }
    }

    /// An f32 field shown as `kind` (a drag speed, or [`Number::degrees`]: radians
    /// stored, degrees shown and typed).
    pub fn f32(
        &mut self,
        ui: &mut Ui,
        field: &str,
        kind: impl Into<Number>,
        (get, set): (impl Get<T, f32>, impl Set<T, f32>),
    ) {
        let old = get(self.first());
        let kind = kind.into().mixed(self.mixed_f32(get));
        let new = self.row(ui, field, |_, ui, id| number_f32(ui, id, old, kind));
        if let Some(Typed { stored, shown }) = new {
            self.changed(field, shown, move |e| set(e, stored));
        }
    }

    pub fn i32(
        &mut self,
        ui: &mut Ui,
        field: &str,
        (get, set): (impl Get<T, i32>, impl Set<T, i32>),
    ) {
        self.integer(ui, field, i32::MIN, i32::MAX, (get, set));
    }

    /// An integer in `min..=max` (a stored value outside is shown as it is).
    pub fn integer<V>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        min: V,
        max: V,
        (get, set): (impl Get<T, V>, impl Set<T, V>),
    ) where
        V: Copy + PartialEq + Into<f64> + TryFrom<i64> + std::fmt::Display + 'static,
    {
        let old = get(self.first());
        let mixed = self.mixed(get);
        let kind = Number {
            range: min.into()..=max.into(),
            ..Number::integer().mixed(mixed)
        };
        let new = self.row(ui, field, |_, ui, id| number(ui, id, old.into(), kind));
        if let Some(v) = new
            .and_then(|v| V::try_from(v as i64).ok())
            .filter(|v| mixed || *v != old)
        {
            self.changed(field, v.to_string(), move |e| set(e, v));
        }
    }

    /// One number per component (x, y, z, w) shown as `kind` (a drag speed, or
    /// [`Number::degrees`] for Euler angles); a change sets only that component.
    pub fn vector<V: Components>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        kind: impl Into<Number>,
        (get, set): (impl Get<T, V>, impl Set<T, V>),
    ) {
        let kind = kind.into();
        let old = get(self.first());
        let mixed: Vec<bool> = (0..V::AXES.len())
            .map(|k| self.mixed_f32(|e| get(e).get(k)))
            .collect();
        let new = self.row(ui, field, |_, ui, id| {
            let mut new = None;
            for (k, axis) in V::AXES.iter().enumerate() {
                let kind = Number {
                    prefix: axis,
                    ..kind.clone().mixed(mixed[k])
                };
                if let Some(v) = number_f32(ui, id, old.get(k), kind) {
                    new = Some((k, v));
                }
            }
            new
        });
        if let Some((k, Typed { stored, shown })) = new {
            let name = format!("{field}.{}", V::AXES[k]);
            self.changed(name, shown, move |e| {
                let mut value = get(e);
                value.set(k, stored);
                set(e, value);
            });
        }
    }

    /// A colour button and its channels; the button sets the whole colour.
    pub fn colour<V: Components>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        (get, set): (impl Get<T, V>, impl Set<T, V>),
    ) {
        let old = get(self.first());
        let mixed: Vec<bool> = (0..V::AXES.len())
            .map(|k| self.mixed_f32(|e| get(e).get(k)))
            .collect();
        let picked = self.row(ui, field, |_, ui, id| {
            let mut a = [0.0f32; 4];
            for (k, x) in a.iter_mut().enumerate().take(V::AXES.len()) {
                *x = old.get(k);
            }
            let mut rgba = a;
            let button = if V::AXES.len() == 4 {
                ui.color_edit_button_rgba_unmultiplied(&mut rgba)
            } else {
                let mut rgb = [a[0], a[1], a[2]];
                let r = ui.color_edit_button_rgb(&mut rgb);
                rgba[..3].copy_from_slice(&rgb);
                r
            };
            let mut change = (button.changed() && rgba != a).then_some(None);
            for (k, channel) in ["r", "g", "b", "a"].iter().enumerate().take(V::AXES.len()) {
                let kind = Number {
                    prefix: channel,
                    max_decimals: 4,
                    ..Number::plain(0.005).mixed(mixed[k])
                };
                if let Some(t) = number_f32(ui, id, a[k], kind) {
                    change = Some(Some((k, t.stored)));
                }
            }
            change.map(|c| (c, rgba))
        });
        match picked {
            Some((Some((k, v)), _)) => {
                let name = format!("{field}.{}", ["r", "g", "b", "a"][k]);
                self.changed(name, v.to_string(), move |e| {
                    let mut value = get(e);
                    value.set(k, v);
                    set(e, value);
                });
            }
            Some((None, rgba)) => {
                let mut value = old;
                for (k, x) in rgba.iter().enumerate().take(V::AXES.len()) {
                    value.set(k, *x);
                }
                let shown = format!("{:?}", &rgba[..V::AXES.len()]);
                self.changed(field, shown, move |e| set(e, value));
            }
            None => {}
        }
    }

    pub fn check(
        &mut self,
        ui: &mut Ui,
        field: &str,
        (get, set): (impl Get<T, bool>, impl Set<T, bool>),
    ) {
        // A mixed box shows as indeterminate and unticked: a click ticks all.
        let mixed = self.mixed(get);
        let mut on = get(self.first()) && !mixed;
        let changed = self.row(ui, field, |_, ui, id| {
            ui.add(egui::Checkbox::new(&mut on, "").indeterminate(mixed))
                .labelled_by(id)
                .changed()
        });
        if changed {
            let shown = if on {
                tr!("inspector-on")
            } else {
                tr!("inspector-off")
            };
            self.changed(field, shown, move |e| set(e, on));
        }
    }

    /// A checkbox that adds an optional part (as `new` makes it) or removes it.
    #[allow(clippy::type_complexity)]
    pub fn optional<P: 'static>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        (read, write): (fn(&T) -> &Option<P>, fn(&mut T) -> &mut Option<P>),
        new: fn() -> P,
    ) {
        let set = move |e: &mut T, on: bool| {
            let part = write(e);
            if on != part.is_some() {
                *part = on.then(new);
            }
        };
        self.check(ui, field, (move |e: &T| read(e).is_some(), set));
    }

    /// One of `options`; a stored value not among them shows as "(other)".
    pub fn choice<V: PartialEq + Copy + 'static>(
        &mut self,
        ui: &mut Ui,
        field: &str,
        options: &[(V, impl AsRef<str>)],
        (get, set): (impl Get<T, V>, impl Set<T, V>),
    ) {
        let old = get(self.first());
        let mixed = self.mixed(get);
        let picked = self.row(ui, field, |_, ui, label| {
            let current = options
                .iter()
                .find(|(o, _)| *o == old)
                .map_or_else(|| tr!("inspector-other"), |(_, n)| n.as_ref().to_owned());
            let current = if mixed {
                tr!("inspector-mixed-choice")
            } else {
                current
            };
            let mut picked = None;
            egui::ComboBox::from_id_salt(field)
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (o, n) in options {
                        let on = *o == old && !mixed;
                        if ui.selectable_label(on, n.as_ref()).clicked() && !on {
                            picked = Some((*o, n.as_ref().to_owned()));
                        }
                    }
                })
                .response
                .labelled_by(label);
            picked
        });
        if let Some((v, name)) = picked {
            self.changed(field, name, move |e| set(e, v));
        }
    }

    /// An index into `names` picked by name; −1 "(none)" allowed when `none`.
    pub fn reference(
        &mut self,
        ui: &mut Ui,
        field: &str,
        names: Names,
        none: bool,
        (get, set): (impl Get<T, i32>, impl Set<T, i32>),
    ) {
        let mut v = get(self.first());
        let mixed = self.mixed(get);
        let changed = self.row(ui, field, |_, ui, label| {
            let salt = (field, ui.next_auto_id());
            let (changed, combo) = reference_picker(ui, salt, &mut v, names, none, mixed);
            combo.labelled_by(label);
            changed
        });
        if changed {
            let shown = reference_text(v, names);
            self.changed(field, shown, move |e| set(e, v));
        }
    }

    /// One checkbox per bit of a 16-bit mask, in four rows of four.
    pub fn mask_bits(
        &mut self,
        ui: &mut Ui,
        field: &str,
        (get, set): (impl Get<T, u16>, impl Set<T, u16>),
    ) {
        let mask = get(self.first());
        let mixed_bits = self.items[1..]
            .iter()
            .fold(0u16, |m, e| m | (get(e) ^ mask));
        ui.label(field);
        let mut flipped = None;
        // Four rows of four: two rows of eight overflow the default panel width.
        ui.vertical(|ui| {
            for row in 0..4 {
                ui.horizontal(|ui| {
                    for g in row * 4..row * 4 + 4 {
                        let mixed = mixed_bits & (1 << g) != 0;
                        let mut on = mask & (1 << g) != 0 && !mixed;
                        let bit = egui::Checkbox::new(&mut on, g.to_string()).indeterminate(mixed);
                        if ui.add(bit).changed() {
                            flipped = Some((g, on));
                        }
                    }
                });
            }
        });
        ui.end_row();
        if let Some((g, on)) = flipped {
            let state = if on {
                tr!("inspector-on")
            } else {
                tr!("inspector-off")
            };
            let shown = format!("{g} {state}");
            self.changed(field, shown, move |e| {
                let m = get(e);
                set(e, if on { m | 1 << g } else { m & !(1 << g) });
            });
        }
    }
}

impl<T: Bilingual> Form<'_, T> {
    /// The name and English name rows; past `vmd_bytes` (a name's room in a
    /// motion file) the name is warned about.
    pub fn names(&mut self, ui: &mut Ui, vmd_bytes: Option<usize>) {
        let fields = [tr!("inspector-field-name"), tr!("inspector-field-name-en")];
        for (k, field) in fields.iter().enumerate() {
            let get = move |e: &T| e.names()[k].clone();
            self.text(
                ui,
                field,
                Lines::One,
                (get, move |e, v| *e.names_mut()[k] = v),
            );
            if let (0, Some(bytes)) = (k, vmd_bytes) {
                let name = self.first().names()[0];
                crate::app::name_fit::vmd_warning_row(ui, name, bytes);
            }
        }
    }
}

/// How much room a text field has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    One,
    Several,
}

/// Records with a name and an English name.
pub trait Bilingual: 'static {
    fn names(&self) -> [&String; 2];
    fn names_mut(&mut self) -> [&mut String; 2];
}

macro_rules! bilingual {
    ($($t:ty),*) => {
        $(impl Bilingual for $t {
            fn names(&self) -> [&String; 2] {
                [&self.name, &self.name_en]
            }
            fn names_mut(&mut self) -> [&mut String; 2] {
                [&mut self.name, &mut self.name_en]
            }
        })*
    };
}
bilingual!(
    crate::pmx::Bone,
    crate::pmx::Morph,
    crate::pmx::Material,
    crate::pmx::RigidBody,
    crate::pmx::Joint,
    crate::pmx::SoftBody,
    crate::pmx::DisplayFrame,
    crate::pmx::model::ModelInfo
);

/// Fixed-size float vectors the kit edits per component.
pub trait Components: Copy + 'static {
    const AXES: &'static [&'static str];
    fn get(&self, k: usize) -> f32;
    fn set(&mut self, k: usize, v: f32);
}

macro_rules! components {
    ($t:ty, $axes:expr) => {
        impl Components for $t {
            const AXES: &'static [&'static str] = &$axes;
            fn get(&self, k: usize) -> f32 {
                self[k]
            }
            fn set(&mut self, k: usize, v: f32) {
                self[k] = v;
            }
        }
    };
}
components!(glam::Vec2, ["x", "y"]);
components!(glam::Vec3, ["x", "y", "z"]);
components!(glam::Vec4, ["x", "y", "z", "w"]);
