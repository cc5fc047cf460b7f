import { Fragment, type ReactNode } from 'react';
import { Anchor, List, Stack, Text } from '@mantine/core';

/*
 * The minimal markdown of internal blog posts, rendered as React elements (never as HTML, so a post cannot
 * carry markup or scripts): blank lines part paragraphs, lines starting "- " make a list, **bold**, *italic*
 * and [text](https://…) links; a link to anything but http(s) stays text.
 */
const INLINE = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    out.push(text.slice(last, match.index));
    const [, bold, italic, label, href] = match;
    const key = match.index;
    if (bold !== undefined) out.push(<strong key={key}>{bold}</strong>);
    else if (italic !== undefined) out.push(<em key={key}>{italic}</em>);
    else
      out.push(
        <Anchor key={key} href={href} target="_blank" rel="noreferrer noopener" inherit>
          {label}
        </Anchor>,
      );
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}

/** A post's body as paragraphs and lists. */
export function PostText({ body, size = 'sm' }: { body: string; size?: 'xs' | 'sm' | 'md' }) {
  const blocks = body.split(/\n\s*\n/).filter((block) => block.trim());
  return (
    <Stack gap={6}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => /^\s*- /.test(line)))
          return (
            <List key={index} size={size}>
              {lines.map((line, item) => (
                <List.Item key={item}>{inline(line.replace(/^\s*- /, ''))}</List.Item>
              ))}
            </List>
          );
        return (
          <Text key={index} size={size}>
            {lines.map((line, i) => (
              <Fragment key={i}>
                {i > 0 && <br />}
                {inline(line)}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </Stack>
  );
}
