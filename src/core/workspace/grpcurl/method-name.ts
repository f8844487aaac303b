/** `pkg.Service/Method`, `/pkg.Service/Method` or `pkg.Service.Method` → `pkg.Service/Method`; undefined when no service is named. */
export function slashMethodName(text: string): string | undefined {
  const trimmed = text.trim().replace(/^\//, '');
  const slash = trimmed.lastIndexOf('/');
  const cut = slash >= 0 ? slash : trimmed.lastIndexOf('.');
  if (cut <= 0 || cut === trimmed.length - 1) return undefined;
  return `${trimmed.slice(0, cut)}/${trimmed.slice(cut + 1)}`;
}
