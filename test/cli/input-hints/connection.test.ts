import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestPki, type TestPki } from '../../helpers/certs';
import { startGoReflect, type GoReflectServer } from '../../peers/go-reflect/server';
import { protodesk, snapshot } from './harness';

const run = promisify(execFile);
const protos = new URL('../../fixtures/protos/', import.meta.url).pathname;
const schema = ['--proto', join(protos, 'grpc/testing/test.proto'), '-I', protos];
const emptyCall = 'grpc.testing.TestService/EmptyCall';

// Wrong connection settings, through the real executable: each says what is wrong and what to do, with no stack trace
// and no Node warning, and leaves the files it was given as they were.
describe('connection settings that cannot work', () => {
  let dir: string;
  let pki: TestPki;
  let withIpName: GoReflectServer;
  let withoutIpName: GoReflectServer;
  /** A traditional (`Proc-Type: 4,ENCRYPTED`) copy of the client key, and a certificate naming only localhost. */
  let traditionalKey: string;
  let localhostOnly: { cert: string; key: string };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'protodesk-hints-'));
    await chmod(dir, 0o755);
    pki = await makeTestPki();
    traditionalKey = join(pki.dir, 'traditional-encrypted.key');
    await run('openssl', [
      'ec',
      '-in',
      pki.client.key,
      '-aes128',
      '-passout',
      'pass:secret',
      '-out',
      traditionalKey,
    ]);
    localhostOnly = { cert: join(pki.dir, 'localhost-only.pem'), key: join(pki.dir, 'localhost-only.key') };
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      localhostOnly.key,
      '-out',
      localhostOnly.cert,
    ]);
    [withIpName, withoutIpName] = await Promise.all([
      startGoReflect({ cert: pki.server.cert, key: pki.server.key }),
      startGoReflect({ cert: localhostOnly.cert, key: localhostOnly.key }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withIpName?.stop(), withoutIpName?.stop()]);
    await pki?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  /** A message line the CLI printed is exactly `protodesk: <message>` then `  <hint>`, and nothing else. */
  const usage = (message: string, hint: string) => ({
    code: 2,
    out: '',
    err: `protodesk: ${message}\n  ${hint}\n`,
  });

  describe('a unix socket target', () => {
    const unavailable = (message: string, hint: string) =>
      `ERROR:\n  Code: Unavailable\n  Message: ${message}\n  Hint: ${hint}\n`;

    test('that does not exist says so, not that the server probably requires TLS', async () => {
      const socket = join(dir, 'nope.sock');
      const result = await protodesk(['call', `unix://${socket}`, emptyCall, '--plaintext', ...schema]);
      expect(result).toEqual({
        code: 78,
        out: '',
        err: unavailable(
          `The socket ${socket} does not exist.`,
          'Start the server, or check the path (unix:///absolute/path or unix:relative/path).',
        ),
      });
    });

    test('naming a regular file or a folder says what is there instead', async () => {
      const file = join(dir, 'not-a-socket');
      await writeFile(file, 'text');
      const hint = 'Check the path: it must name the socket file the server listens on.';
      expect(await protodesk(['call', `unix://${file}`, emptyCall, '--plaintext', ...schema])).toMatchObject({
        code: 78,
        err: unavailable(`${file} is not a socket: it is a regular file.`, hint),
      });
      expect(await protodesk(['call', `unix://${dir}`, emptyCall, '--plaintext', ...schema])).toMatchObject({
        code: 78,
        err: unavailable(`${dir} is not a socket: it is a folder.`, hint),
      });
    });

    test('left behind by a server that was killed says nothing listens there', async () => {
      const socket = join(dir, 'stale.sock');
      // A server killed outright leaves its socket file: connecting to it is refused.
      const server = `require('net').createServer().listen(${JSON.stringify(socket)}, () => process.kill(process.pid, 'SIGKILL'))`;
      await run(process.execPath, ['-e', server]).catch(() => undefined);
      const result = await protodesk(['call', `unix://${socket}`, emptyCall, '--plaintext', ...schema]);
      expect(result).toEqual({
        code: 78,
        out: '',
        err: unavailable(
          `No server is listening on the socket ${socket} (connection refused).`,
          'Start the server; a socket file left behind by a server that stopped refuses connections like this.',
        ),
      });
    });

    test('that this user may not connect to says permission denied', async () => {
      const socket = join(dir, 'private.sock');
      const server: Server = createServer((connection) => connection.destroy());
      await new Promise<void>((resolve) => server.listen(socket, resolve));
      try {
        // No one but root may connect: the test runs the executable as `nobody` when it runs as root.
        await chmod(socket, 0o000);
        const result = await protodesk(['call', `unix://${socket}`, emptyCall, '--plaintext', ...schema], {
          unprivileged: true,
        });
        expect(result).toEqual({
          code: 78,
          out: '',
          err: unavailable(
            `No permission to connect to the socket ${socket}.`,
            'Connecting needs write permission on the socket and search permission on its folders: check their owner and mode (ls -l), or run as a user the server allows.',
          ),
        });
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('PEM files in the wrong place', () => {
    const target = () => `127.0.0.1:${withIpName.port}`;
    /** Mutual TLS flags: the test CA, and the given client certificate and key files. */
    const mtls = (cert: string, key: string) => ['--cacert', pki.ca, '--cert', cert, '--key', key];

    test('a certificate given as --key, to call and to list (reflection)', async () => {
      const before = await snapshot(pki.dir);
      const tls = mtls(pki.client.cert, pki.client.cert);
      const expected = usage(
        `The client key file ${pki.client.cert} holds a certificate, not a private key.`,
        'Choose the key file here (-----BEGIN PRIVATE KEY-----); the certificate goes in the certificate field.',
      );
      expect(await protodesk(['call', target(), emptyCall, ...tls])).toEqual(expected);
      expect(await protodesk(['list', target(), ...tls])).toEqual(expected);
      expect(await snapshot(pki.dir)).toEqual(before);
    });

    test('a key given as --cacert or as --cert', async () => {
      const hint = 'Choose the certificate file here; the key goes in the key field.';
      expect(await protodesk(['call', target(), emptyCall, '--cacert', pki.client.key])).toEqual(
        usage(`The CA certificate file ${pki.client.key} holds a private key, not a certificate.`, hint),
      );
      expect(await protodesk(['call', target(), emptyCall, ...mtls(pki.client.key, pki.client.key)])).toEqual(
        usage(`The client certificate file ${pki.client.key} holds a private key, not a certificate.`, hint),
      );
    });

    test.each([
      ['PKCS#8 (ENCRYPTED PRIVATE KEY)', () => pki.encryptedKey],
      ['traditional (Proc-Type: 4,ENCRYPTED)', () => traditionalKey],
    ])('an encrypted key, %s, says it is encrypted and how to decrypt it', async (_, key) => {
      const result = await protodesk(['call', target(), emptyCall, ...mtls(pki.client.cert, key())]);
      expect(result).toEqual(
        usage(
          `The client key file ${key()} is encrypted with a passphrase, and gRPC cannot use encrypted keys.`,
          'Write a decrypted copy once with `openssl pkey -in KEY -out KEY.plain.pem` (it asks for the passphrase) and use that; keep it private.',
        ),
      );
    });

    test('a folder or a pipe given as a PEM file is named as such, and the pipe is not read', async () => {
      const fifo = join(dir, 'ca.fifo');
      await run('mkfifo', [fifo]);
      const hint = 'Check the path in the TLS settings.';
      expect(await protodesk(['call', target(), emptyCall, '--cacert', fifo])).toEqual(
        usage(`Cannot read the CA certificate file ${fifo}: it is a named pipe (FIFO).`, hint),
      );
      expect(await protodesk(['call', target(), emptyCall, '--cacert', dir])).toEqual(
        usage(`Cannot read the CA certificate file ${dir}: it is a folder.`, hint),
      );
    });
  });

  describe('TLS to an IP address', () => {
    test('verifies the IP in the certificate and prints no DEP0123 warning', async () => {
      const result = await protodesk([
        'call',
        `127.0.0.1:${withIpName.port}`,
        emptyCall,
        '--cacert',
        pki.ca,
        ...schema,
      ]);
      expect(result).toEqual({ code: 0, out: '{}\n', err: '' });
    });

    test('still refuses a certificate that does not name the IP, without a warning', async () => {
      const target = `127.0.0.1:${withoutIpName.port}`;
      const result = await protodesk(['call', target, emptyCall, '--cacert', localhostOnly.cert, ...schema]);
      expect(result).toEqual({
        code: 78,
        out: '',
        err:
          'ERROR:\n  Code: Unavailable\n' +
          `  Message: The TLS certificate of ${target} is not valid for the name 127.0.0.1; it names localhost.\n` +
          '  Hint: Set the server name in the TLS settings to a name the certificate holds, e.g. localhost (this also sets the :authority).\n',
      });
    });

    test('with the name the certificate holds as --servername, the same server answers', async () => {
      const target = `127.0.0.1:${withoutIpName.port}`;
      const result = await protodesk([
        'call',
        target,
        emptyCall,
        '--cacert',
        localhostOnly.cert,
        '--servername',
        'localhost',
        ...schema,
      ]);
      expect(result).toEqual({ code: 0, out: '{}\n', err: '' });
    });
  });
});
