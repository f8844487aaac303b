import {
  ScalarType,
  type DescField,
  type DescMessage,
  type JsonObject,
  type JsonValue,
} from '@bufbuild/protobuf';
import { Bail, Wire, WireReader } from './binary-json-reader';
import { enumCodec, scalarCodec, type ScalarCodec } from './binary-json-scalars';
import { setMember } from './json-read-context';

/** One decoded message's field values, by slot; what a slot holds is up to its FieldPlan. */
export type Slots = unknown[];

/** Reads a message type from the wire straight to its canonical JSON value. */
export interface MessagePlan {
  /** The JSON of the message whose body runs from `r.pos` to `end`; `depth` counts from 1 at the top. */
  read(r: WireReader, end: number, depth: number): JsonValue;
  /** The JSON of a group (delimited encoding), read up to the end-group tag of field `no`. */
  readGroup(r: WireReader, no: number, depth: number): JsonValue;
}

/** How one field is read into its slot and printed from it. */
export interface FieldPlan {
  readonly number: number;
  /** The JSON key. */
  readonly key: string;
  readonly slot: number;
  read(r: WireReader, wireType: number, slots: Slots, depth: number): void;
  /** The JSON of the slot's value, or undefined to leave the field out. */
  emit(value: unknown): JsonValue | undefined;
}

/** What compiling fields needs: the print options and the plans of other message types. */
export interface FieldContext {
  readonly emitDefaults: boolean;
  readonly protoNames: boolean;
  plan(desc: DescMessage): MessagePlan;
}

// toJson checks presence through the edition feature: 2 = IMPLICIT, 3 = LEGACY_REQUIRED.
const implicit = 2;
const required = 3;

const empty = new WireReader(new Uint8Array(0));
const emptyList = (): JsonValue => [];
const emptyObject = (): JsonValue => ({});
const nothing = (): undefined => undefined;

/** The plan of `field`, stored in slot `slot`; `siblings` are the slots of the other members of its oneof. */
export function fieldPlan(ctx: FieldContext, field: DescField, slot: number, siblings: number[]): FieldPlan {
  const key = ctx.protoNames ? field.name : field.jsonName;
  const base = { number: field.number, key, slot };
  switch (field.fieldKind) {
    case 'scalar':
    case 'enum': {
      const codec =
        field.fieldKind === 'enum' ? enumCodec(field.enum) : scalarCodec(field.scalar, field.utf8Validation);
      const known =
        field.fieldKind === 'enum' && !field.enum.open
          ? new Set(field.enum.values.map((v) => v.number))
          : undefined;
      return {
        ...base,
        read: singularReader(codec, slot, siblings, known),
        emit: singularEmitter(ctx, field, codec),
      };
    }
    case 'message':
      return {
        ...base,
        read: messageReader(ctx.plan(field.message), field, slot, siblings),
        emit: (v) => v as JsonValue | undefined,
      };
    case 'list':
      return listPlan(ctx, field, base);
    case 'map':
      return mapPlan(ctx, field, base);
  }
}

/** A field read for its value only: the `value` of a wrapper type, printed even when zero. */
export function wrapperValuePlan(field: DescField & { fieldKind: 'scalar' }): FieldPlan {
  const codec = scalarCodec(field.scalar, field.utf8Validation);
  return {
    number: field.number,
    key: '',
    slot: 0,
    read: singularReader(codec, 0, [], undefined),
    emit: (v) => (v === undefined ? codec.zeroJson : codec.json(v)),
  };
}

function clear(slots: Slots, siblings: number[]): void {
  for (let i = 0; i < siblings.length; i++) slots[siblings[i] as number] = undefined;
}

function singularReader(
  codec: ScalarCodec,
  slot: number,
  siblings: number[],
  known: Set<number> | undefined,
): FieldPlan['read'] {
  const wire = codec.wire;
  if (known) {
    // A closed enum keeps unknown numbers out of the field (they become unknown fields), leaving it as it was.
    return (r, wireType, slots) => {
      if (wireType !== wire) throw new Bail('wire type');
      const value = codec.read(r) as number;
      if (!known.has(value)) return;
      slots[slot] = value;
      clear(slots, siblings);
    };
  }
  if (siblings.length === 0) {
    return (r, wireType, slots) => {
      if (wireType !== wire) throw new Bail('wire type');
      slots[slot] = codec.read(r);
    };
  }
  return (r, wireType, slots) => {
    if (wireType !== wire) throw new Bail('wire type');
    slots[slot] = codec.read(r);
    clear(slots, siblings);
  };
}

function singularEmitter(ctx: FieldContext, field: DescField, codec: ScalarCodec): FieldPlan['emit'] {
  if (field.oneof || field.presence !== implicit) {
    // The slow path throws toJson's "required field not set" error.
    const isRequired = field.presence === required;
    return (v) => {
      if (v === undefined) {
        if (isRequired) throw new Bail('required field not set');
        return undefined;
      }
      return codec.json(v);
    };
  }
  if (ctx.emitDefaults) return (v) => (v === undefined ? codec.zeroJson : codec.json(v));
  return (v) => (v === undefined || codec.isZero(v) ? undefined : codec.json(v));
}

