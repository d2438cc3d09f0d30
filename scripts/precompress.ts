/**
 * `npm run build` runs this after `vite build`: a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside each compressible file of `dist/assets/`, which the reference server
 * sends in place of the file to clients that accept it. Compressing this hard takes seconds,
 * so it is done once per build rather than by the server (quality 11 is about 10% smaller
 * than the quality the server uses for what it compresses itself). Only the content-hashed
 * files under assets/ get copies: a copy can never be stale there, whereas config.json is
 * edited per deployment. A copy that would not be smaller is not written.
 *
 * Usage: tsx scripts/precompress.ts [dir]   (default: dist)
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_MIN_BYTES, isCompressibleType } from '../server/representation';
import { PRECOMPRESSED, contentTypeOf } from '../server/routes/static';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressors = {
  br: (body: Buffer) =>
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
};

/** Writes the compressed copies under `dir`/assets; returns how many files got them and the bytes saved by brotli. */
export async function precompress(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const assets = join(dir, 'assets');
  const paths = readdirSync(assets, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((full) => !/\.(map|br|gz)$/.test(full) && isCompressibleType(contentTypeOf(full)));
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  // zlib's asynchronous calls run on its thread pool: the files compress in parallel.
  await Promise.all(
    paths.map(async (full) => {
      const body = readFileSync(full);
      if (body.length < COMPRESS_MIN_BYTES) return;
      files++;
      bytes += body.length;
      for (const [coding, suffix] of PRECOMPRESSED) {
        const compressed = await compressors[coding](body);
        if (compressed.length >= body.length) continue;
        writeFileSync(full + suffix, compressed);
        if (coding === 'br') brotliBytes += compressed.length;
      }
    }),
  );
  return { files, bytes, brotliBytes };
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) {
  const dir = process.argv[2] ?? 'dist';
  const started = performance.now();
  precompress(dir).then(
    ({ files, bytes, brotliBytes }) => {
      const kib = (n: number) => `${Math.round(n / 1024)} KiB`;
      console.log(
        `precompress: ${files} files of ${join(dir, 'assets')} (${kib(bytes)}) → .br ${kib(brotliBytes)} and .gz, in ${Math.round(performance.now() - started)} ms`,
      );
    },
    (error: unknown) => {
      console.error(`precompress failed: ${String(error)}`);
      process.exit(1);
    },
  );
}
