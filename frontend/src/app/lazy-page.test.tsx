import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const pageModule = { default: () => <p>The page</p> };

describe('lazyPage', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const load = vi.fn(async () => pageModule);
    const Page = lazyPage(load);

    await Page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );

    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends like a lazy component when not preloaded, then shows the page', async () => {
    let resolve: (module: typeof pageModule) => void = () => {};
    const Page = lazyPage(() => new Promise((done) => (resolve = done)));

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();

    await act(async () => resolve(pageModule));
    expect(await screen.findByText('The page')).toBeInTheDocument();
  });
});
