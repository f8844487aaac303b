import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { peers } from './peer-paths';

const run = promisify(execFile);

/** A certificate and its private key, as PEM file paths. */
export interface CertKeyPaths {
  cert: string;
  key: string;
}

/** Test PKI made by makeTestPki: every path is a PEM file in `dir`. */
export interface TestPki {
  dir: string;
  /** The CA ("Protodesk Temp CA") that signs everything below except otherClient. */
  ca: string;
  caKey: string;
  /** Server certificate for `localhost` and `127.0.0.1`, valid now. */
  server: CertKeyPaths;
  /** Client certificate (extendedKeyUsage clientAuth), valid now. */
  client: CertKeyPaths;
  /** Server certificate for `localhost` and `127.0.0.1`, valid only on 2020-01-01. */
  expiredServer: CertKeyPaths;
  /** Client certificate, valid only on 2020-01-01. */
  expiredClient: CertKeyPaths;
  /** Server certificate for `localhost` and `127.0.0.1`, valid from 2099-01-01. */
  futureServer: CertKeyPaths;
  /** A second CA, unrelated to `ca`. */
  otherCa: string;
  /** Client certificate signed by `otherCa`. */
  otherClient: CertKeyPaths;
  /** `client.key` encrypted with the passphrase `secret` (PKCS#8). */
  encryptedKey: string;
  /** Deletes `dir`. */
  remove: () => Promise<void>;
}

const serverExtensions =
  'basicConstraints=CA:FALSE\nsubjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n';
const clientExtensions = 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n';
const expired = { start: '20200101000000Z', end: '20200102000000Z' };
const future = { start: '20990101000000Z', end: '21000101000000Z' };

/**
 * Generates a fresh test PKI with openssl (EC P-256 keys; a few hundred milliseconds): two CAs, valid, expired and
 * not-yet-valid certificates. openssl 3.0's `x509 -req` cannot set past dates, so leaves are signed with `openssl ca`.
 */
export async function makeTestPki(): Promise<TestPki> {
  const dir = await mkdtemp(join(tmpdir(), 'protodesk-pki-'));
  const path = (name: string): string => join(dir, name);
  const [ca, otherCa] = await Promise.all([
    makeCa(dir, 'ca', 'Protodesk Temp CA'),
    makeCa(dir, 'other-ca', 'Unrelated Temp CA'),
  ]);
  // One `openssl ca` at a time per CA: each updates its CA's index and serial files.
  const signByCa = async (): Promise<void> => {
    await sign(ca, 'server', '/CN=localhost', serverExtensions);
    await sign(ca, 'client', '/CN=protodesk-temp-client', clientExtensions);
    await sign(ca, 'expired-server', '/CN=localhost', serverExtensions, expired);
    await sign(ca, 'expired-client', '/CN=protodesk-expired-client', clientExtensions, expired);
    await sign(ca, 'future-server', '/CN=localhost', serverExtensions, future);
  };
  await Promise.all([signByCa(), sign(otherCa, 'other-client', '/CN=unrelated-client', clientExtensions)]);
  await openssl(
    'pkey',
    '-in',
    path('client.key'),
    '-aes256',
    '-passout',
    'pass:secret',
    '-out',
    path('encrypted.key'),
  );
  const pair = (name: string): CertKeyPaths => ({ cert: path(`${name}.pem`), key: path(`${name}.key`) });
  return {
    dir,
    ca: ca.cert,
    caKey: ca.key,
    server: pair('server'),
    client: pair('client'),
    expiredServer: pair('expired-server'),
    expiredClient: pair('expired-client'),
    futureServer: pair('future-server'),
    otherCa: otherCa.cert,
    otherClient: pair('other-client'),
    encryptedKey: path('encrypted.key'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** grpc-go's own TLS test files in the Go module cache (certificate names `*.test.google.fr` etc., 2020-2030). */
export function grpcGoTestdata(): { ca: string; cert: string; key: string } {
  const dir = peers.grpcGoTestdata;
  if (!existsSync(join(dir, 'server1.pem'))) {
    throw new Error(
      `grpc-go's TLS test files are missing in ${dir}. Run .ci/install-peers.sh to fetch them.`,
    );
  }
  return { ca: join(dir, 'ca.pem'), cert: join(dir, 'server1.pem'), key: join(dir, 'server1.key') };
}

/** A CA's files and its `openssl ca` configuration. */
interface Ca {
  dir: string;
  cert: string;
  key: string;
  config: string;
}

async function makeCa(dir: string, name: string, commonName: string): Promise<Ca> {
  const db = join(dir, `${name}-db`);
  await mkdir(db);
  const ca: Ca = {
    dir,
    cert: join(dir, `${name}.pem`),
    key: join(dir, `${name}.key`),
    config: join(db, 'openssl.cnf'),
  };
  await writeFile(join(db, 'index.txt'), '');
  await writeFile(
    ca.config,
    [
      '[ca]',
      'default_ca = test_ca',
      '[test_ca]',
      `database = ${join(db, 'index.txt')}`,
      `new_certs_dir = ${db}`,
      'default_md = sha256',
      'policy = any_name',
      'unique_subject = no',
      'rand_serial = yes',
      '[any_name]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  await key(ca.key);
  await openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    ca.key,
    '-subj',
    `/CN=${commonName}`,
    '-days',
    '3650',
    '-sha256',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-out',
    ca.cert,
  );
  return ca;
}

/** Makes `<name>.key` and `<name>.pem` signed by `ca`; valid for ten years from now unless dates are given. */
async function sign(
  ca: Ca,
  name: string,
  subject: string,
  extensions: string,
  dates?: { start: string; end: string },
): Promise<void> {
  const base = join(ca.dir, name);
  await key(`${base}.key`);
  await openssl('req', '-new', '-key', `${base}.key`, '-subj', subject, '-out', `${base}.csr`);
  await writeFile(`${base}.ext`, extensions);
  const validity = dates ? ['-startdate', dates.start, '-enddate', dates.end] : ['-days', '3650'];
  await openssl(
    'ca',
    '-batch',
    '-notext',
    '-config',
    ca.config,
    '-cert',
    ca.cert,
    '-keyfile',
    ca.key,
    '-in',
    `${base}.csr`,
    '-extfile',
    `${base}.ext`,
    ...validity,
    '-out',
    `${base}.pem`,
  );
}

function key(file: string): Promise<void> {
  return openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', file);
}

async function openssl(...args: string[]): Promise<void> {
  try {
    await run('openssl', args);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`openssl ${args[0]} failed: ${stderr || (error as Error).message}`, { cause: error });
  }
}
