/** One step of a JSON path: a field name or an array index (negative counts from the end). */
export type JsonPathStep = string | number;

/**
 * Splits a JSON path into steps: `$` then any of `.name`, `['name']` / `["name"]`, `[0]`, `[-1]`.
 * Throws an Error saying where the path is malformed.
 */
export function parseJsonPath(path: string): JsonPathStep[] {
  const text = path.trim();
  if (!text.startsWith('$')) throw new Error(`The JSON path "${path}" must start with $, like $.user.id.`);
  const steps: JsonPathStep[] = [];
  let i = 1;
  while (i < text.length) {
    const rest = text.slice(i);
    const match = matchStep(rest);
    if (!match)
      throw new Error(`The JSON path "${path}" is malformed at "${rest}": use .name, ['name'] or [0].`);
    steps.push(match.step);
    i += match.length;
  }
  return steps;
}

/** The step at the start of `rest`, and how many characters it takes. */
function matchStep(rest: string): { step: JsonPathStep; length: number } | undefined {
  const field = /^\.([^.[\]'"\s]+)/.exec(rest);
  if (field) return { step: field[1]!, length: field[0].length };
  const quoted = /^\[\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")\s*\]/.exec(rest);
  if (quoted)
    return { step: (quoted[1] ?? quoted[2] ?? '').replace(/\\(.)/g, '$1'), length: quoted[0].length };
  const index = /^\[\s*(-?\d+)\s*\]/.exec(rest);
  if (index) return { step: Number(index[1]), length: index[0].length };
  return undefined;
}

/** A path prefix as people write it: `$.user.name`, `$['a b']`, `$.items[0]`. */
export function formatJsonPath(steps: readonly JsonPathStep[]): string {
  return steps.reduce<string>((text, step) => {
    if (typeof step === 'number') return `${text}[${step}]`;
    return /^[A-Za-z_$][\w$]*$/.test(step)
      ? `${text}.${step}`
      : `${text}['${step.replace(/['\\]/g, '\\$&')}']`;
  }, '$');
}

/**
 * Reads the value at a JSON path (`$`, `.name`, `['name']`, `[0]`, `[-1]`); when a step does not exist, `problem`
 * says which (`$.user has no field id`). A malformed path is a problem too.
 */
export function readJsonPath(
  value: unknown,
  path: string,
): { found: true; value: unknown } | { found: false; problem: string } {
  let steps: JsonPathStep[];
  try {
    steps = parseJsonPath(path);
  } catch (error) {
    return { found: false, problem: (error as Error).message };
  }
  let current = value;
  for (const [at, step] of steps.entries()) {
    const where = formatJsonPath(steps.slice(0, at));
    if (typeof step === 'number') {
      if (!Array.isArray(current))
        return { found: false, problem: `${where} is ${kindOf(current)}, not a list` };
      const index = step < 0 ? current.length + step : step;
      if (index < 0 || index >= current.length) {
        return { found: false, problem: `${where} has no element [${step}] (it has ${current.length})` };
      }
      current = current[index];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current)) {
        return { found: false, problem: `${where} is ${kindOf(current)}, not an object` };
      }
      if (!Object.prototype.hasOwnProperty.call(current, step)) {
        return { found: false, problem: `${where} has no field ${step}` };
      }
      current = (current as Record<string, unknown>)[step];
    }
  }
  return { found: true, value: current };
}

/** How a JSON value is named in messages: `a string`, `a list`, `null`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (value === undefined) return 'missing';
  return `a ${typeof value}`;
}
