import { describe, expect, it } from 'vitest';
import { rememberedFolder, rememberFolder } from '../../../src/renderer/components/remembered-folders';

/** A storage in memory, as localStorage behaves between two starts of the app. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('remembered folders', () => {
  it('keeps each purpose’s last folder across starts, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    expect(rememberedFolder(storage, 'loadReport')).toBeUndefined();
    rememberFolder(storage, 'loadReport', '/home/ann/reports');
    rememberFolder(storage, 'loadExport', '/tmp');
    const next = memoryStorage({
      'protodesk.pathFolders.v1': storage.getItem('protodesk.pathFolders.v1') ?? '',
    });
    expect(rememberedFolder(next, 'loadReport')).toBe('/home/ann/reports');
    expect(
      rememberedFolder(memoryStorage({ 'protodesk.pathFolders.v1': 'not json' }), 'loadReport'),
    ).toBeUndefined();
  });
});
