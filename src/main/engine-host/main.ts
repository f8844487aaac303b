/** Entry of the engine host bundle (dist/main/engine.cjs), which main starts beside itself: see fork-engine.ts. */
import { parentLink } from './parent-link';
import { serveEngine } from './serve-engine';

serveEngine(parentLink());
