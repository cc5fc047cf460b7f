import { useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  RECONCILIATION_MESSAGES,
  STATEMENT_FORMATS,
  STATEMENT_MAX_BYTES,
  type StatementFormat,
  type StatementSummary,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadStatement } from '../api/reconciliation';

/**
 * The statement upload (staff who may change balances): a camt.053 XML, Wise CSV or Payoneer CSV, the format
 * detected unless chosen; what the upload did shows until the next one.
 */
export function StatementUpload() {
  const { t } = useTranslation('staffmoney');
  const [format, setFormat] = useState<StatementFormat | null>(null);
  const [summary, setSummary] = useState<StatementSummary | null>(null);
  const resetFile = useRef<() => void>(null);
  const upload = useUploadStatement();

  const send = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    if (file.size > STATEMENT_MAX_BYTES) {
      notifyError(translateMessage(RECONCILIATION_MESSAGES.statementTooLarge));
      return;
    }
    upload.mutate(
      { file, format },
      {
        onSuccess: (answer) => {
          setSummary(answer.summary);
          notifySuccess(translateMessage(answer.message));
        },
        onError: (failure) => {
          setSummary(null);
          showApiError(failure);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('reconciliation.upload.format')}
            placeholder={t('reconciliation.upload.detect')}
            data={STATEMENT_FORMATS.map((value) => ({ value, label: t(`reconciliation.format.${value}`) }))}
            value={format}
            onChange={(value) => setFormat(value as StatementFormat | null)}
            clearable
            w={{ base: '100%', xs: 240 }}
            data-testid="statement-format"
          />
          <FileButton
            onChange={send}
            accept=".xml,.csv,text/xml,application/xml,text/csv"
            resetRef={resetFile}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
                data-testid="statement-upload"
              >
                {t('reconciliation.upload.button')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="sm" c="dimmed">
          {t('reconciliation.upload.hint')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('reconciliation.upload.currencies')}
        </Text>
        {summary && (
          <Alert
            color={summary.unmatched ? 'yellow' : 'teal'}
            title={t('reconciliation.upload.resultTitle')}
            withCloseButton
            closeButtonLabel={t('reconciliation.upload.dismiss')}
            onClose={() => setSummary(null)}
            data-testid="statement-result"
          >
            {t('reconciliation.upload.result', summary)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
