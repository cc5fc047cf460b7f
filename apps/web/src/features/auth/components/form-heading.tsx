import { Text, Title } from '@mantine/core';

/** The title and lead line at the top of each account form. */
export function FormHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <div>
      <Title order={2}>{title}</Title>
      <Text c="dimmed" size="sm" mt={4}>
        {lead}
      </Text>
    </div>
  );
}
