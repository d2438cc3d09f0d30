import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';

const dir = mkdtempSync(join(tmpdir(), 'dispatch-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('scripts/precompress.ts (npm run build)', () => {
  it('writes .br and .gz copies of the compressible hashed files only, each decoding to the file', async () => {
    const big = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(', ')}];`;
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + (i >> 3) * 104729) % 251));
    mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), big);
    writeFileSync(join(dir, 'assets', 'nested', 'style-3c4d.css'), `.row { color: red; }\n`.repeat(100));
    writeFileSync(join(dir, 'assets', 'small-5e6f.js'), 'console.log(1);');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js.map'), big);
    writeFileSync(join(dir, 'assets', 'tile-7a8b.png'), binary);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ filler: 'x'.repeat(2000) }));

    const result = await precompress(dir);

    expect(result.files).toBe(2);
    const js = join(dir, 'assets', 'app-1a2b.js');
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(big);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(big.length / 3);
    expect(existsSync(join(dir, 'assets', 'nested', 'style-3c4d.css.br'))).toBe(true);
    for (const path of [
      'assets/small-5e6f.js.br', // under 1 KiB
      'assets/app-1a2b.js.map.br', // not served
      'assets/tile-7a8b.png.br', // not a compressible type
      'index.html.br', // not content-hashed: may be edited after the build
      'config.json.gz',
    ]) {
      expect(existsSync(join(dir, path)), path).toBe(false);
    }
  });
});
