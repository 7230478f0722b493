import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShuffleButton } from './shuffle-button';

type Props = Parameters<typeof ShuffleButton>[0];
const renderButton = (props: Partial<Props>) => {
  const handlers = { onShuffle: vi.fn(), onBlocked: vi.fn() };
  render(<ShuffleButton isPremium={false} remaining={3} shuffling={false} {...handlers} {...props} />);
  return { ...handlers, button: screen.getByRole('button', { name: /Shuffl/ }) };
};

describe('ShuffleButton', () => {
  it("shows 'Left: N' to a free user and shuffles", async () => {
    const { button, onShuffle, onBlocked } = renderButton({ remaining: 3 });
    expect(button).toHaveTextContent('Left: 3');
    expect(button).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(button);
    expect(onShuffle).toHaveBeenCalledTimes(1);
    expect(onBlocked).not.toHaveBeenCalled();
  });

  it("shows 'Unlimited' to a Premium user", () => {
    const { button } = renderButton({ isPremium: true, remaining: 0 });
    expect(button).toHaveTextContent('Unlimited');
    expect(button).toHaveAttribute('aria-disabled', 'false');
  });

  it('at 0 a free user sees it disabled, and pressing it opens the upgrade modal', async () => {
    const { button, onShuffle, onBlocked } = renderButton({ remaining: 0 });
    expect(button).toHaveTextContent('Left: 0');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onBlocked).toHaveBeenCalledTimes(1);
    expect(onShuffle).not.toHaveBeenCalled();
  });

  it('Unlimited (-1) shows as 0 left to a free user', () => {
    const { button } = renderButton({ remaining: 'Unlimited' });
    expect(button).toHaveTextContent('Left: 0');
    expect(button).toHaveAttribute('aria-disabled', 'true');
  });

  it('does nothing while a shuffle is running', async () => {
    const { button, onShuffle } = renderButton({ shuffling: true });
    expect(button).toHaveTextContent('Shuffling…');
    await userEvent.click(button);
    expect(onShuffle).not.toHaveBeenCalled();
  });
});
