import { Select, Switch, TextInput, Textarea } from '@mantine/core';
import { LOCALES, type InternalBlogPost, type Locale } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { currentLocale } from '../../../lib/i18n';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveBlogPost } from '../api/blog';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.blogPostBodySchema);
type Values = { title: string; body: string; language: Locale; published: boolean; pinned: boolean };

/** Writes a post (`post` undefined) or edits one: title, body, language, published and pinned. */
export const BlogPostModal = formModal(BlogPostForm, function useHeading({ post }) {
  const { t } = useTranslation('blog');
  return { title: post ? t('editTitle') : t('createTitle'), testId: 'blog-post-modal' };
});

function BlogPostForm({ post, onClose }: { post?: InternalBlogPost; onClose: () => void }) {
  const { t } = useTranslation('blog');
  const form = useSchemaForm<Values>(loadSchema, {
    title: post?.title ?? '',
    body: post?.body ?? '',
    language: post?.language ?? currentLocale(),
    published: post?.published ?? false,
    pinned: post?.pinned ?? false,
  });
  const save = useSaveBlogPost();
  return (
    <ModalForm
      form={form}
      save={(body) => save.mutateAsync({ id: post?.id, body })}
      onClose={onClose}
      submitLabel={t('save')}
      submitTestId="blog-post-save"
    >
      <TextInput
        label={t('fields.title')}
        required
        data-autofocus
        data-testid="blog-post-title"
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('fields.body')}
        description={t('bodyHint')}
        required
        autosize
        minRows={6}
        maxRows={16}
        data-testid="blog-post-body"
        {...form.getInputProps('body')}
      />
      <Select
        label={t('fields.language')}
        data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
        allowDeselect={false}
        {...form.getInputProps('language')}
      />
      <Switch
        label={t('fields.published')}
        data-testid="blog-post-published"
        {...form.getCheckboxProps('published')}
      />
      <Switch
        label={t('fields.pinned')}
        data-testid="blog-post-pinned"
        {...form.getCheckboxProps('pinned')}
      />
    </ModalForm>
  );
}
