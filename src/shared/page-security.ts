/** The page's security headers, sent by both transports (Electron's app:// scheme and browser mode's host). */

/**
 * The page may run only its own scripts and workers, and talk only to its own origin: no eval, no inline scripts, no
 * frames, objects, forms or remote anything (everything not listed falls back to default-src 'none').
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Inline styles are needed, and only styles: Monaco adds <style> elements at run time (domStylesheets.js) and writes
  // style="" attributes into the HTML of its view lines (viewLine.js); react-resizable-panels adds a <style> too.
  // Styles cannot run code, and scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers for every response that carries page content. */
export const pageSecurityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};
