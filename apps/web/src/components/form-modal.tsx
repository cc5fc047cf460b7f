import { Fragment, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useOpenings } from '../lib/use-openings';

/**
 * A centered dialog holding one form. The form remounts on every opening, so it starts from the record's
 * current values and not from what was typed last time; the close button is named by the theme.
 */
export function FormModal({
  opened,
  onClose,
  title,
  testId,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const openings = useOpenings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid={testId}>
      <Fragment key={openings}>{children}</Fragment>
    </Modal>
  );
}
