import { Text, Title } from '@mantine/core';

/** The heading of a page: its title (the page's h1) and one line on what it is for. */
export function PageHeader({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <Text c="dimmed" mt={4}>
        {subtitle}
      </Text>
    </div>
  );
}
