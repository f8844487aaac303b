import { Option, type Command } from 'commander';
import type { EffectiveAuth } from '../shared/auth';
import { jwtSettings, type JwtFlags } from './auth-flags-jwt';
import { oauth2Settings, type OAuth2Flags } from './auth-flags-oauth2';
import { parseSeconds } from './duration';
import { secretFlagValue, type Environment } from './secret-flag';
import { UsageError } from './usage-error';

/** The auth flags as Commander hands them over (see addAuthFlags); every value is the text typed. */
export interface AuthFlags extends JwtFlags, OAuth2Flags {
  authBearer?: string;
  authBasic?: string;
  authApiKey?: string;
  authCommand?: string;
  authCommandCache?: string;
  /** False with --no-browser: the authorization code flow only prints its URL. */
  browser?: boolean;
}

type Kind = 'bearer' | 'basic' | 'apiKey' | 'command' | 'jwt' | 'oauth2';

const secretNote = '(or env:NAME, @FILE)';

/** Each auth flag: its kind of auth, how it is typed, and its help. The first of a kind is the one that chooses it. */
const authOptions: readonly [Kind, string, string][] = [
  ['bearer', '--auth-bearer <token>', `send authorization: Bearer TOKEN ${secretNote}`],
  ['basic', '--auth-basic <user:pass>', `send HTTP Basic auth; PASS ${secretNote}, or the whole value`],
  ['apiKey', '--auth-api-key <name=value>', `send the API key as metadata NAME; VALUE ${secretNote}`],
  ['command', '--auth-command <cmd>', 'send Bearer + the trimmed output of this shell command'],
  [
    'command',
    '--auth-command-cache <seconds>',
    "reuse the command's token this long (default 300; 0: never)",
  ],
  ['jwt', '--auth-jwt-alg <alg>', 'sign a JWT and send it as Bearer: HS256, RS256 or ES256'],
  ['jwt', '--auth-jwt-secret <secret>', `HS256's shared secret ${secretNote}`],
  ['jwt', '--auth-jwt-key <file>', "RS256's or ES256's PEM private key (PKCS #8)"],
  ['jwt', '--auth-jwt-claims <json>', 'the claims, a JSON object or @FILE (iat and exp are filled)'],
  ['jwt', '--auth-jwt-lifetime <seconds>', 'how long each JWT is valid (default 300)'],
  ['oauth2', '--oauth2-client-id <id>', 'OAuth 2.0: get a token for this client and send it'],
  ['oauth2', '--oauth2-flow <flow>', 'client-credentials (default), auth-code (a browser) or device'],
  ['oauth2', '--oauth2-issuer <url>', 'the issuer, whose discovery names the endpoints'],
  ['oauth2', '--oauth2-token-url <url>', 'the token endpoint, when there is no issuer'],
  ['oauth2', '--oauth2-authorization-url <url>', 'auth-code without an issuer: the authorization endpoint'],
  [
    'oauth2',
    '--oauth2-device-authorization-url <url>',
    'device without an issuer: the device authorization endpoint',
  ],
  ['oauth2', '--oauth2-client-secret <secret>', `the client secret ${secretNote}`],
  [
    'oauth2',
    '--oauth2-client-auth <how>',
    'send the client secret as basic (default) auth or in the post body',
  ],
  ['oauth2', '--oauth2-scope <scopes>', 'space-separated scopes to ask for'],
  ['oauth2', '--oauth2-audience <aud>', 'sent as audience (Auth0, Okta)'],
  ['oauth2', '--oauth2-resource <uri>', 'sent as resource (RFC 8707)'],
];

/** One auth flag: its kind of auth, how it is typed, its help, and the property Commander gives its value. */
interface AuthFlag {
  kind: Kind;
  flags: string;
  description: string;
  long: string;
  attribute: string;
}

const authFlags: readonly AuthFlag[] = authOptions.map(([kind, flags, description]) => {
  const option = new Option(flags, description);
  return { kind, flags, description, long: option.long ?? flags, attribute: option.attributeName() };
});

const authGroup = 'Auth (secrets: a value, env:NAME or @FILE):';

