//! JSON output for `--json`, driven by the proto descriptors compiled into the binary, so field and enum names are
//! exactly those of `proto/` (what a client in another language sees), and a new message in the proto needs no code
//! here.
//!
//! The mapping follows proto3's JSON conventions where they matter to a script: field names as written in the
//! proto, enums by name, unset optional fields and messages omitted, scalars at their defaults included. 64-bit
//! integers are JSON numbers (versions and positions stay far below 2^53), bytes are lowercase hex.

use crate::proto::v1::FILE_DESCRIPTOR_SET;
use anyhow::Context as _;
use prost_reflect::{DescriptorPool, DynamicMessage, Kind, MapKey, ReflectMessage as _, Value};
use serde_json::{Map, Value as Json};
use std::sync::OnceLock;

/// A message type with a name in `proto/`.
pub trait Named: prost::Message {
    /// The fully qualified proto name, e.g. `hexfold.v1.GetStateResponse`.
    const PROTO_NAME: &'static str;
}

macro_rules! named {
    ($($ty:ident),* $(,)?) => {
        $(impl Named for crate::proto::v1::$ty {
            const PROTO_NAME: &'static str = concat!("hexfold.v1.", stringify!($ty));
        })*
    };
}

named!(
    CreateGameResponse,
    GetStateResponse,
    SubscribeResponse,
    LegalActionsResponse,
    SubmitCommandResponse,
    GameSummary,
);

fn pool() -> anyhow::Result<&'static DescriptorPool> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| DescriptorPool::decode(FILE_DESCRIPTOR_SET).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| anyhow::anyhow!("the compiled-in descriptors do not decode: {e}"))
}

/// One message as a single line of JSON.
pub fn to_json<M: Named>(message: &M) -> anyhow::Result<String> {
    let descriptor = pool()?
        .get_message_by_name(M::PROTO_NAME)
        .with_context(|| format!("{} is not in the compiled-in descriptors", M::PROTO_NAME))?;
    let dynamic = DynamicMessage::decode(descriptor, message.encode_to_vec().as_slice())
        .with_context(|| format!("re-decoding {}", M::PROTO_NAME))?;
    Ok(serde_json::to_string(&message_json(&dynamic))?)
}

fn message_json(message: &DynamicMessage) -> Json {
    let mut object = Map::new();
    for field in message.descriptor().fields() {
        // Members of a real oneof and fields with explicit presence appear only when set; everything else shows
        // its value, defaults included, so a script never has to know the defaults.
        let in_real_oneof = field.containing_oneof().is_some_and(|o| !o.is_synthetic());
        if (in_real_oneof || field.supports_presence()) && !message.has_field(&field) {
            continue;
        }
        let value = message.get_field(&field);
        object.insert(field.name().to_string(), value_json(&field.kind(), &value));
    }
    Json::Object(object)
}

fn value_json(kind: &Kind, value: &Value) -> Json {
    match value {
        Value::Bool(b) => Json::from(*b),
        Value::I32(n) => Json::from(*n),
        Value::I64(n) => Json::from(*n),
        Value::U32(n) => Json::from(*n),
        Value::U64(n) => Json::from(*n),
        Value::F32(x) => Json::from(f64::from(*x)),
        Value::F64(x) => Json::from(*x),
        Value::String(s) => Json::from(s.as_str()),
        Value::Bytes(b) => Json::from(hex::encode(b)),
        Value::EnumNumber(n) => match kind.as_enum().and_then(|e| e.get_value(*n)) {
            Some(v) => Json::from(v.name()),
            None => Json::from(*n),
        },
        Value::Message(m) => message_json(m),
        Value::List(items) => Json::Array(items.iter().map(|v| value_json(kind, v)).collect()),
        Value::Map(entries) => {
            let value_kind = match kind.as_message() {
                Some(entry) => entry.map_entry_value_field().kind(),
                None => kind.clone(),
            };
            let mut sorted: Vec<_> = entries.iter().collect();
            sorted.sort_by(|a, b| a.0.cmp(b.0));
            let mut object = Map::new();
            for (key, v) in sorted {
                object.insert(map_key(key), value_json(&value_kind, v));
            }
            Json::Object(object)
        }
    }
}

fn map_key(key: &MapKey) -> String {
    match key {
        MapKey::Bool(b) => b.to_string(),
        MapKey::I32(n) => n.to_string(),
        MapKey::I64(n) => n.to_string(),
        MapKey::U32(n) => n.to_string(),
        MapKey::U64(n) => n.to_string(),
        MapKey::String(s) => s.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::v1 as pb;

    #[test]
    fn summary_uses_proto_names_and_enum_names() {
        let summary = pb::GameSummary {
            game_id: "g1".into(),
            variant: pb::Variant::Catan.into(),
            seats: vec!["ann".into(), "bob".into()],
            status: pb::GameStatus::Finished.into(),
            version: 7,
            winner: Some(1),
        };
        let json: Json = serde_json::from_str(&to_json(&summary).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "game_id": "g1", "variant": "VARIANT_CATAN", "seats": ["ann", "bob"],
                "status": "GAME_STATUS_FINISHED", "version": 7, "winner": 1
            })
        );
    }

    #[test]
    fn unset_optional_fields_are_omitted() {
        let summary = pb::GameSummary {
            winner: None,
            ..Default::default()
        };
        let json: Json = serde_json::from_str(&to_json(&summary).unwrap()).unwrap();
        assert!(json.get("winner").is_none());
        assert_eq!(json["version"], 0);
    }
}
