import {
  fromBinary,
  toJson,
  ScalarType,
  type DescField,
  type DescMessage,
  type Registry,
} from '@bufbuild/protobuf';
import { AnySchema, isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { isUtf8 } from 'node:buffer';
import { Bail, readAnyFields, Wire, WireReader } from './binary-json-reader';
import { compileJsonDecoder } from './binary-json';
import type { JsonOptions } from './codec';
import { hasSpecialJson, typeNameOfUrl } from './json-wkt';
import type { UnresolvedAnyListener } from './opaque-any';

/**
 * Checks that protobuf binary fits one message type — tags, wire types, lengths, nested messages, UTF-8 of strings —
 * without building its JSON; throws exactly the error decoding it would throw. Anys of types the schema lacks are
 * reported to `onUnresolvedAny`, as the decoder reports them.
 */
export type WireCheck = (bytes: Uint8Array, onUnresolvedAny?: UnresolvedAnyListener) => void;

/** @bufbuild/protobuf's default recursion limit, as in binary-json-plan. */
const maxDepth = 100;
const required = 3;
const empty = new WireReader(new Uint8Array(0));

/** Checks one field's record, the reader just past its tag. */
type FieldCheck = (r: WireReader, wireType: number, depth: number) => void;

/** Checks a message body or group; a Bail means "unusual", not "bad": the decoder then decides. */
interface MessageCheck {
  check(r: WireReader, end: number, depth: number): void;
  checkGroup(r: WireReader, no: number, depth: number): void;
}

/** Where the checks of one call find the listener for unresolved Anys (one per check, no closure per message). */
interface CheckContext {
  readonly registry: Registry;
  listener: UnresolvedAnyListener | undefined;
  plan(desc: DescMessage): MessageCheck;
}

const checkers = new WeakMap<Registry, WeakMap<DescMessage, WireCheck[]>>();

/**
 * The check of `message`, cached per (registry, type, options). Well-formed messages pass on a fast path that only
 * walks the wire; anything unusual (merged fields, extensions, required fields, well-known types with a JSON form of
 * their own, malformed bytes) is decoded with compileJsonDecoder, so the verdict and its error are the decoder's.
 */
export function compileWireCheck(
  registry: Registry,
  message: DescMessage,
  options: JsonOptions = {},
): WireCheck {
  let forRegistry = checkers.get(registry);
  if (!forRegistry) checkers.set(registry, (forRegistry = new WeakMap()));
  let byOptions = forRegistry.get(message);
  if (!byOptions) forRegistry.set(message, (byOptions = []));
  const index = (options.emitDefaults ? 1 : 0) + (options.protoFieldNames ? 2 : 0);
  return (byOptions[index] ??= makeCheck(registry, message, options));
}

function makeCheck(registry: Registry, message: DescMessage, options: JsonOptions): WireCheck {
  const decode = compileJsonDecoder(registry, message, options);
  if (hasSpecialJson(message)) return (bytes, listen) => void decode(bytes, listen);
  const context = new Checks(registry);
  const plan = context.plan(message);
  return (bytes, listen) => {
    context.listener = listen;
    try {
      plan.check(new WireReader(bytes), bytes.length, 1);
    } catch (error) {
      if (!(error instanceof Bail)) throw error;
      decode(bytes, listen);
    }
  };
}

class Checks implements CheckContext {
  listener: UnresolvedAnyListener | undefined;
  private readonly plans = new WeakMap<DescMessage, MessageCheck>();

  constructor(readonly registry: Registry) {}

  plan(desc: DescMessage): MessageCheck {
    const known = this.plans.get(desc);
    if (known) return known;
    if (desc.typeName === AnySchema.typeName) return this.keep(desc, new AnyCheck(this));
    if (!isWrapperDesc(desc) && hasSpecialJson(desc))
      return this.keep(desc, new LibraryCheck(desc, this.registry));
    const plan = new FieldsCheck(desc, this.registry);
    this.keep(desc, plan);
    plan.init(this);
    return plan;
  }

  private keep<T extends MessageCheck>(desc: DescMessage, plan: T): T {
    this.plans.set(desc, plan);
    return plan;
  }
}

class FieldsCheck implements MessageCheck {
  private readonly byNumber: (FieldCheck | undefined)[] = [];
  private readonly sparse = new Map<number, FieldCheck>();
  /** toJson refuses a missing required field: such messages go to the decoder. */
  private readonly hasRequired: boolean;

  constructor(
    private readonly desc: DescMessage,
    private readonly registry: Registry,
  ) {
    this.hasRequired = desc.fields.some((field) => field.presence === required);
  }

  /** Separate from the constructor so recursive types find this plan already registered. */
  init(ctx: CheckContext): void {
    for (const field of this.desc.fields) {
      const check = fieldCheck(ctx, field);
      if (field.number < 64) this.byNumber[field.number] = check;
      else this.sparse.set(field.number, check);
    }
  }

  check(r: WireReader, end: number, depth: number): void {
    if (depth > maxDepth || this.hasRequired) throw new Bail('left to the decoder');
    while (r.pos < end) this.checkField(r, r.tag(), depth);
    if (r.pos !== end) throw new Bail('message overruns its length');
  }

  checkGroup(r: WireReader, no: number, depth: number): void {
    if (depth > maxDepth || this.hasRequired) throw new Bail('left to the decoder');
    for (;;) {
      if (r.pos >= r.len) throw new Bail('group without end');
      const tag = r.tag();
      if ((tag & 7) === Wire.EndGroup) {
        if (tag >>> 3 !== no) throw new Bail('invalid end group tag');
        return;
      }
      this.checkField(r, tag, depth);
    }
  }

  private checkField(r: WireReader, tag: number, depth: number): void {
    const no = tag >>> 3;
    const field = no < 64 ? this.byNumber[no] : this.sparse.get(no);
    if (field !== undefined) field(r, tag & 7, depth);
    else if (this.registry.getExtensionFor(this.desc, no)) throw new Bail('extension');
    else r.skip(tag & 7);
  }
}

/** google.protobuf.Any: its value is checked as the type its URL names, or reported when the schema lacks it. */
class AnyCheck implements MessageCheck {
  constructor(private readonly ctx: CheckContext) {}

  check(r: WireReader, end: number, depth: number): void {
    if (depth > maxDepth) throw new Bail('too deep');
    const { typeUrl, valueStart, valueEnd } = readAnyFields(r, end);
    if (typeUrl === '') return;
    const desc = this.ctx.registry.getMessage(typeNameOfUrl(typeUrl));
    if (!desc) {
      // The decoder shows it as type URL and bytes, and tells who listens.
      this.ctx.listener?.(typeUrl);
      return;
    }
    const after = r.pos;
    r.pos = valueStart;
    this.ctx.plan(desc).check(r, valueEnd, depth + 1);
    r.pos = after;
  }

  checkGroup(): void {
    throw new Bail('Any as a group');
  }
}

/** Timestamp, Duration, Struct and the like: their JSON has rules of its own (ranges), so the library checks them. */
class LibraryCheck implements MessageCheck {
  constructor(
    private readonly desc: DescMessage,
    private readonly registry: Registry,
  ) {}

  check(r: WireReader, end: number, depth: number): void {
    if (depth > maxDepth) throw new Bail('too deep');
    const bytes = r.buf.subarray(r.pos, end);
    r.pos = end;
    try {
      toJson(this.desc, fromBinary(this.desc, bytes, { recursionLimit: maxDepth + 1 - depth }), {
        registry: this.registry,
      });
    } catch {
      throw new Bail('refused by the library');
    }
  }

  checkGroup(): void {
    throw new Bail('well-known type as a group');
  }
}

function fieldCheck(ctx: CheckContext, field: DescField): FieldCheck {
  switch (field.fieldKind) {
    case 'scalar':
      return singular(valueCheck(field.scalar, field.utf8Validation));
    case 'enum':
      return singular(varint);
    case 'message':
      return childCheck(ctx.plan(field.message), field);
    case 'list':
      if (field.listKind === 'message') return childCheck(ctx.plan(field.message), field);
      return repeated(field.listKind === 'enum' ? varint : valueCheck(field.scalar, field.utf8Validation));
    case 'map':
      return mapCheck(ctx, field);
  }
}

/** How one value of a scalar type is checked: its wire type and a reader that moves past it. */
interface ValueCheck {
  wire: number;
  packable: boolean;
  skip(r: WireReader): void;
}

const varint: ValueCheck = { wire: Wire.Varint, packable: true, skip: (r) => r.varint64() };
const bit32: ValueCheck = { wire: Wire.Bit32, packable: true, skip: (r) => r.skip(Wire.Bit32) };
const bit64: ValueCheck = { wire: Wire.Bit64, packable: true, skip: (r) => r.skip(Wire.Bit64) };
const bytes: ValueCheck = { wire: Wire.Len, packable: false, skip: (r) => (r.pos = r.delimitedEnd()) };
const utf8: ValueCheck = { wire: Wire.Len, packable: false, skip: skipUtf8 };

function valueCheck(type: ScalarType, utf8Validation: boolean): ValueCheck {
  switch (type) {
    case ScalarType.DOUBLE:
    case ScalarType.FIXED64:
    case ScalarType.SFIXED64:
      return bit64;
    case ScalarType.FLOAT:
    case ScalarType.FIXED32:
    case ScalarType.SFIXED32:
      return bit32;
    case ScalarType.BYTES:
      return bytes;
    case ScalarType.STRING:
      return utf8Validation ? utf8 : bytes;
    default:
      return varint;
  }
}

/** A string whose UTF-8 the decoder validates: ASCII is checked byte by byte, anything else natively. */
function skipUtf8(r: WireReader): void {
  const end = r.delimitedEnd();
  const buf = r.buf;
  for (let i = r.pos; i < end; i++) {
    if ((buf[i] as number) > 0x7f) {
      if (!isUtf8(buf.subarray(i, end))) throw new Bail('invalid UTF-8');
      break;
    }
  }
  r.pos = end;
}

function singular(value: ValueCheck): FieldCheck {
  const wire = value.wire;
  return (r, wireType) => {
    if (wireType !== wire) throw new Bail('wire type');
    value.skip(r);
  };
}

function repeated(value: ValueCheck): FieldCheck {
  const { wire, packable } = value;
  return (r, wireType) => {
    if (wireType === wire) value.skip(r);
    else if (wireType === Wire.Len && packable) {
      const end = r.delimitedEnd();
      while (r.pos < end) value.skip(r);
      if (r.pos !== end) throw new Bail('packed values overrun');
    } else throw new Bail('wire type');
  };
}

function childCheck(plan: MessageCheck, field: { number: number; delimitedEncoding: boolean }): FieldCheck {
  if (field.delimitedEncoding) {
    const no = field.number;
    return (r, wireType, depth) => {
      if (wireType !== Wire.StartGroup) throw new Bail('wire type');
      plan.checkGroup(r, no, depth + 1);
    };
  }
  return (r, wireType, depth) => {
    if (wireType !== Wire.Len) throw new Bail('wire type');
    plan.check(r, r.delimitedEnd(), depth + 1);
  };
}

function mapCheck(ctx: CheckContext, field: DescField & { fieldKind: 'map' }): FieldCheck {
  const key = singular(valueCheck(field.mapKey, field.utf8Validation));
  const plan = field.mapKind === 'message' ? ctx.plan(field.message) : undefined;
  const value = plan
    ? childCheck(plan, { number: 2, delimitedEncoding: false })
    : singular(field.mapKind === 'scalar' ? valueCheck(field.scalar, field.utf8Validation) : varint);
  return (r, wireType, depth) => {
    if (wireType !== Wire.Len) throw new Bail('wire type');
    const end = r.delimitedEnd();
    let sawValue = false;
    while (r.pos < end) {
      const tag = r.tag();
      const no = tag >>> 3;
      if (no === 1) key(r, tag & 7, depth);
      else if (no === 2) {
        value(r, tag & 7, depth);
        sawValue = true;
      } else r.skip(tag & 7);
    }
    if (r.pos !== end) throw new Bail('map entry overrun');
    // A missing message value prints as the empty message, which a google.protobuf.Value cannot be.
    if (plan && !sawValue) plan.check(empty, 0, depth + 1);
  };
}
