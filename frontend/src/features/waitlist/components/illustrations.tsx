import type { JSX } from 'react';
import type { StorySlide } from '../waitlist-content';

/**
 * Inline SVG illustrations (no external images). Decorative: the headings beside them say the same thing.
 * Colours come from classes (`illo-*` in waitlist.css) so the same drawing works on light and dark panels.
 */
type IllustrationProps = { className?: string };

const svgProps = { viewBox: '0 0 240 180', 'aria-hidden': true, focusable: false, role: 'presentation' } as const;

export function HeroIllustration({ className }: IllustrationProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle className="illo-bg" cx="120" cy="90" r="84" />
      <g className="illo-line" strokeWidth="2" strokeDasharray="4 5">
        <path d="M120 90 52 48M120 90l72-40M120 90l-76 44M120 90l70 46M120 90V18" />
      </g>
      <circle className="illo-b" cx="120" cy="90" r="30" />
      <circle className="illo-a" cx="120" cy="90" r="20" />
      <path className="illo-mark" d="M111 90.5 118 97l12-13" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <g>
        <rect className="illo-surface illo-card" x="28" y="30" width="48" height="34" rx="7" />
        <rect className="illo-a" x="35" y="37" width="14" height="14" rx="3" />
        <rect className="illo-b" x="53" y="39" width="17" height="4" rx="2" />
        <rect className="illo-b" x="53" y="47" width="11" height="4" rx="2" />
      </g>
      <g>
        <rect className="illo-surface illo-card" x="168" y="30" width="52" height="36" rx="7" />
        <path className="illo-c" d="M176 58h8V46h-8zM188 58h8V40h-8zM200 58h8V36h-8z" />
      </g>
      <g>
        <rect className="illo-surface illo-card" x="18" y="118" width="52" height="36" rx="7" />
        <circle className="illo-c" cx="32" cy="136" r="7" />
        <rect className="illo-b" x="44" y="130" width="18" height="4" rx="2" />
        <rect className="illo-b" x="44" y="138" width="12" height="4" rx="2" />
      </g>
      <g>
        <rect className="illo-surface illo-card" x="166" y="118" width="54" height="36" rx="7" />
        <path className="illo-line" d="M174 146c8-2 12-14 20-14s10 8 20-6" strokeWidth="3" strokeLinecap="round" />
      </g>
      <circle className="illo-c" cx="120" cy="16" r="8" />
    </svg>
  );
}

function PartnersIllustration({ className }: IllustrationProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle className="illo-bg" cx="120" cy="92" r="80" />
      <path className="illo-line" d="M70 70c20-34 80-34 100 0" strokeWidth="3" strokeDasharray="6 6" strokeLinecap="round" />
      <circle className="illo-a" cx="68" cy="88" r="18" />
      <path className="illo-a" d="M38 140c2-20 14-30 30-30s28 10 30 30z" />
      <circle className="illo-b" cx="172" cy="88" r="18" />
      <path className="illo-b" d="M142 140c2-20 14-30 30-30s28 10 30 30z" />
      <circle className="illo-c" cx="120" cy="50" r="16" />
      <path className="illo-mark" d="M113 50h14M120 43v14" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

function ShareIllustration({ className }: IllustrationProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle className="illo-bg" cx="120" cy="92" r="80" />
      <g className="illo-line" strokeWidth="3" strokeLinecap="round">
        <path d="M138 80 178 52M138 96h44M138 112l40 28" />
      </g>
      <rect className="illo-a" x="62" y="60" width="76" height="64" rx="10" />
      <rect className="illo-surface" x="72" y="70" width="26" height="20" rx="4" />
      <rect className="illo-b" x="104" y="72" width="24" height="5" rx="2.5" />
      <rect className="illo-b" x="104" y="82" width="16" height="5" rx="2.5" />
      <rect className="illo-b" x="72" y="100" width="56" height="5" rx="2.5" />
      <rect className="illo-b" x="72" y="110" width="40" height="5" rx="2.5" />
      <circle className="illo-c" cx="186" cy="48" r="12" />
      <circle className="illo-b" cx="192" cy="96" r="12" />
      <circle className="illo-c" cx="186" cy="146" r="12" />
    </svg>
  );
}

function ImpactIllustration({ className }: IllustrationProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle className="illo-bg" cx="120" cy="92" r="80" />
      <rect className="illo-surface illo-card" x="48" y="38" width="144" height="104" rx="12" />
      <path className="illo-b" d="M66 126h18V96H66zM94 126h18V84H94zM122 126h18V70h-18zM150 126h18V58h-18z" />
      <path className="illo-line" d="M66 104 98 86l30 6 42-38" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle className="illo-c" cx="170" cy="54" r="7" />
      <path className="illo-line" d="M60 130h120" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function CreateIllustration({ className }: IllustrationProps) {
  return (
    <svg {...svgProps} className={className}>
      <circle className="illo-bg" cx="120" cy="92" r="80" />
      <rect className="illo-surface illo-card" x="62" y="34" width="96" height="118" rx="10" />
      <rect className="illo-b" x="76" y="52" width="52" height="6" rx="3" />
      <rect className="illo-b" x="76" y="66" width="66" height="6" rx="3" />
      <rect className="illo-b" x="76" y="80" width="44" height="6" rx="3" />
      <rect className="illo-a" x="76" y="98" width="66" height="38" rx="6" />
      <path className="illo-c" d="m176 40 14 14-58 58-18 4 4-18z" />
      <path className="illo-line" d="m170 46 14 14" strokeWidth="3" />
      <path className="illo-spark" d="M196 100v14M189 107h14M50 30v10M45 35h10" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

const SLIDE_ILLUSTRATIONS: Record<StorySlide['id'], (props: IllustrationProps) => JSX.Element> = {
  partners: PartnersIllustration,
  share: ShareIllustration,
  impact: ImpactIllustration,
  create: CreateIllustration,
};

export function SlideIllustration({ id, className }: IllustrationProps & { id: StorySlide['id'] }) {
  const Illustration = SLIDE_ILLUSTRATIONS[id];
  return <Illustration className={className} />;
}
