import { describe, expect, test } from 'vitest';
import {
  buildCollectionTree,
  visibleRows,
} from '../../../../src/renderer/features/workspace/collection-tree';
import { compareRequests } from '../../../../src/shared/natural-order';
import type { SavedRequestEntry } from '../../../../src/shared/workspace';

const entry = (short: string): SavedRequestEntry => {
  const parts = short.split('/');
  return {
    path: `collections/${short}.json`,
    collection: parts[0] ?? '',
    folders: parts.slice(1, -1),
    name: parts[parts.length - 1] ?? '',
    method: 'grpc.testing.TestService/EmptyCall',
  };
};

// Shuffled on purpose: the tree must not keep the order its input came in.
const requests = [
  'smoke/users/admin/Delete',
  'smoke/10 Chained',
  'smoke/beta/b',
  'smoke/auth/10 refresh',
  'api/1 x',
  'smoke/2 Login',
  'smoke/users/2 Get',
  'smoke/Beta/a',
  'smoke/auth/1 token',
].map(entry);

describe('the sidebar tree order', () => {
  const rows = visibleRows(buildCollectionTree(requests), new Set());
  const shown = rows.flatMap((row) => (row.type === 'request' ? [row.entry] : []));

  test('is the order protodesk run calls them in: compareRequests', () => {
    expect(shown).toEqual([...requests].sort(compareRequests));
  });

  test('numbers by value, and a group lists its own requests before its folders', () => {
    expect(rows.map((row) => row.name)).toEqual([
      'api',
      '1 x',
      'smoke',
      '2 Login',
      '10 Chained',
      'auth',
      '1 token',
      '10 refresh',
      'Beta',
      'a',
      'beta',
      'b',
      'users',
      '2 Get',
      'admin',
      'Delete',
    ]);
  });
});
