/**
 * Text as HTML element content or a quoted attribute value: every markup character escaped, so a server's error
 * message holding `<script>` shows as those characters. NUL, which HTML parsers drop or refuse, becomes U+FFFD.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('\u0000', '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
