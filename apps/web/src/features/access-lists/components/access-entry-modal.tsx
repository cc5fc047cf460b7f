import { SegmentedControl, Input, Select, TextInput, Textarea } from '@mantine/core';
import {
  ACCESS_LIST_CATEGORIES,
  ACCESS_LIST_TYPES,
  DEFAULT_ACCESS_LIST_TYPE,
  type AccessListCategory,
  type AccessListType,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { formModal, ModalForm } from '../../../components/form-modal';
import { localDay } from '../../../lib/format';
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
export const AccessEntryModal = formModal(EntryForm, function useHeading() {
  const { t } = useTranslation('security');
  return { title: t('accessLists.form.title'), testId: 'access-entry-modal' };
});

function EntryForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const form = useSchemaForm<EntryValues>(loadSchema, {
    list_type: DEFAULT_ACCESS_LIST_TYPE,
    category: '',
    value: '',
    date: today(),
    description: '',
  });
  const add = useAddAccessEntry();

  const category = form.values.category;
  return (
    <ModalForm
      form={form}
      save={(values) => add.mutateAsync({ ...values, category: values.category as AccessListCategory })}
      onClose={onClose}
      submitLabel={t('accessLists.form.save')}
      submitTestId="access-entry-save"
    >
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
    </ModalForm>
  );
}
