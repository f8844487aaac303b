// zod probes `new Function` when its first schema is built, to compile fast parsers. The page's CSP forbids eval, so
// the probe would be reported as a violation: main.tsx imports this first, before any schema exists.
import { z } from 'zod';

z.config({ jitless: true });
