from google.protobuf import descriptor_pb2 as _descriptor_pb2
from google.protobuf import descriptor as _descriptor
from typing import ClassVar as _ClassVar

DESCRIPTOR: _descriptor.FileDescriptor
SENTENCE_FIELD_NUMBER: _ClassVar[int]
sentence: _descriptor.FieldDescriptor
VERB_FIELD_NUMBER: _ClassVar[int]
verb: _descriptor.FieldDescriptor
HELP_FIELD_NUMBER: _ClassVar[int]
help: _descriptor.FieldDescriptor
COUNTS_FIELD_NUMBER: _ClassVar[int]
counts: _descriptor.FieldDescriptor
WORD_FIELD_NUMBER: _ClassVar[int]
word: _descriptor.FieldDescriptor
ARG_FIELD_NUMBER: _ClassVar[int]
arg: _descriptor.FieldDescriptor
KEYWORD_FIELD_NUMBER: _ClassVar[int]
keyword: _descriptor.FieldDescriptor
WITH_COUNT_FIELD_NUMBER: _ClassVar[int]
with_count: _descriptor.FieldDescriptor
ITEM_ALIASES_FIELD_NUMBER: _ClassVar[int]
item_aliases: _descriptor.FieldDescriptor
PHRASE_FIELD_NUMBER: _ClassVar[int]
phrase: _descriptor.FieldDescriptor
ALIASES_FIELD_NUMBER: _ClassVar[int]
aliases: _descriptor.FieldDescriptor
