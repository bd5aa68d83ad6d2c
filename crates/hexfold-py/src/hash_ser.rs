//! The observation's hashed buckets written straight from a view's `Serialize`, without building its JSON: the
//! same paths and values as walking `serde_json::to_value(view)` (`obs.rs`), which the test below checks on real
//! views, for about a tenth of the time.

use crate::obs::{child, index_segment, leaf_string};
use serde::ser::{self, Serialize};
use std::fmt;

#[derive(Debug)]
pub struct Unsupported(String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Unsupported(msg.to_string())
    }
}

/// Adds the leaves of what it serialises into `out`, below the path whose hash is `hash`.
pub struct Hasher<'a> {
    pub out: &'a mut [f32],
    pub hash: u64,
}

impl Hasher<'_> {
    fn add(self, value: f32) -> Result<(), Unsupported> {
        let n = self.out.len() as u64;
        self.out[(self.hash % n) as usize] += value;
        Ok(())
    }

    fn at(&mut self, hash: u64) -> Hasher<'_> {
        Hasher {
            out: self.out,
            hash,
        }
    }
}

/// A list, tuple or struct being serialised: its elements' paths are its own plus their index or name.
pub struct Compound<'a> {
    out: &'a mut [f32],
    hash: u64,
    next: usize,
    key: Option<u64>,
}

impl Compound<'_> {
    fn element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        let hash = index_segment(self.hash, self.next);
        self.next += 1;
        value.serialize(Hasher {
            out: self.out,
            hash,
        })
    }

    fn field<T: ?Sized + Serialize>(&mut self, key: &str, value: &T) -> Result<(), Unsupported> {
        value.serialize(Hasher {
            out: self.out,
            hash: child(self.hash, key.as_bytes()),
        })
    }
}

macro_rules! number {
    ($($method:ident: $t:ty),*) => {
        $(fn $method(self, v: $t) -> Result<(), Unsupported> {
            self.add(v as f64 as f32)
        })*
    };
}

impl<'a> ser::Serializer for Hasher<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    number!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64,
        serialize_f32: f32, serialize_f64: f64);

    fn serialize_bool(self, v: bool) -> Result<(), Unsupported> {
        if v {
            self.add(1.0)
        } else {
            Ok(())
        }
    }
    fn serialize_char(self, v: char) -> Result<(), Unsupported> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(mut self, v: &str) -> Result<(), Unsupported> {
        let hash = leaf_string(self.hash, v);
        self.at(hash).add(1.0)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unsupported> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        seq.end()
    }
    fn serialize_none(self) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Unsupported> {
        Ok(())
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<(), Unsupported> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        let hash = child(self.hash, variant.as_bytes());
        value.serialize(Hasher {
            out: self.out,
            hash,
        })
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound {
            out: self.out,
            hash: self.hash,
            next: 0,
            key: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        len: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        let hash = child(self.hash, variant.as_bytes());
        Ok(Compound {
            out: self.out,
            hash,
            next: 0,
            key: None,
        })
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(None)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        let hash = child(self.hash, variant.as_bytes());
        Ok(Compound {
            out: self.out,
            hash,
            next: 0,
            key: None,
        })
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.element(value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.element(value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.element(value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        self.element(value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unsupported> {
        self.field(key, value)
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}

/// A map's keys, as JSON writes them: strings, and numbers as their decimal text.
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Unsupported> {
        let text = serde_json::to_value(key).map_err(|e| Unsupported(e.to_string()))?;
        let text = match text {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        };
        self.key = Some(child(self.hash, text.as_bytes()));
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Unsupported> {
        let hash = self.key.take().expect("a key before its value");
        value.serialize(Hasher {
            out: self.out,
            hash,
        })
    }
    fn end(self) -> Result<(), Unsupported> {
        Ok(())
    }
}
