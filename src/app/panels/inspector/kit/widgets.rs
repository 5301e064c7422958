//! Single widgets of the kit: number fields (dragged, or typed at full precision),
//! reference pickers by name, and the two-column grid the forms fill.

use eframe::egui;

use super::mixed_text;
use crate::pmx::{Bone, Joint, Material, Morph, RigidBody};
use crate::tr;
use egui::{DragValue, Ui};

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
    // A finite f64 past f32's range would be stored as ±∞.
    if !stored.is_finite() {
        return None;
    }
    (mixed || stored.to_bits() != value.to_bits()).then_some(Typed { stored, shown })
}

/// A number field (drag or type). Returns the new value only when the user set
/// one: the text shown when the field was focused is not read back, so
/// focusing and leaving keeps the stored value exactly. A mixed field shows
/// "mixed" until dragged or typed; a typed value counts even if it equals `value`.
pub fn number(ui: &mut Ui, label: egui::Id, value: f64, kind: Number) -> Option<f64> {
    let decimals = kind.max_decimals;
    let mixed = kind.mixed;
    let mixed_shown = if mixed { mixed_text() } else { String::new() };
    let format = move |x: f64| {
        if mixed && x.to_bits() == value.to_bits() {
            mixed_shown.clone()
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
    // A screen reader's SetValue reaches the field untyped: NaN and ±∞ never land.
    // Nor a value past the field's range (SetValue is not clamped by the widget).
    if r.changed() && v.is_finite() && v.to_bits() != value.to_bits() {
        Some(v.clamp(*kind.range.start(), *kind.range.end()))
    } else if mixed {
        typed
            .get()
            .map(|t| t.clamp(*kind.range.start(), *kind.range.end()))
    } else {
        None
    }
}

fn emath_format(x: f64, decimals: usize) -> String {
    let text = egui::emath::format_with_decimals_in_range(x, 0..=decimals);
    // A value shown as zero reads "0", not "-0" (a -0.0, or a tiny negative rounded).
    match text.strip_prefix('-') {
        Some(digits) if digits.chars().all(|c| c == '0' || c == '.') => digits.to_string(),
        _ => text,
    }
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
        None if v < 0 => tr!("inspector-none"),
        None => tr!("inspector-out-of-range", index = v),
    }
}

/// A combo box listing `names` with a filter box; shows the current reference by
/// name, or "(mixed)" (then any pick is a change). Returns whether the pick
/// changed and the combo's response (to label it).
pub fn reference_picker(
    ui: &mut Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    v: &mut i32,
    names: Names,
    none: bool,
    mixed: bool,
) -> (bool, egui::Response) {
    let id = ui.make_persistent_id(&salt).with("filter");
    let mut changed = false;
    let shown = if mixed {
        tr!("inspector-mixed-choice")
    } else {
        reference_text(*v, names)
    };
    let combo = egui::ComboBox::from_id_salt(salt)
        .selected_text(shown)
        .width(180.0)
        .height(320.0)
        .show_ui(ui, |ui| {
            let mut filter: String = ui.data_mut(|d| d.get_temp(id).unwrap_or_default());
            ui.add(egui::TextEdit::singleline(&mut filter).hint_text(tr!("inspector-filter")));
            if none
                && ui
                    .selectable_label(*v < 0 && !mixed, tr!("inspector-none"))
                    .clicked()
                && (*v >= 0 || mixed)
            {
                *v = crate::pmx::NONE;
                changed = true;
            }
            for i in 0..names.len() {
                let n = names.get(i).unwrap_or_default();
                let on = *v == i as i32 && !mixed;
                if crate::app::panels::matches(&filter, &[n])
                    && ui.selectable_label(on, format!("#{i} {n}")).clicked()
                    && !on
                {
                    *v = i as i32;
                    changed = true;
                }
            }
            ui.data_mut(|d| d.insert_temp(id, filter));
        });
    (changed, combo.response)
}

/// A two-column striped grid.
pub fn grid(ui: &mut Ui, id: &str, body: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([8.0, 4.0])
        .show(ui, body);
}

/// A drag speed is a plain number field.
impl From<f64> for Number {
    fn from(speed: f64) -> Self {
        Number::plain(speed)
    }
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

    #[test]
    fn a_number_shown_as_zero_has_no_minus_sign() {
        assert_eq!(emath_format(-0.0, 5), "0");
        let tiny = emath_format(-0.000_000_1, 3);
        assert!(
            !tiny.starts_with('-') && tiny.parse::<f64>() == Ok(0.0),
            "{tiny}"
        );
        assert_eq!(emath_format(-0.5, 3), "-0.5");
        assert_eq!(emath_format(-2.0, 3), "-2");
        assert_eq!(emath_format(0.25, 3), "0.25");
    }
}
