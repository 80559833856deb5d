import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildInputsHash, STAMP, webBuildNeeded } from './build-inputs.ts';

/** The web build of `npm start` and `npm run test:e2e`: only when its inputs changed since the last one (build-inputs.ts). */
const root = path.resolve(import.meta.dirname, '../../..');
if (process.argv.includes('--stamp')) {
  // The end of every web build (npm run build too): what it was made from.
  writeFileSync(path.join(root, STAMP), `${buildInputsHash(root)}\n`);
} else if (webBuildNeeded(root)) {
  execFileSync('npm', ['run', 'build', '-w', '@ateliermarkt/web'], { cwd: root, stdio: 'inherit' });
} else {
  console.log('Web-app ongewijzigd sinds de vorige build: bouwen overgeslagen (npm run build bouwt altijd).');
}
