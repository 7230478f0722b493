/**
 * Build-time compression of the UI (frontend/dist): writes `NAME.br` (brotli, quality 11) and `NAME.gz`
 * (gzip, level 9) beside every text asset, so the server sends compressed bytes without compressing per
 * request (backend/src/http/static-ui.ts picks the variant by Accept-Encoding). Run by the Vite build
 * (frontend/vite.config.ts) once the bundle is written.
 *
 * Variants are only written when they are smaller than the file; files under MIN_BYTES are left alone
 * (the headers would outweigh the saving), and so are dot folders (build metadata). Stale variants of a
 * file are removed first, so a rebuild can never leave a `.br` that decodes to an older file.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Extensions worth compressing: text. Images and fonts are compressed already. */
export const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
export const MIN_BYTES = 1024;
/** The variants, in the order the server prefers them. */
export const VARIANTS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(encoding: 'br' | 'gzip', content: Buffer): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(content, { level: 9 });
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

export interface PrecompressResult {
  /** Files that got at least one variant (paths relative to the directory). */
  compressed: string[];
  /** Bytes before and after, per encoding, over the compressed files. */
  bytes: { original: number; br: number; gzip: number };
}

/** Compresses every compressible file under `dir` (recursively). Zlib runs on the thread pool, files in parallel. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Dot folders (Vite's .vite/manifest.json) are build metadata, never served.
    .filter((file) => !path.relative(dir, file).split(path.sep).some((part) => part.startsWith('.')));
  const result: PrecompressResult = { compressed: [], bytes: { original: 0, br: 0, gzip: 0 } };
  await Promise.all(
    files.map(async (file) => {
      await Promise.all(VARIANTS.map((variant) => rm(file + variant.extension, { force: true })));
      const content = await readFile(file);
      if (content.length < MIN_BYTES) return;
      let wrote = false;
      for (const variant of VARIANTS) {
        const packed = await compress(variant.encoding, content);
        if (packed.length >= content.length) continue;
        await writeFile(file + variant.extension, packed);
        result.bytes[variant.encoding] += packed.length;
        wrote = true;
      }
      if (wrote) {
        result.compressed.push(path.relative(dir, file).split(path.sep).join('/'));
        result.bytes.original += content.length;
      }
    }),
  );
  result.compressed.sort();
  return result;
}
