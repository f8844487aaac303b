"""A servicer for any service from its descriptor (the editions schemas): replies are built from requests by field name.

A reply gets every field it shares with the request (same name, type and cardinality), and its integer field `index`,
if it has one, is set to the reply's position. Unary: one reply (index 0). ServerStream: `repeat` replies (the request's
integer field of that name, 1 if there is none), index 0, 1, ... ClientStream: one reply from the requests merged in
order (MergeFrom), index = how many arrived. Bidi: one reply per request, as it arrives, index = its position.
"""

from google.protobuf.message_factory import GetMessageClass


def _kind(field):
    named = field.message_type or field.enum_type
    return field.type, field.is_repeated, named.full_name if named else None


def reply_for(request, reply_class, index):
    reply = reply_class()
    fields = reply.DESCRIPTOR.fields_by_name
    for field, value in request.ListFields():
        target = fields.get(field.name)
        if target is None or _kind(target) != _kind(field):
            continue
        if field.is_repeated or field.message_type:
            getattr(reply, field.name).MergeFrom(value)
        else:
            setattr(reply, field.name, value)
    if "index" in fields:
        reply.index = index
    return reply


def _handler(method):
    request_class, reply_class = GetMessageClass(method.input_type), GetMessageClass(method.output_type)
    if method.client_streaming and method.server_streaming:
        def bidi(request_iterator, context):
            for index, request in enumerate(request_iterator):
                yield reply_for(request, reply_class, index)
        return bidi
    if method.client_streaming:
        def client_stream(request_iterator, context):
            merged, count = request_class(), 0
            for request in request_iterator:
                merged.MergeFrom(request)
                count += 1
            return reply_for(merged, reply_class, count)
        return client_stream
    if method.server_streaming:
        def server_stream(request, context):
            for index in range(getattr(request, "repeat", 1)):
                yield reply_for(request, reply_class, index)
        return server_stream
    return lambda request, context: reply_for(request, reply_class, 0)


def servicer(service, servicer_base):
    """An instance of the generated `servicer_base` whose methods are the handlers above."""
    methods = {method.name: staticmethod(_handler(method)) for method in service.methods}
    return type(f"Generic{service.name}", (servicer_base,), methods)()
