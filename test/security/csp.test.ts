import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/shared/page-security';

/** The CSP evaluator electronegativity runs on the CSPs it finds (it cannot find ours: ours is a response header). */
interface CspEvaluatorModule {
  CspParser: new (text: string) => { csp: unknown };
  CspEvaluator: new (
    csp: unknown,
    version: unknown,
  ) => { evaluate(): { severity: number; directive: string; description: string }[] };
  Version: { CSP3: unknown };
  severities: Record<string, number>;
}
const require = createRequire(import.meta.url);
const evaluator = createRequire(require.resolve('@doyensec/electronegativity'))(
  '@doyensec/csp-evaluator',
) as CspEvaluatorModule;

/** The policy's directives: name → sources. */
const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources] as const;
  }),
);

describe("the page's Content-Security-Policy", () => {
  it('has nothing the CSP evaluator rates weak (what electronegativity would report)', () => {
    const csp = new evaluator.CspParser(CONTENT_SECURITY_POLICY).csp;
    const findings = new evaluator.CspEvaluator(csp, evaluator.Version.CSP3).evaluate();
    const { HIGH, SYNTAX, MEDIUM, HIGH_MAYBE } = evaluator.severities;
    const serious = findings.filter((finding) =>
      [HIGH, SYNTAX, MEDIUM, HIGH_MAYBE].includes(finding.severity),
    );
    expect(serious).toEqual([]);
  });

  it('starts from nothing and allows only the app itself: no eval, no inline scripts, nothing remote', () => {
    expect(CONTENT_SECURITY_POLICY.startsWith("default-src 'none';")).toBe(true);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('worker-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
    // Frames, objects and media fall back to default-src 'none'.
    expect([...directives.keys()].filter((name) => /^(frame|child|object|media)-src$/.test(name))).toEqual(
      [],
    );
    const sources = [...directives.values()].flat();
    expect(
      sources.filter((source) => /^(https?:|wss?:|\*)|unsafe-eval|wasm-unsafe-eval/.test(source)),
    ).toEqual([]);
  });
});
