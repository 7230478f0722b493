import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText, isShareCancelled, referralLink } from './referral-link';

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

  it('is /waitlist?ref={referralCode} on the given origin, the code URL-encoded', () => {
    expect(referralLink('https://crossfeed.example', 'ABC123')).toBe('https://crossfeed.example/waitlist?ref=ABC123');
    expect(referralLink('http://localhost:5173', 'A B&C')).toBe('http://localhost:5173/waitlist?ref=A%20B%26C');
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

  it('treats a dismissed share sheet (AbortError) as a cancel, not a failure', () => {
    expect(isShareCancelled(new DOMException('Share canceled', 'AbortError'))).toBe(true);
    expect(isShareCancelled(new DOMException('Not allowed', 'NotAllowedError'))).toBe(false);
    expect(isShareCancelled(new Error('boom'))).toBe(false);
  });
});