/** Reads one occurrence of a message-typed value: length-delimited, or a group for delimited encoding. */
function childReader(
  plan: MessagePlan,
  field: { number: number; delimitedEncoding: boolean },
): (r: WireReader, wireType: number, depth: number) => JsonValue {
  if (field.delimitedEncoding) {
    const no = field.number;
    return (r, wireType, depth) => {
      if (wireType !== Wire.StartGroup) throw new Bail('wire type');
      return plan.readGroup(r, no, depth + 1);
    };
  }
  return (r, wireType, depth) => {
    if (wireType !== Wire.Len) throw new Bail('wire type');
    return plan.read(r, r.delimitedEnd(), depth + 1);
  };
}

function messageReader(
  plan: MessagePlan,
  field: DescField & { fieldKind: 'message' },
  slot: number,
  siblings: number[],
): FieldPlan['read'] {
  const readChild = childReader(plan, field);
  return (r, wireType, slots, depth) => {
    // A second occurrence merges into the first: rare, left to the slow path.
    if (slots[slot] !== undefined) throw new Bail('message field merge');
    slots[slot] = readChild(r, wireType, depth);
    if (siblings.length > 0) clear(slots, siblings);
  };
}

function listPlan(
  ctx: FieldContext,
  field: DescField & { fieldKind: 'list' },
  base: Omit<FieldPlan, 'read' | 'emit'>,
): FieldPlan {
  const slot = base.slot;
  const none = ctx.emitDefaults ? emptyList : nothing;
  if (field.listKind === 'message') {
    const readChild = childReader(ctx.plan(field.message), field);
    return {
      ...base,
      read: (r, wireType, slots, depth) => {
        const item = readChild(r, wireType, depth);
        const items = slots[slot] as JsonValue[] | undefined;
        if (items === undefined) slots[slot] = [item];
        else items.push(item);
      },
      emit: (v) => (v === undefined ? none() : (v as JsonValue[])),
    };
  }
  // Repeated enums keep unknown numbers even when closed, as @bufbuild/protobuf does.
  const codec =
    field.listKind === 'enum' ? enumCodec(field.enum) : scalarCodec(field.scalar, field.utf8Validation);
  const { wire, packable } = codec;
  return {
    ...base,
    read: (r, wireType, slots) => {
      let items = slots[slot] as unknown[] | undefined;
      if (items === undefined) slots[slot] = items = [];
      if (wireType === Wire.Len && packable) {
        const end = r.delimitedEnd();
        while (r.pos < end) items.push(codec.read(r));
        if (r.pos !== end) throw new Bail('packed values overrun');
      } else if (wireType === wire) {
        items.push(codec.read(r));
      } else {
        throw new Bail('wire type');
      }
    },
    emit: (v) => {
      const items = v as unknown[] | undefined;
      if (items === undefined || items.length === 0) return none();
      const out = new Array<JsonValue>(items.length);
      for (let i = 0; i < items.length; i++) out[i] = codec.json(items[i]);
      return out;
    },
  };
}

function mapPlan(
  ctx: FieldContext,
  field: DescField & { fieldKind: 'map' },
  base: Omit<FieldPlan, 'read' | 'emit'>,
): FieldPlan {
  const slot = base.slot;
  const keyCodec = scalarCodec(field.mapKey, field.utf8Validation);
  const readValue = mapValueReader(ctx, field);
  // A missing key is the zero value of its type, as an object key.
  const zeroKey = field.mapKey === ScalarType.STRING ? '' : field.mapKey === ScalarType.BOOL ? 'false' : '0';
  const none = ctx.emitDefaults ? emptyObject : nothing;
  return {
    ...base,
    read: (r, wireType, slots, depth) => {
      if (wireType !== Wire.Len) throw new Bail('wire type');
      const end = r.delimitedEnd();
      let key = zeroKey;
      let value: JsonValue | undefined;
      while (r.pos < end) {
        const tag = r.tag();
        const no = tag >>> 3;
        if (no === 1) {
          if ((tag & 7) !== keyCodec.wire) throw new Bail('wire type');
          key = String(keyCodec.read(r));
        } else if (no === 2) {
          if (value !== undefined && field.mapKind === 'message') throw new Bail('map value merge');
          value = readValue.read(r, tag & 7, depth);
        } else {
          r.skip(tag & 7);
        }
      }
      if (r.pos !== end) throw new Bail('map entry overrun');
      // A google.protobuf.Value may print as null, so undefined alone means a missing value.
      if (value === undefined) value = readValue.zero(depth);
      let entries = slots[slot] as JsonObject | undefined;
      if (entries === undefined) slots[slot] = entries = {};
      // A plain object orders its keys as toJson's does: integer-like keys first, then in insertion order.
      if (key === '__proto__') setMember(entries, key, value);
      else entries[key] = value;
    },
    emit: (v) => (v === undefined ? none() : (v as JsonObject)),
  };
}

function mapValueReader(
  ctx: FieldContext,
  field: DescField & { fieldKind: 'map' },
): { read(r: WireReader, wireType: number, depth: number): JsonValue; zero(depth: number): JsonValue } {
  if (field.mapKind === 'message') {
    const plan = ctx.plan(field.message);
    return {
      read: (r, wireType, depth) => {
        if (wireType !== Wire.Len) throw new Bail('wire type');
        return plan.read(r, r.delimitedEnd(), depth + 1);
      },
      // A missing value is the empty message, printed with the same options.
      zero: (depth) => plan.read(empty, 0, depth + 1),
    };
  }
  const codec =
    field.mapKind === 'enum' ? enumCodec(field.enum) : scalarCodec(field.scalar, field.utf8Validation);
  return {
    read: (r, wireType) => {
      if (wireType !== codec.wire) throw new Bail('wire type');
      return codec.json(codec.read(r));
    },
    zero: () => codec.zeroJson,
  };
}
