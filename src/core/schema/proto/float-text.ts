/** C's `%.{precision}g` for a finite number. */
function formatG(value: number, precision: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa = '', expText = '0'] = value.toExponential(precision - 1).split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= precision) {
    const digits = stripZeros(mantissa);
    const sign = exp < 0 ? '-' : '+';
    return `${digits}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return stripZeros(value.toFixed(Math.max(0, precision - 1 - exp)));
}

function stripZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function special(value: number): string | undefined {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return undefined;
}

/** protoc's SimpleDtoa: shortest of %.15g / %.17g that reads back as the same double. */
export function simpleDtoa(value: number): string {
  const named = special(value);
  if (named !== undefined) return named;
  const short = formatG(value, 15);
  return Number(short) === value ? short : formatG(value, 17);
}

/** protoc's SimpleFtoa: shortest of %.6g / %.9g that reads back as the same float. */
export function simpleFtoa(value: number): string {
  const f = Math.fround(value);
  const named = special(f);
  if (named !== undefined) return named;
  const short = formatG(f, 6);
  return Math.fround(Number(short)) === f ? short : formatG(f, 9);
}
