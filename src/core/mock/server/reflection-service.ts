import { status as code } from '@grpc/grpc-js';
import type { MockHandler } from '../handler';
import type { DescriptorIndex } from './descriptor-index';
import {
  decodeReflectionRequest,
  encodeReflectionResponse,
  type ReflectionAnswer,
  type ReflectionQuestion,
} from './reflection-codec';

/**
 * grpc.reflection.v1 and v1alpha ServerReflectionInfo (the same wire format): answers each request on the stream in
 * order, from the served schema's descriptors, so grpcurl and other clients can list, describe and call.
 */
export function reflectionHandler(index: DescriptorIndex): MockHandler {
  return async (call, reply) => {
    const sent = new Set<string>();
    for await (const bytes of call.requests) {
      let request;
      try {
        request = decodeReflectionRequest(bytes);
      } catch (error) {
        return reply.finish({
          code: code.INVALID_ARGUMENT,
          message: `The reflection request is no ServerReflectionRequest: ${(error as Error).message}`,
        });
      }
      const answer = answerOf(request.question, index, sent);
      await reply.sendMessage(encodeReflectionResponse(request.host, bytes, answer));
    }
    reply.finish({ code: code.OK, message: '' });
  };
}

function answerOf(question: ReflectionQuestion, index: DescriptorIndex, sent: Set<string>): ReflectionAnswer {
  const notFound = (message: string): ReflectionAnswer => ({ kind: 'error', code: code.NOT_FOUND, message });
  const files = (name: string | undefined, missing: string): ReflectionAnswer =>
    name !== undefined && index.has(name)
      ? { kind: 'files', files: index.withDependencies(name, sent) }
      : notFound(missing);
  switch (question.kind) {
    case 'listServices':
      return { kind: 'services', names: index.services };
    case 'fileByFilename':
      return files(question.filename, `file "${question.filename}" is not in this mock's schema`);
    case 'fileContainingSymbol':
      return files(
        index.fileOfSymbol(question.symbol),
        `symbol "${question.symbol}" is not in this mock's schema`,
      );
    case 'fileContainingExtension':
      return files(
        index.fileOfExtension(question.containingType, question.number),
        `no extension ${question.number} of "${question.containingType}" in this mock's schema`,
      );
    case 'allExtensionNumbersOfType': {
      const numbers = index.extensionNumbers(question.typeName);
      return numbers
        ? { kind: 'extensionNumbers', baseTypeName: question.typeName, numbers }
        : notFound(`message "${question.typeName}" is not in this mock's schema`);
    }
    case 'none':
      return {
        kind: 'error',
        code: code.INVALID_ARGUMENT,
        message: 'The reflection request asks nothing: set one field of its message_request.',
      };
  }
}
