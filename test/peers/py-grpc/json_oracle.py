"""Python's canonical protobuf JSON as an oracle: google.protobuf.json_format on the server's own generated classes.

Reads one request (JSON) on stdin and answers one JSON value on stdout:
    {"schema": S, "type": T, "print": [base64...], "emitDefaults": bool, "protoNames": bool} -> {"json": [text...]}
    {"schema": S, "type": T, "parse": [text...], "ignoreUnknownFields": bool} -> {"base64": [bytes...]}
or {"error": message} when Python refuses. The schema's code is generated and imported exactly as server.py does, so an
Any resolves against the same default descriptor pool as the server's.
"""

import base64
import json
import sys
import tempfile

from google.protobuf import descriptor_pool, json_format
from google.protobuf.message_factory import GetMessageClass

import codegen


def print_all(message_class, request):
    texts = []
    for index, encoded in enumerate(request["print"]):
        try:
            texts.append(json_format.MessageToJson(
                message_class.FromString(base64.b64decode(encoded)),
                preserving_proto_field_name=request.get("protoNames", False),
                always_print_fields_with_no_presence=request.get("emitDefaults", False),
            ))
        except Exception as error:  # DecodeError, or json_format's TypeError, ValueError, SerializeToJsonError...
            return {"error": f"message {index}: {type(error).__name__}: {error}"}
    return {"json": texts}


def parse_all(message_class, request):
    encoded = []
    for index, text in enumerate(request["parse"]):
        try:
            message = json_format.Parse(text, message_class(), request.get("ignoreUnknownFields", False))
        except Exception as error:  # json_format.ParseError mostly
            return {"error": f"text {index}: {type(error).__name__}: {error}"}
        # Deterministic, as the server's replies: map entries in upb's sorted order (neither the JSON's nor ascending).
        encoded.append(base64.b64encode(message.SerializeToString(deterministic=True)).decode())
    return {"base64": encoded}


def main():
    request = json.load(sys.stdin)
    with tempfile.TemporaryDirectory(prefix="protodesk-py-json-") as out_dir:
        codegen.load(request["schema"], out_dir)
        message_class = GetMessageClass(descriptor_pool.Default().FindMessageTypeByName(request["type"]))
        answer = print_all(message_class, request) if "print" in request else parse_all(message_class, request)
    json.dump(answer, sys.stdout)


if __name__ == "__main__":
    main()
