import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ViewFilterSelect } from './view-filter-select';

describe('ViewFilterSelect', () => {
  it('lists the three filters, marking the Premium ones for a free user', () => {
    render(<ViewFilterSelect value="standard" isPremium={false} onChange={vi.fn()} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Standard',
      'Ranked Content (Premium)',
      'Top Performers (Premium)',
    ]);
  });

  it('reports the choice and keeps showing the value it is given', async () => {
    const onChange = vi.fn();
    render(<ViewFilterSelect value="standard" isPremium={false} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'View' });
    await userEvent.selectOptions(select, 'rankedContent');
    expect(onChange).toHaveBeenCalledWith('rankedContent');
    expect(select).toHaveValue('standard');
  });
});
