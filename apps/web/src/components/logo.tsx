import { Group, Text } from '@mantine/core';

/** The Storelift mark and name (`compact`: the name hides on the narrowest screens). */
export function Logo({ size = 28, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-indigo-6)" />
        <path d="M9 20l7-10 7 10h-4v4h-6v-4z" fill="#fff" />
      </svg>
      <Text
        fw={800}
        fz={size * 0.7}
        lh={1}
        style={{ letterSpacing: '-0.02em' }}
        visibleFrom={compact ? 'xs' : undefined}
      >
        Storelift
      </Text>
    </Group>
  );
}
