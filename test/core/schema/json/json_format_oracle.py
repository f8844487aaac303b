"""Prints what grpcio's google.protobuf.json_format makes of binary messages: the reference peer for codec tests.

stdin: {"set": base64 FileDescriptorSet, "type": full name, "messages": [base64], "protoNames": bool, "emitDefaults": bool}
stdout: a JSON array with one printed message per input.
With "parse": a JSON value instead of "messages", stdout is the base64 of what json_format.Parse makes of it.
"""
import base64
import json
import sys

from google.protobuf import descriptor_pb2, descriptor_pool, json_format, message_factory

request = json.load(sys.stdin)
pool = descriptor_pool.DescriptorPool()
for file in descriptor_pb2.FileDescriptorSet.FromString(base64.b64decode(request["set"])).file:
    pool.Add(file)
cls = message_factory.GetMessageClass(pool.FindMessageTypeByName(request["type"]))
if "parse" in request:
    parsed = json_format.Parse(json.dumps(request["parse"]), cls(), descriptor_pool=pool)
    json.dump(base64.b64encode(parsed.SerializeToString()).decode(), sys.stdout)
    sys.exit(0)
out = []
for data in request["messages"]:
    message = cls.FromString(base64.b64decode(data))
    text = json_format.MessageToJson(
        message,
        descriptor_pool=pool,
        preserving_proto_field_name=request.get("protoNames", False),
        always_print_fields_with_no_presence=request.get("emitDefaults", False),
    )
    out.append(json.loads(text))
json.dump(out, sys.stdout)
