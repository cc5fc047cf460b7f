import { describe, expect, it } from 'vitest';
import { parsePost } from './post-text';

describe('the minimal markdown of blog posts', () => {
  it('parts paragraphs and lists, and reads bold, italic and http(s) links', () => {
    expect(
      parsePost('Hello **you** and *them*.\nSee [the guide](https://example.com/a).\n\n- one\n- two'),
    ).toEqual([
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'Hello ' },
            { kind: 'bold', text: 'you' },
            { kind: 'text', text: ' and ' },
            { kind: 'italic', text: 'them' },
            { kind: 'text', text: '.' },
          ],
          [
            { kind: 'text', text: 'See ' },
            { kind: 'link', text: 'the guide', href: 'https://example.com/a' },
            { kind: 'text', text: '.' },
          ],
        ],
      },
      { kind: 'list', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] },
    ]);
  });

  it('keeps markup and links to other schemes as plain text', () => {
    const text = '<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    expect(parsePost(text)).toEqual([{ kind: 'paragraph', lines: [[{ kind: 'text', text }]] }]);
  });
});
