/**
 * Where a request's auth comes from, and its token: when it was obtained, when it expires, its scope and its claims
 * (decoded, not checked), with "Get new token" and "Clear". The token itself never reaches the page.
 */
import { useEffect, useState } from 'react';
import {
  describeAuthOrigin,
  describeAuthType,
  hasToken,
  type EffectiveAuth,
  type TokenView,
} from '../../../shared/auth';
import { FailureMessage } from '../../components/ProblemList';
import { bothTimes, expiryText } from './token-times';
import type { AuthStatusState } from './use-auth-status';

/** The region "Effective auth" above a request's auth settings, with the group "Token". */
export function TokenPanel(props: {
  state: AuthStatusState;
  /** Why no token can be asked for now (settings that would be refused). */
  blocked?: string;
}): React.JSX.Element {
  const { status, failure, fetching } = props.state;
  const auth = status?.auth;
  return (
    <section aria-label="Effective auth" className="pd-auth-status">
      <p className="pd-auth-origin">{originLine(props.blocked, auth)}</p>
      {auth && hasToken(auth.settings) && props.blocked === undefined && (
        <div className="pd-auth-token" role="group" aria-label="Token">
          {status?.token ? (
            <TokenDetails token={status.token} />
          ) : (
            <p className="muted">No token yet: Send gets one, or Get new token.</p>
          )}
          <div className="pd-auth-token-actions">
            <button type="button" disabled={fetching} onClick={() => void props.state.getNewToken()}>
              {fetching ? 'Getting a token…' : 'Get new token'}
            </button>
            <button
              type="button"
              disabled={fetching || status?.token === undefined}
              onClick={() => void props.state.clear()}
            >
              Clear
            </button>
          </div>
        </div>
      )}
      {failure && <FailureMessage failure={failure} />}
    </section>
  );
}

function originLine(blocked: string | undefined, auth: EffectiveAuth | undefined): string {
  if (blocked !== undefined) return blocked;
  if (auth === undefined)
    return 'No auth applies: set it here, or on the request’s folder, its collection or the environment.';
  const what = describeAuthType(auth.settings);
  return auth.from.kind === 'request'
    ? `This request sends ${what}.`
    : `Inherited from ${describeAuthOrigin(auth.from)}: ${what}.`;
}

/** The token's times, scope, renewal and claims. */
function TokenDetails(props: { token: TokenView }): React.JSX.Element {
  const { token } = props;
  const now = useNow(15_000);
  const obtained = Date.parse(token.obtainedAt);
  return (
    <>
      <dl className="pd-auth-token-facts">
        <dt>Expires</dt>
        <dd>{token.expiresAt === undefined ? 'Not said by the server' : expiryText(token.expiresAt, now)}</dd>
        <dt>Obtained</dt>
        <dd>{bothTimes(obtained, now)}</dd>
        {token.scope !== undefined && (
          <>
            <dt>Scope</dt>
            <dd>{token.scope}</dd>
          </>
        )}
        <dt>Renewal</dt>
        <dd>
          {token.renewable
            ? 'Renewed before it expires, without you.'
            : 'Get a new token when it expires (it needs you to sign in).'}
        </dd>
      </dl>
      {token.claims !== undefined && (
        <figure className="pd-auth-claims">
          <figcaption>Claims (decoded here, not verified: the server checks the signature)</figcaption>
          <pre className="pd-code-block" tabIndex={0} aria-label="Claims">
            {token.claims}
          </pre>
        </figure>
      )}
    </>
  );
}

/** The time now, moving every `intervalMs`. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
