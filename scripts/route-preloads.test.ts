import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { routePreloads, type BuiltChunk } from './route-preloads.ts';

const chunk = (fileName: string, imports: string[], extra: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports,
  ...extra,
});

describe('route preloads', () => {
  const chunks: BuiltChunk[] = [
    chunk('assets/index-1.js', ['assets/runtime-1.js', 'assets/shared-1.js'], { isEntry: true, facadeModuleId: '/repo/frontend/index.html' }),
    chunk('assets/runtime-1.js', []),
    chunk('assets/shared-1.js', []),
    chunk('assets/root-1.js', ['assets/modal-1.js', 'assets/shared-1.js'], {
      facadeModuleId: '/repo/frontend/src/app/routes/app/root.tsx',
      viteMetadata: { importedCss: new Set(['assets/root-1.css']) },
    }),
    chunk('assets/home-1.js', ['assets/modal-1.js', 'assets/list-1.js'], {
      facadeModuleId: '/repo/frontend/src/app/routes/app/home.tsx',
      viteMetadata: { importedCss: new Set(['assets/home-1.css']) },
    }),
    chunk('assets/modal-1.js', [], { viteMetadata: { importedCss: new Set(['assets/modal-1.css']) } }),
    chunk('assets/list-1.js', ['assets/modal-1.js']),
  ];

  test('a page gets its route chunks and their static imports once, without what the entry loads', () => {
    const out = routePreloads(chunks, { '/app/home': ['src/app/routes/app/root.tsx', 'src/app/routes/app/home.tsx'] });
    assert.deepEqual(out['/app/home'], {
      js: ['/assets/root-1.js', '/assets/modal-1.js', '/assets/home-1.js', '/assets/list-1.js'],
      css: ['/assets/root-1.css', '/assets/modal-1.css', '/assets/home-1.css'],
    });
  });

  test('a page whose module is not in the build is left out rather than half listed', () => {
    const out = routePreloads(chunks, { '/gone': ['src/app/routes/app/root.tsx', 'src/app/routes/gone.tsx'] });
    assert.deepEqual(out, {});
  });
});
