import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { LOCALES, type InternalBlogPost, type Locale } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { blogPostsQueryOptions, useDeleteBlogPost, type BlogPostsQuery } from '../api/blog';
import { BlogPostModal } from './blog-post-modal';

const PAGE_SIZE = 10;
const SORTS: readonly BlogPostsQuery['orderBy'][] = ['created_at', 'published_at', 'title'];

/** The internal blog (the `blog` module): staff write posts for the customers' dashboard, per language. */
export function BlogPostsTable() {
  const { t } = useTranslation('blog');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [language, setLanguage] = useState<Locale | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<InternalBlogPost>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const [editing, setEditing] = useState<{ post?: InternalBlogPost } | null>(null);
  const [deleting, setDeleting] = useState<InternalBlogPost | null>(null);
  const remove = useDeleteBlogPost();

  const filters = {
    search: debouncedSearch || undefined,
    language: language ?? undefined,
    orderBy: SORTS.includes(sortStatus.columnAccessor as BlogPostsQuery['orderBy'])
      ? (sortStatus.columnAccessor as BlogPostsQuery['orderBy'])
      : 'created_at',
    sortBy: sortStatus.direction,
  } satisfies Omit<BlogPostsQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(blogPostsQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({})}
          data-testid="blog-post-create"
        >
          {t('create')}
        </Button>
      </Group>

      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('search')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Select
          label={t('fields.language')}
          placeholder={t('allLanguages')}
          data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
          value={language}
          onChange={(value) => setLanguage(value as Locale | null)}
          clearable
          w={200}
        />
      </Group>

      <ListError error={error} />

      <DataTable<InternalBlogPost>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsText={t('empty')}
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
          {
            accessor: 'published_at',
            title: t('columns.publishedAt'),
            sortable: true,
            noWrap: true,
            render: (post) => (post.published_at ? formatDate(post.published_at) : '—'),
          },
          {
            accessor: 'created_at',
            title: t('columns.created'),
            sortable: true,
            noWrap: true,
            render: (post) => formatDate(post.created_at),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('actions')}</VisuallyHidden>,
            textAlign: 'right',
            render: (post) => (
              <RowMenu
                label={t('menu', { title: post.title })}
                items={[
                  { label: t('edit'), onClick: () => setEditing({ post }) },
                  { label: t('delete'), danger: true, onClick: () => setDeleting(post) },
                ]}
              />
            ),
          },
        ]}
      />

      <BlogPostModal opened={editing !== null} post={editing?.post} onClose={() => setEditing(null)} />
      <ConfirmRowAction
        target={deleting}
        title={t('deleteTitle', { title: deleting?.title ?? '' })}
        text={t('deleteText')}
        confirmLabel={t('delete')}
        run={(post) => remove.mutateAsync(post.id)}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
