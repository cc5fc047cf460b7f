import { Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What the error modal shows (error-modal.tsx keeps it). */
export interface ErrorModalState {
  opened: boolean;
  messages: readonly string[];
  title?: string;
}

/** The modal itself: every message, then OK. */
export function ErrorModalView({ state, onClose }: { state: ErrorModalState; onClose: () => void }) {
  const { t } = useTranslation();
  const { messages } = state;
  return (
    <Modal opened={state.opened} onClose={onClose} title={state.title ?? t('errors.modalTitle')} centered>
      {messages.length === 1 ? (
        <Text size="sm">{messages[0]}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {messages.map((message, index) => (
            <List.Item key={index}>{message}</List.Item>
          ))}
        </List>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
