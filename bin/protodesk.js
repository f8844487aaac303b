#!/usr/bin/env node
// Built by `npm install` (the prepare script); see scripts/build.mjs.
import '../dist/cli.js';
