import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';

/** The method both servers of the mock benchmark answer. */
export const unaryCallPath = '/grpc.testing.TestService/UnaryCall';

/** The answer, as the mock's stub writes it (canonical JSON of grpc.testing.SimpleResponse). */
export const fixedAnswerJson = { username: 'tiger', oauthScope: 'mock' };

/** The same answer in protobuf binary, as the hand-written server sends it: username = 2, oauth_scope = 3. */
export function fixedAnswer(): Uint8Array {
  return new BinaryWriter()
    .tag(2, WireType.LengthDelimited)
    .string(fixedAnswerJson.username)
    .tag(3, WireType.LengthDelimited)
    .string(fixedAnswerJson.oauthScope)
    .finish();
}
