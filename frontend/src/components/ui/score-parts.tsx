import type { ScorePart } from '@crossfeed/domain/rules/audience-score.ts';

export type { ScorePart };

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

const isPart = (value: unknown): value is ScorePart => {
  const part = value as Partial<ScorePart> | null;
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof part.key === 'string' &&
    typeof part.label === 'string' &&
    typeof part.points === 'number' &&
    typeof part.max === 'number' &&
    typeof part.detail === 'string'
  );
};

/** The parts of an answer's `score_parts` that are well formed (anything else is left out). */
export function scorePartsOf(value: unknown): ScorePart[] {
  return Array.isArray(value) ? value.filter(isPart) : [];
}

/**
 * An audience score's parts in words (domain/src/rules/audience-score.ts): each part's label, the points it
 * earned of its maximum, and what was measured.
 */
export function ScoreParts({ parts, label }: { parts: readonly ScorePart[]; label: string }) {
  return (
    <ul className="score-parts" aria-label={label}>
      {parts.map((part) => (
        <li key={part.key} className="score-part">
          <span className="score-part-head">
            <span className="score-part-label">{part.label}</span>
            <span className="score-part-points">
              {points(part.points)} of {part.max} points
            </span>
          </span>
          <span className="score-part-track" aria-hidden="true">
            <span className="score-part-fill" style={{ width: `${part.max > 0 ? Math.min(100, Math.max(0, (part.points / part.max) * 100)) : 0}%` }} />
          </span>
          <span className="score-part-detail">{part.detail}</span>
        </li>
      ))}
    </ul>
  );
}
