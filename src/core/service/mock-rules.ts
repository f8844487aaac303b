/**
 * The stub files of the app's rules editor: one method's file in the open workspace's `mocks/` folder, read, written
 * (atomically, that file only) and checked as a mock checks it; and "Mock this response", which turns a call the user
 * saw into a rule of that file by the rule record mode writes.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { DescMethod, JsonValue } from '@bufbuild/protobuf';
import { ApiError } from '../../shared/api/errors';
import { grpcStatusCode, isGrpcStatusName, unknownStatusMessage } from '../../shared/grpc-status';
import type { MockProblem } from '../../shared/mock';
import type { MockedResponse, MockRules, SavedMockRules } from '../../shared/mock-control';
import type { MetadataEntry } from '../../shared/schema';
import type { MockMetadata } from '../mock/handler';
import { parseStubFile, renderStubFile, stubFileFor, stubPath, type SeenCall } from '../mock/stubs';
import { decodeToJson, encodeJson, sampleJson } from '../schema/json';
import type { Schema } from '../schema/schema';
import { writeFileAtomic } from '../workspace/atomic-write';
import { WorkspaceFileError } from '../workspace/errors';
import { missingMethod } from './method-template';
import { mocksFolder } from './use-cases/workspace-mock';
import { stubFileJsonSchema } from './mock-stub-schema';

/** A call as the page showed it: messages as JSON text, the status by name. */
export interface ShownCall {
  requests: string[];
  responses: string[];
  status: { code: string; message: string; details?: string };
  trailers?: MetadataEntry[];
}

/** Where a method's stub file is. */
interface StubLocation {
  path: string;
  /** Relative to the workspace, with `/`: what the user sees. */
  file: string;
  /** Relative to the stubs folder, with `/`: what a mock names in its problems. */
  inStubs: string;
}

/** A method's stub files in one workspace folder, checked against one schema. */
export class MockRulesFiles {
  private readonly stubsDir: string;

  constructor(
    private readonly schema: Schema,
    private readonly workspaceFolder: string,
  ) {
    this.stubsDir = join(workspaceFolder, mocksFolder);
  }

  /** The method's stub file, or (when there is none yet) one whose rule answers every call with a full sample. */
  async read(method: string): Promise<MockRules> {
    const desc = this.method(method);
    const where = this.locate(desc);
    const text = await readText(where.path);
    return {
      method,
      file: where.file,
      text: text ?? this.starter(desc, method),
      exists: text !== undefined,
      jsonSchema: stubFileJsonSchema(desc, method),
      problems: text === undefined ? [] : this.problems(text, where),
    };
  }

  /** Writes the method's stub file as the user typed it; answers what a mock would refuse in it. */
  async save(method: string, text: string): Promise<SavedMockRules> {
    const where = this.locate(this.method(method));
    await write(where, text);
    return { file: where.file, problems: this.problems(text, where) };
  }

  /** Puts a rule answering `call` first in the method's stub file (replacing one with the same match). */
  async addRuleFrom(method: string, call: ShownCall): Promise<MockedResponse> {
    const desc = this.method(method);
    const where = this.locate(desc);
    const made = stubFileFor(desc, [this.seen(desc, call)]);
    const text = await readText(where.path);
    let written = renderStubFile(made);
    let replaced = false;
    const [rule] = made.rules;
    if (text !== undefined && rule) {
      const stub = parseObject(text, where.file);
      const existing: JsonValue[] = Array.isArray(stub.rules) ? stub.rules : [];
      const same = JSON.stringify(rule.match ?? null);
      const kept = existing.filter((other) => JSON.stringify(matchOf(other)) !== same);
      replaced = kept.length < existing.length;
      // First, so it answers before the rules that match more calls.
      stub.rules = [rule, ...kept];
      written = `${JSON.stringify(stub, null, 2)}\n`;
    }
    await write(where, written);
    return { file: where.file, index: 0, replaced, problems: this.problems(written, where) };
  }

