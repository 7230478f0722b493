/**
 * `npm start`: the one-command start (all-in-one.ts). Node's module compile cache is enabled first, before
 * the module graph loads, so that a restart reuses the type-stripped and compiled code of every module
 * instead of stripping ~400 TypeScript files again (seconds on a 2-core machine). The cache lives in
 * NODE_COMPILE_CACHE if set, else in the OS temporary folder; without it, the start is only slower.
 */
import module from 'node:module';

module.enableCompileCache?.();
await import('./all-in-one.ts');
