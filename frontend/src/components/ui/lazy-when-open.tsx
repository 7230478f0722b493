import { useEffect, useState, type ComponentType } from 'react';
import { whenPageIdle } from '@/lib/when-page-idle';

type Openable = { open: boolean };
export type LazyWhenOpen<P extends Openable> = ComponentType<P> & { preload: () => Promise<ComponentType<P>> };

/**
 * A dialog in its own chunk, kept out of the page's first download: nothing is rendered while it has never
 * been open; its module loads once the page is idle (or when it is first opened, if that is sooner), and from
 * then on it is mounted like any component, open or closed. Opening it before its module has arrived shows it
 * as soon as it has.
 */
export function lazyWhenOpen<P extends Openable>(load: () => Promise<ComponentType<P>>): LazyWhenOpen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };

  function WhenOpen(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);

    useEffect(() => {
      if (Component) return;
      let active = true;
      const show = () =>
        preload().then(
          (component) => {
            if (active) setComponent(() => component);
          },
          (error: unknown) => console.warn('This dialog could not be loaded; reload the page to try again.', error),
        );
      if (wanted) void show();
      const cancel = wanted ? () => {} : whenPageIdle(() => void show());
      return () => {
        active = false;
        cancel();
      };
    }, [Component, wanted]);

    return Component ? <Component {...props} /> : null;
  }

  return Object.assign(WhenOpen, { preload });
}
