/** The scope enclosing `name`: `a.b` for `a.b.C`, '' for a top-level name. */
function enclosingScope(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(0, dot);
}

/** `scope` and every scope enclosing it, innermost first, down to the top level (''). */
export function scopesOutward(scope: string): string[] {
  const scopes = [scope];
  for (let current = scope; current !== '';) {
    current = enclosingScope(current);
    scopes.push(current);
  }
  return scopes;
}
