import { Card, Text } from '@mantine/core';

interface CpiFigureProps {
  label: string;
  value: string;
  hint?: string;
  /** Red when the figure is a problem (a balance that does not cover the charge). */
  alarm?: boolean;
  testId: string;
}

/** One large figure of the wizard (start charge, installs, balance) with its label and hint. */
export function CpiFigure({ label, value, hint, alarm = false, testId }: CpiFigureProps) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} ff="monospace" c={alarm ? 'red' : undefined} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}
