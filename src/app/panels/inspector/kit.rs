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

use eframe::egui;

use crate::pmx::{Bone, Joint, Material, Morph, RigidBody};
use egui::{DragValue, Ui};
use glam::Vec3;

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

/// Shown for a field whose selected elements hold different values.
pub const MIXED: &str = "mixed";

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

    pub fn text(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        get: impl Fn(&T) -> String + Copy + 'static,
        set: impl Fn(&mut T, String) + Copy + 'static,
    ) {
        self.text_edit(ui, field, false, get, set);
    }

    pub fn multiline(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        get: impl Fn(&T) -> String + Copy + 'static,
        set: impl Fn(&mut T, String) + Copy + 'static,
    ) {
        self.text_edit(ui, field, true, get, set);
    }

    fn text_edit(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        multiline: bool,
        get: impl Fn(&T) -> String + Copy + 'static,
        set: impl Fn(&mut T, String) + Copy + 'static,
    ) {
        let mixed = self.mixed(get);
        let mut text = if mixed {
            String::new()
        } else {
            get(self.first())
        };
        let changed = self.row(ui, field, |_, ui, id| {
            let edit = if multiline {
                egui::TextEdit::multiline(&mut text).desired_rows(3)
            } else {
                egui::TextEdit::singleline(&mut text)
            };
            let edit = if mixed { edit.hint_text(MIXED) } else { edit };
            ui.add(edit.desired_width(f32::INFINITY))
                .labelled_by(id)
                .changed()
        });
        if changed && (mixed || text != get(self.first())) {
            let shown = if multiline {
                format!("{} characters", text.chars().count())
            } else {
                text.clone()
            };
            self.changed(field, shown, move |e| set(e, text.clone()));
        }
    }

    pub fn f32(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        speed: f64,
        get: impl Fn(&T) -> f32 + Copy + 'static,
        set: impl Fn(&mut T, f32) + Copy + 'static,
    ) {
        let old = get(self.first());
        let kind = Number::plain(speed).mixed(self.mixed_f32(get));
        let new = self.row(ui, field, |_, ui, id| number_f32(ui, id, old, kind));
        if let Some(Typed { stored, shown }) = new {
            self.changed(field, shown, move |e| set(e, stored));
        }
    }

    /// Radians stored, degrees shown and typed.
    pub fn angle(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        get: impl Fn(&T) -> f32 + Copy + 'static,
        set: impl Fn(&mut T, f32) + Copy + 'static,
    ) {
        let old = get(self.first());
        let kind = Number::degrees().mixed(self.mixed_f32(get));
        let new = self.row(ui, field, |_, ui, id| number_f32(ui, id, old, kind));
        if let Some(Typed { stored, shown }) = new {
            self.changed(field, shown, move |e| set(e, stored));
        }
    }

    pub fn i32(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        get: impl Fn(&T) -> i32 + Copy + 'static,
        set: impl Fn(&mut T, i32) + Copy + 'static,
    ) {
        self.integer(ui, field, i32::MIN, i32::MAX, get, set);
    }

    /// An integer in `min..=max` (a stored value outside is shown as it is).
    pub fn integer<V>(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        min: V,
        max: V,
        get: impl Fn(&T) -> V + Copy + 'static,
        set: impl Fn(&mut T, V) + Copy + 'static,
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

    /// One number per component (x, y, z, w); a change sets only that component.
    pub fn vector<V: Components>(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        speed: f64,
        get: impl Fn(&T) -> V + Copy + 'static,
        set: impl Fn(&mut T, V) + Copy + 'static,
    ) {
        self.components(ui, field, Number::plain(speed), get, set);
    }

    /// Euler angles: radians stored, degrees shown, per component.
    pub fn angles(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        get: impl Fn(&T) -> Vec3 + Copy + 'static,
        set: impl Fn(&mut T, Vec3) + Copy + 'static,
    ) {
        self.components(ui, field, Number::degrees(), get, set);
    }

    fn components<V: Components>(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        kind: Number,
        get: impl Fn(&T) -> V + Copy + 'static,
        set: impl Fn(&mut T, V) + Copy + 'static,
    ) {
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
        field: &'static str,
        get: impl Fn(&T) -> V + Copy + 'static,
        set: impl Fn(&mut T, V) + Copy + 'static,
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
        field: &'static str,
        get: impl Fn(&T) -> bool + Copy + 'static,
        set: impl Fn(&mut T, bool) + Copy + 'static,
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
            let shown = if on { "on" } else { "off" };
            self.changed(field, shown, move |e| set(e, on));
        }
    }

    /// One of `options`; a stored value not among them shows as "(other)".
    pub fn choice<V: PartialEq + Copy + 'static>(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        options: &[(V, &str)],
        get: impl Fn(&T) -> V + Copy + 'static,
        set: impl Fn(&mut T, V) + Copy + 'static,
    ) {
        let old = get(self.first());
        let mixed = self.mixed(get);
        let picked = self.row(ui, field, |_, ui, _| {
            let current = options
                .iter()
                .find(|(o, _)| *o == old)
                .map_or("(other)", |(_, n)| *n);
            let current = if mixed { "(mixed)" } else { current };
            let mut picked = None;
            egui::ComboBox::from_id_salt(field)
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (o, n) in options {
                        let on = *o == old && !mixed;
                        if ui.selectable_label(on, *n).clicked() && !on {
                            picked = Some((*o, n.to_string()));
                        }
                    }
                });
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
        field: &'static str,
        names: Names,
        none: bool,
        get: impl Fn(&T) -> i32 + Copy + 'static,
        set: impl Fn(&mut T, i32) + Copy + 'static,
    ) {
        let mut v = get(self.first());
        let mixed = self.mixed(get);
        let changed = self.row(ui, field, |_, ui, _| {
            let salt = (field, ui.next_auto_id());
            reference_picker(ui, salt, &mut v, names, none, mixed)
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
        field: &'static str,
        get: impl Fn(&T) -> u16 + Copy + 'static,
        set: impl Fn(&mut T, u16) + Copy + 'static,
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
            let shown = format!("{g} {}", if on { "on" } else { "off" });
            self.changed(field, shown, move |e| {
                let m = get(e);
                set(e, if on { m | 1 << g } else { m & !(1 << g) });
            });
        }
    }
}

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