/** Adds the auth flags to a command (`call`, `list`, `describe`, `protoset`; `load` may too). */
export function addAuthFlags(command: Command): Command {
  for (const { flags, description } of authFlags)
    command.addOption(new Option(flags, description).helpGroup(authGroup));
  return command.addOption(
    new Option('--no-browser', 'auth-code: print the sign-in URL without opening a browser').helpGroup(
      authGroup,
    ),
  );
}

/** The auth the flags describe (from the command line), or undefined without auth flags; mistakes are usage errors. */
export function authFromFlags(flags: AuthFlags, env: Environment = process.env): EffectiveAuth | undefined {
  const values = flags as Record<string, unknown>;
  const given = authFlags.filter((flag) => values[flag.attribute] !== undefined);
  const kinds = [...new Set(given.map((flag) => flag.kind))];
  const [kind] = kinds;
  if (kind === undefined) return undefined;
  if (kinds.length > 1) {
    const names = kinds.map((each) => given.find((flag) => flag.kind === each)?.long);
    throw new UsageError(
      `${names.join(' and ')} are different kinds of auth; a call sends one.`,
      'Keep the flags of one kind of auth and drop the others.',
    );
  }
  // The first flag of each kind is the one that chooses it; the others only refine it.
  const chooser = authFlags.find((flag) => flag.kind === kind);
  if (chooser !== undefined && values[chooser.attribute] === undefined) {
    const other = given[0]?.long ?? '';
    throw new UsageError(`${other} needs ${chooser.flags}.`, `Add ${chooser.long}, or drop ${other}.`);
  }
  return { settings: settingsFor(kind, flags, env), from: { kind: 'flags' } };
}

function settingsFor(kind: Kind, flags: AuthFlags, env: Environment): EffectiveAuth['settings'] {
  switch (kind) {
    case 'bearer': {
      const token = secretFlagValue(flags.authBearer ?? '', '--auth-bearer', env);
      if (/^bearer\s/i.test(token))
        throw new UsageError(
          '--auth-bearer takes the token alone; it already sends "Bearer " before it.',
          'Drop "Bearer " from the value.',
        );
      return { type: 'bearer', token };
    }
    case 'basic': {
      const [username, password] = pair(flags.authBasic ?? '', ':', '--auth-basic', 'USER:PASS', env);
      return { type: 'basic', username, password };
    }
    case 'apiKey': {
      const [name, value] = pair(flags.authApiKey ?? '', '=', '--auth-api-key', 'NAME=VALUE', env);
      const key = name.toLowerCase();
      if (!/^[0-9a-z_.-]+$/.test(key) || key.startsWith('grpc-'))
        throw new UsageError(
          `--auth-api-key: "${name}" cannot be a metadata key.`,
          'Metadata keys hold only 0-9 a-z _ . - and do not start with grpc- (x-api-key=…).',
        );
      return { type: 'apiKey', name: key, value };
    }
    case 'command':
      return {
        type: 'command',
        command: flags.authCommand ?? '',
        ...(flags.authCommandCache !== undefined
          ? { cacheSeconds: cacheSeconds(flags.authCommandCache) }
          : {}),
      };
    case 'jwt':
      return jwtSettings(flags, env);
    case 'oauth2':
      return oauth2Settings(flags, env);
  }
}

/**
 * `USER:PASS` or `NAME=VALUE`, split at the first separator; the whole value, or its secret half, may be env:NAME or
 * @FILE.
 */
function pair(
  text: string,
  separator: string,
  flag: string,
  form: string,
  env: Environment,
): [string, string] {
  const whole = /^(?:env:|@)/.test(text) ? secretFlagValue(text, flag, env) : text;
  const at = whole.indexOf(separator);
  if (at <= 0)
    throw new UsageError(
      `${flag} must look like ${form}.`,
      `For example ${flag} ${separator === ':' ? 'alice:env:ALICE_PASSWORD' : 'x-api-key=env:API_KEY'}.`,
    );
  const secret = whole.slice(at + 1);
  return [whole.slice(0, at), whole === text ? secretFlagValue(secret, flag, env) : secret];
}

/** --auth-command-cache: seconds (or a duration, 5m); 0 runs the command for every call. */
function cacheSeconds(text: string): number {
  if (/^\s*0+(?:\.0*)?\s*$/.test(text)) return 0;
  return parseSeconds(text, '--auth-command-cache') / 1000;
}
