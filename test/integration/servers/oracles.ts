import { jsonFormat, jsonFormatParse } from '../../core/schema/json/oracle';
import { protoc } from '../../helpers/protoc';
import { javaJson, javaParse } from '../../peers/java-reflect/json-printer';
import { pythonJson, pythonParse } from '../../peers/py-grpc/json-oracle';
import type { PySchema } from '../../peers/py-grpc/schemas';
import type { JsonOracle } from './matrix';

/** A Python server's own printer and parser: json_format over the modules grpc_tools generated for it. */
export function pythonOracle(schema: PySchema): JsonOracle {
  return {
    name: 'Python json_format',
    print: (type, messages, options) => pythonJson(schema, type, messages, options),
    parse: (type, json) => pythonParse(schema, type, JSON.stringify(json)),
  };
}

/** grpc-java's own printer and parser: com.google.protobuf.util.JsonFormat over the interop's generated classes. */
export const javaOracle: JsonOracle = {
  name: "Java's JsonFormat",
  print: (type, messages, options) => javaJson(type, messages, options),
  parse: async (type, json) => {
    const [result] = await javaParse(type, [JSON.stringify(json)]);
    if (!result || 'error' in result)
      throw new Error(`JsonFormat refused ${JSON.stringify(json)}: ${result?.error}`);
    return result.bytes;
  },
};

/** Python's json_format over protoc's descriptors of `protos`: for servers with no JSON printer in this repository. */
export function protocJsonOracle(protos: { files: string[]; importPaths: string[] }): JsonOracle {
  const set = () => protoc(protos.files, protos.importPaths);
  return {
    name: "Python json_format (protoc's descriptors)",
    print: async (type, messages, options) => jsonFormat(await set(), type, messages, options),
    parse: async (type, json) => jsonFormatParse(await set(), type, json),
  };
}
