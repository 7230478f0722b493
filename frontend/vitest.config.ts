import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Same aliases and React plugin as the build; tests run in jsdom.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup-tests.ts'],
      clearMocks: true,
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
