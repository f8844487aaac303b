/** Answers one call from a method's rules: the first that matches answers, per call kind; the fallback otherwise. */
import type { DescMethod, JsonValue, Registry } from '@bufbuild/protobuf';
import type { MockAnswerSource, MockFallback } from '../../../shared/mock';
import {
  compileJsonDecoder,
  encodeJson,
  JsonInputError,
  minimalSampleJson,
  sampleJson,
} from '../../schema/json';
import type { MockCall, MockReply, MockStatus } from '../handler';
import { drawDelay, wait } from './delay';
import type { MatchInput } from './match';
import type { StubResponse } from './respond';
import type { StubRule } from './stub-file';
import type { TemplateContext } from './template';

export interface AnswerOptions {
  registry: Registry;
  fallback: MockFallback;
  /** Told which rule (or the fallback) answered, once, when the first answer is chosen. */
  onAnswer?: (source: MockAnswerSource) => void;
}

const ok: MockStatus = { code: 0, message: '' };

/** Answers `call` by `rules` (the method's, in order) and always finishes it, unless the client has gone. */
export async function answerCall(
  call: MockCall,
  reply: MockReply,
  rules: readonly StubRule[],
  options: AnswerOptions,
): Promise<void> {
  const requests = new Requests(call, options.registry);
  const answer = new Answer(call, reply, requests, options);
  try {
    if (call.method.methodKind === 'bidi_streaming') await answer.eachMessage(rules);
    else await answer.whole(rules);
  } catch (error) {
    if (call.signal.aborted) return;
    reply.finish({ code: 13, message: failureMessage(error, answer.rule) });
  }
}

/** The request messages as they arrive, decoded (once each) only when a rule reads them. */
class Requests {
  readonly bytes: Uint8Array[] = [];
  private readonly json: (JsonValue | undefined)[] = [];
  private readonly decode: (bytes: Uint8Array) => string;

  constructor(
    readonly call: MockCall,
    registry: Registry,
  ) {
    this.decode = compileJsonDecoder(registry, call.method.input, { emitDefaults: true });
  }

  message(i: number): JsonValue | undefined {
    const bytes = this.bytes[i];
    if (!bytes) return undefined;
    return (this.json[i] ??= JSON.parse(this.decode(bytes)) as JsonValue);
  }

  all(): JsonValue[] {
    return this.bytes.map((_, i) => this.message(i) as JsonValue);
  }
}

class Answer {
  /** The rule answering now, for the message when its template fails. */
  rule: StubRule | undefined;
  private headersSent = false;
  private told = false;
  private trailers: StubResponse['trailers'];
  private trailerContext: TemplateContext | undefined;

  constructor(
    private readonly call: MockCall,
    private readonly reply: MockReply,
    private readonly requests: Requests,
    private readonly options: AnswerOptions,
  ) {}

  /** Unary, server and client streams: every request message first, then one answer. */
  async whole(rules: readonly StubRule[]): Promise<void> {
    for await (const bytes of this.call.requests) this.requests.bytes.push(bytes);
    const count = this.requests.bytes.length;
    const input = this.input(count, count - 1);
    const rule = rules.find((r) => r.match.test(input));
    if (!rule) return this.fallbackWhole(rules.length > 0);
    const ctx = this.context(rule, input);
    const played = await this.play(rule, ctx);
    if (played === 'continue') this.reply.finish(ok, rule.respond.trailers?.(ctx));
  }

  /** Bidi: each message as it arrives is answered by the first rule that matches it; a status ends the call. */
  async eachMessage(rules: readonly StubRule[]): Promise<void> {
    for await (const bytes of this.call.requests) {
      const index = this.requests.bytes.push(bytes) - 1;
      const input = this.input(index + 1, index);
      const rule = rules.find((r) => r.match.test(input));
      if (!rule) {
        if (this.options.fallback === 'unimplemented') return this.unimplemented(rules.length > 0);
        this.tell({ kind: 'fallback', fallback: this.options.fallback });
        await this.reply.sendMessage(this.sample());
        this.headersSent = true;
        continue;
      }
      const ctx = this.context(rule, input);
      const played = await this.play(rule, ctx);
      if (played !== 'continue') return;
      if (rule.respond.trailers) {
        this.trailers = rule.respond.trailers;
        this.trailerContext = ctx;
      }
    }
    if (this.call.signal.aborted) return;
    this.reply.finish(ok, this.trailerContext ? this.trailers?.(this.trailerContext) : undefined);
  }

