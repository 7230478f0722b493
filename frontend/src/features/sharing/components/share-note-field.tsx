import { useId } from 'react';
import { SHARE_NOTE_MAX } from '@crossfeed/domain/rules/share-reasons.ts';
import { hasControlCharacters } from '@crossfeed/domain/rules/validation.ts';
import { NOTE_LABEL } from '../messages';

/**
 * The note goes into an e-mail on one line: a line break (typed or pasted) or any other control character
 * becomes a space, and the text stops at the most the server takes.
 */
export const cleanNote = (text: string): string =>
  Array.from(text, (character) => (hasControlCharacters(character) ? ' ' : character))
    .join('')
    .slice(0, SHARE_NOTE_MAX);

type ShareNoteFieldProps = { value: string; onChange: (note: string) => void; disabled?: boolean };

/** "Why I recommend this (optional)": the sharer's own words above the content in the e-mail. */
export function ShareNoteField({ value, onChange, disabled = false }: ShareNoteFieldProps) {
  const id = useId();
  const countId = `${id}-count`;
  return (
    <div className="form-field share-note">
      <label htmlFor={id}>{NOTE_LABEL}</label>
      <textarea
        id={id}
        name="note"
        rows={2}
        maxLength={SHARE_NOTE_MAX}
        aria-describedby={countId}
        value={value}
        disabled={disabled}
        onKeyDown={(event) => {
          // One line: Enter adds no line break (and does not submit the form by surprise either).
          if (event.key === 'Enter') event.preventDefault();
        }}
        onChange={(event) => onChange(cleanNote(event.target.value))}
      />
      <span id={countId} className="char-count">
        {value.length}/{SHARE_NOTE_MAX}
      </span>
    </div>
  );
}
