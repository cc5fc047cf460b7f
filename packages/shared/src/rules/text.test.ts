import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { isSafeText, text } from './text.js';

describe('text rule', () => {
  it('accepts any script, emoji and, when multi-line, tabs and line breaks', () => {
    expect(isSafeText('Привіт, 世界 👋 ñ')).toBe(true);
    expect(isSafeText('a\tb\r\nc', true)).toBe(true);
  });

  it('refuses NUL, other C0 controls, DEL and lone surrogates', () => {
    for (const bad of ['a\u0000b', 'a\u0001', '\u001b[31m', 'x\u007f', '\ud800', 'a\udc00b']) {
      expect(isSafeText(bad, true), JSON.stringify(bad)).toBe(false);
    }
    expect(isSafeText('a\nb')).toBe(false);
  });

  it('answers the control-character message, trims, and bounds the length', () => {
    const rule = text({ max: 5, min: 1 });
    expect(rule.safeParse('a\u0000').error?.issues[0]?.message).toBe(MESSAGES.textInvalid);
    expect(rule.parse('  abc  ')).toBe('abc');
    expect(rule.safeParse('   ').error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(rule.safeParse('abcdef').success).toBe(false);
  });
});
