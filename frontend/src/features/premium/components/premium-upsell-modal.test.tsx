import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PremiumUpsellModal } from './premium-upsell-modal';

function renderUpsell(onClose = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/app/home', element: <PremiumUpsellModal open onClose={onClose} /> },
      { path: '/pricing', element: <p>pricing page</p> },
    ],
    { initialEntries: ['/app/home'] },
  );
  render(<RouterProvider router={router} />);
  return { onClose, router };
}

describe('PremiumUpsellModal', () => {
  it('lists what Premium adds, not what Free already has', () => {
    renderUpsell();
    const list = screen.getByRole('list', { name: 'Premium features' });
    const items = within(list).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toContain('Unlimited Content Sharing');
    expect(items).toContain('Unlimited Match Shuffles');
    expect(items).not.toContain('Content Discovery');
    expect(items).not.toContain('Audience Score');
    expect(items).toHaveLength(9);
    expect(screen.getByText(/\$12 USD\/month/)).toBeInTheDocument();
  });

  it("'Upgrade to Premium' goes to /pricing and closes", async () => {
    const { onClose, router } = renderUpsell();
    await userEvent.click(screen.getByRole('link', { name: 'Upgrade to Premium' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(onClose).toHaveBeenCalled();
  });

  it("'Maybe later' closes", async () => {
    const { onClose, router } = renderUpsell();
    await userEvent.click(screen.getByRole('button', { name: 'Maybe later' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/app/home');
  });

  it('renders nothing when closed', () => {
    render(<PremiumUpsellModal open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
