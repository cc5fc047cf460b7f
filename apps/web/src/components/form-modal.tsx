import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/messages';
import { notifySuccess } from '../lib/notify';
import { useOpenings } from '../lib/use-openings';
import type { SchemaForm } from '../lib/use-schema-form';
import { showFormError } from './error-modal';

/**
 * A centered dialog holding one form. The form remounts on every opening, so it starts from the record's
 * current values and not from what was typed last time; the close button is named by the theme.
 */
export function FormModal({
  opened,
  onClose,
  title,
  testId,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  size?: 'lg';
  children: ReactNode;
}) {
  const openings = useOpenings(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size} data-testid={testId}>
      <Fragment key={openings}>{children}</Fragment>
    </Modal>
  );
}

/**
 * A modal component made of a form component and a hook naming its dialog: it takes the form's props
 * plus `opened` and puts the form in a FormModal.
 */
export function formModal<Props extends { onClose: () => void }>(
  Form: ComponentType<Props>,
  useHeading: (props: Props) => { title: string; testId: string; size?: 'lg' },
) {
  return function FormModalOf(props: Props & { opened: boolean }) {
    return (
      <FormModal opened={props.opened} onClose={props.onClose} {...useHeading(props)}>
        <Form {...props} />
      </FormModal>
    );
  };
}

/**
 * The form of a FormModal: its fields, then cancel and save. Saving validates against the schema,
 * shows the server's message as a success notice (when the save answers one) and closes; a refusal
 * lands on the fields (the rest in the error modal) unless `onError` takes it.
 */
export function ModalForm<Values extends Record<string, unknown>>({
  form,
  save,
  onClose,
  onError,
  submitLabel,
  submitTestId,
  children,
}: {
  form: SchemaForm<Values>;
  save: (values: Values) => Promise<{ message?: string } | void>;
  onClose: () => void;
  /** Handles a refusal the form knows better (returns true), e.g. a code meaning one field. */
  onError?: (error: unknown) => boolean;
  submitLabel: string;
  submitTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('app');
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save(values);
      if (answer) notifySuccess(translateMessage(answer.message ?? ''));
      onClose();
    } catch (error) {
      if (!onError?.(error)) showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
