import { useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { showApiError } from './error-modal';

/** A download button (CSV exports): busy while `run` works, its failure in the error dialog. */
export function ExportButton({
  run,
  label,
  testId,
  ...props
}: { run: () => Promise<unknown>; label: string; testId?: string } & Omit<ButtonProps, 'children'>) {
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    run()
      .catch(showApiError)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} />}
      loading={busy}
      onClick={start}
      data-testid={testId}
      {...props}
    >
      {label}
    </Button>
  );
}
