import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IconCheck, IconMail } from './icons';

describe('Icon', () => {
  it('draws a decorative 20 px line icon hidden from assistive technology', () => {
    const { container } = render(<IconMail />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
  });

  it('takes a size and other SVG attributes', () => {
    const { container } = render(<IconCheck size={18} strokeWidth={2.5} className="plan-compare-icon" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('width', '18');
    expect(svg).toHaveAttribute('height', '18');
    expect(svg).toHaveAttribute('stroke-width', '2.5');
    expect(svg).toHaveClass('plan-compare-icon');
  });
});
