/** Checks the profile being edited as its fields change: debounced, and only the newest answer is kept. */
import { useEffect, useState } from 'react';
import type { ApiPick } from '../../../shared/api/contract';
import type { ApiFailure } from '../../../shared/api/types';
import type { TlsProfile, TlsProfileReport } from '../../../shared/workspace';
import { toFailure } from '../../../shared/api/errors';

/** Wait after the last change before checking, so typing a path does not read files on every key. */
export const reportDelayMs = 300;

/** The report of `profile` (null while none; plaintext profiles are not checked), or why checking failed. */
export function useTlsReport(
  api: ApiPick<'tls.check'>,
  profile: TlsProfile | null,
): { report: TlsProfileReport | null; failure: ApiFailure | null } {
  const [state, setState] = useState<{ report: TlsProfileReport | null; failure: ApiFailure | null }>({
    report: null,
    failure: null,
  });
  // The profile object changes identity on every render of the editor; its JSON is what matters.
  const key = profile ? JSON.stringify(profile) : null;
  useEffect(() => {
    if (key === null) return setState({ report: null, failure: null });
    const checked = JSON.parse(key) as TlsProfile;
    if (checked.mode === 'plaintext') return setState({ report: null, failure: null });
    let current = true;
    const timer = setTimeout(() => {
      api.tls.check({ profile: checked }).then(
        (report) => current && setState({ report, failure: null }),
        (error: unknown) => current && setState({ report: null, failure: toFailure(error) }),
      );
    }, reportDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, key]);
  return state;
}