/// How a number field looks and steps.
#[derive(Clone)]
pub struct Number {
    pub speed: f64,
    /// Decimals shown (the stored value keeps all of its own).
    pub max_decimals: usize,
    pub prefix: &'static str,
    pub suffix: &'static str,
    /// Shown in degrees, stored in radians.
    pub degrees: bool,
    /// What typing and dragging may set (a stored value outside is left alone).
    pub range: std::ops::RangeInclusive<f64>,
    /// The selected elements differ: show "mixed"; any value typed is a change.
    pub mixed: bool,
}

impl Number {
    pub fn plain(speed: f64) -> Self {
        Number {
            speed,
            max_decimals: 5,
            prefix: "",
            suffix: "",
            degrees: false,
            range: f64::NEG_INFINITY..=f64::INFINITY,
            mixed: false,
        }
    }

    pub fn mixed(self, mixed: bool) -> Self {
        Number { mixed, ..self }
    }

    pub fn degrees() -> Self {
        Number {
            max_decimals: 3,
            suffix: "°",
            degrees: true,
            ..Number::plain(0.5)
        }
    }

    pub fn integer() -> Self {
        Number {
            max_decimals: 0,
            ..Number::plain(0.05)
        }
    }
}

/// A number the user set: the value to store and, for the history, as they
/// set it (degrees for angles).
pub struct Typed {
    pub stored: f32,
    pub shown: String,
}

/// An f32 number field; Some when the user set a different value.
pub fn number_f32(ui: &mut Ui, label: egui::Id, value: f32, kind: Number) -> Option<Typed> {
    let degrees = kind.degrees;
    let mixed = kind.mixed;
    let shown = if degrees { value.to_degrees() } else { value };
    let new = number(ui, label, shown as f64, kind)?;
    let (stored, shown) = if degrees {
        (new.to_radians() as f32, format!("{}°", new as f32))
    } else {
        (new as f32, (new as f32).to_string())
    };
    (mixed || stored.to_bits() != value.to_bits()).then_some(Typed { stored, shown })
}

/// A number field (drag or type). Returns the new value only when the user set
/// one: the text shown when the field was focused is not read back, so
/// focusing and leaving keeps the stored value exactly. A mixed field shows
/// "mixed" until dragged or typed; a typed value counts even if it equals `value`.
pub fn number(ui: &mut Ui, label: egui::Id, value: f64, kind: Number) -> Option<f64> {
    let decimals = kind.max_decimals;
    let mixed = kind.mixed;
    let format = move |x: f64| {
        if mixed && x.to_bits() == value.to_bits() {
            MIXED.to_owned()
        } else {
            emath_format(x, decimals)
        }
    };
    let shown_text = format(value);
    let typed = std::cell::Cell::new(None);
    let mut v = value;
    let r = ui
        .add(
            DragValue::new(&mut v)
                .speed(kind.speed)
                .range(kind.range.clone())
                .clamp_existing_to_range(false)
                .prefix(kind.prefix)
                .suffix(kind.suffix)
                .custom_formatter(move |x, _| format(x))
                .custom_parser(|text| {
                    let parsed = parse_number(text).filter(|_| text.trim() != shown_text);
                    typed.set(parsed);
                    parsed
                }),
        )
        .labelled_by(label);
    if r.changed() && v.to_bits() != value.to_bits() {
        Some(v)
    } else if mixed {
        typed
            .get()
            .map(|t| t.clamp(*kind.range.start(), *kind.range.end()))
    } else {
        None
    }
}

