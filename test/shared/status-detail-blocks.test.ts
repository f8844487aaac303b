import { createFileRegistry } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeStatusDetails } from '../../src/core/call/status-details';
import { statusDetailBlocks } from '../../src/shared/status-detail-blocks';
import { richFailures, type RichFailure } from '../peers/js-rich/details';

// The blocks the body shows, from the details the engine decodes out of the js-rich peer's grpc-status-details-bin.
describe('statusDetailBlocks', () => {
  let failures: Map<string, RichFailure>;
  // Only the always-known google.rpc types: rich.QuotaBreach stays undecoded, as with a schema that lacks it.
  const blocksOf = (kind: string) =>
    statusDetailBlocks(decodeStatusDetails(createFileRegistry(), failures.get(kind)!.details).details);

  beforeAll(async () => {
    failures = await richFailures();
  });

  it('BadRequest: a table of field violations, the reason column because one row has a reason', () => {
    expect(blocksOf('bad-request')).toEqual([
      {
        title: 'Bad request',
        typeName: 'google.rpc.BadRequest',
        fields: [],
        table: {
          caption: 'Field violations',
          columns: ['Field', 'Description', 'Reason'],
          rows: [
            ['name', 'must not be empty', ''],
            ['pets[1].age', 'must be at least 0', 'NEGATIVE_AGE'],
          ],
        },
      },
    ]);
  });

  it('ErrorInfo and RetryInfo as named fields; a Duration read as seconds', () => {
    expect(blocksOf('error-info')[0]?.fields).toEqual([
      { label: 'Reason', value: 'API_DISABLED' },
      { label: 'Domain', value: 'rich.example.com' },
      { label: 'Metadata', value: 'service=rich.example.com, consumer=projects/42' },
    ]);
    expect(blocksOf('retry')[0]?.fields).toEqual([{ label: 'Retry after', value: '1.5 s' }]);
  });

  it('a type without a layout keeps its JSON (undecoded: with its base64 value) under its type name', () => {
    const [custom] = blocksOf('custom');
    expect(custom).toMatchObject({ title: 'rich.QuotaBreach', typeName: 'rich.QuotaBreach', fields: [] });
    expect(JSON.parse(custom!.json!)).toEqual({ value: expect.any(String) });
  });

  it('nothing for absent or unreadable details', () => {
    expect(statusDetailBlocks(undefined)).toEqual([]);
    expect(statusDetailBlocks('not json')).toEqual([]);
    expect(statusDetailBlocks('{"code":3}')).toEqual([]);
  });
});
