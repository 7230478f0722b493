import { afterEach, describe, expect, it, vi } from 'vitest';
import { canShareNatively, copyText, isShareCancelled, referralLink, referralPath } from './referral-link';

function setClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

function setExecCommand(execCommand: ((command: string) => boolean) | undefined) {
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
}

describe('referral link', () => {
  afterEach(() => {
    setClipboard(undefined);
    setExecCommand(undefined);
  });

  it('is /waitlist?ref={referralCode} on the given origin, else this one, the code URL-encoded', () => {
    expect(referralPath('ABCD2345')).toBe('/waitlist?ref=ABCD2345');
    expect(referralPath('A B&C')).toBe('/waitlist?ref=A%20B%26C');
    expect(referralLink('ABC123', 'https://crossfeed.example')).toBe('https://crossfeed.example/waitlist?ref=ABC123');
    expect(referralLink('A B&C', 'http://localhost:5173')).toBe('http://localhost:5173/waitlist?ref=A%20B%26C');
    expect(referralLink('XY')).toBe(`${window.location.origin}/waitlist?ref=XY`);
  });

  it('copies with the Clipboard API when it is there', async () => {
    const writeText = vi.fn(async () => {});
    const execCommand = vi.fn(() => true);
    setClipboard(writeText);
    setExecCommand(execCommand);
    await expect(copyText('https://x.example/waitlist?ref=A', null)).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://x.example/waitlist?ref=A');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to selecting the input and copying when the Clipboard API is missing or refuses', async () => {
    const input = document.createElement('input');
    input.value = 'https://x.example/waitlist?ref=A';
    document.body.append(input);
    const execCommand = vi.fn(() => true);
    setExecCommand(execCommand);

    await expect(copyText(input.value, input)).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(input.value.length);

    setClipboard(vi.fn(async () => Promise.reject(new DOMException('Denied', 'NotAllowedError'))));
    await expect(copyText(input.value, input)).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledTimes(2);
    input.remove();
  });

  it('reports failure when neither way works', async () => {
    const input = document.createElement('input');
    setExecCommand(vi.fn(() => false));
    await expect(copyText('x', input)).resolves.toBe(false);
    setExecCommand(undefined);
    await expect(copyText('x', input)).resolves.toBe(false);
    setExecCommand(
      vi.fn(() => {
        throw new Error('unsupported');
      }),
    );
    await expect(copyText('x', input)).resolves.toBe(false);
  });

  it('offers the share sheet only where the browser has one', () => {
    expect(canShareNatively()).toBe(false);
    Object.defineProperty(navigator, 'share', { value: vi.fn(), configurable: true, writable: true });
    expect(canShareNatively()).toBe(true);
    Reflect.deleteProperty(navigator, 'share');
  });

  it('treats a dismissed share sheet (AbortError) as a cancel, not a failure', () => {
    expect(isShareCancelled(new DOMException('Share canceled', 'AbortError'))).toBe(true);
    expect(isShareCancelled(new DOMException('Not allowed', 'NotAllowedError'))).toBe(false);
    expect(isShareCancelled(new Error('boom'))).toBe(false);
  });
});
