import { useState } from 'react';
import { Badge, Group, Select } from '@mantine/core';
import { LOCALES, type InternalBlogPost, type Locale } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { blogPostsQueryOptions, useDeleteBlogPost, type BlogPostsQuery } from '../api/blog';
import { BlogPostModal } from './blog-post-modal';

const SORTS: readonly BlogPostsQuery['orderBy'][] = ['created_at', 'published_at', 'title'];

/** The internal blog (the `blog` module): staff write posts for the customers' dashboard, per language. */
export function BlogPostsTable() {
  const { t } = useTranslation('blog');
  const [language, setLanguage] = useState<Locale | null>(null);
  const [editing, setEditing] = useState<{ post?: InternalBlogPost } | null>(null);
  const remove = useDeleteBlogPost();
  const deleting = useConfirmRow(remove, (post: InternalBlogPost) => ({
    title: t('deleteTitle', { title: post.title }),
    text: t('deleteText'),
    confirmLabel: t('delete'),
  }));
  const list = useServerList({
    search: true,
    filters: { language: language ?? undefined },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: blogPostsQueryOptions,
  });

  return (
    <StaffList<InternalBlogPost>
      title={t('title')}
      subtitle={t('subtitle')}
      create={{ label: t('create'), onClick: () => setEditing({}), testId: 'blog-post-create' }}
      search={{ label: t('search'), w: 320 }}
      filters={
        <>
          <Select
            label={t('fields.language')}
            placeholder={t('allLanguages')}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
            value={language}
            onChange={(value) => setLanguage(value as Locale | null)}
            clearable
            w={200}
          />
        </>
      }
      list={list}
      empty={t('empty')}
      columns={[
        { accessor: 'title', title: t('fields.title'), sortable: true },
        {
          accessor: 'language',
          title: t('fields.language'),
          render: (post) => t(`languages.${post.language}`),
        },
        {
          accessor: 'published',
          title: t('columns.status'),
          render: (post) => (
            <Group gap={4}>
              <Badge variant="light" color={post.published ? 'green' : 'gray'}>
                {post.published ? t('status.published') : t('status.draft')}
              </Badge>
              {post.pinned && <Badge variant="light">{t('status.pinned')}</Badge>}
            </Group>
          ),
        },
        dateColumn('published_at', t('columns.publishedAt'), { sortable: true }),
        dateColumn('created_at', t('columns.created'), { sortable: true }),
      ]}
      rowActions={{
        label: t('actions'),
        render: (post) => (
          <RowMenu
            label={t('menu', { title: post.title })}
            items={[
              { label: t('edit'), onClick: () => setEditing({ post }) },
              { label: t('delete'), danger: true, onClick: () => deleting.ask(post) },
            ]}
          />
        ),
      }}
    >
      <BlogPostModal opened={editing !== null} post={editing?.post} onClose={() => setEditing(null)} />
      {deleting.dialog}
    </StaffList>
  );
}
