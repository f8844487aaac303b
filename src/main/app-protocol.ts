/**
 * Serves the built renderer at `app://protodesk/` with the page's CSP header. A privileged standard scheme gives the
 * page a real origin (module scripts, workers, `'self'` in the CSP) without opening file:// to it.
 */
import { protocol } from 'electron';
import { promises as fs } from 'fs';
import { APP_SCHEME, appUrlToFile, contentTypeOf } from './app-url';
import { pageSecurityHeaders as securityHeaders } from '../shared/page-security';

/** Declares the app scheme privileged; must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Answers app:// requests from `rendererDir`; call once the app is ready. */
export function serveApp(rendererDir: string): void {
  // protocol.handle arrived in Electron 25; older Electrons (the Electron 9 smoke test) only have registerFileProtocol.
  if (typeof protocol.handle === 'function') {
    protocol.handle(APP_SCHEME, (request) => respond(appUrlToFile(request.url, rendererDir)));
    return;
  }
  protocol.registerFileProtocol(APP_SCHEME, (request, callback) => {
    const file = appUrlToFile(request.url, rendererDir);
    // -6 is Chromium's net::ERR_FILE_NOT_FOUND.
    callback(file ? { path: file, headers: securityHeaders } : { error: -6 });
  });
}

async function respond(file: string | undefined): Promise<Response> {
  const body = file ? await fs.readFile(file).catch(() => undefined) : undefined;
  if (!file || !body) return new Response('Not found', { status: 404, headers: securityHeaders });
  return new Response(body, {
    headers: { ...securityHeaders, 'Content-Type': contentTypeOf(file) ?? 'application/octet-stream' },
  });
}
