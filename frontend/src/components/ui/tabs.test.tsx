import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TabList, TabPanel, type TabItem } from './tabs';

type Id = 'one' | 'two' | 'three';
const TABS: readonly TabItem<Id>[] = [
  { id: 'one', label: 'First' },
  { id: 'two', label: 'Second' },
  { id: 'three', label: 'Third' },
];

function Harness() {
  const [selected, setSelected] = useState<Id>('one');
  return (
    <>
      <TabList label="Sections" tabs={TABS} selected={selected} onSelect={setSelected} idPrefix="demo" />
      {TABS.map(({ id, label }) => (
        <TabPanel key={id} idPrefix="demo" id={id} hidden={id !== selected}>
          {label} content
        </TabPanel>
      ))}
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TabList and TabPanel', () => {
  it('are a named tab list whose selected tab labels the one visible panel it controls', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist', { name: 'Sections' });
    expect(within(list).getAllByRole('tab').map((item) => item.textContent)).toEqual(['First', 'Second', 'Third']);
    expect(tab('First')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Second')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('First');
    expect(panel).toHaveTextContent('First content');
    expect(tab('First')).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('tabindex', '0');
  });

  it('selects a tab on click and keeps only the selected tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(tab('Second'));
    expect(tab('Second')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Second')).toHaveAttribute('tabindex', '0');
    expect(tab('First')).toHaveAttribute('tabindex', '-1');
    expect(tab('Third')).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Second');
  });

  it('moves and selects with Left/Right (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('First').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Second')).toHaveFocus();
    expect(tab('Second')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(tab('First')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Third')).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Third');
    await user.keyboard('{Home}');
    expect(tab('First')).toHaveFocus();
    expect(tab('First')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Third')).toHaveFocus();
    expect(tab('Third')).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves other keys alone', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    tab('First').focus();
    await user.keyboard('{ArrowDown}a');
    expect(tab('First')).toHaveFocus();
    expect(tab('First')).toHaveAttribute('aria-selected', 'true');
  });
});
