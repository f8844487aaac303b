import { describe, expect, it } from 'vitest';
import { externalUrl } from '../../src/main/external-url';

describe('externalUrl', () => {
  it('opens http and https pages, normalized', () => {
    expect(externalUrl('https://grpc.io/docs/')).toBe('https://grpc.io/docs/');
    expect(externalUrl('http://127.0.0.1:8080/status?q=1#top')).toBe('http://127.0.0.1:8080/status?q=1#top');
    expect(externalUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b');
  });

  it('refuses every other scheme: local files, scripts, network shares and URLs that start other programs', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'vscode://file/tmp/x',
      'app://protodesk/index.html',
      'ftp://example.com/file',
      'mailto:someone@example.com',
    ]) {
      expect(externalUrl(url), url).toBeUndefined();
    }
  });

  it('refuses malformed text and URLs with credentials (which read like another site)', () => {
    expect(externalUrl('not a url')).toBeUndefined();
    expect(externalUrl('')).toBeUndefined();
    expect(externalUrl('http://')).toBeUndefined();
    expect(externalUrl('https://bank.example@evil.example/')).toBeUndefined();
    expect(externalUrl('https://user:secret@example.com/')).toBeUndefined();
  });
});
