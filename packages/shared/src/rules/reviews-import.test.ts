import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';
import { parseReviewsImport } from './reviews-import.js';

const BODY = 'Works well and saves me time every day.';

describe('parseReviewsImport', () => {
  it('reads plain blocks: first line the title, the rest the body', () => {
    const text = `Great app\n${BODY}\nSecond line.\n\n\n  Love it  \n${BODY}\n`;
    const { reviews, errors } = parseReviewsImport(text, { rates: 4, language: 'spanish' });
    expect(errors).toEqual([]);
    expect(reviews).toEqual([
      { title: 'Great app', body: `${BODY}\nSecond line.`, rates: 4, gender: 'both', language: 'spanish' },
      { title: 'Love it', body: BODY, rates: 4, gender: 'both', language: 'spanish' },
    ]);
  });

  it('names the first line of each block that breaks the review rule', () => {
    const text = `Fine title\n${BODY}\n\nNo body here\n\nX\n${BODY}`;
    const { reviews, errors } = parseReviewsImport(text);
    expect(reviews).toHaveLength(1);
    expect(errors).toEqual([
      { line: 4, field: 'body', message: CAMPAIGN_MESSAGES.reviewBodyLength },
      { line: 6, field: 'title', message: CAMPAIGN_MESSAGES.reviewTitleLength },
    ]);
  });

  it('reads a CSV with a header in any order, quoted fields and per-row values', () => {
    const text = [
      '\uFEFFBody;Title;Rates;Gender;Language',
      `"${BODY} It has ""quotes""; and a semicolon";Nice;5;female;english`,
      '',
      `"Multi\nline body text";Two lines;3;MALE;russian`,
      `${BODY};Default values;;;`,
    ].join('\r\n');
    const { reviews, errors } = parseReviewsImport(text, { rates: 2 });
    expect(errors).toEqual([]);
    expect(reviews).toEqual([
      {
        title: 'Nice',
        body: `${BODY} It has "quotes"; and a semicolon`,
        rates: 5,
        gender: 'female',
        language: 'english',
      },
      { title: 'Two lines', body: 'Multi\nline body text', rates: 3, gender: 'male', language: 'russian' },
      { title: 'Default values', body: BODY, rates: 2, gender: 'both', language: 'english' },
    ]);
  });

  it('reports CSV rows by their line, field and message', () => {
    const text = [
      'title,body,rates,gender,language',
      `"Ok","${BODY}",5,both,english`,
      `"Bad rating","${BODY}",7,both,english`,
      `"Multi","line\nbody that is long enough",5,both,english`,
      `"Bad gender","${BODY}",5,robot,german`,
    ].join('\n');
    const { reviews, errors } = parseReviewsImport(text);
    expect(reviews.map((review) => review.title)).toEqual(['Ok', 'Multi']);
    expect(errors).toEqual([
      { line: 3, field: 'rates', message: CAMPAIGN_MESSAGES.reviewRatesRange },
      { line: 6, field: 'gender', message: CAMPAIGN_MESSAGES.reviewGenderInvalid },
      { line: 6, field: 'language', message: CAMPAIGN_MESSAGES.reviewLanguageInvalid },
    ]);
  });

  it('refuses a CSV header without the body column, and empty text', () => {
    expect(parseReviewsImport('title,rates\nA,5').errors).toEqual([
      { line: 1, field: 'text', message: CAMPAIGN_MESSAGES.reviewsImportHeader },
    ]);
    expect(parseReviewsImport(' \n\n ').errors).toEqual([
      { line: 1, field: 'text', message: CAMPAIGN_MESSAGES.reviewsImportEmpty },
    ]);
  });
});
