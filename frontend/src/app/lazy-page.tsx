import { lazy, useState, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  /** Loads the page's module; once it has loaded, the page renders at once instead of suspending. */
  preload: () => Promise<void>;
};

/**
 * A page in its own chunk, like `React.lazy`, that can be loaded ahead of rendering: main.tsx loads the
 * page being opened before the first render (its chunk is already downloading, hinted by index.html), so
 * that render shows the page, or hydrates its prerendered markup, in one pass instead of showing the
 * loader first. A page not loaded ahead suspends as a lazy component does.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Loaded: ComponentType | null = null;
  const loadModule = () =>
    load().then((module) => {
      Loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadModule);
  function Page() {
    // Fixed for this instance's life, so it never switches from the lazy to the loaded component.
    const [Ready] = useState(() => Loaded);
    return Ready ? <Ready /> : <Lazy />;
  }
  return Object.assign(Page, { preload: () => loadModule().then(() => undefined) });
}
