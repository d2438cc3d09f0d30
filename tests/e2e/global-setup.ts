import { existsSync } from 'node:fs';
import { ensureChromium } from './chromium';

export default function setup() {
  ensureChromium();
  if (!existsSync('dist/index.html')) {
    throw new Error('dist/ is missing: run "npm run build" first (npm test does it for you).');
  }
}
