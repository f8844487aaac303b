/**
 * What a sign-in asks of the person: a banner while the engine waits on the browser sign-in (with the link again, for
 * a popup blocker or a closed tab), and the device flow's code in a dialog until the token arrives.
 */
import { ExternalLink } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { absoluteTime } from './token-times';
import { useSignIn } from './sign-in-context';
import './auth.css';

/** The banner "Signing in in your browser…", shown while a sign-in waits. */
export function SignInBanner(): React.JSX.Element | null {
  const url = useSignIn((state) => state.signInUrl);
  const dismiss = useSignIn((state) => state.dismiss);
  if (url === undefined) return null;
  return (
    <div className="pd-auth-banner" role="status">
      <span>Signing in in your browser…</span>
      <a href={url} target="_blank" rel="noopener noreferrer">
        Open the sign-in page
        <ExternalLink aria-hidden="true" />
      </a>
      <button type="button" className="ghost" onClick={dismiss}>
        Hide
      </button>
    </div>
  );
}

/** The dialog "Sign in on another device" with the code, while the device flow polls. */
export function DeviceCodeDialog(): React.JSX.Element | null {
  const prompt = useSignIn((state) => state.deviceCode);
  const dismiss = useSignIn((state) => state.dismiss);
  if (prompt === undefined) return null;
  const link = prompt.verificationUriComplete ?? prompt.verificationUri;
  return (
    <Modal title="Sign in on another device" onClose={dismiss} className="pd-device-code">
      <p>
        Open{' '}
        <a href={link} target="_blank" rel="noopener noreferrer">
          {prompt.verificationUri}
        </a>{' '}
        on any device and enter this code:
      </p>
      <p className="pd-device-code-value">
        <code>{prompt.userCode}</code>
      </p>
      <p className="pd-hint">
        {`The code works until ${absoluteTime(Date.parse(prompt.expiresAt), Date.now())}. This closes once the token arrives.`}
      </p>
      <div className="pd-modal-actions">
        <button type="button" onClick={dismiss}>
          Close
        </button>
      </div>
    </Modal>
  );
}
