// Until the desktop UI lands, `npm start` shows what is built: the protodesk command line.
import { spawnSync } from 'node:child_process';

console.log('Protodesk: the desktop window arrives with the UI; today the engine and the command line are built.\n');
console.log('Try: npx protodesk list --proto test/fixtures/protos/grpc/testing/test.proto -I test/fixtures/protos\n');
spawnSync(process.execPath, ['bin/protodesk.js', '--help'], { stdio: 'inherit' });
