import { passwordScore, passwordStrength } from '@crossfeed/domain/rules/validation.ts';

type PasswordStrengthMeterProps = { password: string; id?: string };

/** SPEC §4/§5: Weak, Medium or Strong, from the shared scoring rule. Nothing while the field is empty. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div className={`strength-meter strength-${strength.toLowerCase()}`} id={id}>
      <meter min={0} max={5} low={3} high={4} optimum={5} value={passwordScore(password)} aria-hidden="true" />
      <span aria-live="polite">Password strength: {strength}</span>
    </div>
  );
}
