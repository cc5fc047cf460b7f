import { Fragment } from 'react';
import { Anchor, List, Stack, Text } from '@mantine/core';

/*
 * The minimal markdown of internal blog posts, rendered as React elements (never as HTML, so a post cannot
 * carry markup or scripts): blank lines part paragraphs, lines starting "- " make a list, **bold**, *italic*
 * and [text](https://…) links; a link to anything but http(s) stays text.
 */
export type Inline =
  { kind: 'text' | 'bold' | 'italic'; text: string } | { kind: 'link'; text: string; href: string };
export type Block = { kind: 'paragraph'; lines: Inline[][] } | { kind: 'list'; items: Inline[][] };

const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;
const LIST_ITEM = /^\s*- /;

function inline(line: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: line.slice(last, match.index) });
    const [, bold, italic, label, href] = match;
    if (bold !== undefined) out.push({ kind: 'bold', text: bold });
    else if (italic !== undefined) out.push({ kind: 'italic', text: italic });
    else out.push({ kind: 'link', text: label!, href: href! });
    last = match.index + match[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  return out;
}

/** A post's body as blocks of paragraphs and lists. */
export function parsePost(body: string): Block[] {
  return body
    .split(/\n\s*\n/)
    .filter((block) => block.trim())
    .map((block): Block => {
      const lines = block.split('\n');
      return lines.every((line) => LIST_ITEM.test(line))
        ? { kind: 'list', items: lines.map((line) => inline(line.replace(LIST_ITEM, ''))) }
        : { kind: 'paragraph', lines: lines.map(inline) };
    });
}

function Inlines({ parts }: { parts: Inline[] }) {
  return parts.map((part, index) =>
    part.kind === 'bold' ? (
      <strong key={index}>{part.text}</strong>
    ) : part.kind === 'italic' ? (
      <em key={index}>{part.text}</em>
    ) : part.kind === 'link' ? (
      <Anchor key={index} href={part.href} target="_blank" rel="noreferrer noopener" inherit>
        {part.text}
      </Anchor>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

/** A post's body as paragraphs and lists. */
export function PostText({ body }: { body: string }) {
  return (
    <Stack gap={6}>
      {parsePost(body).map((block, index) =>
        block.kind === 'list' ? (
          <List key={index} size="sm">
            {block.items.map((item, i) => (
              <List.Item key={i}>
                <Inlines parts={item} />
              </List.Item>
            ))}
          </List>
        ) : (
          <Text key={index} size="sm">
            {block.lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                <Inlines parts={line} />
              </Fragment>
            ))}
          </Text>
        ),
      )}
    </Stack>
  );
}
