import { describe, expect, it } from 'vitest';
import { isTrustedSender, sendToApp } from '../../src/main/sender';

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

describe('sendToApp', () => {
  /** The window's web contents: the page it shows, whether it is gone, and what it was sent. */
  const page = (url: string, destroyed = false) => {
    const sent: unknown[][] = [];
    return {
      sent,
      getURL: () => url,
      isDestroyed: () => destroyed,
      send: (...args: unknown[]) => sent.push(args),
    };
  };

  it("sends engine events to the window's app page", () => {
    const contents = page('app://protodesk/index.html');
    expect(sendToApp(contents, 'protodesk:event', { kind: 'data' })).toBe(true);
    expect(contents.sent).toEqual([['protodesk:event', { kind: 'data' }]]);
  });

  it('sends nothing to a page of another origin, or to a closed window', () => {
    const foreign = page('https://evil.example/');
    const closed = page('app://protodesk/index.html', true);
    expect(sendToApp(foreign, 'protodesk:event', { kind: 'data' })).toBe(false);
    expect(sendToApp(closed, 'protodesk:event', { kind: 'data' })).toBe(false);
    expect([...foreign.sent, ...closed.sent]).toEqual([]);
  });
});
