import {
  fromBinary,
  toJson,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
  type Registry,
} from '@bufbuild/protobuf';
import { AnySchema, isWrapperDesc } from '@bufbuild/protobuf/wkt';
import { Bail, readAnyFields, Wire, type WireReader } from './binary-json-reader';
import {
  fieldPlan,
  wrapperValuePlan,
  type FieldContext,
  type FieldPlan,
  type MessagePlan,
  type Slots,
} from './binary-json-fields';
import { setMember } from './json-read-context';
import { hasSpecialJson, typeNameOfUrl } from './json-wkt';

/** @bufbuild/protobuf's default recursion limit: deeper messages are left to it, so it can refuse them. */
const maxDepth = 100;

/** Compiles and caches the MessagePlans of one registry under one set of print options. */
export class Planner implements FieldContext {
  private readonly plans = new WeakMap<DescMessage, MessagePlan>();

  constructor(
    readonly registry: Registry,
    readonly emitDefaults: boolean,
    readonly protoNames: boolean,
  ) {}

  /** The plan of `desc`, compiled on first use (recursive types resolve to the plan being compiled). */
  plan(desc: DescMessage): MessagePlan {
    const known = this.plans.get(desc);
    if (known) return known;
    if (desc.typeName === AnySchema.typeName) return this.keep(desc, new AnyPlan(this));
    const wrapper = isWrapperDesc(desc);
    // Timestamp, Duration, FieldMask, Struct, Value, ListValue: not on the hot path, so printed by the library.
    if (!wrapper && hasSpecialJson(desc)) return this.keep(desc, new LibraryPlan(desc, this));
    const plan = new FieldsPlan(desc, this.registry, wrapper);
    this.keep(desc, plan);
    plan.init(this);
    return plan;
  }

  private keep<T extends MessagePlan>(desc: DescMessage, plan: T): T {
    this.plans.set(desc, plan);
    return plan;
  }
}

/** A message printed field by field; a wrapper type prints its `value` field alone. */
class FieldsPlan implements MessagePlan {
  private byNumber: (FieldPlan | undefined)[] = [];
  private sparse = new Map<number, FieldPlan>();
  private order: FieldPlan[] = [];

  constructor(
    private readonly desc: DescMessage,
    private readonly registry: Registry,
    private readonly wrapper: boolean,
  ) {}

  /** Compiles the fields; separate from the constructor so recursive types find this plan already registered. */
  init(ctx: FieldContext): void {
    const fields = this.desc.fields;
    const plans = this.wrapper
      ? [wrapperValuePlan(fields[0] as DescField & { fieldKind: 'scalar' })]
      : fields.map((field, slot) => fieldPlan(ctx, field, slot, siblingSlots(fields, field)));
    for (const plan of plans) {
      if (plan.number < 64) this.byNumber[plan.number] = plan;
      else this.sparse.set(plan.number, plan);
    }
    // toJson writes fields in field number order.
    this.order = [...plans].sort((a, b) => a.number - b.number);
  }

  read(r: WireReader, end: number, depth: number): JsonValue {
    if (depth > maxDepth) throw new Bail('too deep');
    const slots: Slots = new Array(this.desc.fields.length);
    while (r.pos < end) this.readField(r, r.tag(), slots, depth);
    if (r.pos !== end) throw new Bail('message overruns its length');
    return this.emit(slots);
  }

  readGroup(r: WireReader, no: number, depth: number): JsonValue {
    if (depth > maxDepth) throw new Bail('too deep');
    const slots: Slots = new Array(this.desc.fields.length);
    for (;;) {
      if (r.pos >= r.len) throw new Bail('group without end');
      const tag = r.tag();
      if ((tag & 7) === Wire.EndGroup) {
        if (tag >>> 3 !== no) throw new Bail('invalid end group tag');
        return this.emit(slots);
      }
      this.readField(r, tag, slots, depth);
    }
  }

  private readField(r: WireReader, tag: number, slots: Slots, depth: number): void {
    const no = tag >>> 3;
    const field = no < 64 ? this.byNumber[no] : this.sparse.get(no);
    if (field !== undefined) {
      field.read(r, tag & 7, slots, depth);
      return;
    }
    // toJson prints extensions found in the registry; the slow path does that.
    if (this.registry.getExtensionFor(this.desc, no)) throw new Bail('extension');
    r.skip(tag & 7);
  }

  private emit(slots: Slots): JsonValue {
    const order = this.order;
    if (this.wrapper) return (order[0] as FieldPlan).emit(slots[0]) as JsonValue;
    // Keys go in field number order; the object itself puts integer-like keys first, as toJson's objects do.
    const out: JsonObject = {};
    for (let i = 0; i < order.length; i++) {
      const field = order[i] as FieldPlan;
      const value = field.emit(slots[field.slot]);
      if (value === undefined) continue;
      if (field.key === '__proto__') setMember(out, field.key, value);
      else out[field.key] = value;
    }
    return out;
  }
}

function siblingSlots(fields: readonly DescField[], field: DescField): number[] {
  const oneof = field.oneof;
  if (!oneof) return [];
  return oneof.fields.filter((f) => f !== field).map((f) => fields.indexOf(f));
}

/** google.protobuf.Any: "@type" first, then the packed message's fields, or its JSON as "value" for special types. */
class AnyPlan implements MessagePlan {
  constructor(private readonly planner: Planner) {}

  read(r: WireReader, end: number, depth: number): JsonValue {
    if (depth > maxDepth) throw new Bail('too deep');
    const { typeUrl, valueStart, valueEnd } = readAnyFields(r, end);
    if (typeUrl === '') return {};
    const desc = this.planner.registry.getMessage(typeNameOfUrl(typeUrl));
    // Not in the registry: the slow path shows it as type URL and bytes, and tells who listens.
    if (!desc) throw new Bail('Any type not in registry');
    const after = r.pos;
    r.pos = valueStart;
    const inner = this.planner.plan(desc).read(r, valueEnd, depth + 1);
    r.pos = after;
    const out: JsonObject = { '@type': typeUrl };
    if (hasSpecialJson(desc)) {
      out.value = inner;
      return out;
    }
    const fields = inner as JsonObject;
    for (const key of Object.keys(fields)) setMember(out, key, fields[key] as JsonValue);
    return out;
  }

  readGroup(): JsonValue {
    throw new Bail('Any as a group');
  }
}

/** Well-known types with a JSON form of their own, printed by @bufbuild/protobuf's toJson. */
class LibraryPlan implements MessagePlan {
  constructor(
    private readonly desc: DescMessage,
    private readonly planner: Planner,
  ) {}

  read(r: WireReader, end: number, depth: number): JsonValue {
    if (depth > maxDepth) throw new Bail('too deep');
    const bytes = r.buf.subarray(r.pos, end);
    r.pos = end;
    // The limit left at this depth, so a Struct nested too deep fails here as it fails in one fromBinary call.
    const message = fromBinary(this.desc, bytes, { recursionLimit: maxDepth + 1 - depth });
    return toJson(this.desc, message, {
      registry: this.planner.registry,
      alwaysEmitImplicit: this.planner.emitDefaults,
      useProtoFieldName: this.planner.protoNames,
    });
  }

  readGroup(): JsonValue {
    throw new Bail('well-known type as a group');
  }
}
