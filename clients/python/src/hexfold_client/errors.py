"""A refused call's `google.rpc.ErrorInfo`, decoded into a typed exception.

The server puts an ErrorInfo (domain `hexfold`) in the status details of every refusal of a command: the rule
violation's name as its reason and `rule_id` and `message` in its metadata (FAILED_PRECONDITION), a version conflict
with `expected_version` and `actual_version` (ABORTED), a reused command id (ALREADY_EXISTS), and so on. Inside a
`Play` stream the same refusal comes as a `CommandRefused` result.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from hexfold_client._gen.hexfold.v1 import hexfold_pb2


def error_info(err: grpc.RpcError) -> error_details_pb2.ErrorInfo | None:
    """The ErrorInfo in a failed call's status details, or None (a status without one, such as UNAUTHENTICATED
    for a forged token, or a failure on the way to the server)."""
    status = rpc_status.from_call(err) if isinstance(err, grpc.Call) else None
    for detail in status.details if status else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info
    return None


class Refusal(Exception):
    """A command or call the server refused, with the reason it gave.

    `code` is the gRPC status, `reason` the violation's name (`NotYourTurn`, `VersionConflict`, ...), `rule_id`
    the rule it breaks where there is one (`BASE-TURN-01`, the rules docs' ids), `message` the explanation, and
    `metadata` everything the ErrorInfo carried."""

    def __init__(self, code: grpc.StatusCode, reason: str, message: str, metadata: Mapping[str, str],
                 domain: str = "hexfold"):
        self.code = code
        self.reason = reason
        self.message = message
        self.metadata = dict(metadata)
        self.domain = domain
        super().__init__(str(self))

    @property
    def rule_id(self) -> str | None:
        return self.metadata.get("rule_id")

    def __str__(self) -> str:
        rule = f" [{self.rule_id}]" if self.rule_id else ""
        return f"{self.code.name} {self.reason}{rule}: {self.message}"

    @classmethod
    def from_error(cls, err: grpc.RpcError) -> Refusal | None:
        """The refusal a failed call carries, or None when its status has no ErrorInfo."""
        info = error_info(err)
        if info is None:
            return None
        message = info.metadata.get("message") or err.details() or ""
        return cls(err.code(), info.reason, message, info.metadata, info.domain)

    @classmethod
    def from_refused(cls, refused: hexfold_pb2.CommandRefused) -> Refusal:
        """The refusal of a command inside a `Play` stream."""
        code = next((c for c in grpc.StatusCode if c.value[0] == refused.code), grpc.StatusCode.UNKNOWN)
        return cls(code, refused.reason, refused.message, refused.metadata)


@contextmanager
def refusals() -> Iterator[None]:
    """Inside the block, a `grpc.RpcError` whose status carries an ErrorInfo is raised as a `Refusal` (from the
    original error); any other error passes unchanged."""
    try:
        yield
    except grpc.RpcError as err:
        refusal = Refusal.from_error(err)
        if refusal is None:
            raise
        raise refusal from err
