import { describe, expect, it } from 'vitest';
import { breadcrumbs, defaultTitle, joinPath, showsEntry } from '../../../src/renderer/components/paths';

describe('path dialog helpers', () => {
  it('lists folders always and files by the purpose’s extensions', () => {
    const folder = { name: 'api', kind: 'directory' } as const;
    const file = (name: string) => ({ name, kind: 'file' }) as const;
    expect(showsEntry('protoFiles', folder)).toBe(true);
    expect(showsEntry('protoFiles', file('a.PROTO'))).toBe(true);
    expect(showsEntry('protoFiles', file('a.txt'))).toBe(false);
    expect(showsEntry('protoFolder', file('a.proto'))).toBe(false);
    expect(
      ['x.protoset', 'x.pb', 'x.binpb', 'x.bin'].every((name) => showsEntry('descriptorSet', file(name))),
    ).toBe(true);
    expect(['ca.pem', 'c.crt', 'c.key', 'c.cer'].every((name) => showsEntry('pemFile', file(name)))).toBe(
      true,
    );
    expect(showsEntry('pemFile', file('a.proto'))).toBe(false);
    expect(showsEntry('saveFile', file('anything.json'))).toBe(true);
  });

  it('titles folder and file dialogs', () => {
    expect(defaultTitle('protoFolder')).toBe('Choose a folder');
    expect(defaultTitle('pemFile')).toBe('Choose a file');
  });

  it('joins and splits POSIX and Windows paths', () => {
    expect(joinPath('/home/me', 'a.proto')).toBe('/home/me/a.proto');
    expect(joinPath('/', 'etc')).toBe('/etc');
    expect(joinPath('C:\\Users', 'me')).toBe('C:\\Users\\me');
    expect(joinPath('/home', '/abs/x')).toBe('/abs/x');
    expect(breadcrumbs('/home/me')).toEqual([
      { name: '/', path: '/' },
      { name: 'home', path: '/home' },
      { name: 'me', path: '/home/me' },
    ]);
    expect(breadcrumbs('C:\\Users\\me').map((crumb) => crumb.path)).toEqual([
      'C:\\',
      'C:\\Users',
      'C:\\Users\\me',
    ]);
  });
});
