import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { idListRule, keywordRule } from './keyword-rules.js';
import { keywordMessage, normalizeKeywordText } from './keywords.js';

describe('keyword rule', () => {
  it('normalizes: trims, lowercases and collapses spaces', () => {
    expect(normalizeKeywordText('  Home \t  WORKOUT\n')).toBe('home workout');
    expect(keywordRule.parse(' Step  Counter ')).toBe('step counter');
  });

  it.each(['yoga', 'home workout 2', 'тренування вдома', 'übung', 'step-counter', '健身', 'a'.repeat(100)])(
    'accepts %j',
    (keyword) => {
      expect(keywordMessage(keyword)).toBeNull();
    },
  );

  it.each([
    ['"yoga"', MESSAGES.keywordInvalid],
    ["it's", MESSAGES.keywordInvalid],
    ['a/b', MESSAGES.keywordInvalid],
    ['#yoga', MESSAGES.keywordInvalid],
    ['yoga!', MESSAGES.keywordInvalid],
    ['yoga & fit', MESSAGES.keywordInvalid],
    ['- -', MESSAGES.keywordInvalid],
    ['a'.repeat(101), MESSAGES.keywordTooLong],
    ['  ', MESSAGES.required],
  ])('refuses %j', (keyword, message) => {
    expect(keywordMessage(keyword)).toBe(message);
    expect(keywordRule.safeParse(keyword).error?.issues[0]?.message).toBe(message);
  });
});

describe('id list rule', () => {
  it('reads comma-separated ids, a number or an array, without duplicates', () => {
    expect(idListRule.parse('3, 1,3,,2')).toEqual([3, 1, 2]);
    expect(idListRule.parse(7)).toEqual([7]);
    expect(idListRule.parse([4, 5])).toEqual([4, 5]);
  });

  it.each(['', ' , ', [], undefined])('asks for at least one: %j', (value) => {
    expect(idListRule.safeParse(value).error?.issues[0]?.message).toBe(MESSAGES.keywordsNotSelected);
  });

  it.each(['1,x', '0', '-1', '1.5', '99999999999'])('refuses %j', (value) => {
    expect(idListRule.safeParse(value).success).toBe(false);
  });
});