fn emath_format(x: f64, decimals: usize) -> String {
    egui::emath::format_with_decimals_in_range(x, 0..=decimals)
}

/// A typed number: spaces ignored, the minus sign U+2212 accepted.
pub fn parse_number(text: &str) -> Option<f64> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '−' { '-' } else { c })
        .collect();
    text.parse().ok().filter(|v: &f64| v.is_finite())
}

/// A list of the model a reference points into, read by name (no copies).
#[derive(Clone, Copy)]
pub enum Names<'a> {
    Bones(&'a [Bone]),
    Morphs(&'a [Morph]),
    Materials(&'a [Material]),
    Bodies(&'a [RigidBody]),
    Joints(&'a [Joint]),
    Textures(&'a [String]),
}

impl<'a> Names<'a> {
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    pub fn len(self) -> usize {
        match self {
            Names::Bones(l) => l.len(),
            Names::Morphs(l) => l.len(),
            Names::Materials(l) => l.len(),
            Names::Bodies(l) => l.len(),
            Names::Joints(l) => l.len(),
            Names::Textures(l) => l.len(),
        }
    }

    pub fn get(self, i: usize) -> Option<&'a str> {
        match self {
            Names::Bones(l) => l.get(i).map(|e| e.name.as_str()),
            Names::Morphs(l) => l.get(i).map(|e| e.name.as_str()),
            Names::Materials(l) => l.get(i).map(|e| e.name.as_str()),
            Names::Bodies(l) => l.get(i).map(|e| e.name.as_str()),
            Names::Joints(l) => l.get(i).map(|e| e.name.as_str()),
            Names::Textures(l) => l.get(i).map(String::as_str),
        }
    }

    /// The name of reference `v` (−1 or out of range: None).
    pub fn of(self, v: i32) -> Option<&'a str> {
        usize::try_from(v).ok().and_then(|i| self.get(i))
    }
}

/// "#3 name", "(none)" or "#9 (out of range)".
pub fn reference_text(v: i32, names: Names) -> String {
    match names.of(v) {
        Some(n) => format!("#{v} {n}"),
        None if v < 0 => "(none)".to_owned(),
        None => format!("#{v} (out of range)"),
    }
}

/// A combo box listing `names` with a filter box; shows the current reference by
/// name, or "(mixed)" (then any pick is a change).
pub fn reference_picker(
    ui: &mut Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    v: &mut i32,
    names: Names,
    none: bool,
    mixed: bool,
) -> bool {
    let id = ui.make_persistent_id(&salt).with("filter");
    let mut changed = false;
    let shown = if mixed {
        "(mixed)".to_owned()
    } else {
        reference_text(*v, names)
    };
    egui::ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .width(180.0)
        .height(320.0)
        .show_ui(ui, |ui| {
            let mut filter: String = ui.data_mut(|d| d.get_temp(id).unwrap_or_default());
            ui.add(egui::TextEdit::singleline(&mut filter).hint_text("filter"));
            if none
                && ui.selectable_label(*v < 0 && !mixed, "(none)").clicked()
                && (*v >= 0 || mixed)
            {
                *v = crate::pmx::NONE;
                changed = true;
            }
            for i in 0..names.len() {
                let n = names.get(i).unwrap_or_default();
                let on = *v == i as i32 && !mixed;
                if super::super::matches(&filter, &[n])
                    && ui.selectable_label(on, format!("#{i} {n}")).clicked()
                    && !on
                {
                    *v = i as i32;
                    changed = true;
                }
            }
            ui.data_mut(|d| d.insert_temp(id, filter));
        });
    changed
}

/// A two-column striped grid.
pub fn grid(ui: &mut Ui, id: &str, body: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([8.0, 4.0])
        .show(ui, body);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_numbers_parse_at_full_precision() {
        assert_eq!(
            parse_number(" −1.4071437 ").map(|v| v as f32),
            Some(-1.4071437f32)
        );
        assert_eq!(parse_number("1e-3"), Some(0.001));
        assert_eq!(parse_number("abc"), None);
        assert_eq!(parse_number("inf"), None);
    }
}