  private input(count: number, current: number): MatchInput {
    return { metadata: this.call.metadata, message: (i) => this.requests.message(i), count, current };
  }

  private context(rule: StubRule, input: MatchInput): TemplateContext {
    rule.answered++;
    this.rule = rule;
    this.tell({ kind: 'rule', file: rule.file, index: rule.index });
    const index = rule.match.messageIndex(input);
    const requests = this.requests;
    return {
      request: () => requests.message(index) ?? null,
      requests: () => requests.all(),
      count: input.count,
      metadata: this.call.metadata,
      counter: rule.answered,
      index: Math.max(index, 0),
    };
  }

  /** Sends the rule's headers, messages and status with their delays; 'continue' when it sets no status. */
  private async play(rule: StubRule, ctx: TemplateContext): Promise<'continue' | 'ended' | 'aborted'> {
    const { respond } = rule;
    const signal = this.call.signal;
    if (!this.headersSent && respond.headers) this.reply.sendHeaders(respond.headers(ctx));
    if (respond.delay && !(await wait(drawDelay(respond.delay), signal))) return 'aborted';
    for (const [i, message] of respond.messages.entries()) {
      const pause = message.delay ?? (i > 0 ? respond.interval : undefined);
      if (pause && !(await wait(drawDelay(pause), signal))) return 'aborted';
      await this.reply.sendMessage(message.body.bytes(ctx));
      this.headersSent = true;
      if (signal.aborted) return 'aborted';
    }
    this.headersSent ||= respond.headers !== undefined;
    if (!respond.status) return 'continue';
    this.reply.finish(respond.status(ctx), respond.trailers?.(ctx));
    return 'ended';
  }

  private async fallbackWhole(hasRules: boolean): Promise<void> {
    if (this.options.fallback === 'unimplemented') return this.unimplemented(hasRules);
    this.tell({ kind: 'fallback', fallback: this.options.fallback });
    await this.reply.sendMessage(this.sample());
    this.reply.finish(ok);
  }

  private unimplemented(hasRules: boolean): void {
    this.tell({ kind: 'fallback', fallback: 'unimplemented' });
    const method = this.call.method;
    const name = `${method.parent.typeName}/${method.name}`;
    this.reply.finish({
      code: 12,
      message:
        `The mock has ${hasRules ? `no rule of ${name} that matches this call` : `no stub for ${name}`}: ` +
        `add a rule to mocks/${method.parent.typeName}/${method.name}.json, or start the mock with the sample fallback.`,
    });
  }

  private sample(): Uint8Array {
    return sampleBytes(this.options.registry, this.call.method, this.options.fallback === 'full');
  }

  private tell(source: MockAnswerSource): void {
    if (this.told) return;
    this.told = true;
    this.options.onAnswer?.(source);
  }
}

const samples = new WeakMap<DescMethod, { minimal?: Uint8Array; full?: Uint8Array }>();

/** The fallback's response message for `method`, encoded once. */
function sampleBytes(registry: Registry, method: DescMethod, full: boolean): Uint8Array {
  let cached = samples.get(method);
  if (!cached) samples.set(method, (cached = {}));
  if (full) return (cached.full ??= encodeJson(registry, method.output, sampleJson(method.output, registry)));
  return (cached.minimal ??= encodeJson(registry, method.output, minimalSampleJson(method.output, registry)));
}

function failureMessage(error: unknown, rule: StubRule | undefined): string {
  const where = rule ? `rules[${rule.index}] of ${rule.file}` : 'the mock';
  if (error instanceof JsonInputError) {
    return `The answer of ${where} does not fit the response message: ${error.message}. Change the rule or its templates.`;
  }
  return `${where} could not answer: ${error instanceof Error ? error.message : String(error)}`;
}
