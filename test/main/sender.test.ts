import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../src/main/sender';

/** The window's web contents as the check sees it: an identity and the URL it shows. */
const window = (url: string) => ({ getURL: () => url });

describe('isTrustedSender', () => {
  const contents = window('app://protodesk/index.html');

  it("answers the window's main frame on the app page", () => {
    expect(
      isTrustedSender(
        { sender: contents, senderFrame: { url: 'app://protodesk/index.html', parent: null } },
        contents,
      ),
    ).toBe(true);
  });

  it('refuses sub-frames, other pages, other web contents, closed frames and a missing window', () => {
    const main = { url: 'app://protodesk/index.html', parent: null };
    expect(
      isTrustedSender(
        { sender: contents, senderFrame: { url: 'app://protodesk/index.html', parent: main } },
        contents,
      ),
    ).toBe(false);
    expect(
      isTrustedSender(
        { sender: contents, senderFrame: { url: 'https://evil.example/', parent: null } },
        contents,
      ),
    ).toBe(false);
    expect(
      isTrustedSender({ sender: window('app://protodesk/index.html'), senderFrame: main }, contents),
    ).toBe(false);
    expect(isTrustedSender({ sender: contents, senderFrame: null }, contents)).toBe(false);
    expect(isTrustedSender({ sender: contents, senderFrame: main }, undefined)).toBe(false);
  });

  it('falls back to the page URL on Electrons without senderFrame', () => {
    expect(isTrustedSender({ sender: contents }, contents)).toBe(true);
    const navigated = window('https://evil.example/');
    expect(isTrustedSender({ sender: navigated }, navigated)).toBe(false);
  });
});
