import { expect, test } from 'vitest';
import { appDataDir, secretsFile } from '../../../src/core/workspace/app-data';

test('PROTODESK_DATA_DIR wins on every platform', () => {
  for (const platform of ['linux', 'darwin', 'win32'] as const) {
    expect(appDataDir({ PROTODESK_DATA_DIR: '/data/pd', HOME: '/home/ada' }, platform)).toBe('/data/pd');
  }
});

test("each platform's per-user settings folder", () => {
  expect(appDataDir({ HOME: '/home/ada' }, 'linux')).toBe('/home/ada/.config/protodesk');
  expect(appDataDir({ HOME: '/home/ada', XDG_CONFIG_HOME: '/xdg' }, 'linux')).toBe('/xdg/protodesk');
  expect(appDataDir({ HOME: '/Users/ada' }, 'darwin')).toBe(
    '/Users/ada/Library/Application Support/Protodesk',
  );
  expect(appDataDir({ USERPROFILE: '/u/ada', APPDATA: '/u/ada/AppData/Roaming' }, 'win32')).toBe(
    '/u/ada/AppData/Roaming/Protodesk',
  );
});

test('the secrets file sits in the data folder', () => {
  expect(secretsFile('/data/pd')).toBe('/data/pd/secrets.json');
});
