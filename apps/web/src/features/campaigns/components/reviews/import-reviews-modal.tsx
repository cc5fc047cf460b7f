import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../lib/messages';
import { parseReviewsImport } from '@storelift/shared';
import { IMPORT_FILE_MAX_BYTES, type ReviewDraft } from './review-logic';

/**
 * The "Import reviews" modal (customer-area §2): pasted text or a CSV file, parsed by the shared
 * reviews-import rule as it is typed; the lines it cannot read are listed with their reason, and the
 * readable reviews are added to the list.
 */
export function ImportReviewsModal({
  opened,
  onClose,
  onImport,
}: {
  opened: boolean;
  onClose: () => void;
  onImport: (reviews: ReviewDraft[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Modal opened={opened} onClose={onClose} title={t('reviews.importTitle')} centered size="lg">
      {opened && <ImportFields onCancel={onClose} onImport={onImport} />}
    </Modal>
  );
}

function ImportFields({
  onCancel,
  onImport,
}: {
  onCancel: () => void;
  onImport: (reviews: ReviewDraft[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const parsed = text.trim() ? parseReviewsImport(text) : null;

  const readFile = (file: File | null) => {
    setFileError(null);
    if (!file) return;
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setFileError(t('reviews.fileTooLarge'));
      return;
    }
    file.text().then(setText, () => setFileError(t('reviews.fileUnreadable')));
  };

  return (
    <Stack gap="md" data-testid="import-reviews-modal">
      <Text size="sm" c="dimmed">
        {t('reviews.importHint')}
      </Text>
      <Textarea
        label={t('reviews.importText')}
        placeholder={t('reviews.importPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={12}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        data-testid="import-text"
      />
      <Group gap="sm">
        <FileButton onChange={readFile} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
              {t('reviews.importFile')}
            </Button>
          )}
        </FileButton>
        {fileError && (
          <Text size="xs" c="red">
            {fileError}
          </Text>
        )}
      </Group>

      {parsed && (
        <Text size="sm" data-testid="import-summary">
          {t('reviews.importSummary', { count: parsed.reviews.length })}
        </Text>
      )}
      {parsed && parsed.errors.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('reviews.importErrors', { count: parsed.errors.length })}
          data-testid="import-errors"
        >
          <ScrollArea.Autosize mah={160}>
            <List size="xs" spacing={2}>
              {parsed.errors.map((issue, index) => (
                <List.Item key={index}>
                  {t('reviews.importLine', { line: issue.line })}: {translateMessage(issue.message)}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </Alert>
      )}

      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('actions.close')}
        </Button>
        <Button
          onClick={() => parsed && onImport(parsed.reviews)}
          disabled={!parsed || parsed.reviews.length === 0}
          data-testid="import-confirm"
        >
          {t('reviews.importConfirm', { count: parsed?.reviews.length ?? 0 })}
        </Button>
      </Group>
    </Stack>
  );
}
