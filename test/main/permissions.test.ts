import { describe, expect, it } from 'vitest';
import { permits } from '../../src/main/permissions';

describe('permits', () => {
  it('lets the app page write the clipboard (the Copy buttons), asked with its URL or its origin', () => {
    expect(permits('clipboard-sanitized-write', 'app://protodesk/index.html')).toBe(true);
    expect(permits('clipboard-sanitized-write', 'app://protodesk')).toBe(true);
    expect(permits('clipboard-sanitized-write', 'app://protodesk/')).toBe(true);
  });

  it('refuses every other permission to the app page', () => {
    for (const permission of [
      'clipboard-read',
      'media',
      'geolocation',
      'notifications',
      'midiSysex',
      'pointerLock',
      'fullscreen',
      'openExternal',
      'hid',
      'usb',
      'serial',
      'unknown',
    ]) {
      expect(permits(permission, 'app://protodesk/index.html'), permission).toBe(false);
    }
  });

  it('refuses even clipboard writes to any other page', () => {
    expect(permits('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(permits('clipboard-sanitized-write', 'app://protodesk.evil.example/')).toBe(false);
    expect(permits('clipboard-sanitized-write', 'file:///tmp/page.html')).toBe(false);
    expect(permits('clipboard-sanitized-write', '')).toBe(false);
    expect(permits('clipboard-sanitized-write', undefined)).toBe(false);
  });
});
