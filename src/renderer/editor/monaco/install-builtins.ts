/** Side-effect module: import it before Monaco so the built-ins Monaco calls exist on Chromium 83. */
import { installMissingBuiltins } from './legacy-builtins';

installMissingBuiltins();