  /** A new file's text: one rule, answering every call with the response's every field filled, to edit. */
  private starter(desc: DescMethod, method: string): string {
    const body = sampleJson(desc.output, this.schema.registry);
    const streams = desc.methodKind === 'server_streaming' || desc.methodKind === 'bidi_streaming';
    const respond: Record<string, JsonValue> = streams ? { stream: [{ body }] } : { body };
    return renderStubFile({ format: 1, method, rules: [{ respond }] });
  }

  private method(method: string): DescMethod {
    const desc = this.schema.method(method);
    if (!desc) throw missingMethod(method);
    return desc;
  }

  private locate(desc: DescMethod): StubLocation {
    const path = stubPath(this.stubsDir, desc);
    const slashes = (p: string): string => p.split(sep).join('/');
    return {
      path,
      file: slashes(relative(this.workspaceFolder, path)),
      inStubs: slashes(relative(this.stubsDir, path)),
    };
  }

  /** What a mock would refuse in `text`, named by the file's place in the workspace. */
  private problems(text: string, where: StubLocation): MockProblem[] {
    return parseStubFile(text, where.inStubs, this.schema).problems.map((problem) => ({
      ...problem,
      file: where.file,
    }));
  }

  /** The call in the stubs engine's terms: canonical JSON messages, the status by number. */
  private seen(desc: DescMethod, call: ShownCall): SeenCall {
    if (!isGrpcStatusName(call.status.code)) {
      throw new ApiError({ kind: 'invalidRequest', message: unknownStatusMessage(call.status.code) });
    }
    const details = detailsOf(call.status.details);
    const trailers = userTrailers(call.trailers ?? []);
    return {
      requests: call.requests.map((text) => canonical(this.schema, desc.input, text)),
      responses: call.responses.map((text) => canonical(this.schema, desc.output, text)),
      status: {
        code: grpcStatusCode(call.status.code),
        ...(call.status.message ? { message: call.status.message } : {}),
        ...(details.length > 0 ? { details } : {}),
      },
      ...(trailers ? { trailers } : {}),
    };
  }
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function write(where: StubLocation, text: string): Promise<void> {
  await mkdir(dirname(where.path), { recursive: true });
  await writeFileAtomic(where.path, text);
}

function parseObject(text: string, file: string): Record<string, JsonValue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new WorkspaceFileError(
      `${file} is not a JSON object, so no rule can be added to it.`,
      file,
      'Open its rules in the Mocks view, fix what is marked, and try again.',
    );
  }
  return parsed as Record<string, JsonValue>;
}

function matchOf(rule: JsonValue): JsonValue {
  return typeof rule === 'object' && rule !== null && !Array.isArray(rule) ? (rule.match ?? null) : null;
}

/** The message in canonical JSON, as a mock compares it; as typed when it does not encode (a `{{variable}}` left in). */
function canonical(schema: Schema, message: DescMethod['input'], text: string): JsonValue {
  try {
    return decodeToJson(schema.registry, message, encodeJson(schema.registry, message, text));
  } catch {
    return JSON.parse(text) as JsonValue;
  }
}

/** The `details` of google.rpc.Status as JSON text. */
function detailsOf(text: string | undefined): JsonValue[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as { details?: unknown };
    return Array.isArray(parsed.details) ? (parsed.details as JsonValue[]) : [];
  } catch {
    return [];
  }
}

/** The trailers the server chose: gRPC's own (status, message, details) are the mock's to send. */
function userTrailers(entries: MetadataEntry[]): MockMetadata | undefined {
  const trailers: MockMetadata = {};
  for (const { key, value } of entries) {
    const name = key.toLowerCase();
    if (name.startsWith('grpc-') || name.startsWith(':') || name === 'content-type') continue;
    (trailers[name] ??= []).push(value);
  }
  return Object.keys(trailers).length > 0 ? trailers : undefined;
}
