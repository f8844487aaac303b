import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_INDEX_URL, appUrlToFile, contentTypeOf, isAppUrl } from '../../src/main/app-url';

describe('app URLs', () => {
  const root = '/opt/protodesk/renderer';

  it('maps app pages to files of the renderer folder', () => {
    expect(appUrlToFile(APP_INDEX_URL, root)).toBe(join(root, 'index.html'));
    expect(appUrlToFile('app://protodesk/', root)).toBe(join(root, 'index.html'));
    expect(appUrlToFile('app://protodesk/workers/json.worker.js?v=1', root)).toBe(
      join(root, 'workers/json.worker.js'),
    );
    expect(appUrlToFile('app://protodesk/assets/codicon%20font.ttf', root)).toBe(
      join(root, 'assets/codicon font.ttf'),
    );
  });

  it('refuses other hosts, other schemes, traversal out of the folder and unknown file types', () => {
    expect(appUrlToFile('app://evil/index.html', root)).toBeUndefined();
    expect(appUrlToFile('file:///opt/protodesk/renderer/index.html', root)).toBeUndefined();
    expect(appUrlToFile('app://protodesk/..%2f..%2fetc%2fpasswd.js', root)).toBeUndefined();
    // The URL parser resolves dot segments itself: this stays inside the folder.
    expect(appUrlToFile('app://protodesk/%2e%2e/%2e%2e/main/index.js', root)).toBe(
      join(root, 'main/index.js'),
    );
    expect(appUrlToFile('app://protodesk/%E0%A4%A', root)).toBeUndefined();
    expect(appUrlToFile('app://protodesk/secrets.pem', root)).toBeUndefined();
  });

  it('serves scripts as JavaScript (module scripts and workers refuse anything else)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'protodesk-app-url-'));
    await writeFile(join(dir, 'app.js'), '');
    const file = appUrlToFile('app://protodesk/app.js', dir);
    expect(file && contentTypeOf(file)).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('app.css')).toBe('text/css; charset=utf-8');
  });

  it('trusts only pages of the app origin', () => {
    expect(isAppUrl(APP_INDEX_URL)).toBe(true);
    expect(isAppUrl('app://protodesk.evil.com/index.html')).toBe(false);
    expect(isAppUrl('https://example.com/')).toBe(false);
  });
});
