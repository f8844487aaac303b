/** The name stub files give a method: `pkg.Service/Method` (its HTTP/2 path without the leading slash). */
import type { MethodInfo } from '../../../shared/schema';

export function stubMethod(method: Pick<MethodInfo, 'path'>): string {
  return method.path.replace(/^\//, '');
}
