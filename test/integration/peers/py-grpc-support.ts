import { isFieldSet, type JsonValue } from '@bufbuild/protobuf';
import {
  FieldDescriptorProtoSchema,
  type DescriptorProto,
  type FieldDescriptorProto,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';

// Helpers and data of py-grpc.test.ts.

/** Every field and extension of a file, nested ones included, as [full name, json_name if the descriptor has one]. */
export function jsonNames(file: FileDescriptorProto): [string, string | undefined][] {
  const named = (scope: string, fields: FieldDescriptorProto[]): [string, string | undefined][] =>
    fields.map((f) => [
      `${scope}.${f.name}`,
      isFieldSet(f, FieldDescriptorProtoSchema.field.jsonName) ? f.jsonName : undefined,
    ]);
  const walk = (message: DescriptorProto, scope: string): [string, string | undefined][] => [
    ...named(`${scope}.${message.name}`, [...message.field, ...message.extension]),
    ...message.nestedType.flatMap((nested) => walk(nested, `${scope}.${message.name}`)),
  ];
  return [
    ...named(file.package, file.extension),
    ...file.messageType.flatMap((message) => walk(message, file.package)),
  ];
}

/** A Kitchen with every kind of field set, values that stress printing included. */
export const fullKitchen: JsonValue = {
  int32Value: -2147483648,
  int64Value: '-9223372036854775808',
  uint32Value: 4294967295,
  uint64Value: '18446744073709551615',
  sint32Value: -1,
  sint64Value: '-2',
  fixed32Value: 7,
  fixed64Value: '8',
  sfixed32Value: -9,
  sfixed64Value: '-10',
  floatValue: 0.1,
  doubleValue: 1e21,
  boolValue: true,
  stringValue: 'naïve ✓ 𝄞 "quoted" \\ </script>',
  bytesValue: 'AP8Q',
  pageSize: 3,
  releaseYear: 1999,
  xYZ2: 4,
  field1A: 5,
  customJsonName: 'explicit',
  LeadingUnderscore: 6,
  trailingUnderscore: 7,
  doubleUnderscore: 8,
  UPPERSnake: 9,
  alreadyCamel: 10,
  genre: 'GENRE_COMEDY',
  spice: 'SPICE_HOT',
  genres: ['GENRE_DRAMA', 'GENRE_UNSPECIFIED'],
  inner: {
    innerName: 'outer',
    innerCount: '1',
    innerSpice: 'SPICE_MILD',
    childInner: { innerName: 'child' },
  },
  inners: [{ innerName: 'a' }, {}],
  repeatedInt32: [1, -1],
  repeatedInt64: ['9007199254740993'],
  repeatedFloat: [1.5, 'NaN'],
  repeatedDouble: ['Infinity', '-Infinity', 'NaN', -0, 5e-324, 1.7976931348623157e308],
  repeatedString: ['', 'two'],
  repeatedBytes: ['', 'AQI='],
  repeatedBool: [true, false],
  innerByName: { first: { innerName: 'x' } },
  labelById: { '-5': 'minus five', '7': 'seven' },
  genreByFlag: { true: 'GENRE_ANIMATION', false: 'GENRE_UNSPECIFIED' },
  scoreByRank: { '1': 0.5 },
  blobByKey: { '18446744073709551615': 'AA==' },
  valueByName: { nothing: null, list: [1, 'two', false] },
  choiceNull: null,
  optionalInt32: 0,
  optionalString: '',
  optionalGenre: 'GENRE_UNSPECIFIED',
  optionalBytes: '',
  timestampValue: '1969-12-31T23:59:59.999999999Z',
  durationValue: '-1.500s',
  structValue: { a: { b: [1, null, 'c'] } },
  dynamicValue: 2.5,
  listValue: [{}, []],
  fieldMask: 'pageSize,inner.innerName',
  emptyValue: {},
  anyValue: { '@type': 'type.googleapis.com/google.protobuf.Duration', value: '1s' },
  timestamps: ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999999999Z'],
  anyValues: [
    {
      '@type': 'type.googleapis.com/protodesk.pyservice.hidden.v1.Receipt',
      receiptId: 'r-1',
      lineItems: [{ itemName: 'tea', unitCount: 1 }],
    },
    { '@type': 'type.googleapis.com/protodesk.pyservice.v1.Kitchen.Inner', innerName: 'packed' },
  ],
  doubleWrapper: 'NaN',
  floatWrapper: 0.1,
  int64Wrapper: '0',
  uint64Wrapper: '1',
  int32Wrapper: 0,
  uint32Wrapper: 3,
  boolWrapper: false,
  stringWrapper: '',
  bytesWrapper: '',
};
