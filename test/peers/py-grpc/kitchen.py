"""KitchenService: Echo sends the request back as Python decoded it; Describe answers with three Any values.

Imported after codegen.load("pyservice") has put the generated code on sys.path.
"""

from google.protobuf import any_pb2, duration_pb2
from pyservice.hidden.v1 import receipt_pb2
from pyservice.v1 import common_pb2, kitchen_pb2, kitchen_pb2_grpc

UNKNOWN_TYPE_URL = "type.googleapis.com/protodesk.unknown.Secret"
# Field 1, varint 150: a valid message of a type no descriptor describes.
UNKNOWN_VALUE = bytes([0x08, 0x96, 0x01])


def receipt_for(subject_line):
    receipt = receipt_pb2.Receipt(
        receipt_id=f"receipt-{len(subject_line)}",
        subject_line=subject_line,
        total_cents=2 * 450 + 325,
        line_items=[
            receipt_pb2.Receipt.LineItem(item_name="popcorn", unit_count=2, price_cents=450),
            receipt_pb2.Receipt.LineItem(item_name="soda", unit_count=1, price_cents=325),
        ],
        favorite_genre=common_pb2.Genre.GENRE_ANIMATION,
    )
    receipt.issued_at.FromJsonString("2024-02-29T12:00:00Z")
    return receipt


class KitchenService(kitchen_pb2_grpc.KitchenServiceServicer):
    def Echo(self, request, context):
        return request

    def Describe(self, request, context):
        description = kitchen_pb2.Description(subject_line=request.subject_line)
        description.hidden_receipt.Pack(receipt_for(request.subject_line))
        description.packed_duration.Pack(duration_pb2.Duration(seconds=len(request.subject_line), nanos=250_000_000))
        if not request.known_only:
            description.unknown_secret.CopyFrom(any_pb2.Any(type_url=UNKNOWN_TYPE_URL, value=UNKNOWN_VALUE))
        return description
