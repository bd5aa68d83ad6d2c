//! The protobuf codec of the generated service and client.
//!
//! It is tonic-prost's codec with one difference: a message that does not parse is INVALID_ARGUMENT, not INTERNAL.
//! gRPC's status table suggests INTERNAL for unparseable requests, but for this API a malformed request is the
//! client's error and must be distinguishable from a server fault, like every other malformed input (see
//! `hexfold.proto`). The message says only where parsing stopped, never the bytes.

use prost::Message;
use std::marker::PhantomData;
use tonic::codec::{BufferSettings, Codec, DecodeBuf, Decoder};
use tonic::Status;
use tonic_prost::{ProstCodec, ProstEncoder};

/// Selected in `build.rs` with `codec_path`.
#[derive(Debug, Clone)]
pub struct StrictCodec<T, U> {
    _pd: PhantomData<(T, U)>,
}

impl<T, U> Default for StrictCodec<T, U> {
    fn default() -> Self {
        StrictCodec { _pd: PhantomData }
    }
}

impl<T, U> Codec for StrictCodec<T, U>
where
    T: Message + Send + 'static,
    U: Message + Default + Send + 'static,
{
    type Encode = T;
    type Decode = U;
    type Encoder = ProstEncoder<T>;
    type Decoder = StrictDecoder<U>;

    fn encoder(&mut self) -> Self::Encoder {
        ProstCodec::<T, U>::raw_encoder(BufferSettings::default())
    }

    fn decoder(&mut self) -> Self::Decoder {
        StrictDecoder { _pd: PhantomData }
    }
}

/// Decodes `U`, reporting a parse failure as INVALID_ARGUMENT.
#[derive(Debug)]
pub struct StrictDecoder<U> {
    _pd: PhantomData<U>,
}

impl<U: Message + Default> Decoder for StrictDecoder<U> {
    type Item = U;
    type Error = Status;

    fn decode(&mut self, buf: &mut DecodeBuf<'_>) -> Result<Option<U>, Status> {
        U::decode(buf).map(Some).map_err(|e| {
            Status::invalid_argument(format!("the message is not valid protobuf: {e}"))
        })
    }
}
