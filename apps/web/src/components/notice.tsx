import type { ReactNode } from 'react';
import { Box, Group } from '@mantine/core';

/**
 * A coloured message box (Mantine's Alert look, without its close button machinery, so the public
 * pages stay light).
 */
export function Notice({
  color,
  icon,
  children,
  role = 'status',
  testId,
}: {
  color: 'teal' | 'red' | 'yellow' | 'orange' | 'blue';
  icon?: ReactNode;
  children: ReactNode;
  role?: 'status' | 'alert';
  testId?: string;
}) {
  return (
    <Box
      role={role}
      data-testid={testId}
      p="sm"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: `var(--mantine-color-${color}-light)`,
        border: `1px solid color-mix(in srgb, var(--mantine-color-${color}-light-color) 25%, transparent)`,
        fontSize: 'var(--mantine-font-size-sm)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {icon && (
          <Box
            c={`var(--mantine-color-${color}-light-color)`}
            style={{ display: 'flex', flexShrink: 0, marginTop: 1 }}
          >
            {icon}
          </Box>
        )}
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </Box>
  );
}
