import { Edition } from '@bufbuild/protobuf/wkt';

/** The editions protoc 35.1 compiles (its maximum is 2024), and so the ones Protodesk compiles. */
export const SUPPORTED_EDITIONS: readonly Edition[] = [Edition.EDITION_2023, Edition.EDITION_2024];

/** `2023 and 2024`, for messages. */
export const SUPPORTED_EDITIONS_TEXT = SUPPORTED_EDITIONS.map(editionText).join(' and ');

/** protoc's Edition_Parse("EDITION_" + text): the edition an `edition = "..."` statement names, if it names one. */
export function editionNamed(text: string): Edition | undefined {
  const value = (Edition as unknown as Record<string, number | string>)[`EDITION_${text}`];
  return typeof value === 'number' &&
    value !== Edition.EDITION_PROTO2 &&
    value !== Edition.EDITION_PROTO3 &&
    value !== Edition.EDITION_UNKNOWN
    ? (value as Edition)
    : undefined;
}

/** `2023` for EDITION_2023, as protoc names editions in messages. */
export function editionText(edition: Edition): string {
  return (Edition[edition] ?? String(edition)).replace(/^EDITION_/, '');
}

/** The edition a file is compiled with: proto2 and proto3 are editions too, for feature defaults. */
export function fileEdition(syntax: 'proto2' | 'proto3' | 'editions', edition: string | undefined): Edition {
  if (syntax === 'proto2') return Edition.EDITION_PROTO2;
  if (syntax === 'proto3') return Edition.EDITION_PROTO3;
  // An edition the linker will refuse parses as the newest one, so that its syntax problems do not hide that refusal.
  return editionNamed(edition ?? '') ?? Edition.EDITION_MAX;
}
