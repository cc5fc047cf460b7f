import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../lib/clipboard';

/** A small copy button: copies `value` and announces `label` for one second. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const name = t('common.copyLabel', { label });
  return (
    <Tooltip label={name} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        aria-label={name}
        onClick={(event) => {
          event.stopPropagation();
          void copyToClipboard(value, label);
        }}
      >
        <IconCopy size={14} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}
