//! A borrowed JSON tree ([`Json`]): what every request reader reads. A line is read into it
//! without copying its strings or building maps (objects are lists of fields in the order
//! given), and a `serde_json::Value` from a binding is viewed as one, so that a field is read
//! by one piece of code whichever door it came through. Measured on `hupai batch` score
//! lines: reading a line into a `Value` cost ~17,500 instructions (a `BTreeMap` node and a
//! `String` per field); into this tree ~8,700 (docs/PERFORMANCE.md, "Through the doors").

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// A JSON value whose strings borrow from the text (or the `Value`) they were read from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json<'a> {
    Null,
    Bool(bool),
    /// A whole number that fits in 64 bits, signed or not.
    Int(i128),
    /// Any other number.
    Float(f64),
    Str(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    /// The fields in the order given (a key may repeat; a reader says what that means).
    Object(Vec<(Cow<'a, str>, Json<'a>)>),
}

impl<'a> Json<'a> {
    /// A view of a `Value`: its strings borrowed.
    pub(crate) fn view(v: &'a Value) -> Json<'a> {
        match v {
            Value::Null => Json::Null,
            Value::Bool(b) => Json::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Json::Int(i as i128),
                (_, Some(u)) => Json::Int(u as i128),
                _ => Json::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => Json::Str(Cow::Borrowed(s)),
            Value::Array(items) => Json::Array(items.iter().map(Json::view).collect()),
            Value::Object(map) => Json::Object(
                map.iter()
                    .map(|(k, v)| (Cow::Borrowed(k.as_str()), Json::view(v)))
                    .collect(),
            ),
        }
    }

    /// The tree as a `Value` (for the readers of rare fields that take one: rules objects,
    /// odds options).
    pub(crate) fn to_value(&self) -> Value {
        match self {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Int(i) => match (i64::try_from(*i), u64::try_from(*i)) {
                (Ok(i), _) => Value::from(i),
                (_, Ok(u)) => Value::from(u),
                _ => Value::Null,
            },
            Json::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Json::Str(s) => Value::String(s.to_string()),
            Json::Array(items) => Value::Array(items.iter().map(Json::to_value).collect()),
            Json::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_value()))
                    .collect(),
            ),
        }
    }

    /// The field of this name, if an object has it (the last, if given twice: as a JSON map
    /// reads it).
    pub(crate) fn get(&self, key: &str) -> Option<&Json<'a>> {
        match self {
            Json::Object(fields) => fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub(crate) fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Int(i) => u64::try_from(*i).ok(),
            _ => None,
        }
    }

    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }
}

/// An object key, borrowed when the text holds it without escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisit;
        impl<'de> Visitor<'de> for KeyVisit {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_string())))
            }
            fn visit_string<E>(self, s: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s)))
            }
        }
        d.deserialize_str(KeyVisit)
    }
}

impl<'de> Deserialize<'de> for Json<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Json<'de>, D::Error> {
        d.deserialize_any(Visit)
    }
}

struct Visit;

impl<'de> Visitor<'de> for Visit {
    type Value = Json<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Json<'de>, E> {
        Ok(Json::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json<'de>, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, i: i64) -> Result<Json<'de>, E> {
        Ok(Json::Int(i as i128))
    }

    fn visit_u64<E>(self, u: u64) -> Result<Json<'de>, E> {
        Ok(Json::Int(u as i128))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Json<'de>, E> {
        Ok(Json::Float(f))
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Borrowed(s)))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Owned(s.to_string())))
    }

    fn visit_string<E>(self, s: String) -> Result<Json<'de>, E> {
        Ok(Json::Str(Cow::Owned(s)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json<'de>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(16));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json<'de>, A::Error> {
        let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(0).min(32));
        while let Some(Key(key)) = map.next_key()? {
            fields.push((key, map.next_value()?));
        }
        Ok(Json::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::Json;
    use std::borrow::Cow;

    #[test]
    fn a_line_reads_as_its_value_views() {
        let text = r#"{"hand": "12\u0033m", "n": [1, -2, 3.5, 18446744073709551615], "o": {"a": null, "b": true}, "a": "x"}"#;
        let read: Json = serde_json::from_str(text).unwrap();
        let value: serde_json::Value = serde_json::from_str(text).unwrap();
        // The same tree but for the order of fields, which the view takes from the map.
        assert_eq!(read.to_value(), value);
        assert_eq!(Json::view(&value).to_value(), value);
        // Unescaped strings borrow from the text; an escaped one is owned.
        let Json::Object(fields) = &read else {
            panic!()
        };
        assert!(matches!(fields[3].1, Json::Str(Cow::Borrowed("x"))));
        assert!(matches!(&fields[0].1, Json::Str(Cow::Owned(s)) if s == "123m"));
        assert_eq!(
            read.get("o")
                .and_then(|o| o.get("b"))
                .and_then(Json::as_bool),
            Some(true)
        );
        assert_eq!(
            read.get("n")
                .map(|n| matches!(n, Json::Array(a) if a.len() == 4)),
            Some(true)
        );
    }
}
