import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenOpen } from './lazy-when-open';

type DialogProps = { open: boolean; label: string };
const Dialog = ({ open, label }: DialogProps) => (open ? <div role="dialog" aria-label={label} /> : <p>{label} closed</p>);

describe('lazyWhenOpen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('renders nothing and loads nothing while never opened and the page is busy; opening loads and shows it', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const load = vi.fn(async () => Dialog);
    const Lazy = lazyWhenOpen(load);

    const { rerender, container } = render(<Lazy open={false} label="Share" />);
    expect(container).toBeEmptyDOMElement();
    expect(load).not.toHaveBeenCalled();

    rerender(<Lazy open label="Share" />);
    expect(await screen.findByRole('dialog', { name: 'Share' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);

    // Loaded: mounted like any component from now on, closed too.
    rerender(<Lazy open={false} label="Share" />);
    expect(screen.getByText('Share closed')).toBeInTheDocument();
  });

  it('loads once the page is idle, and a later instance renders at once', async () => {
    const load = vi.fn(async () => Dialog);
    const Lazy = lazyWhenOpen(load);

    render(<Lazy open={false} label="Flag" />);
    expect(await screen.findByText('Flag closed')).toBeInTheDocument();

    render(<Lazy open label="Flag again" />);
    expect(screen.getByRole('dialog', { name: 'Flag again' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when its code cannot be loaded, and tries again at the next opening', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn<() => Promise<typeof Dialog>>().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(Dialog);
    const Lazy = lazyWhenOpen(load);

    const first = render(<Lazy open label="Contacts" />);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    await act(async () => {
      render(<Lazy open label="Contacts" />);
    });
    expect(await screen.findByRole('dialog', { name: 'Contacts' })).toBeInTheDocument();
  });
});
