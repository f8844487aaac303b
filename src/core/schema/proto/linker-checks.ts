import type { DescriptorProto } from '@bufbuild/protobuf/wkt';
import type { MessageElement, Span } from './ast';
import { report, type LinkContext } from './linker-context';

const MAX_FIELD_NUMBER = 536870911;

/** protoc's message checks: field number range, duplicates, reserved numbers and names, extension range overlaps. */
export function checkMessage(
  ctx: LinkContext,
  full: string,
  msg: DescriptorProto,
  fieldSpans: Span[],
  body: MessageElement[],
): void {
  const byNumber = new Map<number, string>();
  msg.field.forEach((field, index) => {
    const span = fieldSpans[index];
    if (field.number < 1) report(ctx, span, 'Field numbers must be positive integers.');
    else if (field.number > MAX_FIELD_NUMBER)
      report(ctx, span, `Field numbers cannot be greater than ${MAX_FIELD_NUMBER}.`);
    else if (field.number >= 19000 && field.number <= 19999) {
      report(
        ctx,
        span,
        'Field numbers 19000 through 19999 are reserved for the protocol buffer library implementation.',
      );
    }
    const other = byNumber.get(field.number);
    if (other !== undefined) {
      report(
        ctx,
        span,
        `Field number ${field.number} has already been used in "${full}" by field "${other}".`,
        'Give each field its own number.',
      );
    } else {
      byNumber.set(field.number, field.name);
    }
    for (const range of msg.reservedRange) {
      if (field.number >= range.start && field.number < range.end) {
        report(
          ctx,
          span,
          `Field "${field.name}" uses reserved number ${field.number}.`,
          `Numbers ${range.start} to ${range.end - 1} are reserved in "${full}".`,
        );
      }
    }
    if (msg.reservedName.includes(field.name)) report(ctx, span, `Field name "${field.name}" is reserved.`);
    for (const range of msg.extensionRange) {
      if (field.number >= range.start && field.number < range.end) {
        report(
          ctx,
          span,
          `Extension range ${range.start} to ${range.end - 1} includes field "${field.name}" (${field.number}).`,
        );
      }
    }
  });
  const rangeSpans = body.flatMap((el) => (el.kind === 'extensions' ? el.ranges.map((r) => r.span) : []));
  msg.extensionRange.forEach((range, index) => {
    for (const reserved of msg.reservedRange) {
      if (range.start < reserved.end && reserved.start < range.end) {
        report(
          ctx,
          rangeSpans[index],
          `Extension range ${range.start} to ${range.end - 1} overlaps with reserved range ${reserved.start} to ${reserved.end - 1}.`,
        );
      }
    }
  });
}
