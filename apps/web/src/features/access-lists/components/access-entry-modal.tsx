import { Button, Group, SegmentedControl, Input, Select, Stack, TextInput, Textarea } from '@mantine/core';
import {
  ACCESS_LIST_CATEGORIES,
  ACCESS_LIST_TYPES,
  DEFAULT_ACCESS_LIST_TYPE,
  type AccessListCategory,
  type AccessListType,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { FormModal } from '../../../components/form-modal';
import { showFormError } from '../../../components/error-modal';
import { localDay } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddAccessEntry } from '../api/access-lists';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.accessListEntryBodySchema);

interface EntryValues extends Record<string, unknown> {
  list_type: AccessListType;
  category: AccessListCategory | '';
  value: string;
  date: string;
  description: string;
}

/** Today in the staff member's time zone. */
const today = () => localDay(new Date());

/** Adds an access list entry: list (white by default), category, value, date and description, all required. */
export function AccessEntryModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('accessLists.form.title')}
      testId="access-entry-modal"
    >
      <EntryForm onClose={onClose} />
    </FormModal>
  );
}

function EntryForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const { t: ta } = useTranslation('app');
  const form = useSchemaForm<EntryValues>(loadSchema, {
    list_type: DEFAULT_ACCESS_LIST_TYPE,
    category: '',
    value: '',
    date: today(),
    description: '',
  });
  const add = useAddAccessEntry();

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await add.mutateAsync({ ...values, category: values.category as AccessListCategory });
      notifySuccess(translateMessage(answer.message));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });

  const category = form.values.category;
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <Input.Wrapper label={t('accessLists.form.listType')}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={form.values.list_type}
            onChange={(value) => form.setFieldValue('list_type', value as AccessListType)}
            data={ACCESS_LIST_TYPES.map((type) => ({
              value: type,
              label: t(`accessLists.listTypes.${type}`),
            }))}
            data-testid="access-entry-list-type"
          />
        </Input.Wrapper>
        <Select
          label={t('accessLists.form.category')}
          placeholder={t('accessLists.form.categoryPlaceholder')}
          required
          data={ACCESS_LIST_CATEGORIES.map((value) => ({
            value,
            label: t(`accessLists.categories.${value}`),
          }))}
          comboboxProps={{ withinPortal: true }}
          data-testid="access-entry-category"
          {...form.getInputProps('category')}
        />
        <TextInput
          label={t('accessLists.form.value')}
          description={category ? t(`accessLists.hints.${category}`) : undefined}
          required
          data-testid="access-entry-value"
          {...form.getInputProps('value')}
        />
        <DateField label={t('accessLists.form.date')} required {...form.getInputProps('date')} />
        <Textarea
          label={t('accessLists.form.description')}
          required
          autosize
          minRows={2}
          data-testid="access-entry-description"
          {...form.getInputProps('description')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="access-entry-save">
            {t('accessLists.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
