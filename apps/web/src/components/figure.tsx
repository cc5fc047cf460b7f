import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A small labelled figure (a caption above its value), as drawers and cards show them side by side. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
