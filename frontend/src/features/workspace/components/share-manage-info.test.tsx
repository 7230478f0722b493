import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShareManageInfo } from './share-manage-info';

const button = () => screen.getByRole('button', { name: 'About Share and Manage' });
const tip = () => screen.getByRole('tooltip', { hidden: true });

describe('ShareManageInfo', () => {
  it('is a labelled icon button described by its explanation, a tour target, drawn with SVG', () => {
    render(<ShareManageInfo />);
    expect(button()).toHaveAttribute('data-tour', 'share-manage-info');
    expect(button()).toHaveAccessibleDescription(/Share sends a selected match to your contacts/);
    expect(button().querySelector('svg')).not.toBeNull();
    expect(tip()).not.toBeVisible();
  });

  it('shows the explanation on hover and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    render(<ShareManageInfo />);
    await user.hover(button());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Manage (step 2) lets you edit or delete your own content');
    await user.unhover(button());
    expect(tip()).not.toBeVisible();
  });

  it('shows it on keyboard focus, and Escape hides it', async () => {
    const user = userEvent.setup();
    render(<ShareManageInfo />);
    await user.tab();
    expect(button()).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tip()).not.toBeVisible();
  });

  it('a click or tap keeps it open after the pointer leaves, and a second click closes it', async () => {
    const user = userEvent.setup();
    render(<ShareManageInfo />);
    await user.click(button());
    await user.unhover(button());
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.click(button());
    expect(tip()).not.toBeVisible();
    await user.click(button());
    expect(screen.getByRole('tooltip')).toBeVisible();
  });
});
