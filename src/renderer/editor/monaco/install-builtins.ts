/** Side-effect module: import it before Monaco so the built-ins Monaco calls exist on Chromium 83 (page and workers). */
import { installMissingBuiltins } from '../../../shared/legacy-builtins';
import { installMissingDomMethods } from './legacy-dom';

installMissingBuiltins();
// Workers have no DOM.
if (typeof Element !== 'undefined') installMissingDomMethods();
